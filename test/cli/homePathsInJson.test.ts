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

/*
 * The lines of a run that say what it left out (`incomplete`) or that it found nothing to lint
 * (`noAgentFiles`), of a place in the home: JSON and SARIF name it by its absolute path, as they
 * name every user-level file; text says it from `~`.
 */
describe("a user-level place in the run's incomplete and noAgentFiles lines", () => {
  const sarifNotes = (stdout: string) =>
    (JSON.parse(stdout) as { runs: { invocations: { toolExecutionNotifications?: { message: { text: string } }[] }[] }[] }).runs[0].invocations[0].toolExecutionNotifications?.map((n) => n.message.text) ?? [];

  it('incomplete: a link in ~/.claude/rules leading out of the user-level folders', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n' });
    const home = writeTree(tempDir('agentls-home-'), { '.claude/rules/style.md': 'Use tabs.\n' });
    const elsewhere = writeTree(tempDir('agentls-elsewhere-'), { 'shared.md': 'Be brief.\n' });
    const link = path.join(home, '.claude', 'rules', 'shared');
    fs.symlinkSync(elsewhere, link);
    const folder = path.join(home, '.claude', 'rules');
    const said = 'leads outside the user-level rule folders through a symbolic link, which Claude Code follows to read the rules there, so it is not checked';

    const json = agentlsWithHome(ws, home, 'check', '--format', 'json', folder);
    expect(json.status).toBe(2);
    expect((JSON.parse(json.stdout) as CheckJson).incomplete).toEqual([`${link} ${said}`]);
    expect(sarifNotes(agentlsWithHome(ws, home, 'check', '--format', 'sarif', folder).stdout)).toEqual([`${link} ${said}`]);
    const text = agentlsWithHome(ws, home, 'check', folder);
    expect(text.stderr).toContain(`agentls check: ~/.claude/rules/shared ${said}\n`);
    expect(text.stderr).not.toContain(home);
  });

  it('incomplete, of a run that checked nothing: the places ~/.claude would hold', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n' });
    const home = writeTree(tempDir('agentls-home-'), { '.claude/settings.json': '{}\n' });
    const claude = path.join(home, '.claude');
    const json = agentlsWithHome(ws, home, 'check', '--format', 'json', claude);
    expect(json.status).toBe(2);
    expect((JSON.parse(json.stdout) as CheckJson).incomplete).toEqual([
      `${claude}: agentls checks only what Claude Code reads there: ${path.join(claude, 'CLAUDE.md')} and ${path.join(claude, 'rules')}, and none of it is there`,
    ]);
    expect(agentlsWithHome(ws, home, 'check', claude).stderr).toBe(`agentls check: ${claude}: agentls checks only what Claude Code reads there: ~/.claude/CLAUDE.md and ~/.claude/rules, and none of it is there\n`);
  });

  it('noAgentFiles: a file of ~/.claude/rules that is no rule file', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n' });
    const home = writeTree(tempDir('agentls-home-'), { '.claude/rules/notes.txt': 'Not a rule.\n' });
    const notes = path.join(home, '.claude', 'rules', 'notes.txt');
    const json = agentlsWithHome(ws, home, 'check', '--format', 'json', notes);
    expect(json.status).toBe(0);
    expect((JSON.parse(json.stdout) as CheckJson).noAgentFiles).toBe(`Found no rule files, prompt documents, hashline patches or ast-edit recipes in ${notes}`);
    expect(sarifNotes(agentlsWithHome(ws, home, 'check', '--format', 'sarif', notes).stdout)).toEqual([`Found no rule files, prompt documents, hashline patches or ast-edit recipes in ${notes}`]);
    expect(agentlsWithHome(ws, home, 'check', notes).stdout).toBe('Checked 1 file: found no rule files, prompt documents, hashline patches or ast-edit recipes in ~/.claude/rules/notes.txt.\n');
  });
});
