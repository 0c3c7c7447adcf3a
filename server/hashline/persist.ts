import type { Confinement } from '../workspace/confine';
import { writeFilesAtomically, type WriteResult } from '../workspace/write';
import type { FilePlan } from './plan';

/**
 * Writes the changed files of a plan all-or-nothing, each guarded by the text the plan was
 * computed from: a file changed on disk since (or created, for a file the patch creates)
 * makes the whole write refuse, and nothing is written.
 */
export function writePlannedFiles(files: readonly FilePlan[], confinement: Confinement): Promise<WriteResult> {
  const writes = files.filter((f) => f.changed).map((f) => ({ path: f.path, text: f.after, expectedText: f.before }));
  if (writes.length === 0) return Promise.resolve({ ok: true, written: [] });
  return writeFilesAtomically(writes, confinement);
}
