import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../protocol/rules';
import { useLspClients } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';
import { HOME_AGENTS_WORKSPACE } from '../../helpers/homeAgentsWorkspace';

/*
 * The user-level rule folders of Roo Code, Continue and Claude Code as links to nothing, in the
 * server, for a project that uses each of those agents: each is among the rule folders it could
 * not read (as Cline's global folder is), naming the agent that reads no rules there, and the
 * link's own diagnostics say so.
 */
const start = useLspClients(afterEach);

describe("the server and another agent's user-level rule folder linked to nothing", () => {
  it('lists each among the folders it could not read and reports it on the link', async () => {
    const ws = writeTree(tempDir(), { ...HOME_AGENTS_WORKSPACE, 'CLAUDE.md': '# Project\n' });
    const home = tempDir('agentls-home-');
    const links = { '.roo/rules': 'Roo Code', '.continue/rules': 'Continue', '.claude/rules': 'Claude Code', '.roo/rules-ask': 'Roo Code' };
    for (const rel of Object.keys(links)) {
      fs.mkdirSync(path.join(home, path.dirname(rel)), { recursive: true });
      fs.symlinkSync('../gone', path.join(home, rel));
    }
    const c = await start({ folders: [ws], home });
    await c.waitForLog(/file index: \d+ files/);
    const buckets = await until('the buckets from the complete index', () => c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) }), (r) => r.indexing === undefined);
    const said = (buckets.unread ?? []).map((u) => [u.code, u.message]);
    for (const agent of Object.values(links).filter((a) => a !== 'Continue')) expect(said).toContainEqual(['rule/unreadable', `This rule location is a symbolic link that leads to ../gone, which does not exist: ${agent} reads no rules from it.`]);
    // Continue's loader reads no rule from it and says nothing (rules/agents/continue.ts): a warning in Continue's words.
    expect(said).toContainEqual(['rule/unreadable', expect.stringMatching(/^This rule folder is a symbolic link that leads to \.\.\/gone, which does not exist: Continue reads no rules from it, without a word/)]);
    const onLink = await c.waitForDiagnostics(c.uri(path.join(home, '.roo/rules')), (d) => d.length > 0, 20_000);
    expect(onLink.map((d) => [d.code, d.message])).toEqual([['rule/unreadable', 'This rule location is a symbolic link that leads to ../gone, which does not exist: Roo Code reads no rules from it.']]);
    // A built-in mode's folder, which Roo Code's view reads as it reads ~/.roo/rules.
    const onModeLink = await c.waitForDiagnostics(c.uri(path.join(home, '.roo/rules-ask')), (d) => d.length > 0, 20_000);
    expect(onModeLink.map((d) => [d.code, d.message])).toEqual([['rule/unreadable', 'This rule location is a symbolic link that leads to ../gone, which does not exist: Roo Code reads no rules from it.']]);
  });
});

/*
 * The same link where the project does not use its agent (`auto`, a project of Cursor's alone):
 * the server says nothing of it, on the link or among the folders it could not read, as
 * `agentls check` leaves it out of its note; once the project uses the agent (its first
 * `.roo/rules` file), both say it, and no longer once that file is gone.
 */
