import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import type { CheckJson } from '../../server/cli/output';
import { agentlsWithHome } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/*
 * A user-level rule location agentls cannot read (`~/.roo/rules` a file, where Roo Code wants a
 * folder): JSON names it by its absolute path, as it names every user-level file, and its
 * message names it the same way; text says `~/.roo/rules` in both places.
 */

function setUp(): { ws: string; home: string; located: string } {
  const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.roo/rules/a.md': 'Be brief.\n' });
  const home = tempDir('agentls-home-');
  const located = path.join(home, '.roo', 'rules');
  fs.mkdirSync(path.dirname(located), { recursive: true });
  fs.writeFileSync(located, 'Not a folder.\n');
  return { ws, home, located };
}

describe('a user-level folder in the JSON reports', () => {
  it('rules --json: the unread folder and its message both name it by its absolute path; text says ~/ in both', () => {
    const { ws, home, located } = setUp();
    const buckets = JSON.parse(agentlsWithHome(ws, home, 'rules', '--json').stdout) as RuleBucketsResult;
    const entry = buckets.unread?.find((u) => u.path === located);
    expect(entry, JSON.stringify(buckets.unread)).toBeDefined();
    expect(entry!.message).toContain(`Make ${located} a folder`);
    expect(entry!.message).not.toContain('~/');

    const text = agentlsWithHome(ws, home, 'rules').stdout;
    expect(text).toContain('\n  ~/.roo/rules: This rule location is a file, not a folder: Roo Code reads no rules from it. Make ~/.roo/rules a folder');
    expect(text).not.toContain(home);
  });

  it('check --format json: a finding on it names it in its message as its path does', () => {
    const { ws, home, located } = setUp();
    const json = JSON.parse(agentlsWithHome(ws, home, 'check', '--format', 'json', located).stdout) as CheckJson;
    expect(json.diagnostics.map((d) => [d.path, d.code])).toEqual([[located, 'rule/unreadable']]);
    expect(json.diagnostics[0].message).toContain(`Make ${located} a folder`);
    // Text prints the path and the message alike, from ~.
    const text = agentlsWithHome(ws, home, 'check', located).stdout;
    expect(text).toContain('~/.roo/rules:1:1: error [rule/unreadable] This rule location is a file, not a folder: Roo Code reads no rules from it. Make ~/.roo/rules a folder');
  });
});
