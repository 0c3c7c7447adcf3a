import * as fs from 'node:fs';

/**
 * Whether something (a file, a folder, a link, even a broken one) is at `p` now. Synchronous:
 * asked while a lint is computed, of one path, where a wrong "no" would have a fix offered that
 * the rename then refuses. A path that cannot be looked at (a file on the way, no permission)
 * counts as taken: nothing is offered there.
 */
export function entryExists(p: string): boolean {
  try {
    return fs.lstatSync(p, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return true;
  }
}
