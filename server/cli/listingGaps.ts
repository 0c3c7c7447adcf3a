/**
 * Why a listing of the workspace is not the whole of it, one line a gap: each folder it could
 * not read, and the file cap it stopped at (`MAX_LINTED_FILES`). `agentls check` and
 * `agentls rules` say these lines and then fail with exit 2: a partial answer is never shown
 * as whole. `start` is the folder listed, relative to the root (`.` for the root).
 */
export function listingGaps(listed: { errors: readonly { rel: string }[]; truncated: boolean }, maxFiles: number, start = '.'): string[] {
  const gaps = listed.errors.map((e) => `cannot read folder ${e.rel === '' ? '.' : e.rel}`);
  if (listed.truncated) gaps.push(`stopped listing ${start} after ${maxFiles} files`);
  return gaps;
}
