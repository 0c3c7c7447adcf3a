import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CodeAction } from 'vscode-languageserver/node';
import { lineHash } from '../../../server/hashline/hash';
import { RECOVERY_WARNING } from '../../../server/hashline/recovery';
import { LspTestClient, useLspClients } from '../../helpers/lspClient';
import { copyFixture, tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/** Every file under a folder with its bytes, to prove nothing changed. */
function snapshotTree(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) walk(abs);
      else out[path.relative(root, abs)] = fs.readFileSync(abs).toString('base64');
    }
  };
  walk(root);
  return out;
}

function anchor(text: string, line: number): string {
  return `${line}${lineHash(text.split('\n')[line - 1])}`;
}

const GREET_AFTER = 'def greet(name):\n    return f"Hello, {name}!"\n\n\ndef farewell(name):\n    return "Bye, " + name\n    # farewell ends the conversation\n';
const NOTES_AFTER = '# Notes\n\nThe greeting module says hello and goodbye.\n\n- greet\n- farewell\n';
const CHANGELOG_AFTER = '- greet uses an f-string';

async function offered(c: LspTestClient, uri: string, titlePart: string, line = 0): Promise<CodeAction | undefined> {
  const actions = await c.codeActions(uri, { start: { line, character: 0 }, end: { line, character: 0 } });
  return actions.find((a) => a.title.includes(titlePart));
}

