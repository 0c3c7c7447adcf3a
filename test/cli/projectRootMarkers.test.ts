import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { FALLBACK_ROOT_MARKERS, GENERIC_ROOT_MARKERS, ROOT_MARKERS, SECONDARY_ROOT_MARKERS } from '../../server/workspace/projectRoot';
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

  it("of a project without .git whose top holds Zed's .rules is rooted there, over a package's .continue (which sits in packages too)", () => {
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

describe("Zed's .rules as a root marker", () => {
  it('a stray .rules in a package of a git repository does not take the root from .git', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.cursor/rules/r.mdc': '---\nglobs: nothere/**\n---\nR.\n',
      // Not Zed's: a file of another tool's, which Zed would not read here anyway (a package is no worktree root).
      'packages/api/.rules': 'deny from all\n',
      'packages/api/src/a.ts': 'export const a = 1;\n',
    });
    expect(checkJson(path.join(ws, 'packages', 'api', 'src')).diagnostics.map((d) => d.path)).toContain('.cursor/rules/r.mdc');
  });

  it('a repository without .git whose top holds .rules is still rooted there, run inside it or named from the folder above', () => {
    const parent = tempDir();
    const repo = writeTree(path.join(parent, 'repo'), {
      '.rules': '---\ndescription: style\n---\nUse tabs.\n',
      'pkg/.claude/settings.local.json': '{}\n',
      'pkg/src/a.ts': 'export const a = 1;\n',
    });
    expect(checkJson(path.join(repo, 'pkg', 'src')).diagnostics.map((d) => [d.path, d.code])).toContainEqual(['.rules', 'frontmatter/sent-as-text']);
    // `check repo` from a folder no project holds: the project holding the path, named from its root.
    const named = JSON.parse(builtCli(['check', 'repo', '--format', 'json'], { cwd: parent }).stdout) as CheckJson;
    expect(named.diagnostics.map((d) => [d.path, d.code])).toContainEqual(['.rules', 'frontmatter/sent-as-text']);
  });
});

describe('the root markers', () => {
  it('are those of the Neovim set-up (editors/nvim), list by list', () => {
    const plugin = fs.readFileSync(path.join(__dirname, '..', '..', 'editors', 'nvim', 'lua', 'agentls.lua'), 'utf8');
    const main = /\broot_markers = \{([^}]*)\}/.exec(plugin);
    const fallback = /fallback_root_markers = \{([^}]*)\}/.exec(plugin);
    const secondary = /secondary_root_markers = \{([^}]*)\}/.exec(plugin);
    const generic = /generic_root_markers = \{([^}]*)\}/.exec(plugin);
    if (!main || !fallback || !secondary || !generic) throw new Error('agentls.lua has no root_markers, generic_root_markers, secondary_root_markers or fallback_root_markers');
    const names = (list: string): string[] => [...list.matchAll(/'([^']+)'/g)].map((m) => m[1]).sort();
    expect(names(main[1])).toEqual([...ROOT_MARKERS].sort());
    expect(names(fallback[1])).toEqual([...FALLBACK_ROOT_MARKERS].sort());
    expect(names(secondary[1])).toEqual([...SECONDARY_ROOT_MARKERS].sort());
    expect(names(generic[1])).toEqual([...GENERIC_ROOT_MARKERS].sort());
  });

  it("are those `agentls help` gives for --root's default, every marker of every tier", () => {
    const help = builtCli(['help'], { home: null }).stdout;
    const line = /--root DIR\s+(.*)/.exec(help)?.[1] ?? '';
    for (const marker of [...ROOT_MARKERS, ...GENERIC_ROOT_MARKERS, ...SECONDARY_ROOT_MARKERS, ...FALLBACK_ROOT_MARKERS]) {
      expect(line).toMatch(new RegExp(`[ (]${marker.replace(/\./g, '\\.')}[,;) ]`));
    }
  });

  it("are those of the README's vim.lsp.config block, in the server's order of tiers after .git", () => {
    const readme = fs.readFileSync(path.join(__dirname, '..', '..', 'README.md'), 'utf8');
    // vim.fs.root tries each marker against every folder above the file before the next: one flat list, tier by tier.
    const block = /vim\.lsp\.config\('agentls'[\s\S]*?\broot_markers = \{([^}]*)\}/.exec(readme);
    if (!block) throw new Error("README.md's vim.lsp.config block has no root_markers");
    const listed = [...block[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
    expect(listed[0]).toBe('.git');
    const tiers = [ROOT_MARKERS.filter((m) => m !== '.git'), GENERIC_ROOT_MARKERS, SECONDARY_ROOT_MARKERS, FALLBACK_ROOT_MARKERS];
    let at = 1;
    for (const tier of tiers) {
      expect(listed.slice(at, at + tier.length).sort()).toEqual([...tier].sort());
      at += tier.length;
    }
    expect(listed).toHaveLength(at);
  });
});
