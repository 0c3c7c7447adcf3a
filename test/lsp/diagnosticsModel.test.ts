import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import { URI } from 'vscode-uri';
import { lineHash } from '../../server/hashline/hash';
import { useLspClients, type LspTestClient } from '../helpers/lspClient';
import { until } from '../helpers/polling';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * One channel per file for a client that pulls (VS Code): pushed while the file is closed,
 * pulled while it is open, never both. VS Code keeps the two sets apart, so a pushed set
 * left behind showed every diagnostic twice and kept a stale one after a fix
 * (`../shared/harness/vscode/README.md`, "What it showed about agentls in VS Code").
 */
const start = useLspClients(afterEach);

const BAD_RULE = '---\nglobs: *.ts\nalwaysApply: "true"\n---\nbody\n';

const codes = (ds: Diagnostic[]) => ds.map((d) => String(d.code)).sort();
const refreshes = (c: LspTestClient) => c.serverRequests.filter((m) => m === 'workspace/diagnostic/refresh').length;
const pushed = (c: LspTestClient, uri: string) => c.diagnostics.get(uri)?.diagnostics ?? [];
const pull = async (c: LspTestClient, uri: string) => (await c.request<{ items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } })).items;

async function setup(): Promise<{ c: LspTestClient; file: string; uri: string }> {
  const ws = writeTree(tempDir(), { '.xcsh/.keep': '', '.cursor/rules/bad.mdc': BAD_RULE });
  const c = await start({ folders: [ws] });
  expect(c.pullsDiagnostics).toBe(true);
  const file = path.join(ws, '.cursor', 'rules', 'bad.mdc');
  return { c, file, uri: c.uri(file) };
}

describe('diagnostics of a client that pulls', () => {
  it('open → fix → close → reopen: one set at a time, nothing stale', async () => {
    const { c, file, uri } = await setup();
    // Closed: pushed, because shadowing and buckets are workspace-wide facts.
    await c.waitFor('pushed diagnostics of the closed rule file', () => codes(pushed(c, uri)).includes('frontmatter/yaml-error'));

    // Open: the pushed set is cleared, the pulled one has the same findings.
    await c.open(file);
    await c.waitFor('the pushed set to be cleared', () => pushed(c, uri).length === 0);
    expect(codes(await pull(c, uri))).toContain('frontmatter/yaml-error');

    // Fix (the "Quote" quick fix), then save: the pulled set follows, nothing is pushed.
    const yaml = (await pull(c, uri)).find((d) => d.code === 'frontmatter/yaml-error')!;
    const quote = (await c.codeActions(uri, yaml.range)).find((a) => a.title.startsWith('Quote'));
    expect(quote?.edit).toBeDefined();
    await c.applyCodeAction(quote!);
    // The quoted glob matches no file: once the file index is known that is said too (the
    // reopen below compares against this set, so it must not be taken before the index is).
    const afterFix = await c.waitForDiagnostics(uri, (ds) => !codes(ds).includes('frontmatter/yaml-error') && codes(ds).includes('context/dead-glob'));
    expect(codes(afterFix)).toContain('frontmatter/wrong-type');
    await c.save(uri);
    expect(c.text(uri)).toContain('globs: "*.ts"');
    expect(fs.readFileSync(file, 'utf8')).toContain('globs: "*.ts"');

    // Close: VS Code drops its pulled set, so the server pushes what still applies.
    await c.close(uri);
    await c.waitFor('the closed file pushed again', () => codes(pushed(c, uri)).includes('frontmatter/wrong-type'));
    expect(codes(pushed(c, uri))).not.toContain('frontmatter/yaml-error');

    // Reopen: cleared again, pulled again, the same findings once.
    await c.open(file);
    await c.waitFor('the pushed set cleared on reopen', () => pushed(c, uri).length === 0);
    expect(codes(await pull(c, uri))).toEqual(codes(afterFix));

    // While the file was open no publish for it carried anything.
    const opens = c.diagnosticsLog.filter((p) => p.uri === uri);
    expect(opens.filter((p) => p.diagnostics.length > 0).length).toBeGreaterThan(0);
  });

  it('asks for a refresh only when something outside the edited file changed', async () => {
    const { c, file, uri } = await setup();
    await c.open(file);
    await c.waitForDiagnostics(uri, (ds) => codes(ds).includes('frontmatter/yaml-error') && codes(ds).includes('context/dead-glob'));
    const atStart = refreshes(c);
    // Twenty edits to the open file: the client pulls after each one by itself, and is not asked to.
    for (let i = 0; i < 20; i++) {
      await c.type(uri, { line: 4, character: 4 }, 'x');
      await pull(c, uri);
    }
    const typed = await c.waitForDiagnostics(uri, () => true);
    expect(codes(typed)).toContain('frontmatter/yaml-error');
    // At most the one refresh the start-up can still owe (the file index arriving while the
    // first pulls were answered); never one an edit asked for.
    expect(refreshes(c) - atStart).toBeLessThanOrEqual(1);
    const before = refreshes(c);
    // A settings change is outside the file: its diagnostics change, so the client is told,
    // and what it pulls then follows the settings.
    await c.changeSettings({ diagnostics: { severity: { 'frontmatter/yaml-error': 'off' } } });
    await c.waitFor('a refresh after the settings change', () => refreshes(c) > before);
    await until('a pull without the switched-off code', () => pull(c, uri), (ds) => !codes(ds).includes('frontmatter/yaml-error'), 10_000);
  });

  it('registers nothing for workspace folder changes: the initialize answer already announces them', async () => {
    const { c } = await setup();
    await c.waitFor('settings read', () => c.serverRequests.includes('workspace/configuration'));
    await c.request('agentls/status');
    expect(c.registrations.map((r) => r.method)).not.toContain('workspace/didChangeWorkspaceFolders');
  });
});