describe.each(['vscode', 'neovim', 'helix'] as const)('hashline patches with %s', (preset) => {
  it('applies a multi-file patch end to end through "Apply patch": open buffer, closed file and a created file', async () => {
    const ws = copyFixture('hashline-multi');
    const c = await start({ folders: [ws], client: preset });
    const greet = await c.open(path.join(ws, 'src/greet.py'), undefined, 'python');
    const patch = await c.open(path.join(ws, 'patches/multi.hashline'), undefined, 'text');
    const diags = await c.waitForDiagnostics(patch, (d) => d.some((x) => x.code === 'hashline/creates-file'));
    expect(diags.filter((d) => d.severity === 1)).toEqual([]);

    const shown = await offered(c, patch, 'Apply patch');
    expect(shown?.disabled).toBeUndefined();
    // It edits files that are not open, which carry no version: the edit is computed when chosen.
    expect(shown?.edit).toBeUndefined();
    const apply = await c.request<CodeAction>('codeAction/resolve', shown);
    expect(apply.edit).toBeDefined();
    await c.applyCodeAction(apply);

    expect(c.text(greet)).toBe(GREET_AFTER);
    expect(fs.readFileSync(path.join(ws, 'docs/notes.md'), 'utf8')).toBe(NOTES_AFTER);
    expect(fs.readFileSync(path.join(ws, 'CHANGELOG.md'), 'utf8')).toBe(CHANGELOG_AFTER);
    expect(fs.readFileSync(path.join(ws, 'src/greet.py'), 'utf8')).not.toBe(GREET_AFTER); // the buffer, not the disk, was edited
    // The buffer edit touched only the changed lines, so the editor's marks and undo stay put.
    const docEdits = apply.edit!.documentChanges ?? [];
    const greetEdit = (docEdits as { textDocument?: { uri: string; version: number | null }; edits?: unknown[] }[]).find((d) => d.textDocument?.uri === greet);
    if (preset !== 'neovim') expect(greetEdit?.textDocument?.version).toBe(1);
    const edits = greetEdit?.edits ?? apply.edit!.changes![greet];
    expect(edits).toHaveLength(2);
  });

  it('says a patch it has just applied is applied, not broken: no stale-anchor errors, and no second apply', async () => {
    const text = 'one\ntwo\nthree\n';
    const ws = writeTree(tempDir(), { 'a.txt': text, 'fix.hashline': `§a.txt\n≔${anchor(text, 2)}\nTWO\n` });
    const c = await start({ folders: [ws], client: preset });
    const patch = await c.open(path.join(ws, 'fix.hashline'), undefined, 'text');
    const shown = (await offered(c, patch, 'Apply patch to a.txt'))!;
    expect(shown.disabled).toBeUndefined();
    await c.applyCodeAction(shown.edit ? shown : await c.request<CodeAction>('codeAction/resolve', shown));
    expect(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe('one\nTWO\nthree\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, 'a.txt')), type: 2 }] });
    const after = await c.waitForDiagnostics(patch, (d) => d.some((x) => x.code === 'hashline/applied'));
    expect(after.map((d) => d.code)).toEqual(['hashline/applied']);
    expect(after[0].message).toBe('This section has been applied: a.txt holds its result. Its anchors name the lines as they were before, so it cannot be applied again.');
    const again = await offered(c, patch, 'Apply patch');
    if (preset === 'neovim') expect(again).toBeUndefined();
    else expect(again?.disabled?.reason).toBe('this patch has been applied: its files hold its result');
    // Changed again by hand: the section no longer matches what it made, and is stale as any other.
    fs.writeFileSync(path.join(ws, 'a.txt'), 'one\nTwo!\nthree\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, 'a.txt')), type: 2 }] });
    const stale = await c.waitForDiagnostics(patch, (d) => d.some((x) => x.code === 'hashline/stale-anchor'));
    expect(stale.find((d) => d.code === 'hashline/stale-anchor')!.message).toContain('The patch is refused: read a.txt again (hashline read) and write this op against what it holds now.');
  });

  it('refuses a stale patch, says why, and changes no byte', async () => {
    const ws = copyFixture('hashline-multi');
    const greetPath = path.join(ws, 'src/greet.py');
    fs.writeFileSync(greetPath, '# -*- coding: utf-8 -*-\n' + fs.readFileSync(greetPath, 'utf8'));
    const before = snapshotTree(ws);
    const c = await start({ folders: [ws], client: preset });
    const patch = await c.open(path.join(ws, 'patches/multi.hashline'), undefined, 'text');
    const diags = await c.waitForDiagnostics(patch, (d) => d.some((x) => x.code === 'hashline/stale-anchor'));
    const stale = diags.find((d) => d.code === 'hashline/stale-anchor')!;
    expect(stale.message).toContain('line 2 of src/greet.py is now "def greet(name):"');
    expect(stale.message).toContain('likely moved to 3 (3zu)');

    const apply = await offered(c, patch, 'Apply patch');
    if (preset === 'neovim') expect(apply).toBeUndefined(); // Neovim 0.7 cannot show disabled actions: not offered
    else expect(apply?.disabled?.reason).toMatch(/^2 stale anchors in src\/greet.py: the lines they name have changed/);
    expect(apply?.edit).toBeUndefined();

    const input = fs.readFileSync(path.join(ws, 'patches/multi.hashline'), 'utf8');
    await expect(c.request('agentls/hashlineApply', { input, uri: patch })).rejects.toMatchObject({
      code: -32803,
      data: { kind: 'hash_mismatch', path: 'src/greet.py', remaps: { '2zu': `2${lineHash('def greet(name):')}` } },
    });
    await c.executeCommand('agentls.hashline.apply', [{ input, uri: patch }]);
    await c.waitFor('the refusal message', () => c.shownMessages.some((m) => m.type === 1 && m.message.includes('Hashline patch refused')));
    expect(c.serverRequests).not.toContain('workspace/applyEdit');
    expect(snapshotTree(ws)).toEqual(before);
  });

  it('recovers a patch whose anchors were taken from an earlier version of the buffer', async () => {
    const ws = copyFixture('hashline-multi');
    const c = await start({ folders: [ws], client: preset });
    const greetPath = path.join(ws, 'src/greet.py');
    const v1 = fs.readFileSync(greetPath, 'utf8');
    const greet = await c.open(greetPath, undefined, 'python');
    const input = `§src/greet.py\n≔${anchor(v1, 5)}\ndef farewell(name, polite=True):\n`;
    await c.type(greet, { line: 0, character: 0 }, 'import sys\n');
    const expected = 'import sys\n' + v1.replace('def farewell(name):', 'def farewell(name, polite=True):');

    if (preset === 'helix') {
      // Helix throws custom-request results away: the command twin applies the edit itself.
      await c.executeCommand('agentls.hashline.apply', [{ input }]);
      await c.waitFor('the edit', () => c.text(greet) === expected);
      expect(c.shownMessages.some((m) => m.message.includes(RECOVERY_WARNING))).toBe(true);
    } else {
      const result = await c.request<{ applied: boolean; files: { recovered: boolean }[]; warnings: string[] }>('agentls/hashlineApply', { input });
      expect(result.applied).toBe(true);
      expect(result.files[0].recovered).toBe(true);
      expect(result.warnings).toContain(RECOVERY_WARNING);
    }
    expect(c.text(greet)).toBe(expected);

    // The same kind of patch with an anchor no version ever had is refused.
    const v3 = c.text(greet);
    await expect(c.request('agentls/hashlineApply', { input: `§src/greet.py\n≔6${lineHash('never there') === 'ab' ? 'ac' : 'ab'}\nx\n` })).rejects.toMatchObject({ data: { kind: 'hash_mismatch' } });
    expect(c.text(greet)).toBe(v3);
  });
});

describe('hashline requests and commands', () => {
  it('reads anchors from the live buffer, and recovers a later patch from that read when the disk moved on', async () => {
    const ws = writeTree(tempDir(), { 'r.txt': 'head\nA\nB\nC\nD\nE\n' });
    const c = await start({ folders: [ws] });
    const uri = c.uri(path.join(ws, 'r.txt'));
    const rows = await c.request<{ lines: string[]; lineCount: number; version: number | null }>('agentls/hashlineRead', { uri, startLine: 2, endLine: 4 });
    expect(rows.lines).toEqual([`2${lineHash('A')}|A`, `3${lineHash('B')}|B`, `4${lineHash('C')}|C`]);
    expect(rows.version).toBeNull();
    const full = await c.request<{ lines: string[] }>('agentls/hashlineRead', { uri });
    expect(full.lines).toHaveLength(7);
    // Past the end: refused as the CLI refuses it, not answered with no rows.
    await expect(c.request('agentls/hashlineRead', { uri, startLine: 90 })).rejects.toMatchObject({ message: 'Line 90 does not exist (r.txt has 7 lines)' });

    fs.writeFileSync(path.join(ws, 'r.txt'), 'NEW TOP\nhead\nA\nB\nC\nD\nE\n');
    const result = await c.request<{ files: { recovered: boolean }[] }>('agentls/hashlineApply', { input: `§r.txt\n≔4${lineHash('C')}\nC2\n` });
    expect(result.files[0].recovered).toBe(true);
    expect(fs.readFileSync(path.join(ws, 'r.txt'), 'utf8')).toBe('NEW TOP\nhead\nA\nB\nC2\nD\nE\n');

    const open = await c.open(path.join(ws, 'r.txt'), undefined, 'text');
    await c.type(open, { line: 0, character: 0 }, 'unsaved\n');
    const live = await c.request<{ lines: string[]; version: number }>('agentls/hashlineRead', { uri, endLine: 1 });
    expect(live.lines).toEqual([`1${lineHash('unsaved')}|unsaved`]);
    expect(live.version).toBe(2);
  });

  it('says at the read that a file with lone CR line breaks takes no patch, in the request and in the command\'s report', async () => {
    const ws = writeTree(tempDir(), { 'mac.txt': 'one\rtwo\rthree\r', 'unix.txt': 'one\ntwo\n' });
    const c = await start({ folders: [ws], client: 'helix' });
    const mac = await c.request<{ lines: string[]; note?: string }>('agentls/hashlineRead', { uri: c.uri(path.join(ws, 'mac.txt')) });
    expect(mac.lines).toHaveLength(1);
    expect(mac.note).toMatch(/^mac\.txt breaks lines with lone carriage returns \(CR\).*not edited/);
    const unix = await c.request<{ note?: string }>('agentls/hashlineRead', { uri: c.uri(path.join(ws, 'unix.txt')) });
    expect(unix.note).toBeUndefined();
    await c.executeCommand('agentls.hashline.read', [{ uri: c.uri(path.join(ws, 'mac.txt')) }]);
    const report = path.join(c.cacheDir, 'reports', 'hashline-read.md');
    await c.waitFor('the report', () => fs.existsSync(report));
    expect(fs.readFileSync(report, 'utf8')).toContain('**Note:** mac.txt breaks lines with lone carriage returns');
  });

  it('previews with dryRun without changing anything, then applies', async () => {
    const ws = copyFixture('hashline-multi');
    const before = snapshotTree(ws);
    const c = await start({ folders: [ws] });
    const input = fs.readFileSync(path.join(ws, 'patches/multi.hashline'), 'utf8');
    const preview = await c.request<{ applied: boolean; files: { path: string; diff: string; created: boolean }[] }>('agentls/hashlineApply', { input, dryRun: true });
    expect(preview.applied).toBe(false);
    expect(preview.files.map((f) => f.path)).toEqual(['src/greet.py', 'docs/notes.md', 'CHANGELOG.md']);
    expect(preview.files[0].diff).toContain('+    return f"Hello, {name}!"');
    expect(preview.files[2].created).toBe(true);
    expect(snapshotTree(ws)).toEqual(before);
    const done = await c.request<{ applied: boolean }>('agentls/hashlineApply', { input });
    expect(done.applied).toBe(true);
    expect(fs.readFileSync(path.join(ws, 'src/greet.py'), 'utf8')).toBe(GREET_AFTER);
  });

  it('edits a closed file that starts with a BOM where the editor holds its text, without the BOM, and keeps the BOM', async () => {
    for (const preset of ['vscode', 'neovim'] as const) {
      const ws = writeTree(tempDir(), { '.git/HEAD': '', 'bom.txt': '\ufeffone\ntwo\nthree\n' });
      const c = await start({ folders: [ws], client: preset });
      const done = await c.request<{ applied: boolean }>('agentls/hashlineApply', { input: `§bom.txt\n≔1${lineHash('one')}\nONE\n»2${lineHash('two')}\n2b\n` });
      expect(done.applied).toBe(true);
      // The test client applies an edit to a closed file as editors do: loaded without the BOM, written back with it.
      expect(fs.readFileSync(path.join(ws, 'bom.txt'), 'utf8')).toBe('\ufeffONE\ntwo\n2b\nthree\n');
    }
  });

  it('writes the files atomically itself for a client without workspace/applyEdit, and refuses over unsaved buffers', async () => {
    const ws = copyFixture('hashline-multi');
    const c = await start({ folders: [ws], client: { textDocument: { hover: { contentFormat: ['plaintext'] } }, workspace: { applyEdit: false } } });
    const input = fs.readFileSync(path.join(ws, 'patches/multi.hashline'), 'utf8');
    const greet = await c.open(path.join(ws, 'src/greet.py'), undefined, 'python');
    await c.type(greet, { line: 6, character: 0 }, '# unsaved\n');
    const before = snapshotTree(ws);
    await expect(c.request('agentls/hashlineApply', { input })).rejects.toMatchObject({ data: { kind: 'write_failed', message: expect.stringContaining('unsaved changes') } });
    expect(snapshotTree(ws)).toEqual(before);
    await c.close(greet);
    const done = await c.request<{ applied: boolean }>('agentls/hashlineApply', { input });
    expect(done.applied).toBe(true);
    expect(c.serverRequests).not.toContain('workspace/applyEdit');
    expect(fs.readFileSync(path.join(ws, 'src/greet.py'), 'utf8')).toBe(GREET_AFTER);
    expect(fs.readFileSync(path.join(ws, 'CHANGELOG.md'), 'utf8')).toBe(CHANGELOG_AFTER);
    expect(fs.readdirSync(path.join(ws, 'src')).filter((n) => n.includes('agentls'))).toEqual([]);
  });

  it('applies one section only with "Apply this section"', async () => {
    const ws = copyFixture('hashline-multi');
    const c = await start({ folders: [ws] });
    const patch = await c.open(path.join(ws, 'patches/multi.hashline'), undefined, 'text');
    await c.waitForDiagnostics(patch);
    const section = await offered(c, patch, 'Apply this section', 7);
    expect(section?.title).toBe('Apply this section (docs/notes.md)');
    await c.applyCodeAction(section!);
    expect(fs.readFileSync(path.join(ws, 'docs/notes.md'), 'utf8')).toBe(NOTES_AFTER);
    expect(fs.readFileSync(path.join(ws, 'src/greet.py'), 'utf8')).not.toBe(GREET_AFTER);
    expect(fs.existsSync(path.join(ws, 'CHANGELOG.md'))).toBe(false);
  });

  it('gives Helix the read as a command that writes a report and records what was seen', async () => {
    const ws = writeTree(tempDir(), { 'r.txt': 'head\nA\nB\nC\n' });
    const c = await start({ folders: [ws], client: 'helix' });
    await c.executeCommand('agentls.hashline.read', [{ uri: c.uri(path.join(ws, 'r.txt')) }]);
    const report = path.join(c.cacheDir, 'reports', 'hashline-read.md');
    await c.waitFor('the report', () => fs.existsSync(report));
    expect(fs.readFileSync(report, 'utf8')).toContain(`4${lineHash('C')}|C`);
    fs.writeFileSync(path.join(ws, 'r.txt'), 'top\nhead\nA\nB\nC\n');
    await c.executeCommand('agentls.hashline.apply', [{ input: `§r.txt\n≔4${lineHash('C')}\nC2\n` }]);
    await c.waitFor('the edit', () => fs.readFileSync(path.join(ws, 'r.txt'), 'utf8') === 'top\nhead\nA\nB\nC2\n');
  });

  it('honours agentls.hashline.autoDropPureInsertDuplicates', async () => {
    const ws = writeTree(tempDir(), { 'd.py': 'x = 1\ny = 2\nz = 3\n' });
    const input = `§d.py\n»2${lineHash('y = 2')}\nx = 1\ny = 2\nnew = 0\n`;
    const off = await start({ folders: [ws] });
    expect((await off.request<{ files: { diff: string }[] }>('agentls/hashlineApply', { input, dryRun: true })).files[0].diff).toContain('+x = 1');
    const on = await start({ folders: [ws], settings: { hashline: { autoDropPureInsertDuplicates: true } } });
    const dropped = await on.request<{ files: { diff: string }[]; warnings: string[] }>('agentls/hashlineApply', { input, dryRun: true });
    expect(dropped.files[0].diff).not.toContain('+x = 1');
    expect(dropped.warnings[0]).toMatch(/^Auto-dropped 2 duplicate line\(s\)/);
  });

  it('says the editor did not apply a patch it declined, not that the patch was refused', async () => {
    const text = 'one\ntwo\n';
    const ws = writeTree(tempDir(), { 'a.txt': text });
    const c = await start({ folders: [ws], refuseEdits: true });
    await c.executeCommand('agentls.hashline.apply', [{ input: `§a.txt\n≔${anchor(text, 2)}\nTWO\n` }]);
    await c.waitFor('the message', () => c.shownMessages.some((m) => m.type === 1));
    const shown = c.shownMessages.find((m) => m.type === 1)!.message;
    expect(shown).toMatch(/^Hashline patch not applied: /);
    expect(shown).toContain('the editor did not apply the edit (refused by the test client)');
    expect(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe(text);
  });

  it('answers bad params with InvalidParams naming the field, and keeps serving', async () => {
    const c = await start({ folders: [tempDir()] });
    await expect(c.request('agentls/hashlineApply', {})).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('input') });
    await expect(c.request('agentls/hashlineRead', { uri: 42 })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('uri') });
    await expect(c.request('agentls/hashlineRead', { uri: 'file:///etc/passwd' })).rejects.toMatchObject({ code: -32803, message: expect.stringContaining('outside the workspace') });
    // A URI that names no file is said to be one (not a file outside the workspace), quoted short however long it is.
    await expect(c.request('agentls/hashlineRead', { uri: 'untitled:Untitled-1' })).rejects.toMatchObject({ code: -32602, message: 'agentls/hashlineRead: uri: not a file: URI, so no file to read: untitled:Untitled-1' });
    const long = await c.request('agentls/hashlineRead', { uri: 'x'.repeat(1_000_000) }).catch((e: Error) => e);
    expect(long).toMatchObject({ code: -32602, message: `agentls/hashlineRead: uri: not a file: URI, so no file to read: ${'x'.repeat(200)}…` });
    // A range that ends before it starts: refused as the CLI refuses `3-1`, not answered with no rows.
    await expect(c.request('agentls/hashlineRead', { uri: 'file:///etc/passwd', startLine: 3, endLine: 1 })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('endLine: is 1, before startLine 3') });
    expect(c.alive).toBe(true);
  });

  it('says a read of a link that goes round in a loop reads a loop, not a file outside the workspace, in the request and its command', async () => {
    const ws = writeTree(tempDir(), { 'a.py': 'one\n' });
    fs.symlinkSync('loop2', path.join(ws, 'loop1'));
    fs.symlinkSync('loop1', path.join(ws, 'loop2'));
    const c = await start({ folders: [ws] });
    const uri = c.uri(path.join(ws, 'loop1'));
    const said = `${path.join(ws, 'loop1')} is a symbolic link that goes round in a loop; a hashline read never follows it`;
    await expect(c.request('agentls/hashlineRead', { uri })).rejects.toMatchObject({ code: -32803, message: said });
    await c.executeCommand('agentls.hashline.read', [{ uri }]).catch(() => undefined);
    await c.waitFor('the command to say why it did nothing', () => c.shownMessages.some((m) => m.message.includes(said)));
    expect((await c.request<{ lines: string[] }>('agentls/hashlineRead', { uri: c.uri(path.join(ws, 'a.py')) })).lines).toHaveLength(2);
  });
});

