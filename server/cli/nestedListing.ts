import { NEVER_CANCELLED } from '../core/cancel';
import { MAX_LINTED_FILES } from '../workspace/linter';
import { listFolderFiles } from '../workspace/listFiles';
import type { WorkspaceSession } from '../workspace/session';
import { NESTED_CURSOR } from '../rules/context/nestedRules';

/**
 * The files of a workspace folder's nested `.cursor/rules` folders (relative), from one
 * listing of the folder as `agentls check` makes it and the editor's file index holds it
 * (git's listing in a work tree, else a walk; the ignore files apply, the agents' rule
 * folders are kept whatever they say), capped as check caps it. `complete`: the listing
 * ended, every folder read.
 */
export async function nestedCursorFiles(session: WorkspaceSession, root: string): Promise<{ rels: string[]; complete: boolean }> {
  const rels: string[] = [];
  const listed = await listFolderFiles({
    fs: session.diskFs,
    root,
    ignore: session.ignoreFor(root),
    maxFiles: MAX_LINTED_FILES,
    cancel: NEVER_CANCELLED,
    onBatch: (batch) => {
      for (const f of batch) if (f.rel.includes(NESTED_CURSOR)) rels.push(f.rel);
    },
    includeSymlinks: true,
  });
  return { rels, complete: !listed.truncated && !listed.cancelled && listed.errors.length === 0 };
}