describe('diagnostics of a client that spells file URIs its own way (Neovim)', () => {
  it('a fixed rule file named c++.mdc stays clean when a settings change re-sends everything', async () => {
    // Neovim sends `c++.mdc` where the server spells `c%2B%2B.mdc`. What the open buffer showed was
    // kept under the first, what the rules state pushed after the close went under the second, and
    // the fix cleared only the second: the first came back, stale. It also caught rules in context
    // pushing the file's old dead glob after the fix (an engine update landed while it waited).
    const ws = writeTree(tempDir(), { '.xcsh/.keep': '', '.cursor/rules/c++.mdc': BAD_RULE, '.cursor/rules/other.mdc': BAD_RULE });
    const c = await start({ folders: [ws], client: 'neovim', uriSpelling: 'neovim' });
    const file = path.join(ws, '.cursor', 'rules', 'c++.mdc');
    const uri = await c.open(file);
    expect(uri.endsWith('/c++.mdc')).toBe(true);
    await c.waitForDiagnostics(uri, (ds) => codes(ds).includes('frontmatter/yaml-error'));
    const other = await c.open(path.join(ws, '.cursor', 'rules', 'other.mdc'));
    await c.waitForDiagnostics(other, (ds) => codes(ds).includes('frontmatter/yaml-error'));

    await c.close(uri);
    fs.writeFileSync(file, '---\nalwaysApply: true\n---\nbody\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri, type: 2 }] });
    expect(await c.waitForDiagnostics(uri, (ds) => ds.length === 0)).toEqual([]);

    // The settings change re-sends every file's diagnostics, then re-diagnoses the open ones:
    // once `other.mdc` is published again, the re-send is over.
    const before = c.diagnosticsLog.length;
    await c.changeSettings({ diagnostics: { severity: { 'rule/not-read': 'hint' } } });
    await c.waitFor('other.mdc re-diagnosed after the settings change', () => c.diagnosticsLog.slice(before).some((p) => p.uri === other));
    const resent = c.diagnosticsLog.slice(before).filter((p) => p.uri !== other);
    expect(resent.filter((p) => p.diagnostics.length).map((p) => [p.uri, codes(p.diagnostics)])).toEqual([]);
    expect(await c.waitForDiagnostics(uri)).toEqual([]);
  });
});

describe('a file opened under another spelling than it was pushed under', () => {
  it('clears what the first spelling showed, so the client is not left a stale copy', async () => {
    const ws = writeTree(tempDir(), { '.xcsh/.keep': '', '.cursor/rules/r (1) & x.mdc': BAD_RULE });
    const c = await start({ folders: [ws], client: 'neovim', uriSpelling: 'neovim' });
    const file = path.join(ws, '.cursor', 'rules', 'r (1) & x.mdc');
    // Pushed while closed, under the server's own spelling of the name.
    const serverSpelling = URI.file(file).toString();
    const nvimSpelling = c.uri(file);
    expect(serverSpelling).not.toBe(nvimSpelling);
    await c.waitForDiagnostics(serverSpelling, (ds) => codes(ds).includes('frontmatter/yaml-error'));
    await c.open(file);
    await c.waitForDiagnostics(nvimSpelling, (ds) => codes(ds).includes('frontmatter/yaml-error'));
    expect(await c.waitForDiagnostics(serverSpelling, (ds) => ds.length === 0)).toEqual([]);
  });
});

describe('pushed diagnostics carry the version they were computed for', () => {
  it("never sends one feature's findings of the previous text under the new version (each feature published as it answered)", async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'CLAUDE.md': '# Project\n' });
    // Helix: pushed diagnostics with a version.
    const c = await start({ folders: [ws], client: 'helix' });
    const uri = await c.open(path.join(ws, 'CLAUDE.md'));
    for (const [text, missing] of [
      ['See @docs/missing.md please\n', true],
      ['Nothing to import here.\n', false],
      ['@docs/other.md\n', true],
      ['Done.\n', false],
    ] as const) {
      await c.setText(uri, text);
      await c.waitForDiagnostics(uri, (d) => (d.length > 0) === missing);
      const version = c.version(uri);
      // Every publish for this version, not only the last: the first used to be the old text's.
      const sent = c.diagnosticsLog.filter((p) => p.uri === uri && p.version === version);
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.map((p) => p.diagnostics.length > 0)).toEqual(sent.map(() => missing));
    }
  });
});

