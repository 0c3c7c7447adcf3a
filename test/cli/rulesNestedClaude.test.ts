import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import type { RulesForFileResult } from '../../protocol/rulesContext';
import { PLAIN_AND_GIT_TREES } from '../helpers/git';
import { API_MEMORY, LOADED_THERE, nestedClaudeTree } from '../helpers/nestedClaudeMemory';
import { tempDir, writeTree } from '../helpers/repo';
import { MAX_NESTED_FOLDERS } from '../../server/rules/context/nestedRules';
import { builtCli, builtCliOut } from '../helpers/cliWithHome';
import { cliRulesFor } from '../helpers/rulesFor';

/** The built CLI, as a user runs it: it must exit 0. */
const agentls = builtCliOut;

/** Claude Code's rules for one file. */
const claudeFor = (ws: string, file: string) => cliRulesFor(ws, file, 'claude');

describe.each(PLAIN_AND_GIT_TREES)("agentls rules lists a package's own CLAUDE.md (%s)", (_, prepare) => {
  it('--for a file of the package: its CLAUDE.md, CLAUDE.local.md and their imports apply, loaded when Claude Code reads files there', () => {
    const ws = prepare(nestedClaudeTree());
    const rules = claudeFor(ws, 'packages/api/src/x.ts');
    expect(rules.map((r) => [r.path, r.applies])).toEqual([['CLAUDE.md', true], ...API_MEMORY.map((p) => [p, true])]);
    for (const r of rules.slice(1)) {
      expect(r.reason).toContain(LOADED_THERE);
      expect(r.onDemandIn).toBe('packages/api');
    }
    // Another package's file: listed, with why it does not reach it.
    const web = claudeFor(ws, 'packages/web/x.ts');
    expect(web.map((r) => [r.path, r.applies])).toEqual([['CLAUDE.md', true], ...API_MEMORY.map((p) => [p, false])]);
    expect(web[1].reason).toContain('Claude Code loads it only when it reads files in packages/api/');
  });

  it('in nestedFolders of --json and a section of the text, out of "sent in every request"', () => {
    const ws = prepare(nestedClaudeTree());
    const buckets = JSON.parse(agentls(ws, 'rules', '--json')) as RuleBucketsResult;
    const nested = buckets.nestedFolders?.map((f) => ({ agent: f.agent, folder: f.folder, onDemand: f.onDemand, rules: f.rules.map((r) => r.path) }));
    expect(nested).toEqual([{ agent: 'claude', folder: 'packages/api', onDemand: true, rules: API_MEMORY }]);
    expect(buckets.alwaysSent?.find((a) => a.agent === 'claude')?.items.map((i) => i.path)).toEqual(['CLAUDE.md']);
    expect(buckets.agentRules?.find((a) => a.agent === 'claude')?.rules.map((r) => r.path)).toEqual(['CLAUDE.md']);

    const text = agentls(ws, 'rules');
    const at = text.indexOf('Claude Code, memory in packages/api/ (3): loaded when Claude Code reads files in packages/api/, not at start');
    expect(at, text).toBeGreaterThan(text.indexOf('Sent in every request'));
    // A name too long for the name column keeps its line, and its row goes on below it.
    const lines = text.slice(at).split('\n').slice(1);
    const rows: string[] = [];
    for (const line of lines.slice(0, lines.findIndex((l) => l.trim() === ''))) {
      if (/^ {4,}\S/.test(line) && rows.length && !rows[rows.length - 1].includes('  ')) rows[rows.length - 1] += `  ${line.trim()}`;
      else rows.push(line.trim());
    }
    expect(rows.map((l) => l.split(' ')[0])).toEqual(API_MEMORY);
    for (const row of rows) expect(row).toMatch(/ on demand, within packages\/api\/ · ≈\d+ tokens?$/);
    // No `.xcsh` here, and the xcsh agent loads nothing: the section does not speak of it.
    expect(text).not.toContain('xcsh');
    expect(agentls(ws, 'rules', '--agents', 'claude')).not.toContain('the xcsh agent does not read them');
  });
});

