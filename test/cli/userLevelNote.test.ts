import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { tempDir, writeTree } from '../helpers/repo';
import { agentlsWithHome } from '../helpers/cliWithHome';

/*
 * A check of the project leaves the problems of the user's own rules unreported and says how
 * to see them: the command it gives must report every one of them, not the first folder's.
 */

const CONFLICT = '<<<<<<< HEAD\nUse tabs.\n=======\nUse spaces.\n>>>>>>> theirs\n';

describe('the note on unreported user-level problems', () => {
  it('gives a command that reports the problems of every folder it lists', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.xcsh/rules/a.md': 'Use the design tokens.\n' });
    const home = writeTree(tempDir('agentls-home-'), {
      '.cursor/rules': 'A file where the folder goes.\n',
      '.xcsh/agent/rules/one.md': CONFLICT,
      '.xcsh/agent/rules/two.md': CONFLICT,
    });
    const run = agentlsWithHome(ws, home, 'check', '--format', 'json');
    expect(run.status).toBe(0);
    const note = /^agentls check: (\d+) problems in your user-level rules .*; agentls check --home (\S+) (.+) reports them\n$/.exec(run.stderr);
    expect(note?.[2]).toBe(home);
    // The files of one folder are given as that folder: naming it checks them all.
    const named = note![3].split(' ');
    expect(named).toEqual([path.join(home, '.cursor', 'rules'), path.join(home, '.xcsh', 'agent', 'rules')]);
    const given = agentlsWithHome(ws, home, 'check', '--format', 'json', ...named);
    const reported = (JSON.parse(given.stdout) as CheckJson).diagnostics;
    // Every problem the note counted, of every file it stands for.
    expect(reported.length).toBe(Number(note![1]));
    expect([...new Set(reported.map((d) => path.relative(home, d.path)))]).toEqual([path.join('.cursor', 'rules'), path.join('.xcsh', 'agent', 'rules', 'one.md'), path.join('.xcsh', 'agent', 'rules', 'two.md')]);
    expect(reported.filter((d) => d.code === 'rule/merge-conflict').length).toBe(2);
  });

  it('names each file of a folder the check would refuse to be named (two broken links in the home), and its command reports them', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.xcsh/rules/a.md': 'Use the design tokens.\n' });
    const home = tempDir('agentls-home-');
    fs.symlinkSync('gone', path.join(home, '.cline'));
    fs.symlinkSync('gone2', path.join(home, '.cursor'));
    const run = agentlsWithHome(ws, home, 'check', '--format', 'json');
    const note = /^agentls check: (\d+) problems? in your user-level rules .*; agentls check --home (\S+) (.+) reports (?:them|it)\n$/.exec(run.stderr);
    expect(note, run.stderr).not.toBeNull();
    const named = note![3].split(' ');
    // Not the home folder itself, which check refuses as outside the workspace.
    expect(named).not.toContain(home);
    const given = agentlsWithHome(ws, home, 'check', '--format', 'json', ...named);
    expect(given.status, given.stderr).not.toBe(2);
    expect((JSON.parse(given.stdout) as CheckJson).diagnostics.length).toBe(Number(note![1]));
  });
});
