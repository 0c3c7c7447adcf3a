import { GEMINI_MD } from '../agents/gemini';
import { MAX_NESTED_FOLDERS } from './nestedRules';
import { nestedNamedFiles, type NestedNamedFiles } from './nestedNamedFiles';

/**
 * Gemini CLI's `GEMINI.md` in subfolders (`packages/api/GEMINI.md`). Its docs ("Provide context
 * with GEMINI.md files", https://geminicli.com/docs/cli/gemini-md, "Just-in-time (JIT) context
 * files"): when a tool accesses a file or folder, the CLI looks for GEMINI.md in that folder and
 * the folders above it, up to a trusted root. So a subfolder's file loads only once work reaches
 * its folder, as Claude Code's subfolder CLAUDE.md does (`nestedClaude.ts`), and reaches the files
 * under it; the docs say the files are concatenated, not that a nearer one takes precedence.
 * Folders come from the paths the caller already lists, capped (`nestedNamedFiles.ts`).
 */
export const NESTED_GEMINI: NestedNamedFiles = nestedNamedFiles([GEMINI_MD]);

/** What an answer says when folders holding a GEMINI.md were left out (past `MAX_NESTED_FOLDERS`), worded as for subfolders' CLAUDE.md. */
export const NESTED_GEMINI_CAPPED = `stopped reading subfolders' GEMINI.md files after ${MAX_NESTED_FOLDERS} folders, nearest the root first`;
