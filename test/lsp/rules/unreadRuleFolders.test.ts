import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../protocol/rules';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { useLspClients } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';
import { tempDir } from '../../helpers/repo';
import { ALL_UNREAD, FILE, UNREAD_FOR_FILE, unreadFoldersTree } from '../../helpers/unreadRuleFolders';

/*
 * The rule folders the server could not read, as `agentls rules` says them
 * (test/cli/rulesUnreadFolders.test.ts): every one in `agentls/ruleBuckets` and its report,
 * those that could reach the file in `agentls/rulesForFile` and its report, with how many others.
 */
const start = useLspClients(afterEach);

const paths = (unread: { path: string; code: string }[] | undefined) => unread?.map((u) => [u.path, u.code]);

describe('the server and the rule folders it could not read', () => {
  it('agentls/ruleBuckets lists every one (unread), and the buckets report ends with them', async () => {
    const { ws } = unreadFoldersTree();
    const c = await start({ folders: [ws], home: tempDir('agentls-home-') });
    await c.waitForLog(/file index: \d+ files/);
    const buckets = await until('the buckets from the complete index', () => c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) }), (r) => r.indexing === undefined);
    expect(paths(buckets.unread)).toEqual(ALL_UNREAD);

    await c.executeCommand('agentls.rules.showBuckets', [{ uri: c.uri(ws) }]);
    await c.waitFor('a report', () => c.shownDocuments.length > 0);
    const report = fs.readFileSync(new URL(c.shownDocuments[0]), 'utf8');
    expect(report.endsWith(`\nRule folders agentls could not read (their rules are not listed here):\n\n${buckets.unread!.map((u) => `- \`${u.path}\`: ${u.message}\n`).join('')}`)).toBe(true);
  });

  it('agentls/rulesForFile keeps those that could reach the file and counts the others, and its report says where they are', async () => {
    const { ws } = unreadFoldersTree();
    const c = await start({ folders: [ws], home: tempDir('agentls-home-') });
    await c.waitForLog(/file index: \d+ files/);
    const uri = c.uri(path.join(ws, FILE));
    const forFile = await until('the rules for the file from the complete index', () => c.request<RulesForFileResult>('agentls/rulesForFile', { uri }), (r) => r.indexing === undefined);
    expect(paths(forFile.unread)).toEqual(UNREAD_FOR_FILE);
    expect(forFile.unreadElsewhere).toBe(2);

    await c.executeCommand('agentls.rules.showForFile', [{ uri }]);
    await c.waitFor('a report', () => c.shownDocuments.length > 0);
    const report = fs.readFileSync(new URL(c.shownDocuments[0]), 'utf8');
    expect(report).not.toContain('packages/api/');
    expect(report.endsWith('\n2 other rule folders agentls could not read are in packages that do not hold this file, so their rules cannot reach it: `agentls rules` and the rule buckets report (`agentls.rules.showBuckets`) list them.\n')).toBe(true);
  });
});
