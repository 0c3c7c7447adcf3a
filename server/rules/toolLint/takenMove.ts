import * as path from 'node:path';
import { entryExists } from '../../workspace/entryExists';
import type { Placement } from '../agents';

/**
 * Where a file the agent never reads would go (`Placement.move`), when something is there
 * already: a `.cursorrules.md` kept beside the `.cursorrules` it documents, the
 * `.github/instructions/copilot-instructions.md` beside `.github/copilot-instructions.md`.
 * Moving it there would replace that file (the rename fix refuses to), so the finding offers
 * no move then and says the place is taken. Undefined where there is no move or the place is free.
 */
export function takenMoveTarget(move: string | undefined, root: string | undefined): string | undefined {
  if (!move || root === undefined) return undefined;
  return entryExists(path.join(root, ...move.split('/'))) ? move : undefined;
}

/** Where a file its agent never reads goes: `moveWithKeys`'s place where its frontmatter has one of those keys, else `move`. */
export function chosenMove(placement: Placement, keys: readonly string[]): string | undefined {
  if (placement.read) return undefined;
  return placement.moveWithKeys && keys.some((k) => placement.moveWithKeys!.keys.includes(k)) ? placement.moveWithKeys.move : placement.move;
}
