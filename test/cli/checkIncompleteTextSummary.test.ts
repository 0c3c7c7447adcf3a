import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ownedDir, unprivileged } from '../helpers/unprivileged';
import { builtCli } from '../helpers/cliWithHome';

/*
 * `agentls check > report.txt` in CI keeps standard output alone. Where the run could not read
 * a folder, its last line said "no problems" while the run failed (exit 2) with the reason on
 * standard error only: the text report must itself say the run is incomplete, and why. Root
 * reads every folder: the built CLI runs as `nobody`.
 */
const runAs = unprivileged();

describe('agentls check (text) of a workspace with a folder it cannot read', () => {
  it.skipIf('skip' in runAs)(`ends with a summary saying the run is incomplete, not a bare "no problems" (run as ${'skip' in runAs ? runAs.skip : runAs.name})`, () => {
    if ('skip' in runAs) return;
    const ws = ownedDir(runAs, { '.git/HEAD': 'ref: refs/heads/main\n', '.cursor/rules/a.mdc': '---\nalwaysApply: true\n---\nUse tokens.\n', 'secret/notes.md': 'x\n' });
    const locked = path.join(ws, 'secret');
    fs.chmodSync(locked, 0);
    try {
      const run = builtCli(['check'], { cwd: ws, root: ws, home: ownedDir(runAs), user: runAs.user });
      expect(run.status).toBe(2);
      expect(run.stdout.trimEnd().split('\n').pop()).toBe('Checked 1 rule file: no problems; incomplete, so it fails (exit 2): cannot read folder secret.');
    } finally {
      fs.chmodSync(locked, 0o755);
    }
  });

  it.skipIf('skip' in runAs)(`counts a rule folder it cannot list as no file checked, not as a rule file (run as ${'skip' in runAs ? runAs.skip : runAs.name})`, () => {
    if ('skip' in runAs) return;
    const ws = ownedDir(runAs, { '.git/HEAD': 'ref: refs/heads/main\n', '.cursor/rules/a.mdc': '---\nalwaysApply: true\n---\nUse tokens.\n' });
    const locked = path.join(ws, '.cursor/rules');
    fs.chmodSync(locked, 0);
    try {
      const run = builtCli(['check', '--format', 'json'], { cwd: ws, root: ws, home: ownedDir(runAs), user: runAs.user });
      expect(run.status).toBe(2);
      const json = JSON.parse(run.stdout) as { summary: { filesChecked: number; agentFiles: number }; diagnostics: { path: string; code: string }[] };
      expect(json.diagnostics.map((d) => [d.path, d.code])).toEqual([['.cursor/rules', 'rule/unreadable']]);
      expect(json.summary).toMatchObject({ filesChecked: 0, agentFiles: 0 });
    } finally {
      fs.chmodSync(locked, 0o755);
    }
  });
});
