import { tempDir, writeTree } from './repo';

/**
 * A package with its own Claude Code memory (`CLAUDE.md`, importing a file of its own, and
 * `CLAUDE.local.md`) below the root's: Claude Code loads them when it reads files in the
 * package, not at start. The shared tree of the nested-memory tests, through the CLI and the server.
 */
export function nestedClaudeTree(): string {
  return writeTree(tempDir(), {
    'CLAUDE.md': 'Keep answers short.\n',
    'packages/api/CLAUDE.md': 'The API package. See @docs/api.md\n',
    'packages/api/CLAUDE.local.md': 'My sandbox is api.local.\n',
    'packages/api/docs/api.md': 'Every route validates its input.\n',
    'packages/api/src/x.ts': 'export const x = 1;\n',
    'packages/web/x.ts': 'export const y = 1;\n',
  });
}

/** The rules of the package's memory, as its nested folder lists them. */
export const API_MEMORY = ['packages/api/CLAUDE.md', 'packages/api/CLAUDE.local.md', 'packages/api/docs/api.md'];

/** Said of each of them for a file in the package. */
export const LOADED_THERE = 'loaded when Claude Code reads files in packages/api/';
