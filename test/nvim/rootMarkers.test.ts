import { describe, expect, it } from 'vitest';
import { runNvim } from '../helpers/nvim';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * Projects without `.git` whose only agent files are Claude Code's, Copilot's or AGENTS.md:
 * editors/nvim roots them at the folder holding those files (the markers the VS Code
 * extension activates on), and a nested AGENTS.md does not take the root from the project's `.git`.
 */
const PROJECTS: { name: string; files: Record<string, string>; open: string }[] = [
  { name: 'Claude Code only: .claude and CLAUDE.md', files: { 'CLAUDE.md': '# Project\n', '.claude/rules/api.md': '---\npaths:\n  - "src/**/*.ts"\n---\nValidate.\n' }, open: '.claude/rules/api.md' },
  { name: 'Claude Code only: CLAUDE.md alone', files: { 'CLAUDE.md': '# Project\n' }, open: 'CLAUDE.md' },
  { name: 'Copilot only: .github', files: { '.github/instructions/ts.instructions.md': '---\napplyTo: "**/*.ts"\n---\nNamed exports.\n' }, open: '.github/instructions/ts.instructions.md' },
  { name: 'AGENTS.md alone', files: { 'AGENTS.md': '# Agents\n' }, open: 'AGENTS.md' },
  { name: "a git project with a stray .rules in a package (Zed reads it at a worktree's root alone): the root stays at .git", files: { '.git/HEAD': '', '.cursor/rules/r.mdc': '---\nalwaysApply: true\n---\nR.\n', 'packages/api/.rules': 'deny from all\n', 'packages/api/src/x.ts': 'export const x = 1;\n' }, open: 'packages/api/src/x.ts' },
  { name: 'a git project with a nested AGENTS.md: the root stays at .git', files: { '.git/HEAD': '', 'AGENTS.md': '# Agents\n', 'packages/web/AGENTS.md': '# Web\n', 'packages/web/src/x.ts': 'export const x = 1;\n' }, open: 'packages/web/src/x.ts' },
];

describe('editors/nvim roots a project by every agent\'s files', () => {
  for (const p of PROJECTS) {
    it(p.name, async () => {
      const ws = writeTree(tempDir(), { ...p.files, 'src/auth.ts': 'export const a = 1;\n' });
      const run = await runNvim({ workspace: ws, file: p.open, scenario: 'attach' });
      expect(run.error).toBeNull();
      expect(run.result.root).toBe(ws);
      expect(run.result.roots).toEqual([ws]);
    }, 90_000);
  }
});

describe('editors/nvim and the home directory', () => {
  it('a file under the home but in no project is not attached, though the home holds ~/.claude and ~/.cursor', async () => {
    const home = writeTree(tempDir('agentls-nvim-home-'), { '.claude/settings.json': '{}\n', '.cursor/mcp.json': '{}\n', 'notes/todo.md': '# To do\n' });
    const stray = await runNvim({ workspace: home, home, file: 'notes/todo.md', scenario: 'detached' });
    expect(stray.error).toBeNull();
    expect(stray.result.root).toBeNull();
    // A project in the home is still rooted at itself.
    writeTree(home, { 'proj/.git/HEAD': '', 'proj/CLAUDE.md': '# Project\n' });
    const inProject = await runNvim({ workspace: `${home}/proj`, home, file: 'CLAUDE.md', scenario: 'attach' });
    expect(inProject.error).toBeNull();
    expect(inProject.result.root).toBe(`${home}/proj`);
  }, 120_000);
});

describe('editors/nvim and the user-level rule folders', () => {
  it("a file of ~/.continue/rules opened from a project joins the project's client and gets its findings; ~/notes does not", async () => {
    const home = writeTree(tempDir('agentls-nvim-home-'), { '.continue/rules/g.md': '---\nname: g\nglob: "**/*.ts"\n---\nGlobal.\n', 'notes/todo.md': '# To do\n' });
    const ws = writeTree(tempDir(), { '.git/HEAD': '', 'src/auth.ts': 'export const a = 1;\n' });
    process.env.AGENTLS_USER_FILE = `${home}/.continue/rules/g.md`;
    try {
      const run = await runNvim({ workspace: ws, home, settings: { home }, file: 'src/auth.ts', scenario: 'user_rule_file' });
      expect(run.error).toBeNull();
      expect(run.result).toMatchObject({ attached: true, same_client: true, root_of: null, codes: ['frontmatter/unknown-key'], notes_attached: false });
    } finally {
      delete process.env.AGENTLS_USER_FILE;
    }
  }, 90_000);

  it("the home's credentials, settings and transcripts beside the rule files join no client; ~/.gemini/GEMINI.md, ~/.codex/AGENTS.md and Claude Code's user memory and rules do", async () => {
    const secret = {
      '.codex/auth.json': '{"OPENAI_API_KEY":"sk-secret"}\n',
      '.gemini/oauth_creds.json': '{"refresh_token":"secret"}\n',
      '.claude/projects/t.jsonl': '{"type":"user"}\n',
      '.claude/.credentials.json': '{"refresh_token":"secret"}\n',
      '.claude/settings.json': '{}\n',
      '.gemini/settings.json': '{}\n',
    };
    const rules = { '.continue/rules/g.md': '---\nname: g\nglob: "**/*.ts"\n---\nGlobal.\n', '.gemini/GEMINI.md': '# Gemini\n', '.codex/AGENTS.md': '# Codex\n', '.claude/CLAUDE.md': '# Mine\n', '.claude/rules/web/react.md': '# React\n' };
    const home = writeTree(tempDir('agentls-nvim-home-'), { ...secret, ...rules, 'notes/todo.md': '# To do\n' });
    const ws = writeTree(tempDir(), { '.git/HEAD': '', 'src/auth.ts': 'export const a = 1;\n' });
    const codexHome = process.env.CODEX_HOME;
    delete process.env.CODEX_HOME;
    process.env.AGENTLS_USER_FILE = `${home}/.continue/rules/g.md`;
    process.env.AGENTLS_HOME_FILES = [...Object.keys(secret), ...Object.keys(rules)].join('\n');
    try {
      const run = await runNvim({ workspace: ws, home, settings: { home }, file: 'src/auth.ts', scenario: 'user_rule_file' });
      expect(run.error).toBeNull();
      expect(run.result.home_files).toEqual({
        '.codex/auth.json': false,
        '.gemini/oauth_creds.json': false,
        '.claude/projects/t.jsonl': false,
        '.claude/.credentials.json': false,
        '.claude/settings.json': false,
        '.gemini/settings.json': false,
        '.continue/rules/g.md': true,
        '.gemini/GEMINI.md': true,
        '.codex/AGENTS.md': true,
        '.claude/CLAUDE.md': true,
        '.claude/rules/web/react.md': true,
      });
      expect(run.result.client_roots).toEqual([ws]);
    } finally {
      delete process.env.AGENTLS_USER_FILE;
      delete process.env.AGENTLS_HOME_FILES;
      if (codexHome !== undefined) process.env.CODEX_HOME = codexHome;
    }
  }, 90_000);
});

