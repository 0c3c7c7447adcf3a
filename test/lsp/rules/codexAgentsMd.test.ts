import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';
import { serverRulesFor } from '../../helpers/rulesFor';
import { workCounts } from '../../helpers/workCounts';

/**
 * What Codex reads of the AGENTS.md files (its guide, developers.openai.com/codex/guides/agents-md),
 * through the real server: an AGENTS.override.md beside an AGENTS.md.
 */
const start = useLspClients(afterEach);
const codeOf = (code: string) => (d: Diagnostic[]) => d.filter((x) => x.code === code);
const codexApplying = (r: RulesForFileResult) => (r.agents.find((a) => a.agent === 'codex')?.rules ?? []).filter((x) => x.applies).map((x) => x.path);

describe('Codex and AGENTS.override.md, in the server', () => {
  it('says on the closed AGENTS.md that Codex reads the override instead, and lists the override for Codex', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'AGENTS.md': 'Root rules.\n', 'AGENTS.override.md': 'Override for now.\n', 'src/a.ts': 'export {};\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const said = codeOf('context/codex-overridden')(await c.waitForDiagnostics(c.uri(path.join(ws, 'AGENTS.md')), (d) => codeOf('context/codex-overridden')(d).length > 0));
    expect(said.map((d) => [d.severity, d.range.start.line, String(d.message).slice(0, 80)])).toEqual([[3, 0, 'Codex does not read this file: it reads AGENTS.override.md beside it instead (in']]);
    const forFile = await serverRulesFor(c, c.uri(path.join(ws, 'src/a.ts')));
    expect(codexApplying(forFile)).toEqual(['AGENTS.override.md']);
  });
});

/** A project with a `.codex` folder whose package AGENTS.md Codex cuts (20,000 bytes before its 20,000), and the server on it. */
async function overLimit() {
  const line = `${'x'.repeat(99)}\n`;
  const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.codex/config.toml': '', 'AGENTS.md': line.repeat(200), 'packages/api/AGENTS.md': line.repeat(200), 'packages/api/x.ts': 'export {};\n' });
  return { ws, c: await start({ folders: [ws], home: tempDir() }), over: codeOf('context/codex-over-limit') };
}

describe("Codex's default 32 KiB, in the server", () => {
  it('warns on the closed AGENTS.md where the chain is cut, in a project with a .codex folder', async () => {
    const { ws, c, over } = await overLimit();
    const said = over(await c.waitForDiagnostics(c.uri(path.join(ws, 'packages/api/AGENTS.md')), (d) => over(d).length > 0));
    // 12,768 bytes of it are sent: 127 lines and 68 characters.
    expect(said.map((d) => [d.severity, d.range.start])).toEqual([[2, { line: 127, character: 68 }]]);
    expect(String(said[0].message)).toContain("Codex's default limit of 32 KiB");
  });
});