/** Said of the folders left out, in the words of a capped listing. */
const NESTED_CLAUDE_CAPPED = `stopped reading subfolders' CLAUDE.md files after ${MAX_NESTED_FOLDERS} folders, nearest the root first`;

describe('agentls rules says when there are more folders with a CLAUDE.md than it reads', () => {
  it('lists the nearest the root, says the cap in --json and the text, and exits 2', () => {
    const tree: Record<string, string> = {};
    for (let i = 0; i <= MAX_NESTED_FOLDERS; i++) tree[`packages/p${String(i).padStart(3, '0')}/CLAUDE.md`] = 'Package notes.\n';
    const ws = writeTree(tempDir(), tree);
    const json = builtCli(['rules', '--json'], { cwd: ws });
    expect(json.status, json.stderr).toBe(2);
    const buckets = JSON.parse(json.stdout) as RuleBucketsResult;
    expect(buckets.incomplete).toEqual([NESTED_CLAUDE_CAPPED]);
    const folders = buckets.nestedFolders?.map((f) => f.folder) ?? [];
    expect(folders.length).toBe(MAX_NESTED_FOLDERS);
    expect(folders).not.toContain(`packages/p${MAX_NESTED_FOLDERS}`);
    const text = builtCli(['rules'], { cwd: ws });
    expect(text.stdout.trimEnd().split('\n').at(-1)).toBe(`Incomplete: ${NESTED_CLAUDE_CAPPED}: rule folders past that are not listed here.`);
    expect(text.stderr).toContain(`agentls rules: ${NESTED_CLAUDE_CAPPED}\n`);
  });
});

describe('agentls rules of an unreadable CLAUDE.md in a package, and of a package\'s .cursor/rules', () => {
  it('tells the unreadable package memory with that package, loaded on demand, not under "in every request"', () => {
    const ws = writeTree(tempDir(), { 'CLAUDE.md': 'Keep answers short.\n', 'packages/api/CLAUDE.md': 'api\0memory\n', 'packages/api/x.ts': 'export {};\n' });
    const buckets = JSON.parse(agentls(ws, 'rules', '--json')) as RuleBucketsResult;
    expect(buckets.alwaysSent?.find((a) => a.agent === 'claude')?.uncounted).toEqual([]);
    const folder = buckets.nestedFolders?.find((f) => f.agent === 'claude');
    expect(folder?.folder).toBe('packages/api');
    expect(folder?.onDemand).toBe(true);
    expect(folder?.unread?.map((u) => u.path)).toEqual(['packages/api/CLAUDE.md']);
    const text = agentls(ws, 'rules');
    const every = text.slice(text.indexOf('Sent in every request'), text.indexOf('Claude Code, memory in packages/api/'));
    expect(every).not.toContain('packages/api/CLAUDE.md');
    const section = text.slice(text.indexOf('Claude Code, memory in packages/api/'));
    expect(section).toMatch(/not read: packages\/api\/CLAUDE\.md \(.*binary/);
  });

  it('--for a file: a package\'s Cursor rule carries that package in onDemandIn, as Claude Code\'s memory there does', () => {
    const ws = writeTree(tempDir(), { '.cursor/rules/root.mdc': '---\nalwaysApply: true\n---\nShort.\n', 'packages/web/.cursor/rules/web.mdc': '---\nalwaysApply: true\n---\nVite.\n', 'packages/web/x.ts': 'export {};\n' });
    const answer = JSON.parse(agentls(ws, 'rules', '--for', 'packages/web/x.ts', '--json')) as RulesForFileResult;
    const cursor = answer.agents.find((a) => a.agent === 'cursor')?.rules ?? [];
    expect(cursor.map((r) => [r.path, r.applies, r.onDemandIn])).toEqual([
      ['.cursor/rules/root.mdc', true, undefined],
      ['packages/web/.cursor/rules/web.mdc', true, 'packages/web'],
    ]);
  });
});
