import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { FALLBACK_ROOT_MARKERS, ROOT_MARKERS, SECONDARY_ROOT_MARKERS } from '../../server/workspace/projectRoot';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * The CLI finds its project root from the folder it runs in as the editor set-ups find theirs:
 * a Claude Code-only project without `.git` has a root, and a nested AGENTS.md or CLAUDE.md
 * (read in subfolders too) never takes it from `.git`.
 */
const checkJson = (cwd: string): CheckJson => JSON.parse(builtCli(['check', '--format', 'json'], { cwd }).stdout) as CheckJson;

describe('agentls check run from a subfolder', () => {
  it.each([
    // A rule whose `paths` (or globs) match nothing: a finding in the file, named from the root.
    ['Claude Code', '.claude', '.claude/rules/api.md', '---\npaths:\n  - "nothere/**/*.ts"\n---\nUse the API client.\n'],
    ['Continue', '.continue', '.continue/rules/api.md', '---\nglobs: "nothere/**/*.ts"\n---\nUse the API client.\n'],
  ])('of a %s-only project without .git checks the project, rooted at the folder holding %s', (_agent, _folder, rule, text) => {
    const ws = writeTree(tempDir(), { [rule]: text, 'src/api/client.ts': 'export const c = 1;\n' });
    const report = checkJson(path.join(ws, 'src', 'api'));
    expect(report.noAgentFiles).toBeUndefined();
    expect(report.diagnostics.map((d) => d.path)).toContain(rule);
  });

  it('of a project with only a CLAUDE.md at its top is rooted there', () => {
    const ws = writeTree(tempDir(), { 'CLAUDE.md': '# Project\nSee @docs/missing.md.\n', 'src/a.ts': 'export const a = 1;\n' });
    const report = checkJson(path.join(ws, 'src'));
    expect(report.noAgentFiles).toBeUndefined();
    expect(report.diagnostics.map((d) => d.path)).toContain('CLAUDE.md');
  });

  it("of a project without .git whose top holds Zed's .rules is rooted there, over a package's .continue (.rules marks a root as .cursorrules does)", () => {
    const ws = writeTree(tempDir(), {
      // Frontmatter Zed sends as text: a finding in the file, named from the root.
      '.rules': '---\ndescription: style\n---\nUse tabs.\n',
      'pkg/.continue/rules/pkg.md': '# Package\n',
      'pkg/src/a.ts': 'export const a = 1;\n',
    });
    const report = checkJson(path.join(ws, 'pkg', 'src'));
    expect(report.diagnostics.map((d) => [d.path, d.code])).toContainEqual(['.rules', 'frontmatter/sent-as-text']);
  });

  it('of a git project with a nested AGENTS.md stays rooted at .git', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.claude/rules/api.md': '---\npaths:\n  - "nothere/**/*.ts"\n---\nUse the API client.\n',
      'packages/api/AGENTS.md': '# API package\n',
      'packages/api/src/a.ts': 'export const a = 1;\n',
    });
    const report = checkJson(path.join(ws, 'packages', 'api', 'src'));
    expect(report.diagnostics.map((d) => d.path)).toContain('.claude/rules/api.md');
  });
});

describe('agentls check run in a package of a git repository', () => {
  it('that holds a .claude of its own (Claude Code was started there) stays rooted at .git', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.cursor/rules/r.mdc': '---\nglobs: nothere/**\n---\nR.\n',
      'pkg/.claude/settings.local.json': '{}\n',
      'pkg/src/a.ts': 'export const a = 1;\n',
    });
    const report = checkJson(path.join(ws, 'pkg', 'src'));
    expect(report.diagnostics.map((d) => d.path)).toContain('.cursor/rules/r.mdc');
  });

  it('that holds a .continue of its own stays rooted at .git', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.cursor/rules/r.mdc': '---\nglobs: nothere/**\n---\nR.\n',
      'pkg/.continue/rules/pkg.md': '# Package\n',
      'pkg/src/a.ts': 'export const a = 1;\n',
    });
    expect(checkJson(path.join(ws, 'pkg', 'src')).diagnostics.map((d) => d.path)).toContain('.cursor/rules/r.mdc');
  });

  it("that holds a nested .cursor/rules or .windsurf/rules of its own stays rooted at .git (those tools apply the repository's rules there too)", () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.cursor/rules/root.mdc': '---\nglobs: nothere/**\n---\nRoot.\n',
      'packages/web/.cursor/rules/web.mdc': '---\nalwaysApply: true\n---\nWeb.\n',
      'packages/api/.windsurf/rules/api.md': '---\ntrigger: always_on\n---\nApi.\n',
      'packages/web/src/a.ts': 'export const a = 1;\n',
      'packages/api/src/b.ts': 'export const b = 1;\n',
    });
    for (const pkg of ['web', 'api']) expect(checkJson(path.join(ws, 'packages', pkg, 'src')).diagnostics.map((d) => d.path), pkg).toContain('.cursor/rules/root.mdc');
  });
});

describe('the root markers', () => {
  it('are those of the Neovim set-up (editors/nvim), fallbacks apart', () => {
    const plugin = fs.readFileSync(path.join(__dirname, '..', '..', 'editors', 'nvim', 'lua', 'agentls.lua'), 'utf8');
    const main = /\broot_markers = \{([^}]*)\}/.exec(plugin);
    const fallback = /fallback_root_markers = \{([^}]*)\}/.exec(plugin);
    const secondary = /secondary_root_markers = \{([^}]*)\}/.exec(plugin);
    if (!main || !fallback || !secondary) throw new Error('agentls.lua has no root_markers, secondary_root_markers or fallback_root_markers');
    const names = (list: string): string[] => [...list.matchAll(/'([^']+)'/g)].map((m) => m[1]).sort();
    expect(names(main[1])).toEqual([...ROOT_MARKERS].sort());
    expect(names(fallback[1])).toEqual([...FALLBACK_ROOT_MARKERS].sort());
    expect(names(secondary[1])).toEqual([...SECONDARY_ROOT_MARKERS].sort());
  });
});
