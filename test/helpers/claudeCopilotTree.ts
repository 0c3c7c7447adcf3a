import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir, writeTree } from './repo';

/** Claude Code's files: its memory importing AGENTS.md, and a rule scoped by `paths`. */
const CLAUDE_FILES = {
  'CLAUDE.md': '# Project\n\nSee @AGENTS.md.\n',
  'AGENTS.md': '# Agents\n\nRun npm test.\n',
  '.claude/rules/api.md': '---\npaths:\n  - "src/**/*.ts"\n---\n\nValidate inputs.\n',
};

/** Copilot's: the repository-wide instructions and one file scoped by `applyTo`. */
const COPILOT_FILES = {
  '.github/copilot-instructions.md': 'Use pnpm.\n',
  '.github/instructions/ts.instructions.md': '---\napplyTo: "**/*.ts"\n---\n\nNamed exports.\n',
};

/**
 * A Claude Code and Copilot project as its user has it (no `.xcsh`, no Cursor, Windsurf or
 * Cline folder): nothing here is a file the xcsh agent reads.
 */
export function claudeCopilotTree(): string {
  const ws = writeTree(tempDir('agentls-claude-copilot-'), { ...CLAUDE_FILES, ...COPILOT_FILES, 'src/x.ts': 'export const x = 1;\n' });
  fs.mkdirSync(path.join(ws, '.git'));
  return ws;
}
