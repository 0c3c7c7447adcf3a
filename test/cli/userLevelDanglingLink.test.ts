import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { agentlsWithHome } from '../helpers/cliWithHome';
import { HOME_AGENTS_WORKSPACE } from '../helpers/homeAgentsWorkspace';
import { tempDir, writeTree } from '../helpers/repo';

/*
 * A user-level rule location that is a symbolic link to nothing (`~/.cline/rules → ../gone`,
 * or the folder above it, `~/.cline → ../gone`): a check of the project leaves its finding
 * out in one note naming the command that reports it, and that command, run as given,
 * reports it (the link is told by lstat, never followed).
 */

function setUp(link: string): { ws: string; home: string; located: string } {
  const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'src/a.ts': 'export const a = 1;\n' });
  const home = tempDir('agentls-home-');
  const located = path.join(home, ...link.split('/'));
  fs.mkdirSync(path.dirname(located), { recursive: true });
  fs.symlinkSync('../gone', located);
  return { ws, home, located };
}

describe('a user-level rule location that is a link to nothing', () => {
  for (const link of ['.cline/rules', '.cline']) {
    it(`~/${link}: the note's command reports its finding`, () => {
      const { ws, home, located } = setUp(link);
      const run = agentlsWithHome(ws, home, 'check', '--format', 'json');
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).toContain(`in your user-level rules (~/${link}) is not reported`);
      expect(run.stderr).toContain(`agentls check --home ${home} ${located} reports it`);
      const named = agentlsWithHome(ws, home, 'check', '--format', 'json', located);
      expect(named.stderr).toBe('');
      // What the project's check left out, one problem, on the link: Cline reads no rules there.
      const diagnostics = (JSON.parse(named.stdout) as CheckJson).diagnostics;
      expect(diagnostics.map((d) => [d.path, d.code, d.severity])).toEqual([[located, 'rule/unreadable', 'error']]);
      expect(diagnostics[0].message).toContain('leads to ../gone, which does not exist');
      expect(named.status).toBe(1);
    });
  }
});

/*
 * The same of the user-level folders of the agents whose views read the home, which the xcsh
 * agent's discovery never lists: named, the link is an error naming the agent (not "found no
 * rule files", exit 0); in a check of the project, the note counts it; `agentls rules` lists it.
 */