describe('pushes for files that are not open', () => {
  it('sends a set once: a recomputation that finds the same findings is not pushed again', async () => {
    const ws = writeTree(tempDir(), { '.xcsh/.keep': '', '.cursor/rules/bad.mdc': BAD_RULE, '.cursor/rules/other.mdc': '---\ndescription: Other\nglobs: "src/**/*.ts, lib/*.ts"\n---\nOther body\n' });
    const c = await start({ folders: [ws], client: 'neovim' });
    const bad = c.uri(path.join(ws, '.cursor/rules/bad.mdc'));
    const other = c.uri(path.join(ws, '.cursor/rules/other.mdc'));
    await c.waitForDiagnostics(bad, (ds) => ds.some((d) => d.code === 'frontmatter/wrong-type'));
    await c.waitForDiagnostics(other, (ds) => ds.some((d) => d.code === 'frontmatter/comma-globs'));
    const pushesOf = (uri: string) => c.diagnosticsLog.filter((p) => p.uri === uri).length;
    const before = pushesOf(bad);
    // A settings change republishes every file; only other.mdc's findings change (a code it alone has is switched off).
    const otherBefore = pushesOf(other);
    await c.changeSettings({ diagnostics: { severity: { 'frontmatter/comma-globs': 'off' } } });
    await c.waitFor('other.mdc pushed anew', () => pushesOf(other) > otherBefore && !pushed(c, other).some((d) => d.code === 'frontmatter/comma-globs'));
    await c.request('agentls/status');
    expect(pushed(c, bad).length).toBeGreaterThan(0);
    expect(pushesOf(bad)).toBe(before);
  });
});

