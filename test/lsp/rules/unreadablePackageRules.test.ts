import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../protocol/rules';
import { useLspClients } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';
import { linkedLockedRuleFolder, ownedDir, unprivileged } from '../../helpers/unprivileged';

/*
 * A package's nested rule folder the server cannot list (no read permission): pushed on the
 * folder as agentls check reports it (test/cli/checkUnreadablePackageRules.test.ts); and the
 * root's, linked to such a folder (test/rules/unreadableFolder.test.ts for check). Root reads
 * every folder: the server runs as `nobody`, in a workspace, home and cache it owns.
 */
const runAs = unprivileged();
const start = useLspClients(afterEach);
const MESSAGE = 'This rule folder cannot be listed (no read permission): Cursor loads no rules from it when run as this user, and agentls cannot check them.';

describe('a package rule folder with no read permission', () => {
  it.skipIf('skip' in runAs)(`is pushed on the folder as rule/unreadable (run as ${'skip' in runAs ? runAs.skip : runAs.name})`, async () => {
    if ('skip' in runAs) return;
    const ws = ownedDir(runAs, { 'packages/web/.cursor/rules/style.mdc': 'Use tokens.\n', 'packages/web/src/a.ts': 'export const a = 1;\n' });
    const locked = path.join(ws, 'packages/web/.cursor/rules');
    fs.chmodSync(locked, 0);
    try {
      const c = await start({ folders: [ws], home: ownedDir(runAs), cacheDir: ownedDir(runAs), user: runAs.user });
      const got = await c.waitForDiagnostics(c.uri(locked), (ds) => ds.length > 0);
      expect(got.map((d) => [d.code, d.severity, d.message])).toEqual([['rule/unreadable', 1, MESSAGE]]);
    } finally {
      fs.chmodSync(locked, 0o755);
    }
  });

  it.skipIf('skip' in runAs)(`linked to a folder it cannot list: in the buckets' unread and pushed on the link, as a real one is (run as ${'skip' in runAs ? runAs.skip : runAs.name})`, async () => {
    if ('skip' in runAs) return;
    const { ws, link, unlock } = linkedLockedRuleFolder(runAs);
    try {
      const c = await start({ folders: [ws], home: ownedDir(runAs), cacheDir: ownedDir(runAs), user: runAs.user });
      const buckets = await until('the buckets from the complete index', () => c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) }), (r) => r.indexing === undefined);
      expect(buckets.unread).toEqual([{ path: 'packages/web/.cursor/rules', code: 'rule/unreadable', message: MESSAGE }]);
      expect(buckets.nestedFolders).toEqual([]);
      const got = await c.waitForDiagnostics(c.uri(link), (ds) => ds.length > 0);
      expect(got.map((d) => [d.code, d.severity, d.message])).toEqual([['rule/unreadable', 1, MESSAGE]]);
    } finally {
      unlock();
    }
  });

  it.skipIf('skip' in runAs)(`the root's linked to a folder it cannot list: in the buckets' unread and pushed on the link, as a real one is (run as ${'skip' in runAs ? runAs.skip : runAs.name})`, async () => {
    if ('skip' in runAs) return;
    const { ws, link, unlock } = linkedLockedRuleFolder(runAs, '.cursor/rules');
    const message = 'This rule folder cannot be listed (no read permission): Cursor and the xcsh agent load no rules from it when run as this user, and agentls cannot check them.';
    try {
      const c = await start({ folders: [ws], home: ownedDir(runAs), cacheDir: ownedDir(runAs), user: runAs.user });
      const buckets = await until('the buckets from the complete index', () => c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) }), (r) => r.indexing === undefined);
      expect(buckets.unread).toEqual([{ path: '.cursor/rules', code: 'rule/unreadable', message }]);
      const got = await c.waitForDiagnostics(c.uri(link), (ds) => ds.length > 0);
      expect(got.map((d) => [d.code, d.severity, d.message])).toEqual([['rule/unreadable', 1, message]]);
    } finally {
      unlock();
    }
  });
});