describe("another agent's user-level rule folder that is a link to nothing", () => {
  for (const [link, agent] of [
    ['.roo/rules', 'Roo Code'],
    // Continue's, a warning: Continue reads no rule from it in silence (continueRules.test.ts).
    ['.claude/rules', 'Claude Code'],
    ['.kiro/steering', 'Kiro'],
    ['.roo', 'Roo Code'],
    ['.roo/rules-code', 'Roo Code'],
  ] as const) {
    it(`~/${link}: named, it is an error naming ${agent}; the project's check and agentls rules say it`, () => {
      const { ws, home, located } = setUp(link);
      const named = agentlsWithHome(ws, home, 'check', '--format', 'json', located);
      expect(named.stderr).toBe('');
      const diagnostics = (JSON.parse(named.stdout) as CheckJson).diagnostics;
      expect(diagnostics.map((d) => [d.path, d.code, d.severity, d.message])).toEqual([
        [located, 'rule/unreadable', 'error', `This rule location is a symbolic link that leads to ../gone, which does not exist: ${agent} reads no rules from it.`],
      ]);
      expect(named.status).toBe(1);

      // A project that uses each of these agents: its check counts the link in its note.
      writeTree(ws, { ...HOME_AGENTS_WORKSPACE, 'CLAUDE.md': '# Project\n' });
      const whole = agentlsWithHome(ws, home, 'check', '--format', 'json');
      expect(whole.status, whole.stderr).toBe(0);
      expect(whole.stderr).toContain(`1 problem in your user-level rules (~/${link}) is not reported`);
      expect(whole.stderr).toContain(`agentls check --home ${home} ${located} reports it`);

      const rules = agentlsWithHome(ws, home, 'rules');
      expect(rules.stdout).toContain(`Rule folders agentls could not read (their rules are not listed here):\n  ~/${link}: This rule location is a symbolic link that leads to ../gone, which does not exist: ${agent} reads no rules from it.`);
    });
  }

  /*
   * A project that does not use the agent (`auto`: no `.roo`, no rule of Continue's, Kiro's or
   * Claude Code's anywhere, as the agent's files in the home are left out of the note where its
   * view is not shown: `userLevelNoteAgents`): its check says nothing of the link, and passes.
   * `--agents` naming the agent counts it, and the run passes all the same: no user-level
   * problem fails a project's run. `agentls rules` makes the same choice: it lists the link among
   * the folders it could not read only where check counts it.
   */
  for (const [link, agent] of [
    ['.claude/rules', 'claude'],
    ['.roo/rules', 'roo'],
    ['.roo', 'roo'],
    ['.roo/rules-code', 'roo'],
    ['.continue/rules', 'continue'],
    ['.kiro/steering', 'kiro'],
  ] as const) {
    it(`~/${link} in a project that does not use ${agent}: not in the note of its check, which passes, nor in agentls rules; --agents ${agent} counts it in both`, () => {
      const { ws, home, located } = setUp(link);
      const whole = agentlsWithHome(ws, home, 'check', '--format', 'json');
      expect(whole.status, whole.stderr).toBe(0);
      expect(whole.stderr).toBe('');
      expect((JSON.parse(whole.stdout) as CheckJson).diagnostics).toEqual([]);

      const shown = agentlsWithHome(ws, home, 'check', '--format', 'json', '--agents', agent);
      expect(shown.status, shown.stderr).toBe(0);
      expect(shown.stderr).toContain(`1 problem in your user-level rules (~/${link}) is not reported`);
      expect(shown.stderr).toContain(`agentls check --home ${home} ${located} reports it`);

      const unreadOf = (...args: string[]) => (JSON.parse(agentlsWithHome(ws, home, 'rules', '--json', ...args).stdout) as { unread?: { path: string }[] }).unread?.map((u) => u.path) ?? [];
      expect(agentlsWithHome(ws, home, 'rules').stdout).not.toContain(`~/${link}`);
      expect(unreadOf()).toEqual([]);
      expect(unreadOf('--for', 'src/a.ts')).toEqual([]);
      expect(unreadOf('--agents', agent)).toEqual([located]);
      expect(unreadOf('--for', 'src/a.ts', '--agents', agent)).toEqual([located]);
    });
  }

  it("~/.roo/rules-{mode} of a custom mode the workspace names: said as a built-in mode's; not of one it does not name", () => {
    const { ws, home, located } = setUp('.roo/rules-review');
    writeTree(ws, { '.roo/rules-review/a.md': 'Review slowly.\n' });
    fs.symlinkSync('../gone', path.join(home, '.roo', 'rules-unnamed'));
    const named = agentlsWithHome(ws, home, 'check', '--format', 'json', located);
    expect((JSON.parse(named.stdout) as CheckJson).diagnostics.map((d) => [d.path, d.code, d.message])).toEqual([
      [located, 'rule/unreadable', 'This rule location is a symbolic link that leads to ../gone, which does not exist: Roo Code reads no rules from it.'],
    ]);
    expect(named.status).toBe(1);
    const whole = agentlsWithHome(ws, home, 'check', '--format', 'json');
    expect(whole.status, whole.stderr).toBe(0);
    expect(whole.stderr).toContain('1 problem in your user-level rules (~/.roo/rules-review) is not reported');
  });

  it("~/.claude named, its rules a link to nothing and no CLAUDE.md: says that link, and fails", () => {
    const { ws, home, located } = setUp('.claude/rules');
    const run = agentlsWithHome(ws, home, 'check', path.join(home, '.claude'));
    expect(run.stdout).toContain(`~/.claude/rules:1:1: error [rule/unreadable] This rule location is a symbolic link that leads to ../gone, which does not exist: Claude Code reads no rules from it.`);
    expect(run.stdout).not.toContain('no problems');
    expect(run.stderr).not.toContain('none of it is there');
    // The link is there, the memory file is not: the note names what is checked, not CLAUDE.md.
    expect(run.stderr).toContain(`${path.join(home, '.claude')}: checking only what Claude Code reads there: ~/.claude/rules (the rest of the folder holds no rules)`);
    expect(run.status).toBe(1);
    expect(fs.lstatSync(located).isSymbolicLink()).toBe(true);
  });
});
