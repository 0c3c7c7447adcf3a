import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import * as fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { CancellationTokenSource, LSPErrorCodes, type CodeAction } from 'vscode-languageserver/node';
import type { FileCandidatesPayload } from '../../../protocol/rawp';
import { useLspClients } from '../../helpers/lspClient';
import { completeAnswer, until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';
import { refDiagnostics } from '../../refs/lspSupport';

const start = useLspClients(afterEach);

const PROMPT = '---\nfile_references:\n  - ref_id: ref_1\n    path: src/sesion.ts\n---\nSee <@file:ref_1|src/sesion.ts>\n';

describe('"did you mean" during the first file index', () => {
  it('offers no file from the part of the tree listed so far, says why, and offers the closest once the listing ends', async () => {
    // A file at the top (listed before the hold) resembles the missing src/sesion.ts less than src/session.ts (listed after it).
    const ws = writeTree(tempDir('agentls-closest-'), { 'sesion.md': 'x', 'src/session.ts': 'export {};\n', 'prompts/ask.prompt.md': PROMPT });
    const gate = path.join(tempDir('agentls-gate-'), 'go');
    const c = await start({ folders: [ws], env: { AGENTLS_TEST_HOLD_INDEX: gate } });
    const search = () => c.request<FileCandidatesPayload>('agentls/fileSearch', { query_id: randomUUID(), query: 'sesion' });
    // The listing is held with the top folder's files in: the worse match is searchable, the better one not yet.
    const partial = await until('the top folder listed', search, (a) => a.candidates.length > 0, 20_000);
    expect(partial.indexing).toBe(true);
    expect(partial.candidates.map((x) => x.path)).toEqual(['sesion.md']);

    const uri = await c.open(path.join(ws, 'prompts/ask.prompt.md'));
    const missing = (await refDiagnostics(c, uri, (ds) => ds.some((d) => d.code === 'ref/missing-file'))).find((d) => d.code === 'ref/missing-file')!;
    const during = await c.codeActions(uri, missing.range);
    const repoint = during.filter((a: CodeAction) => a.title.startsWith('Re-point ref_1'));
    expect(repoint.map((a) => a.title)).toEqual(['Re-point ref_1']);
    expect(repoint[0].edit).toBeUndefined();
    expect(repoint[0].disabled?.reason).toMatch(/still being listed.*src\/sesion\.ts/);

    fs.writeFileSync(gate, '');
    await completeAnswer(c, 'sesion');
    const after = await c.codeActions(uri, missing.range);
    const fix = after.find((a: CodeAction) => a.title.startsWith('Re-point ref_1'));
    expect(fix?.title).toBe('Re-point ref_1 to src/session.ts (closest to src/sesion.ts)');
    expect(fix?.edit).toBeDefined();
  });
});

describe('"did you mean" cancelled while it waits for the first file index', () => {
  it('stops waiting at the cancel, not at the wait\'s cap, and answers RequestCancelled', async () => {
    const ws = writeTree(tempDir('agentls-closest-'), { 'src/session.ts': 'export {};\n', 'prompts/ask.prompt.md': PROMPT });
    const gate = path.join(tempDir('agentls-gate-'), 'go');
    // Held before its first files, the listing never completes in this test, and the fix's wait lasts as long as the hold (`indexWaitMs`): only the cancel can end it.
    const c = await start({ folders: [ws], env: { AGENTLS_TEST_HOLD_INDEX_START: gate }, settings: { log: { level: 'debug' } } });
    await c.waitForLog(/test: holding the listing of .* before its first files/);
    const uri = await c.open(path.join(ws, 'prompts/ask.prompt.md'));
    const missing = (await refDiagnostics(c, uri, (ds) => ds.some((d) => d.code === 'ref/missing-file'))).find((d) => d.code === 'ref/missing-file')!;
    const source = new CancellationTokenSource();
    const pending = c.connection.sendRequest('textDocument/codeAction', { textDocument: { uri }, range: missing.range, context: { diagnostics: [missing], triggerKind: 1 } }, source.token);
    // Cancelled once its handler waits for the index (cancelled before it runs, the handler never would).
    await c.waitForLog(/closest file for src\/sesion\.ts: waits for the file index/);
    source.cancel();
    await expect(pending).rejects.toMatchObject({ code: LSPErrorCodes.RequestCancelled });
    // The server answers a cancelled code action at once, whatever its handler does: the handler's own end is what shows the cancel reached the wait.
    await c.waitForLog(/closest file for src\/sesion\.ts: the request was cancelled while it waited for the file index/);
    expect(fs.existsSync(gate)).toBe(false);
  });
});
