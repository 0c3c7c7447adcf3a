import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentlsWithHome, builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';
import { ownedDir, unprivileged } from '../helpers/unprivileged';

/*
 * `agentls check` naming a user-level rule folder it walks as its agent reads it, through the
 * built CLI with --home: a part of the folder it could not look into makes the run incomplete
 * (exit 2), saying which part and why, never "no problems": a subfolder it cannot list, or a
 * symbolic link out of the user-level places, which agentls never follows (its agent may).
 */

const runAs = unprivileged();
const who = 'skip' in runAs ? runAs.skip : runAs.name;
const RULE = '---\nalwaysApply: true\n---\nUse tabs.\n';

describe('check of a user-level rule folder with a part it cannot read', () => {
  it.skipIf('skip' in runAs)(`says a subfolder it cannot list, naming the agent, and fails the run (run as ${who})`, () => {
    if ('skip' in runAs) return;
    const ws = ownedDir(runAs, { '.git/HEAD': 'ref: refs/heads/main\n' });
    const home = ownedDir(runAs, { '.continue/rules/a.md': RULE, '.continue/rules/locked/bad.md': RULE, '.claude/rules/a.md': 'x\n', '.claude/rules/locked/b.md': 'x\n' });
    const locked = [path.join(home, '.continue', 'rules', 'locked'), path.join(home, '.claude', 'rules', 'locked')];
    for (const dir of locked) fs.chmodSync(dir, 0);
    try {
      const check = (named: string) => builtCli(['check', named], { cwd: ws, home, user: 'user' in runAs ? runAs.user : undefined });
      const continueRun = check(path.join(home, '.continue', 'rules'));
      expect([continueRun.status, continueRun.stdout, continueRun.stderr]).toEqual([
        2,
        'Checked 1 rule file (user-level): no problems; incomplete, so it fails (exit 2): cannot read folder ~/.continue/rules/locked (EACCES): Continue reads the rules there, so they are not checked.\n',
        'agentls check: cannot read folder ~/.continue/rules/locked (EACCES): Continue reads the rules there, so they are not checked\nagentls check: the run is incomplete, so it fails (exit 2) whatever it found\n',
      ]);
      const claudeRun = check(path.join(home, '.claude', 'rules'));
      expect([claudeRun.status, claudeRun.stderr.split('\n')[0]]).toEqual([2, 'agentls check: cannot read folder ~/.claude/rules/locked (EACCES): Claude Code reads the rules there, so they are not checked']);
    } finally {
      for (const dir of locked) fs.chmodSync(dir, 0o755);
    }
  });
});

describe('check of a user-level rule folder holding a symbolic link out of the user-level places', () => {
  function setUp(): { ws: string; home: string } {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n' });
    const outside = writeTree(tempDir('agentls-shared-'), { 'shared/s.md': '---\npaths: 42\n---\nx\n' });
    const home = writeTree(tempDir('agentls-home-'), { '.claude/rules/a.md': 'Be brief.\n', '.roo/rules/a.md': 'Be brief.\n', '.continue/rules/a.md': RULE });
    for (const folder of ['.claude/rules', '.roo/rules']) fs.symlinkSync(path.join(outside, 'shared'), path.join(home, folder, 'shared'));
    return { ws, home };
  }

  it('says a linked folder Claude Code or Roo Code follows is not checked, naming the agent, and fails the run', () => {
    const { ws, home } = setUp();
    for (const [folder, agent] of [
      ['.claude/rules', 'Claude Code'],
      ['.roo/rules', 'Roo Code'],
    ]) {
      const run = agentlsWithHome(ws, home, 'check', path.join(home, folder));
      expect([run.status, run.stdout, run.stderr]).toEqual([
        2,
        `Checked 1 rule file (user-level): no problems; incomplete, so it fails (exit 2): ~/${folder}/shared leads outside the user-level rule folders through a symbolic link, which ${agent} follows to read the rules there, so it is not checked.\n`,
        `agentls check: ~/${folder}/shared leads outside the user-level rule folders through a symbolic link, which ${agent} follows to read the rules there, so it is not checked\nagentls check: the run is incomplete, so it fails (exit 2) whatever it found\n`,
      ]);
    }
  });

  it('refuses the linked folder, or a file through it, named, rather than saying it holds nothing the agent reads', () => {
    const { ws, home } = setUp();
    for (const named of [path.join(home, '.claude', 'rules', 'shared'), path.join(home, '.claude', 'rules', 'shared', 's.md')]) {
      const run = agentlsWithHome(ws, home, 'check', named);
      expect([run.status, run.stdout, run.stderr]).toEqual([2, '', `agentls check: ${named} leads outside the user-level rule folders through a symbolic link, which Claude Code follows to read the rules there, so it is not checked\n`]);
    }
  });

});
