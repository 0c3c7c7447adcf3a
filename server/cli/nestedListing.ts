import { NEVER_CANCELLED } from '../core/cancel';
import { MAX_LINTED_FILES } from '../workspace/linter';
import { listFolderFiles } from '../workspace/listFiles';
import type { WorkspaceSession } from '../workspace/session';
import { NESTED_CURSOR, NESTED_WINDSURF } from '../rules/context/nestedRules';
import { claudeMemoryFolder } from '../rules/context/nestedClaude';
import { NESTED_AGENTS_MD } from '../rules/context/nestedAgentsMd';
import { NESTED_GEMINI } from '../rules/context/nestedGemini';

/**
 * The files of a workspace folder's nested `.cursor/rules` folders and its subfolders'
 * Claude Code memory (`CLAUDE.md`, `CLAUDE.local.md`: `nestedClaude.ts`), AGENTS.md files
 * (`nestedAgentsMd.ts`) and GEMINI.md files (`nestedGemini.ts`) (relative), from one
 * listing of the folder as `agentls check` makes it and the editor's file index holds it
 * (git's listing in a work tree, else a walk; the ignore files apply, the agents' rule
 * folders are kept whatever they say), capped as check caps it. `complete`: the listing
 * ended, every folder read; else `truncated` (it met check's cap) or `errors` (folders it could not read) say why.
 * `unfollowed`: the nested rule folders behind links the listing did not follow (out of the
 * workspace, to nothing), root-relative: their rules are not listed.
 *
 * The listing keeps only those files (`keep`): on a 92k-file work tree, judging every path
 * git lists took most of the time. Where it says truncated, the paths it dropped counted
 * as listed and it may have stopped sooner than check's: the folder is then listed whole,
 * so the files found are those of check's listing, cap and all.
 */
export async function nestedRuleFiles(session: WorkspaceSession, root: string): Promise<{ rels: string[]; complete: boolean; truncated: boolean; errors: { rel: string }[]; unfollowed: string[] }> {
  const kept = await nestedListing(session, root, true);
  return kept.truncated ? nestedListing(session, root, false) : kept;
}

async function nestedListing(session: WorkspaceSession, root: string, keepOnly: boolean): Promise<{ rels: string[]; complete: boolean; truncated: boolean; errors: { rel: string }[]; unfollowed: string[] }> {
  const rels: string[] = [];
  const inNestedRules = (rel: string) => rel.includes(NESTED_CURSOR) || rel.includes(NESTED_WINDSURF) || claudeMemoryFolder(rel) !== undefined || NESTED_AGENTS_MD.folderOf(rel) !== undefined || NESTED_GEMINI.folderOf(rel) !== undefined;
  const listed = await listFolderFiles({
    fs: session.diskFs,
    root,
    ignore: session.ignoreFor(root),
    maxFiles: MAX_LINTED_FILES,
    cancel: NEVER_CANCELLED,
    keep: keepOnly ? inNestedRules : undefined,
    onBatch: (batch) => {
      for (const f of batch) if (inNestedRules(f.rel)) rels.push(f.rel);
    },
    includeSymlinks: true,
  });
  return { rels, complete: !listed.truncated && !listed.cancelled && listed.errors.length === 0, truncated: listed.truncated, errors: listed.errors, unfollowed: listed.ruleFolderLinks.unfollowed };
}
