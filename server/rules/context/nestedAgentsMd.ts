import { MAX_NESTED_FOLDERS } from './nestedRules';
import { nestedNamedFiles, type NestedNamedFiles } from './nestedNamedFiles';

/**
 * AGENTS.md in subfolders (`packages/api/AGENTS.md`), for the AGENTS.md readers.
 * - The format (https://agents.md, "Nested AGENTS.md files for monorepos" and its FAQ): place
 *   another AGENTS.md inside each package; agents read the nearest one in the tree, and "the
 *   closest AGENTS.md to the edited file wins" where instructions conflict.
 * - Codex (its guide "Custom instructions with AGENTS.md",
 *   https://developers.openai.com/codex/guides/agents-md, "How Codex discovers guidance"):
 *   from the project root it walks down to the working folder, takes at most one file per
 *   folder, and joins them root first, so that files nearer the working folder, coming
 *   later, override earlier guidance. It builds that chain once, when it starts: a
 *   package's file is read when Codex runs in that package or below it.
 * So such a file reaches the files under its own folder, with those of the folders above it,
 * the nearest taking precedence; it is in no request about work elsewhere. Codex reads
 * `AGENTS.override.md` instead of `AGENTS.md` in a folder that has one (same guide): its
 * folders are listed here too, for Codex's view alone (`codexView`); the AGENTS.md readers'
 * view reads `AGENTS.md` in them, where there is one.
 */
export const NESTED_AGENTS_MD: NestedNamedFiles = nestedNamedFiles(['AGENTS.md', 'AGENTS.override.md']);

/** What an answer says when folders holding an AGENTS.md were left out (past `MAX_NESTED_FOLDERS`), worded as for subfolders' CLAUDE.md. */
export const NESTED_AGENTS_MD_CAPPED = `stopped reading subfolders' AGENTS.md files after ${MAX_NESTED_FOLDERS} folders, nearest the root first`;
