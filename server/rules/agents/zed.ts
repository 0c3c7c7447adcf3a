import type { AgentModel } from './types';

/**
 * Zed's agent (the Agent Panel of the Zed editor). Sources: its docs, "Using Rules"
 * (https://zed.dev/docs/ai/rules) and "Instructions" (https://zed.dev/docs/ai/instructions),
 * as the search tools hold them, and its source where the docs are silent
 * (zed-industries/zed: crates/prompt_store/src/prompts.rs, `RULES_FILE_NAMES`;
 * crates/agent/src/agent.rs, `load_worktree_rules_file`):
 *
 * - One file a worktree (docs): "the first file which matches in this list will be used":
 *   `.rules`, `.cursorrules`, `.windsurfrules`, `.clinerules`, `.github/copilot-instructions.md`,
 *   `AGENT.md`, `AGENTS.md`, `CLAUDE.md`, `GEMINI.md` (`ZED_RULES_FILES`). Earlier revisions of
 *   the source's list put `CLAUDE.md` before `AGENT.md`; agentls takes the docs' order, which the
 *   later `prompts.rs` has too.
 * - At the worktree's root only (docs: "at the top level of worktrees"; source:
 *   `worktree.entry_for_path(name)` with the names above, no walk): a subfolder's file is never
 *   read. Each workspace folder is a worktree.
 * - Files only (source: `.filter(|entry| entry.is_file())`, with the comment that Cline's
 *   `.clinerules` folder "is not currently supported"): a folder of that name is passed over and
 *   the next name tried.
 * - An empty file is still the one taken (the filter is `is_file` alone): Zed then sends no
 *   rules, and the names after it are not read.
 * - No frontmatter: the file's text is sent whole, only trimmed (source: `rope.to_string().trim()`
 *   into `RulesFileContext.text`, rendered into the system prompt as it is), in every request of
 *   the Agent Panel.
 * - Zed's personal `~/.config/zed/AGENTS.md` (docs, "Instructions") is outside the workspace and
 *   not read by agentls.
 *
 * `.rules` is Zed's own name, owned here; the other names belong to their own tools' models.
 */
export const zed: AgentModel = {
  id: 'zed',
  // As Zed's docs call it ("the Zed Agent"): Zed is the editor, which runs other agents too.
  name: "Zed's agent",
  reads: 'the first file of `.rules`, `.cursorrules`, `.windsurfrules`, `.clinerules`, `.github/copilot-instructions.md`, `AGENT.md`, `AGENTS.md`, `CLAUDE.md`, `GEMINI.md` that is there at the workspace root (a folder is passed over, an empty file is not), sent whole in every request; the others are not read',
  owns(rel) {
    return rel === ZED_OWN_FILE ? { read: true, frontmatter: false } : undefined;
  },
  keys: {},
  activation: () => ({ mode: 'always' }),
};

/** The rules files Zed looks for at a worktree's root, in its order: it reads the first that is a file (see above). */
export const ZED_RULES_FILES = ['.rules', '.cursorrules', '.windsurfrules', '.clinerules', '.github/copilot-instructions.md', 'AGENT.md', 'AGENTS.md', 'CLAUDE.md', 'GEMINI.md'] as const;

/** Zed's own name among them: under `auto`, a root holding it as a file shows Zed in use. */
export const ZED_OWN_FILE = '.rules';

/** Where agentls says what it knows of Zed's rules file. */
export const ZED_SOURCE = 'zed.dev/docs/ai/rules';

/** Why Zed never reads a file of its list, `first` (as reports show it) being the one it reads: said in place of the mode's verdict (`AgentRule.notApplied`). */
export function zedNotApplied(first: string, empty: boolean): string {
  return `never read: Zed's agent reads only the first of its rules files at the root, here ${first}${empty ? ', though it is empty' : ''} (${ZED_SOURCE})`;
}
