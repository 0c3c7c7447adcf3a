import * as path from 'node:path';
import { entryExists } from '../../workspace/entryExists';
import type { Placement } from '../agents';

/**
 * Where a file the agent never reads would go (`Placement.move`), when something is there
 * already: a `.cursorrules.md` kept beside the `.cursorrules` it documents, the
 * `.github/instructions/copilot-instructions.md` beside `.github/copilot-instructions.md`.
 * Moving it there would replace that file (the rename fix refuses to), so the finding offers
 * no move then and says the place is taken. Undefined where the file is read, has no move, or
 * the place is free.
 */
export function takenMoveTarget(placement: Placement, root: string | undefined): string | undefined {
  if (placement.read || !placement.move || root === undefined) return undefined;
  return entryExists(path.join(root, ...placement.move.split('/'))) ? placement.move : undefined;
}
