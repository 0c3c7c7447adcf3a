import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import type { CheckJson } from '../../server/cli/output';
import { CLINE_DEAD_GLOB, CURSOR_DEAD_GLOB, WINDSURF_DEAD_GLOB } from '../helpers/deadGlobRules';
import { git } from '../helpers/git';
import { tempDir, writeTree } from '../helpers/repo';
import { builtCli } from '../helpers/cliWithHome';

/**
 * The root's Cursor and Windsurf folders left out by `.gitignore`, and a Cline rule left
 * out by name; a `.xcsh` folder so that the xcsh agent is judged too (it skips them all).
 */
function ignoredRules(): string {
  return writeTree(tempDir(), {
    '.gitignore': '.cursor/\n.windsurf/\n*.local.md\n',
    '.xcsh/rules/base.md': '---\nalwaysApply: true\n---\nBe brief.\n',
    '.cursor/rules/rb.mdc': CURSOR_DEAD_GLOB,
    '.windsurf/rules/rb.md': WINDSURF_DEAD_GLOB,
    '.clinerules/rb.local.md': CLINE_DEAD_GLOB,
    'src/a.ts': 'export const a = 1;\n',
  });
}

/** Root rule files that are links to files inside the workspace. */
function linkedRules(): string {
  const ws = writeTree(tempDir(), {
    '.xcsh/rules/base.md': '---\nalwaysApply: true\n---\nBe brief.\n',
    'shared/rb.mdc': CURSOR_DEAD_GLOB,
    'shared/rb-windsurf.md': WINDSURF_DEAD_GLOB,
    'shared/rb-cline.md': CLINE_DEAD_GLOB,
    '.cursor/rules/.keep': '',
    '.windsurf/rules/.keep': '',
    '.clinerules/.keep': '',
    'src/a.ts': 'export const a = 1;\n',
  });
  fs.symlinkSync('../../shared/rb.mdc', path.join(ws, '.cursor/rules/rb.mdc'));
  fs.symlinkSync('../../shared/rb-windsurf.md', path.join(ws, '.windsurf/rules/rb.md'));
  fs.symlinkSync('../shared/rb-cline.md', path.join(ws, '.clinerules/rb.md'));
  return ws;
}

/** `agentls check --format json`, the built command as a user runs it: each file's dead-glob findings. */
function deadGlobs(ws: string): Map<string, { severity: string; message: string; line: number }[]> {
  const run = builtCli(['check', '--format', 'json'], { cwd: ws });
  const report = JSON.parse(run.stdout) as CheckJson;
  const out = new Map<string, { severity: string; message: string; line: number }[]>();
  for (const d of report.diagnostics) {
    if (d.code === 'context/dead-glob') out.set(d.path, [...(out.get(d.path) ?? []), { severity: d.severity, message: d.message, line: d.range.start.line }]);
  }
  return out;
}

describe.each([
  ['a plain tree', (ws: string) => ws],
  ['a git work tree', (ws: string) => (git(ws, 'init', '-q'), ws)],
])('dead globs of the rule files only their own tool reads (%s)', (_, prepare) => {
  it('agentls check reports them for Cursor and Windsurf when .gitignore leaves the files out, never for the xcsh agent, nor for Cline 4, which ignores `paths`', () => {
    const found = deadGlobs(prepare(ignoredRules()));
    // Cline 4 sends a rule `paths` scopes in every request (rules/agents/cline.ts): no glob of it is dead.
    expect(found.has('.clinerules/rb.local.md')).toBe(false);
    for (const [rel, tool] of [
      ['.cursor/rules/rb.mdc', 'Cursor'],
      ['.windsurf/rules/rb.md', 'Windsurf'],
    ]) {
      const got = found.get(rel);
      expect(got, rel).toHaveLength(1);
      // On the glob's own line, and said of the tool alone: the xcsh agent never reads the file.
      expect(got![0].severity, rel).toBe('warning');
      expect(got![0].message, rel).toMatch(new RegExp(`^${tool} never attaches this rule by its globs: "lib/\\*\\*/\\*\\.rb" matches none of`));
      expect(got![0].message, rel).not.toContain('xcsh');
      expect(got![0].line, rel).toBe(tool === 'Cursor' ? 1 : 2);
    }
  });

  it('agentls check reports them for the symlinked Cursor and Windsurf rules that lead into the workspace, not for Cline, which skips links', () => {
    const found = deadGlobs(prepare(linkedRules()));
    expect(found.get('.cursor/rules/rb.mdc')?.map((f) => f.message.split(':')[0])).toEqual(['Cursor never attaches this rule by its globs']);
    expect(found.get('.windsurf/rules/rb.md')?.map((f) => f.message.split(':')[0])).toEqual(['Windsurf never attaches this rule by its globs']);
    expect(found.has('.clinerules/rb.md')).toBe(false);
    // The files the links lead to are no rule files of any tool.
    expect([...found.keys()].filter((p) => p.startsWith('shared/'))).toEqual([]);
  });

  it("agentls rules counts the linked Cursor and Windsurf rules in those tools' figures, and nothing for Cline", () => {
    const ws = prepare(linkedRules());
    const run = builtCli(['rules', '--json'], { cwd: ws });
    const buckets = JSON.parse(run.stdout) as RuleBucketsResult;
    expect(buckets.alwaysSent!.map((a) => a.agent)).toEqual(['seed', 'cursor', 'windsurf']);
  });
});
