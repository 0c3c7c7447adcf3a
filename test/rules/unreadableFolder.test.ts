import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import type { CheckJson } from '../../server/cli/output';
import { linkedLockedRuleFolder, ownedDir, unprivileged } from '../helpers/unprivileged';
import { builtCli } from '../helpers/cliWithHome';

const runAs = unprivileged();

describe('a rule folder that exists but cannot be listed', () => {
  it.skipIf('skip' in runAs)(`is an error of the folder in check, and makes agentls rules exit 2 (run as ${'skip' in runAs ? runAs.skip : runAs.name})`, () => {
    if ('skip' in runAs) return;
    // Root lists every folder: the built CLI runs as an unprivileged user, in a workspace and home it owns.
    const ws = ownedDir(runAs, { '.git/HEAD': '', '.cursor/rules/style.mdc': '---\ndescription: House style\nalwaysApply: true\n---\nUse tabs.\n' });
    const home = ownedDir(runAs);
    const agentls = (...args: string[]) => builtCli(args, { cwd: ws, home, user: runAs.user });
    expect(agentls('rules').status).toBe(0);
    fs.chmodSync(path.join(ws, '.cursor', 'rules'), 0);
    try {
      const rules = agentls('rules');
      expect(rules.status).toBe(2);
      expect(rules.stderr).toBe('agentls rules: cannot read folder .cursor/rules: its rules are not listed\n');
      const check = agentls('check', '--format', 'json');
      expect(check.status).toBe(2);
      const found = (JSON.parse(check.stdout) as { diagnostics: { path: string; code: string; severity: string; message: string }[] }).diagnostics;
      expect(found.map((d) => [d.path, d.code, d.severity])).toEqual([['.cursor/rules', 'rule/unreadable', 'error']]);
      expect(found[0].message).toMatch(/^This rule folder cannot be listed \(no read permission\): Cursor and the xcsh agent load no rules from it/);
    } finally {
      fs.chmodSync(path.join(ws, '.cursor', 'rules'), 0o755);
    }
  });

  it.skipIf('skip' in runAs)(`linked to a folder of the workspace it cannot list, is the same error of the link, and in the unread of agentls rules (run as ${'skip' in runAs ? runAs.skip : runAs.name})`, () => {
    if ('skip' in runAs) return;
    const { ws, unlock } = linkedLockedRuleFolder(runAs, '.cursor/rules');
    const home = ownedDir(runAs);
    try {
      const run = (...args: string[]) => builtCli(args, { cwd: ws, root: ws, home, user: runAs.user });
      const message = 'This rule folder cannot be listed (no read permission): Cursor and the xcsh agent load no rules from it when run as this user, and agentls cannot check them.';
      const check = run('check', '--format', 'json');
      expect(check.status).toBe(2);
      const json = JSON.parse(check.stdout) as CheckJson;
      expect(json.diagnostics.map((d) => [d.path, d.code, d.severity, d.message])).toEqual([['.cursor/rules', 'rule/unreadable', 'error', message]]);
      // The workspace's own walk meets the locked folder where it really is, and says so.
      expect(json.incomplete).toEqual(['cannot read folder shared/rules']);
      const rules = run('rules', '--json');
      expect(rules.status).toBe(2);
      expect((JSON.parse(rules.stdout) as RuleBucketsResult).unread).toEqual([{ path: '.cursor/rules', code: 'rule/unreadable', message }]);
    } finally {
      unlock();
    }
  });
});
