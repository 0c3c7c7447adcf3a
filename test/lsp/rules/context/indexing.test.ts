import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import type { RuleBucketsResult } from '../../../../protocol/rules';
import type { RulesForFileResult } from '../../../../protocol/rulesContext';
import { useLspClients } from '../../../helpers/lspClient';
import { until } from '../../../helpers/polling';
import { copyFixture, tempDir } from '../../../helpers/repo';

const start = useLspClients(afterEach);

/** The rules-context fixture, 40 folders of 50 files for the first index to list, and a package with its own `.cursor/rules`. */
function workspace(): { ws: string; file: (rel: string) => string } {
  const ws = copyFixture('rules-context');
  const file = (rel: string) => path.join(ws, ...rel.split('/'));
  for (let d = 0; d < 40; d++) {
    fs.mkdirSync(file(`module${d}`));
    for (let f = 0; f < 50; f++) fs.writeFileSync(file(`module${d}/Widget${d}x${f}.java`), '');
  }
  fs.mkdirSync(file('packages/web/src'), { recursive: true });
  fs.writeFileSync(file('packages/web/src/b.tsx'), 'x\n');
  fs.mkdirSync(file('packages/web/.cursor/rules'), { recursive: true });
  fs.writeFileSync(file('packages/web/.cursor/rules/react.mdc'), '---\nglobs: src/**/*.tsx\n---\nReact.\n');
  return { ws, file };
}

const nestedRules = (r: RulesForFileResult) => r.agents.find((a) => a.agent === 'cursor')?.rules.filter((x) => x.path.startsWith('packages/')) ?? [];

describe('rules for a file during the first index', () => {
  it('answers at once from what the index holds, says the index is still being built, and lists the nested rules once it is complete', async () => {
    const { ws, file } = workspace();
    // The server holds its first listing half-way until this file exists.
    const gate = path.join(tempDir('agentls-gate-'), 'go');
    const c = await start({ folders: [ws], env: { AGENTLS_TEST_HOLD_INDEX: gate } });

    // Held: rules for a file, its hover and the buckets answer now, without waiting for the index.
    const early = await c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(file('packages/web/src/b.tsx')) });
    expect(fs.existsSync(gate)).toBe(false);
    expect(early.indexing).toBe(true);
    expect(early.agents[0].rules.filter((r) => r.applies).map((r) => r.name)).toContain('always');
    const uri = await c.open(file('packages/web/src/b.tsx'), undefined, 'typescriptreact');
    const hover = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } });
    expect((hover.contents as MarkupContent).value).toContain('The file index is still being built');
    const heldBuckets = await c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(file('src/a.ts')) });
    expect(fs.existsSync(gate)).toBe(false);
    // The buckets say so too: their nested rule folders come from the same index.
    expect(heldBuckets.indexing).toBe(true);

    fs.writeFileSync(gate, '');
    const done = await until(
      'rules for the file from the complete index',
      () => c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(file('packages/web/src/b.tsx')) }),
      (r) => r.indexing === undefined,
    );
    expect(nestedRules(done).map((r) => [r.name, r.applies])).toEqual([['react (packages/web)', true]]);
    const buckets = await c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(file('src/a.ts')) });
    expect(buckets.indexing).toBeUndefined();
    expect(buckets.nestedFolders?.map((f) => [f.folder, f.rules.map((r) => r.name)])).toEqual([['packages/web', ['react']]]);
    const after = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } });
    expect((after.contents as MarkupContent).value).not.toContain('still being built');
    expect((after.contents as MarkupContent).value).toContain('**react (packages/web)**');
  });
});
