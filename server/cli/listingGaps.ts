/**
 * Why a listing of the workspace is not the whole of it, one line a gap: each folder it could
 * not read, and the file cap it stopped at (`MAX_LINTED_FILES`). `agentls check` and
 * `agentls rules` say these lines and then fail with exit 2: a partial answer is never shown
 * as whole. `start` is the folder listed, relative to the root (`.` for the root); `show`
 * writes a root-relative path as the run writes its other paths (check's text: from the shell's folder).
 */
export function listingGaps(listed: { errors: readonly { rel: string }[]; truncated: boolean }, maxFiles: number, start = '.', show: (rel: string) => string = (rel) => rel): string[] {
  const gaps = listed.errors.map((e) => `cannot read folder ${show(e.rel === '' ? '.' : e.rel)}`);
  if (listed.truncated) gaps.push(`stopped listing ${show(start)} after ${maxFiles} files`);
  return gaps;
}
