import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { tempDir, writeTree } from '../helpers/repo';
import { builtCli } from '../helpers/cliWithHome';

const BAD_GLOB = '---\npaths:\n  - "src/[a"\n---\nUse tabs.\n';

function project(): string {
  return writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'src/a.ts': 'x\n' });
}

describe('agentls check of an agent folder in the home', () => {
  it('checks ~/.claude as the places Claude Code reads there, saying so', () => {
    const ws = project();
    const home = writeTree(tempDir('agentls-home-'), { '.claude/rules/style.md': BAD_GLOB, '.claude/CLAUDE.md': '# Me\n', '.claude/settings.json': '{}\n' });
    const run = builtCli(['check', '--format', 'json', path.join(home, '.claude')], { cwd: ws, root: ws, home });
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as CheckJson;
    expect(report.diagnostics.map((d) => `${d.path} ${d.code}`)).toEqual([`${path.join(home, '.claude/rules/style.md')} frontmatter/invalid-glob`]);
    expect(report.summary.filesChecked).toBe(2);
    expect(run.stderr).toContain(`${path.join(home, '.claude')}: checking only what Claude Code reads there: ~/.claude/CLAUDE.md and ~/.claude/rules`);
  });

  it('names only the places that are there: no CLAUDE.md, only ~/.claude/rules', () => {
    const ws = project();
    const home = writeTree(tempDir('agentls-home-'), { '.claude/rules/style.md': BAD_GLOB, '.claude/settings.json': '{}\n' });
    const run = builtCli(['check', '--format', 'json', path.join(home, '.claude')], { cwd: ws, root: ws, home });
    const report = JSON.parse(run.stdout) as CheckJson;
    expect(report.diagnostics.map((d) => `${d.path} ${d.code}`)).toEqual([`${path.join(home, '.claude/rules/style.md')} frontmatter/invalid-glob`]);
    expect(report.summary.filesChecked).toBe(1);
    expect(run.stderr).toBe(`agentls check: note: ${path.join(home, '.claude')}: checking only what Claude Code reads there: ~/.claude/rules (the rest of the folder holds no rules)\n`);
  });

  it('refuses one holding none of those places, naming the agent and the places', () => {
    const ws = project();
    const home = writeTree(tempDir('agentls-home-'), { '.claude/settings.json': '{}\n' });
    const run = builtCli(['check', path.join(home, '.claude')], { cwd: ws, root: ws, home });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`${path.join(home, '.claude')}: agentls checks only what Claude Code reads there: ~/.claude/CLAUDE.md and ~/.claude/rules, and none of it is there`);
  });
});

describe('a link in a user-level rule folder into another agent’s place', () => {
  it('has the files behind it checked as the agent that follows the link reads them', () => {
    // A project that uses Roo Code, whose view `agentls rules` then shows.
    const ws = writeTree(project(), { '.roo/rules/ours.md': 'Ours.\n' });
    const home = writeTree(tempDir('agentls-home-'), { '.claude/rules/style.md': BAD_GLOB, '.roo/rules/mine.md': 'Mine.\n' });
    fs.symlinkSync('../../.claude/rules', path.join(home, '.roo/rules/claude'));
    const run = builtCli(['check', '--format', 'json', path.join(home, '.roo/rules')], { cwd: ws, root: ws, home });
    const report = JSON.parse(run.stdout) as CheckJson;
    // Roo Code sends the Claude Code rule whole, its frontmatter as text (agents/roo.ts).
    expect(report.diagnostics.map((d) => [d.path, d.code, d.message])).toEqual([
      [path.join(home, '.roo/rules/claude/style.md'), 'frontmatter/sent-as-text', expect.stringContaining('Roo Code sends this file whole in every request')],
    ]);
    const rules = builtCli(['rules'], { cwd: ws, root: ws, home, mustSucceed: true }).stdout;
    expect(rules).toContain('~/.roo/rules/claude/style.md (global)');
  });
});
