import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LspTestClient, useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/**
 * The server has one thread: a document that makes a parse quadratic blocks every
 * request. Each case opens a pathological document, waits for its diagnostics, then
 * checks that a probe request is still answered (waits are generous caps, never sleeps).
 */
async function probe(c: LspTestClient, uri: string): Promise<void> {
  await c.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } });
  expect(c.exitCode).toBeUndefined();
}

describe('pathological documents', () => {
  it('a hashline op line of 200,000 spaces is diagnosed at once', async () => {
    const ws = writeTree(tempDir(), { 'a.txt': 'one\n' });
    const c = await start({ folders: [ws] });
    const uri = await c.open(path.join(ws, 'spaces.hashline'), `§a.txt\n≔${' '.repeat(200_000)}1ab\nx\n≔${' '.repeat(200_000)}x\n`, 'text');
    const diags = await c.waitForDiagnostics(uri, (d) => d.length >= 2, 15_000);
    expect(diags.some((d) => String(d.code).startsWith('hashline/'))).toBe(true);
    await probe(c, uri);
  });

  it('refuses a patch of more ops than the limit before parsing any, and still answers hover', async () => {
    const ws = writeTree(tempDir(), { 'a.txt': 'one\n' });
    const c = await start({ folders: [ws] });
    const uri = await c.open(path.join(ws, 'many.hashline'), `§a.txt\n${'≔1ab\nx\n'.repeat(90_000)}`, 'text');
    const diags = await c.waitForDiagnostics(uri, (d) => d.length > 0, 15_000);
    expect(diags.map((d) => [d.code, d.message, d.range.start.line])).toEqual([['hashline/input-error', 'this patch has 90,000 ops; agentls reads up to 10,000 ops; split it into smaller patches', 20_001]]);
    await probe(c, uri);
  });

  it('refuses a patch of more lines than the limit', async () => {
    const ws = writeTree(tempDir(), { 'a.txt': 'one\n' });
    const c = await start({ folders: [ws] });
    const uri = await c.open(path.join(ws, 'long.hashline'), `§a.txt\n»EOF\n${'\n'.repeat(600_000)}`, 'text');
    const diags = await c.waitForDiagnostics(uri, (d) => d.length > 0, 15_000);
    expect(diags.map((d) => [d.code, d.message])).toEqual([['hashline/input-error', 'this patch has 600,003 lines; agentls reads up to 200,000 lines; split it into smaller patches']]);
    await probe(c, uri);
  });

  it('a prompt of 100,000 unterminated tokens is diagnosed at once', async () => {
    const ws = writeTree(tempDir(), { 'a.txt': 'one\n' });
    const c = await start({ folders: [ws] });
    const uri = await c.open(path.join(ws, 'many.prompt.md'), `---\nfile_references: []\n---\n${'<@file:a|x '.repeat(100_000)}\n`);
    const diags = await c.waitForDiagnostics(uri, (d) => d.length > 0, 15_000);
    expect(diags.some((d) => d.code === 'ref/unescaped-start')).toBe(true);
    await probe(c, uri);
  });

  it('caps prompt diagnostics, saying how many there were', async () => {
    const ws = writeTree(tempDir(), { 'a.txt': 'one\n' });
    const c = await start({ folders: [ws] });
    const uri = await c.open(path.join(ws, 'unmapped.prompt.md'), `---\nfile_references: []\n---\n${'<@file:a|x> '.repeat(20_000)}\n`);
    const diags = await c.waitForDiagnostics(uri, (d) => d.length > 0, 15_000);
    expect(diags.length).toBe(1001);
    expect(diags.find((d) => d.code === 'ref/too-large')?.message).toBe('this prompt has 20,000 findings; agentls reads up to 1,000 findings; the first 1,000 are shown');
    await probe(c, uri);
  });

  it('does not parse a prompt frontmatter larger than the limit, and says so', async () => {
    const ws = writeTree(tempDir(), { 'notes.txt': 'one\n' });
    const c = await start({ folders: [ws] });
    const entries = '  - ref_id: r\n    path: notes.txt\n'.repeat(20_000);
    const uri = await c.open(path.join(ws, 'refs.prompt.md'), `---\nfile_references:\n${entries}---\n${'<@file:r|notes.txt>'.repeat(100)}\n`);
    const diags = await c.waitForDiagnostics(uri, (d) => d.length > 0, 15_000);
    expect(diags.map((d) => d.message)).toEqual(['this frontmatter has 680,017 characters; agentls reads up to 131,072 characters, so file_references is not read']);
    await probe(c, uri);
  });

  it('does not parse a prompt frontmatter nested deeper than the limit (the YAML parser recurses per level), and says so', async () => {
    const ws = writeTree(tempDir(), { 'notes.txt': 'one\n' });
    const c = await start({ folders: [ws] });
    const uri = await c.open(path.join(ws, 'deep.prompt.md'), `---\nfile_references: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n---\nsee <@file:r|notes.txt>\n`);
    const diags = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'ref/too-large'), 15_000);
    expect(diags.find((d) => d.code === 'ref/too-large')?.message).toBe('this frontmatter nests 20,000 deep; agentls reads up to 64 deep, so file_references is not read');
    await probe(c, uri);
  });

  it('refuses a RAWP prompt message nested deeper than the limit, naming both depths', async () => {
    const ws = writeTree(tempDir(), { 'notes.txt': 'one\n' });
    const c = await start({ folders: [ws] });
    const text = `{"type": "control.prompt.request", "payload": {"prompt_text": "x", "file_references": ${'['.repeat(20_000)}${']'.repeat(20_000)}}}`;
    const uri = await c.open(path.join(ws, 'deep.rawp.json'), text, 'json');
    const diags = await c.waitForDiagnostics(uri, (d) => d.length > 0, 15_000);
    expect(diags.map((d) => d.message).join('\n')).toContain('this message nests 20,002 deep; agentls reads up to 256 deep');
    await probe(c, uri);
  });

  it.each([
    ['deep.astedit.json', `{"ops": ${'['.repeat(20_000)}${']'.repeat(20_000)}, "paths": ["src"]}`, 20_001],
    ['deep.astedit.yaml', `ops: ${'['.repeat(20_000)}${']'.repeat(20_000)}\npaths: [src]\n`, 20_000],
    ['indented.astedit.yaml', Array.from({ length: 300 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n') + '\n', 300],
    // A stray quote in a comment once hid every bracket after it from the count.
    ['quoted.astedit.yaml', `# a "stray quote\nops: ${'['.repeat(20_000)}${']'.repeat(20_000)}\npaths: [src]\n`, 20_000],
  ])('refuses a recipe nested deeper than the limit (%s), naming both depths', async (name, text, depth) => {
    const ws = writeTree(tempDir(), { 'src/a.ts': 'console.log(1);\n' });
    const c = await start({ folders: [ws] });
    const uri = await c.open(path.join(ws, name), text, name.endsWith('json') ? 'json' : 'yaml');
    const diags = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'astedit/too-large'), 15_000);
    expect(diags.find((d) => d.code === 'astedit/too-large')?.message).toBe(`this recipe nests ${depth.toLocaleString('en-US')} deep; agentls reads up to 100 deep`);
    await probe(c, uri);
  });

  it('refuses a recipe larger than the limit before parsing it', async () => {
    const ws = writeTree(tempDir(), { 'src/a.ts': 'console.log(1);\n' });
    const c = await start({ folders: [ws] });
    const text = `ops:\n${'  - {pat: "console.log($A)", out: "log($A)"}\n'.repeat(20_000)}paths: [src]\n`;
    const uri = await c.open(path.join(ws, 'big.astedit.yaml'), text, 'yaml');
    const diags = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'astedit/too-large'), 15_000);
    expect(diags.find((d) => d.code === 'astedit/too-large')?.message).toMatch(/^this recipe has [\d,]+ characters; agentls reads up to 262,144 characters$/);
    await probe(c, uri);
  });

  it('refuses a recipe with more ops than the limit without parsing any pattern', async () => {
    const ws = writeTree(tempDir(), { 'src/a.ts': 'console.log(1);\n' });
    const c = await start({ folders: [ws] });
    const ops = Array.from({ length: 4000 }, (_, i) => `  - {pat: "console.log(${i}, $A)", out: "log($A)"}\n`).join('');
    const uri = await c.open(path.join(ws, 'many.astedit.yaml'), `ops:\n${ops}paths: [src]\n`, 'yaml');
    const diags = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'astedit/too-large'), 15_000);
    expect(diags.find((d) => d.code === 'astedit/too-large')).toMatchObject({ message: 'this rewrite has 4,000 ops; agentls reads up to 100 ops', range: { start: { line: 0 } } });
    await probe(c, uri);
  });

  it('refuses an ast-edit request whose pattern is longer than the limit', async () => {
    const ws = writeTree(tempDir(), { 'src/a.ts': 'console.log(1);\n' });
    const c = await start({ folders: [ws] });
    const pat = `f(${'$A, '.repeat(5000)}$B)`;
    await expect(c.request('agentls/astEditPreview', { ops: [{ pat, out: 'g()' }], paths: ['src'] })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('`ops[0].pat`: this pattern has 20,005 characters; agentls reads up to 10,000 characters'),
    });
  });
});
