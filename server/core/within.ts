/** Waits for `promise` at most `ms`: true when it settled in time (fulfilled), false when the time ran out first. */
export async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const done = await Promise.race([promise.then(() => true as const), timeout]);
  clearTimeout(timer);
  return done;
}
