import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import type { CheckJson } from '../../server/cli/output';
import { linkedLockedRuleFolder, ownedDir, unprivileged } from '../helpers/unprivileged';
import { builtCli } from '../helpers/cliWithHome';

/*
 * A package's nested rule folder that cannot be listed (no read permission): an agent run as
 * the same user loads no rule from it, as from a root rule folder so locked, which check says
 * on the folder (rule/unreadable). Root reads every folder: the built CLI runs as `nobody`.
 */
const runAs = unprivileged();
const MESSAGE = 'This rule folder cannot be listed (no read permission): Cursor loads no rules from it when run as this user, and agentls cannot check them.';

describe('a package rule folder with no read permission', () => {
  it.skipIf('skip' in runAs)(`is rule/unreadable on the folder, and check still exits 2 saying it could not read it (run as ${'skip' in runAs ? runAs.skip : runAs.name})`, () => {
    if ('skip' in runAs) return;
    const ws = ownedDir(runAs, { 'packages/web/.cursor/rules/style.mdc': '---\nalwaysApply: true\n---\nUse tokens.\n', 'packages/web/src/a.ts': 'export const a = 1;\n' });
    const home = ownedDir(runAs);
    const locked = path.join(ws, 'packages/web/.cursor/rules');
    fs.chmodSync(locked, 0);
    try {
      const run = (...args: string[]) => builtCli(['check', ...args], { cwd: ws, root: ws, home, user: runAs.user });
      const text = run();
      expect(text.status).toBe(2);
      expect(text.stderr).toContain('cannot read folder packages/web/.cursor/rules');
      expect(text.stdout).toContain(`packages/web/.cursor/rules:1:1: error [rule/unreadable] ${MESSAGE}`);
      const json = JSON.parse(run('--format', 'json').stdout) as CheckJson;
      expect(json.diagnostics.map((d) => [d.path, d.code, d.severity, d.message])).toEqual([['packages/web/.cursor/rules', 'rule/unreadable', 'error', MESSAGE]]);
      expect(json.incomplete).toEqual(['cannot read folder packages/web/.cursor/rules']);
    } finally {
      fs.chmodSync(locked, 0o755);
    }
  });

  it.skipIf('skip' in runAs)(`linked to a folder it cannot list: rule/unreadable on the link, as a real one, and in the unread of agentls rules (run as ${'skip' in runAs ? runAs.skip : runAs.name})`, () => {
    if ('skip' in runAs) return;
    const { ws, unlock } = linkedLockedRuleFolder(runAs);
    const home = ownedDir(runAs);
    try {
      const run = (...args: string[]) => builtCli(args, { cwd: ws, root: ws, home, user: runAs.user });
      const json = run('check', '--format', 'json');
      expect(json.status).toBe(2);
      const check = JSON.parse(json.stdout) as CheckJson;
      expect(check.diagnostics.map((d) => [d.path, d.code, d.severity, d.message])).toEqual([['packages/web/.cursor/rules', 'rule/unreadable', 'error', MESSAGE]]);
      expect(check.incomplete).toContain('cannot read folder packages/web/.cursor/rules');
      const rules = JSON.parse(run('rules', '--json').stdout) as RuleBucketsResult;
      expect(rules.unread).toEqual([{ path: 'packages/web/.cursor/rules', code: 'rule/unreadable', message: MESSAGE }]);
    } finally {
      unlock();
    }
  });

});