describe('a document the server judges, clean, to a client that takes pushes', () => {
  // An editor reads no publish as "not checked yet": Helix's harness, waiting for a report on a
  // clean rule file, timed out, and a status line counting checked files never saw it.
  const CLEAN = {
    '.xcsh/.keep': '',
    'src/a.ts': 'export const a = 1;\n',
    '.cursor/rules/style.mdc': '---\ndescription: Style of the TypeScript sources\nglobs: src/**/*.ts\nalwaysApply: false\n---\nUse tabs.\n',
    '.cursor/rules/closed.mdc': '---\ndescription: Never opened\nglobs: src/**/*.ts\nalwaysApply: false\n---\nBody.\n',
    'ask.prompt.md': '---\nfile_references:\n  - ref_id: a\n    path: src/a.ts\n---\nLook at <@file:a|src/a.ts> please.\n',
    'r.astedit.yaml': 'ops:\n  - pat: "const $A = 1"\n    out: "const $A = 2"\npaths: ["src/**/*.ts"]\nlang: typescript\n',
    'notes.md': '# Notes\n\nNothing here.\n',
    'agentls.json': JSON.stringify({ ignore: ['drafts/**'] }),
    'drafts/later.prompt.md': 'Nothing yet.\n',
    'fix.hashline': `§src/a.ts\n≔1${lineHash('export const a = 1;')}\nexport const a = 2;\n`,
  };
  /** Once the server answers a pull of the current version, its publish for that version (if any) came before. */
  const settled = (c: LspTestClient, uri: string) => c.request('textDocument/diagnostic', { textDocument: { uri } });
  const publishesOf = (c: LspTestClient, uri: string) => c.diagnosticsLog.filter((p) => p.uri === uri);

  it.each(['helix', 'neovim'] as const)('is published once judged, empty, per version (%s); a plain source file and a closed clean rule file get nothing', async (client) => {
    const ws = writeTree(tempDir(), CLEAN);
    const c = await start({ folders: [ws], client });
    expect(c.pullsDiagnostics).toBe(false);
    for (const rel of ['.cursor/rules/style.mdc', 'ask.prompt.md', 'r.astedit.yaml', 'fix.hashline', 'notes.md']) {
      const uri = await c.open(path.join(ws, rel));
      expect(await c.waitForDiagnostics(uri)).toEqual([]);
      await settled(c, uri);
      // Once for the version: a second look at the same text (the pull) sends no repeat.
      expect(publishesOf(c, uri).filter((p) => p.version === undefined || p.version === c.version(uri))).toHaveLength(1);
    }
    // An edit that keeps it clean is judged again, and said again for the new version.
    const style = c.uri(path.join(ws, '.cursor/rules/style.mdc'));
    await c.type(style, { line: 5, character: 0 }, 'Always ');
    await settled(c, style);
    const last = publishesOf(c, style).at(-1)!;
    expect(last.diagnostics).toEqual([]);
    if (client === 'helix') expect(last.version).toBe(c.version(style));
    expect(publishesOf(c, style).length).toBe(2);

    // A file the server does not judge, and one the project's ignore leaves out.
    const plain = await c.open(path.join(ws, 'src/a.ts'), undefined, 'typescript');
    const ignored = await c.open(path.join(ws, 'drafts/later.prompt.md'));
    await settled(c, plain);
    await settled(c, ignored);
    await c.request('agentls/status');
    expect(publishesOf(c, plain)).toEqual([]);
    expect(publishesOf(c, ignored)).toEqual([]);
    // A clean rule file that is not open: nothing to say, and nothing is said.
    expect(publishesOf(c, c.uri(path.join(ws, '.cursor/rules/closed.mdc')))).toEqual([]);
    // Closing a clean document sends no set for the closed file either.
    const before = publishesOf(c, style).length;
    await c.close(style);
    await c.request('agentls/status');
    expect(publishesOf(c, style).length).toBe(before);
  });

  it('a client that pulls gets nothing pushed for a clean open document: one channel per file', async () => {
    const ws = writeTree(tempDir(), CLEAN);
    const c = await start({ folders: [ws] });
    expect(c.pullsDiagnostics).toBe(true);
    const uri = await c.open(path.join(ws, '.cursor/rules/style.mdc'));
    expect(await pull(c, uri)).toEqual([]);
    await c.request('agentls/status');
    expect(publishesOf(c, uri)).toEqual([]);
  });
});