describe("Codex's default 32 KiB, on open AGENTS.md files", () => {
  const line = `${'x'.repeat(99)}\n`; // 100 bytes
  const over = codeOf('context/codex-over-limit');
  // 1,003 UTF-8 bytes, 1,002 UTF-16 code units: a character of two bytes first.
  const typed = `é${'y'.repeat(1000)}\n`;
  const start0 = { line: 0, character: 0 };

  it('warns on the open file as its unsaved text passes the limit, at the UTF-16 position of the cut, and clears when it is edited back', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.codex/config.toml': '', 'AGENTS.md': line.repeat(200), 'packages/api/AGENTS.md': line.repeat(120), 'packages/api/x.ts': 'export {};\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = await c.open(path.join(ws, 'packages/api/AGENTS.md'));
    // 20,000 + 12,000 bytes: within the limit.
    expect(over(await c.waitForDiagnostics(uri))).toEqual([]);
    await c.type(uri, start0, typed);
    // 12,768 bytes of it are sent: the typed line (1,003), 117 lines (11,700), then 65 bytes of line 118.
    const said = over(await c.waitForDiagnostics(uri, (d) => over(d).length > 0));
    expect(said.map((d) => [d.severity, d.range.start])).toEqual([[2, { line: 118, character: 65 }]]);
    expect(String(said[0].message)).toContain('Codex cuts this file here when it runs in packages/api/ or below: with AGENTS.md (20,000 bytes) before it');
    await c.edit(uri, [{ range: { start: start0, end: { line: 1, character: 0 } }, text: '' }]);
    await c.waitForDiagnostics(uri, (d) => over(d).length === 0);
  });

  it('warns on the deeper files, closed and open, when the open root AGENTS.md grows past it, and clears when it shrinks back', async () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.codex/config.toml': '',
      'AGENTS.md': line.repeat(200),
      'packages/api/AGENTS.md': line.repeat(120),
      'packages/api/x.ts': 'export {};\n',
      'packages/web/AGENTS.md': line.repeat(120),
      'packages/web/x.ts': 'export {};\n',
    });
    const c = await start({ folders: [ws], home: tempDir() });
    const closed = c.uri(path.join(ws, 'packages/api/AGENTS.md'));
    const open = await c.open(path.join(ws, 'packages/web/AGENTS.md'));
    const root = await c.open(path.join(ws, 'AGENTS.md'));
    expect(over(await c.waitForDiagnostics(open))).toEqual([]);
    await c.type(root, start0, typed);
    // 21,003 bytes before them: 11,765 of each package's file are sent, 117 lines and 65 bytes.
    const at = [[2, { line: 117, character: 65 }]];
    expect(over(await c.waitForDiagnostics(open, (d) => over(d).length > 0)).map((d) => [d.severity, d.range.start])).toEqual(at);
    expect(over(await c.waitForDiagnostics(closed, (d) => over(d).length > 0)).map((d) => [d.severity, d.range.start])).toEqual(at);
    await c.edit(root, [{ range: { start: start0, end: { line: 1, character: 0 } }, text: '' }]);
    await c.waitForDiagnostics(open, (d) => over(d).length === 0);
    await c.waitForDiagnostics(closed, (d) => over(d).length === 0);
  });
});

describe('a .codex folder that comes or goes, under rules.agents auto', () => {
  it("clears the closed AGENTS.md's over-limit warning when .codex is deleted, and says it again when it is made", async () => {
    const { ws, c, over } = await overLimit();
    const closed = c.uri(path.join(ws, 'packages/api/AGENTS.md'));
    await c.waitForDiagnostics(closed, (d) => over(d).length > 0);
    const codex = path.join(ws, '.codex');
    fs.rmSync(codex, { recursive: true });
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(codex), type: 3 }] });
    await c.waitForDiagnostics(closed, (d) => over(d).length === 0);
    fs.mkdirSync(codex);
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(codex), type: 1 }] });
    await c.waitForDiagnostics(closed, (d) => over(d).length > 0);
  });
});

describe('a keystroke in an AGENTS.md where Codex is not shown', () => {
  /** How often the server redid Codex's chains for `uri`'s file on a keystroke there (`context-codex-chain`, `server/workspace/testCounts.ts`). */
  async function chainWorkOnKeystroke(files: Record<string, string>): Promise<number> {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'AGENTS.md': 'Root rules.\n', 'packages/api/AGENTS.md': 'API rules.\n', ...files });
    const work = workCounts();
    const c = await start({ folders: [ws], home: tempDir(), env: work.env });
    const file = path.join(ws, 'packages/api/AGENTS.md');
    const uri = await c.open(file);
    await c.waitForDiagnostics(uri);
    const key = `context-codex-chain ${file}`;
    const before = work.counts()[key] ?? 0;
    await c.type(uri, { line: 0, character: 0 }, 'More. ');
    // Answered after the change notification was handled: the chain work, if any, was counted by then.
    await serverRulesFor(c, uri);
    return (work.counts()[key] ?? 0) - before;
  }

  it('redoes nothing of Codex without a .codex folder or a root override, and does with one', async () => {
    expect(await chainWorkOnKeystroke({})).toBe(0);
    expect(await chainWorkOnKeystroke({ '.codex/config.toml': '' })).toBe(1);
  });
});