describe("the server and another agent's user-level rule folder linked to nothing, that agent not in play", () => {
  it('says nothing of it until the project uses the agent, then says it on the link and in the buckets', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.cursor/rules/a.mdc': '---\nalwaysApply: true\n---\nUse tabs.\n', 'src/a.ts': 'x\n' });
    const home = tempDir('agentls-home-');
    fs.mkdirSync(path.join(home, '.roo'));
    fs.symlinkSync('../gone', path.join(home, '.roo/rules'));
    const c = await start({ folders: [ws], home });
    const link = c.uri(path.join(home, '.roo/rules'));
    const said = 'This rule location is a symbolic link that leads to ../gone, which does not exist: Roo Code reads no rules from it.';
    const unread = async (wanted: (paths: string[]) => boolean) => {
      const buckets = await until('the buckets', () => c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) }), (r) => r.indexing === undefined && wanted((r.unread ?? []).map((u) => u.path)));
      return (buckets.unread ?? []).map((u) => [u.path, u.message]);
    };
    // Logged after the first findings of every rule place the engine reports were sent: none came for the link.
    await c.waitForLog(/^rules: \d+ rule files the xcsh agent lists/, 30_000);
    expect(c.diagnostics.get(link)?.diagnostics ?? []).toEqual([]);
    expect(await unread(() => true)).toEqual([]);

    // The client reports what changed on disk (the server watches nothing itself here).
    const told = (type: number, ...rels: string[]) => c.notify('workspace/didChangeWatchedFiles', { changes: rels.map((rel) => ({ uri: c.uri(path.join(ws, rel)), type })) });
    writeTree(ws, { '.roo/rules/b.md': 'Be brief.\n' });
    await told(1, '.roo', '.roo/rules', '.roo/rules/b.md');
    expect((await c.waitForDiagnostics(link, (d) => d.length > 0, 20_000)).map((d) => [d.code, d.message])).toEqual([['rule/unreadable', said]]);
    expect(await unread((paths) => paths.length > 0)).toEqual([[path.join(home, '.roo/rules'), said]]);

    fs.rmSync(path.join(ws, '.roo'), { recursive: true });
    await told(3, '.roo/rules/b.md', '.roo/rules', '.roo');
    expect(await c.waitForDiagnostics(link, (d) => d.length === 0, 20_000)).toEqual([]);
    expect(await unread((paths) => paths.length === 0)).toEqual([]);
  });
});

/*
 * The place the link leads to is made while the server runs (`~/.claude/rules → /elsewhere/rules`,
 * then `/elsewhere/rules` made): nothing changes at the link, so the home's watcher saw nothing,
 * and the error stayed while Claude Code read the rules there. The server now watches the folder
 * above where the link leads while it leads nowhere.
 */
describe('a user-level rule folder linked to nothing, its target made while the server runs', () => {
  it('drops the error on the link and lists the rules behind it', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'CLAUDE.md': '# Project\n', 'src/a.ts': 'x\n' });
    const home = tempDir('agentls-home-');
    const elsewhere = tempDir('agentls-elsewhere-');
    const target = path.join(elsewhere, 'rules');
    fs.mkdirSync(path.join(home, '.claude'));
    fs.symlinkSync(target, path.join(home, '.claude/rules'));
    const c = await start({ folders: [ws], home });
    const link = c.uri(path.join(home, '.claude/rules'));
    const before = await c.waitForDiagnostics(link, (d) => d.length > 0, 20_000);
    expect(before.map((d) => [d.code, d.message])).toEqual([['rule/unreadable', `This rule location is a symbolic link that leads to ${target}, which does not exist: Claude Code reads no rules from it.`]]);
    // Made in one step, its rule in it: written beside it, then renamed into place.
    const staged = writeTree(path.join(elsewhere, 'staged'), { 'style.md': '---\npaths:\n  - "src/**"\n---\nUse tabs.\n' });
    fs.renameSync(staged, target);
    expect(await c.waitForDiagnostics(link, (d) => d.length === 0, 20_000)).toEqual([]);
    const claudeRules = (r: RuleBucketsResult) => (r.agentRules ?? []).find((a) => a.agent === 'claude')?.rules.map((rule) => [rule.path, rule.mode]) ?? [];
    const buckets = await until('the rule behind the link among Claude Code’s', () => c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) }), (r) => claudeRules(r).some(([p]) => p.endsWith('style.md')));
    expect(claudeRules(buckets)).toContainEqual([path.join(home, '.claude/rules/style.md'), 'glob']);
    expect((buckets.unread ?? []).map((u) => u.message).join('\n')).not.toContain(target);
  });
});
