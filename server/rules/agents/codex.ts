import * as path from 'node:path';
import { CODEX_GLOBAL_NAMES, codexHomeFolder } from '../../workspace/ruleLocations';
import { baseName } from './shared';
import type { AgentModel, AgentPlaces, Placement } from './types';

/**
 * Codex (OpenAI's coding agent), where it reads more than the AGENTS.md format. Source: its
 * guide "Custom instructions with AGENTS.md" (https://developers.openai.com/codex/guides/agents-md,
 * "How Codex discovers guidance"): from the project root down to the working folder, in each
 * folder it checks `AGENTS.override.md`, then `AGENTS.md` (then configured fallback names),
 * and includes at most one file per folder; it skips empty files and stops adding files once
 * the combined size reaches `project_doc_max_bytes` (32 KiB by default). Its source
 * (openai/codex, codex-rs/core/src/agents_md.rs) takes the first name that exists and then
 * skips it when empty, with no fallback: an empty override sends nothing (`codexView`). The override is
 * Codex's own name: the AGENTS.md readers' model (`agentsMd.ts`) owns `AGENTS.md` alone.
 * Fallback names come from the user's `~/.codex/config.toml`, which agentls does not read.
 *
 * Its global guidance (`codexGlobal` in `instructionViews.ts`): the same guide, "Global scope": in the Codex home
 * (`~/.codex`, unless `CODEX_HOME` is set) it reads `AGENTS.override.md` if it exists, else
 * `AGENTS.md`, and "uses only the first non-empty file at this level" (so an empty global
 * override falls through to the AGENTS.md beside it, unlike a project folder's). It comes
 * first: openai/codex's docs/agents_md.md ("How They Come Together": "global guidance from
 * `~/.codex` comes first, then each project doc"), and its source joins the user instructions
 * before the project docs (codex-rs/core/src/project_doc.rs, `get_user_instructions`, at commit
 * d40bc0ca5a953025b08aa35c9e0132658b33c09b; codex-rs/core/src/agents_md.rs, `legacy_text`, at
 * 0cf644af40f76ffdfbac134b4b17aca78e8dcef5). It is not counted toward `project_doc_max_bytes`:
 * the guide's "combined size" does not say, but in both sources the budget
 * (`read_project_docs` / `read_agents_md`: `remaining` set to `project_doc_max_bytes`) is
 * spent on the project's files alone, the user instructions held apart from it.
 */
export const codex: AgentModel = {
  id: 'codex',
  name: 'Codex',
  reads: '`AGENTS.override.md`, else `AGENTS.md`, in the Codex home (`~/.codex`, or `CODEX_HOME`), first; then `AGENTS.override.md`, else `AGENTS.md`, in each folder from the project root down to where it runs (one file per folder, empty ones skipped, the project\'s files 32 KiB together by default)',
  owns(rel, places) {
    // Its home's AGENTS.md is its own: no other agent reads the Codex home (`AgentPlaces.codexHome`).
    if (places?.codexHome) return { read: true, frontmatter: false };
    const inConfigFolder = projectConfigFolderFile(rel);
    if (inConfigFolder) return inConfigFolder;
    return baseName(rel) === 'AGENTS.override.md' ? { read: true, frontmatter: false } : undefined;
  },
  keys: {},
  activation: () => ({ mode: 'always' }),
};

/**
 * An `AGENTS.md` (or override) in the project's own `.codex/` folder, beside its config: the
 * guide above and its source (codex-rs/core/src/agents_md.rs, `agents_md_paths`: the folders from
 * the project root down to the working folder, each checked for the names) read a project's
 * guidance in those folders alone, and the global one in the Codex home, so Codex reads this file
 * only when it runs inside `.codex/`. Rule generators write it as if Codex read it for the whole
 * project; a dotfiles repository linked in as the Codex home is read there as the global file,
 * which agentls cannot see: a note, naming that case.
 */
function projectConfigFolderFile(rel: string): Placement | undefined {
  const name = /^\.codex\/(AGENTS(?:\.override)?\.md)$/.exec(rel)?.[1];
  if (!name) return undefined;
  return {
    read: false,
    frontmatter: false,
    why: `Codex reads a project's \`${name}\` in the folders from the project root down to where it runs, and its global one in the Codex home (\`~/.codex\`), not in the project's \`.codex/\` folder, so it reads this file only when it runs inside \`.codex/\``,
    alsoReadBy: 'where this repository is linked in as the Codex home (a dotfiles repository), Codex reads it as its global guidance',
  };
}

/** Codex's default `project_doc_max_bytes`: the guide above gives "32 KiB by default". */
export const CODEX_PROJECT_DOC_MAX_BYTES = 32 * 1024;

/** Codex's project config folder at the project root (as `codexView` in `instructionViews.ts` names its source): under `auto`, agentls takes it as Codex in use. */
export const CODEX_CONFIG_FOLDER = '.codex';

// Codex's home and its global names live with the other user-level places (workspace/ruleLocations.ts).
export { CODEX_GLOBAL_NAMES, codexHomeFolder } from '../../workspace/ruleLocations';

/**
 * What `ownerOf` is given for a file outside the workspace folders that is one of Codex's global
 * files in its home (`codexHomeFolder`, `CODEX_HOME` included): Codex's (`AgentPlaces.codexHome`),
 * and no folder of another agent's; undefined for any other file.
 */
export function codexHomePlaces(p: string, home: string): AgentPlaces | undefined {
  const folder = codexHomeFolder(home);
  return CODEX_GLOBAL_NAMES.some((name) => path.join(folder, name) === p) ? { copilotInstructions: [], codexHome: true } : undefined;
}

/**
 * Whether Codex skips a file's text as empty: its source tests `text.trim().is_empty()`
 * (codex-rs/core/src/agents_md.rs, `read_agents_md`, at the commit `codexView` names; the
 * global file's the same way), and Rust's `trim` removes the characters of Unicode's
 * `White_Space` property (Rust's docs, `str::trim`: "defined according to the terms of the
 * Unicode Derived Core Property White_Space"), which is not JavaScript's `trim`: that also
 * removes U+FEFF and keeps U+0085 (ECMAScript, `String.prototype.trim`: its WhiteSpace and
 * LineTerminator). `bom`: the file began with a byte order mark, which agentls's reader drops and
 * Codex keeps (`String::from_utf8_lossy` does not drop it), so such a file is never empty to
 * Codex. Linear in the text.
 */
export function codexSkipsAsEmpty(text: string, bom: boolean): boolean {
  return !bom && /^\p{White_Space}*$/u.test(text);
}
