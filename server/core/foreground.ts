import { yieldToEventLoop } from './cancel';

/** Requests being answered now. */
let answering = 0;
let waiting: (() => void)[] = [];

/** Longest a background slice waits for requests to be answered: a long one (a rebuild) must not stop it for good. */
const MAX_WAIT_MS = 200;

/**
 * Marks a request as being answered until the returned function is called. Background
 * work (listing folders to watch them) steps aside meanwhile: at start-up the first
 * answer otherwise shares the one thread with the listing of every folder.
 */
export function answeringRequest(): () => void {
  answering++;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    if (--answering > 0) return;
    const wake = waiting;
    waiting = [];
    for (const w of wake) w();
  };
}

/**
 * Background work's yield: queued messages run, and while a request is being answered the
 * work waits until it is (at most `MAX_WAIT_MS` a time).
 */
export async function yieldToRequests(): Promise<void> {
  await yieldToEventLoop();
  if (answering === 0) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, MAX_WAIT_MS);
    waiting.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