describe('hashline patch documents', () => {
  it('shows problems per op line, with fixes', async () => {
    const ws = writeTree(tempDir(), {
      'a.py': 'def alpha():\n    return 1\n\ndef beta():\n    return 2\n',
      'b.txt': 'b\n',
      'bin.dat': new Uint8Array([0x50, 0, 1, 2, 0]),
      'p.hashline': ['§a.py', '≔2..4', 'x', '»1th', '    body', '', '', '«4pf', 'y', '§b.txt', '@@ -1 +1 @@', '§bin.dat', '»1ab', 'z', '§../outside.txt', '»EOF', 'nope', ''].join('\n'),
    });
    const c = await start({ folders: [ws] });
    const uri = await c.open(path.join(ws, 'p.hashline'), undefined, 'text');
    const diags = await c.waitForDiagnostics(uri, (d) => d.length >= 5);
    const byCode = (code: string) => diags.filter((d) => d.code === code);
    expect(byCode('hashline/missing-hash')[0].message).toContain('use ≔2kt..4pf');
    expect(byCode('hashline/blank-payload')[0]).toMatchObject({ range: { start: { line: 5 }, end: { line: 6 } }, severity: 2 });
    expect(byCode('hashline/parse-error')[0].message).toContain('unrecognized op');
    expect(byCode('hashline/unreadable')[0].message).toContain('binary');
    expect(byCode('hashline/outside-workspace')[0].range.start.line).toBe(14);
    expect(diags.every((d) => d.source === 'agentls')).toBe(true);

    const fix = await offered(c, uri, 'Use ≔2kt..4pf', 1);
    await c.applyCodeAction(fix!);
    expect(c.text(uri).split('\n')[1]).toBe('≔2kt..4pf');
    const blank = await offered(c, uri, 'Remove 2 blank payload lines', 5);
    await c.applyCodeAction(blank!);
    expect(c.text(uri).split('\n').slice(3, 6)).toEqual(['»1th', '    body', '«4pf']);
    expect(fs.existsSync(path.join(ws, '..', 'outside.txt'))).toBe(false);
  });

  it('counts a parse error\'s line as the document does, in the diagnostic and in the disabled "Apply patch" alike', async () => {
    // Line 6 of the document, line 5 of its section: the user sees the document's numbers.
    const ws = writeTree(tempDir(), { 'e.txt': 'a\nb\n', 'p.hashline': '§e.txt\n≔1xx|a..2zz\nX\n»9zz\nY\n«😀\nZ\n' });
    const c = await start({ folders: [ws] });
    const uri = await c.open(path.join(ws, 'p.hashline'), undefined, 'text');
    const diags = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'hashline/parse-error'));
    const parse = diags.find((d) => d.code === 'hashline/parse-error')!;
    expect(parse.range.start.line).toBe(5);
    expect(parse.message).toMatch(/^patch line 6: expected a full anchor/);
    const apply = await offered(c, uri, 'Apply patch', 5);
    expect(apply?.disabled?.reason).toMatch(/^patch line 6: expected a full anchor/);
  });

  it('counts an absorbed duplicate\'s op line as the document does, keeping the file lines it names', async () => {
    // Two blank lines before the header: the op is line 3 of the document and line 1 of its section.
    const text = 'a\nb\nc\nd\n';
    const ws = writeTree(tempDir(), { 'e.txt': text, 'p.hashline': `\n\n§e.txt\n≔${anchor(text, 3)}\na\nb\nC\n` });
    const c = await start({ folders: [ws] });
    const uri = await c.open(path.join(ws, 'p.hashline'), undefined, 'text');
    const diags = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'hashline/absorbed'));
    const absorbed = diags.find((d) => d.code === 'hashline/absorbed')!;
    expect(absorbed.range.start.line).toBe(3);
    expect(absorbed.message).toBe("Auto-absorbed 2 duplicate line(s) above replacement at patch line 4 (file lines 1..2 matched the payload's leading lines; widened the deletion to absorb them).");
  });

  it.skipIf(process.platform === 'win32')('warns on a header with a backslash, naming the file it writes and the path with slashes', async () => {
    const ws = writeTree(tempDir(), { 'sub/keep.txt': 'k\n', 'p.hashline': '§sub/a\\b.txt\n»EOF\nhello\n' });
    const c = await start({ folders: [ws] });
    const uri = await c.open(path.join(ws, 'p.hashline'), undefined, 'text');
    // Every diagnostic of the header comes in one report: the file it creates says the patch was checked.
    const diags = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'hashline/creates-file'));
    const warn = diags.find((d) => d.code === 'hashline/backslash-path');
    expect(warn).toMatchObject({ severity: 2, range: { start: { line: 0, character: 1 }, end: { line: 0, character: 12 } } });
    expect(warn?.message).toBe('§sub/a\\b.txt writes the file "a\\b.txt" in sub/: outside Windows a backslash is part of a file name, not a folder separator. For b.txt in sub/a/, write §sub/a/b.txt.');
  });

  it('hovers an anchor with the current line, links §PATH to the file, refreshes anchors whose line moved', async () => {
    const ws = writeTree(tempDir(), { 'a.py': '# new first line\ndef alpha():\n    return 1\n', 'p.hashline': `§a.py\n≔2${lineHash('    return 1')}\n    return 2\n` });
    const c = await start({ folders: [ws] });
    const uri = await c.open(path.join(ws, 'p.hashline'), undefined, 'text');
    await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'hashline/stale-anchor'));
    const hover = await c.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 2 } });
    expect(hover.contents.value).toContain('def alpha():');
    expect(hover.contents.value).toContain('likely moved to 3');
    const links = await c.request<{ target: string; range: { start: { line: number } } }[]>('textDocument/documentLink', { textDocument: { uri } });
    expect(links).toEqual([expect.objectContaining({ target: c.uri(path.join(ws, 'a.py')) })]);
    const def = await c.request<{ uri: string; range: { start: { line: number } } }[]>('textDocument/definition', { textDocument: { uri }, position: { line: 1, character: 2 } });
    expect(def[0].range.start.line).toBe(1);

    const refresh = await offered(c, uri, 'Refresh stale anchors', 1);
    await c.applyCodeAction(refresh!);
    expect(c.text(uri).split('\n')[1]).toBe(`≔3${lineHash('    return 1')}`);
    const clean = await c.waitForDiagnostics(uri, (d) => !d.some((x) => x.code === 'hashline/stale-anchor'));
    expect(clean.filter((d) => d.severity === 1)).toEqual([]);
  });

  it('offers "Refresh stale anchors" disabled, with the reason, when no stale line can be found again', async () => {
    const ws = writeTree(tempDir(), { 'a.py': 'rewritten\n', 'p.hashline': `§a.py\n≔1${lineHash('original')}\nx\n` });
    const c = await start({ folders: [ws] });
    const uri = await c.open(path.join(ws, 'p.hashline'), undefined, 'text');
    await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'hashline/stale-anchor'));
    const refresh = await offered(c, uri, 'Refresh stale anchors', 1);
    expect(refresh?.disabled?.reason).toMatch(/no stale anchor names a line that moved unchanged/);
    expect(refresh?.edit).toBeUndefined();
  });

  it('re-checks a patch when the file it edits changes in another buffer', async () => {
    const ws = writeTree(tempDir(), { 'a.py': 'one\ntwo\n', 'p.hashline': `§a.py\n≔2${lineHash('two')}\nTWO\n` });
    const c = await start({ folders: [ws] });
    const patch = await c.open(path.join(ws, 'p.hashline'), undefined, 'text');
    await c.waitForDiagnostics(patch, (d) => !d.some((x) => x.severity === 1));
    const a = await c.open(path.join(ws, 'a.py'), undefined, 'python');
    await c.setText(a, 'one\nchanged\n');
    const stale = await c.waitForDiagnostics(patch, (d) => d.some((x) => x.code === 'hashline/stale-anchor'));
    expect(stale.find((d) => d.code === 'hashline/stale-anchor')!.message).toContain('is now "changed"');
  });

  it('answers a patch whose range runs to a line no file has at once, and keeps serving (before, the parse never ended)', async () => {
    const ws = writeTree(tempDir(), { 'a.py': 'one\ntwo\n', 'p.hashline': `§a.py\n≔1${lineHash('one')}..9007199254740993ab\nx\n≔1${lineHash('one')}..10000000ab\ny\n` });
    const c = await start({ folders: [ws] });
    const patch = await c.open(path.join(ws, 'p.hashline'), undefined, 'text');
    const diags = await c.waitForDiagnostics(patch, (d) => d.length >= 2);
    expect(diags.map((d) => d.message)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('line number 9007199254740993 is larger than any file has'),
        expect.stringContaining('the ranges of this patch replace 10,000,000 lines; agentls reads up to 1,000,000 lines'),
      ]),
    );
    // Still serving: the status probe answers with the folder it serves.
    expect((await c.request<{ roots: string[] }>('agentls/status')).roots).toEqual([ws]);
  });
});
