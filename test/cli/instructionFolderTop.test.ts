import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import type { CheckJson } from '../../server/cli/output';
import { LIMITS } from '../../server/core/limits';
import { agentlsWithHome } from '../helpers/cliWithHome';
import { fillInstructionTop, instructionFolderCapped, instructionFolderReadByName } from '../helpers/instructionFolders';
import { tempDir, writeTree } from '../helpers/repo';

/*
 * A `.claude/rules` whose top alone holds more entries than agentls reads
 * (`LIMITS.instructionFolderEntries`): its names are listed (up to
 * `LIMITS.instructionFolderNames`) and its files among the first by name are read, not none
 * of them; past the names' bound, nothing is, as before. The server's side:
 * test/lsp/rules/instructionFolderTop.test.ts.
 */

const N = LIMITS.instructionFolderEntries;
const DEAD = '---\npaths:\n  - "nowhere/**"\n---\nScoped.\n';
type Sent = { agent: string; items: { path?: string }[] };
const sentBy = (buckets: RuleBucketsResult, agent: string) => (buckets as RuleBucketsResult & { alwaysSent: Sent[] }).alwaysSent.find((a) => a.agent === agent)?.items.map((i) => i.path) ?? [];
const home = () => tempDir('agentls-home-');

/**
 * `.claude/rules`: `a-sub/x.md` (a subfolder, first by name) and `N + 199` files `r00000.md`…,
 * the first and the last of which have a glob that matches nothing; the others are always sent.
 */
function workspace(): { ws: string; names: string[] } {
  const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.claude/rules/a-sub/x.md': 'Sub.\n' });
  const count = N + 199;
  const names = fillInstructionTop(ws, '.claude/rules', count, (i) => (i === 0 || i === count - 1 ? DEAD : `Rule ${i}.\n`));
  return { ws, names };
}

describe('a .claude/rules whose top holds more entries than agentls reads', () => {
  it('reads the files among its first entries by name, and says what was read (rules --json, check)', () => {
    const { ws, names } = workspace();
    const said = instructionFolderReadByName('Claude Code', names.length + 1);
    const rules = agentlsWithHome(ws, home(), 'rules', '--json', '--agents', 'claude');
    expect(rules.status, rules.stderr).toBe(0);
    const buckets = JSON.parse(rules.stdout) as RuleBucketsResult;
    // The first N entries by name: `a-sub` (not looked into) and r00000…r00998; r00000 has a glob, so is not always sent.
    const sent = sentBy(buckets, 'claude');
    expect(sent).toEqual(names.slice(1, N - 1).map((n) => `.claude/rules/${n}`));
    expect(buckets.unread?.map((u) => [u.path, u.code, u.message, u.readInPart])).toEqual([['.claude/rules', 'rule/too-large', said, true]]);

    const check = agentlsWithHome(ws, home(), 'check', '--format', 'json', '--agents', 'claude');
    expect(check.status, check.stderr).toBe(1);
    const report = JSON.parse(check.stdout) as CheckJson;
    expect(report.diagnostics.filter((d) => d.code === 'rule/too-large').map((d) => [d.path, d.severity, d.message])).toEqual([['.claude/rules', 'error', said]]);
    // Read, the first file's dead glob is judged; the last's, past the first N, is not (the folder's finding says so).
    expect(report.diagnostics.filter((d) => d.code === 'context/dead-glob').map((d) => d.path)).toEqual([`.claude/rules/${names[0]}`]);

    // A check asked for a file past them cannot judge it: incomplete, saying what was read.
    const past = agentlsWithHome(ws, home(), 'check', '--format', 'json', '--agents', 'claude', `.claude/rules/${names[names.length - 1]}`);
    expect(past.status, past.stderr).toBe(2);
    expect((JSON.parse(past.stdout) as CheckJson).incomplete).toEqual([`.claude/rules: ${said}`]);
  }, 120_000);

  it('reads nothing of a top of more names than it lists, and says so as before', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.claude/rules/a.md': 'Always.\n' });
    // Empty folders: the cheapest entries to make.
    for (let i = 0; i < LIMITS.instructionFolderNames; i++) fs.mkdirSync(path.join(ws, '.claude/rules', `e${String(i).padStart(5, '0')}`));
    const rules = agentlsWithHome(ws, home(), 'rules', '--json', '--agents', 'claude');
    expect(rules.status, rules.stderr).toBe(0);
    const buckets = JSON.parse(rules.stdout) as RuleBucketsResult;
    expect(sentBy(buckets, 'claude')).toEqual([]);
    expect(buckets.unread?.map((u) => [u.path, u.message, u.readInPart])).toEqual([['.claude/rules', instructionFolderCapped('Claude Code'), true]]);
  }, 120_000);
});
