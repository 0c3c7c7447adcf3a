import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import type { RuleBucketsResult } from '../../../protocol/rules';
import { type LspTestClient, useLspClients } from '../../helpers/lspClient';
import { searchNames, until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/** A rule of the same name in xcsh's folder and in Cursor's: for the xcsh agent, its own wins. */
function project(): string {
  return writeTree(tempDir(), {
    '.xcsh/rules/style.md': '---\ndescription: Use the design tokens\n---\nUse the design tokens.\n',
    '.cursor/rules/style.mdc': '---\ndescription: Style\nalwaysApply: false\n---\nStyle rule.\n',
  });
}

const codes = (ds: Diagnostic[]) => ds.map((d) => String(d.code));

/** The xcsh rule is loaded from its own folder, and the Cursor one is shadowed: seen in the buckets and in both files' findings. */
async function xcshRuleStillRead(c: LspTestClient, ws: string): Promise<void> {
  const buckets = await until('style from .xcsh in the rulebook', () => c.request<RuleBucketsResult>('agentls/ruleBuckets', {}), (b) => b.rules.some((r) => r.name === 'style' && r.path.endsWith('.xcsh/rules/style.md')), 10_000);
  expect(buckets.buckets.rulebook).toEqual(['style']);
  const cursor = await c.open(path.join(ws, '.cursor/rules/style.mdc'));
  await c.waitForDiagnostics(cursor, (ds) => codes(ds).includes('rule/shadowed'));
  const xcsh = await c.open(path.join(ws, '.xcsh/rules/style.md'));
  const ds = await c.waitForDiagnostics(xcsh, (d) => codes(d).includes('context/drift'));
  expect(codes(ds)).not.toContain('rule/not-read');
}

describe("the xcsh agent's rules in the server ignore the editor's search.exclude", () => {
  it('a rule file search.exclude names at start is still read by the xcsh agent', async () => {
    const ws = project();
    const c = await start({ folders: [ws], home: tempDir('agentls-home-'), settings: { search: { exclude: ['.xcsh/rules/style.md'] } } });
    await xcshRuleStillRead(c, ws);
  });

  it('and after the setting changes to name it, when its folder is listed again', async () => {
    const ws = project();
    const c = await start({ folders: [ws], home: tempDir('agentls-home-') });
    await xcshRuleStillRead(c, ws);
    const rel = '.xcsh/rules/style.md';
    await until('style.md in the index', () => searchNames(c, 'style.md'), (names) => names.includes(rel), 10_000);
    await c.changeSettings({ search: { exclude: ['.xcsh/rules/style.md'] } });
    // The index follows the setting (what search.exclude is for), the xcsh model does not.
    await until('style.md out of the index', () => searchNames(c, 'style.md'), (names) => !names.includes(rel), 10_000);
    // A new rule beside it makes the rules engine list the folder again, under the new setting.
    fs.writeFileSync(path.join(ws, '.xcsh/rules/extra.md'), '---\ndescription: Extra\n---\nExtra rule.\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, '.xcsh/rules/extra.md')), type: 1 }] });
    const buckets = await until('extra in the rulebook', () => c.request<RuleBucketsResult>('agentls/ruleBuckets', {}), (b) => b.buckets.rulebook.includes('extra'), 10_000);
    expect(buckets.rules.find((r) => r.name === 'style')?.path).toBe(rel);
  });
});
