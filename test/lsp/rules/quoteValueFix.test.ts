import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { CodeAction, Diagnostic } from 'vscode-languageserver/node';
import { useLspClients, type LspTestClient } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

/**
 * The quick fix of a `frontmatter/yaml-error` that says "Quote the value.", through the real
 * server: the action, its edit applied as the editor applies it, the finding gone, and the
 * frontmatter then valid YAML holding the text the value was written with.
 */
const start = useLspClients(afterEach);

async function quoteFix(c: LspTestClient, uri: string): Promise<string> {
  const before = await c.waitForDiagnostics(uri, (ds) => ds.some((d) => d.code === 'frontmatter/yaml-error'));
  const finding = before.find((d) => d.code === 'frontmatter/yaml-error')!;
  expect(finding.message).toContain('Quote the value.');
  const actions = await c.codeActions(uri, finding.range);
  const action = actions.find((a) => a.title.startsWith('Quote the'));
  if (!action) throw new Error(`no quote fix; offered: ${actions.map((a) => a.title).join(' | ')}`);
  // Inline: Neovim and Helix drop what a command would return.
  expect(action.edit).toBeDefined();
  expect(action.command).toBeUndefined();
  await c.applyCodeAction(action);
  await c.waitForDiagnostics(uri, (ds) => !ds.some((d) => d.code === 'frontmatter/yaml-error'));
  return c.text(uri);
}

/** Opens `file`, applies the quote fix, checks the text it leaves, and gives its frontmatter parsed. */
async function fixedTo(c: LspTestClient, file: string, expected: string): Promise<Record<string, unknown>> {
  const text = await quoteFix(c, await c.open(file));
  expect(text).toBe(expected);
  return frontmatter(text);
}

/** Opens `file` and gives its `frontmatter/yaml-error` once the server reports it. */
async function openFinding(c: LspTestClient, file: string): Promise<{ uri: string; finding: Diagnostic }> {
  const uri = await c.open(file);
  const [finding] = (await c.waitForDiagnostics(uri, (ds) => ds.some((d) => d.code === 'frontmatter/yaml-error'))).filter((d) => d.code === 'frontmatter/yaml-error');
  return { uri, finding };
}

/** The frontmatter block of a text, parsed. */
function frontmatter(text: string): Record<string, unknown> {
  return parse(text.split('---\n')[1]) as Record<string, unknown>;
}

describe('quoting a value YAML rejects', () => {
  it("quotes a Cursor rule's description holding `: ` in double quotes, in Neovim", async () => {
    const ws = writeTree(tempDir(), { '.cursor/rules/style.mdc': '---\ndescription: Use it: always\nalwaysApply: false\n---\nBody.\n' });
    const c = await start({ folders: [ws], client: 'neovim' });
    const uri = await c.open(path.join(ws, '.cursor/rules/style.mdc'));
    const text = await quoteFix(c, uri);
    expect(text).toBe('---\ndescription: "Use it: always"\nalwaysApply: false\n---\nBody.\n');
    expect(frontmatter(text).description).toBe('Use it: always');
  });

  it('quotes in single quotes a value holding `"` and `\\`, and a list element starting with `*`, in a Cline rule', async () => {
    const value = '@docs say "x" at C:\\tmp: it\'s so';
    const ws = writeTree(tempDir(), { '.clinerules/a.md': `---\ndescription: ${value}\npaths:\n  - *.ts\n---\nBody.\n` });
    const c = await start({ folders: [ws], client: 'helix' });
    const uri = await c.open(path.join(ws, '.clinerules/a.md'));
    const text = await quoteFix(c, uri);
    expect(text).toBe(`---\ndescription: '@docs say "x" at C:\\tmp: it''s so'\npaths:\n  - "*.ts"\n---\nBody.\n`);
    expect(frontmatter(text)).toEqual({ description: value, paths: ['*.ts'] });
  });

  it("quotes a Copilot instruction's description starting with a backtick", async () => {
    const ws = writeTree(tempDir(), { '.github/instructions/x.instructions.md': '---\napplyTo: "**"\ndescription: `code` first\n---\nBody.\n' });
    const c = await start({ folders: [ws], client: 'neovim' });
    const uri = await c.open(path.join(ws, '.github/instructions/x.instructions.md'));
    const text = await quoteFix(c, uri);
    expect(frontmatter(text).description).toBe('`code` first');
  });

  it('leaves a line of a `>` block scalar, and one continuing a plain value: the block reads no quoted value there, and quoting it changes the text', async () => {
    const folded = '---\ndescription: >\n  Use it: always\n  - *x\nfoo: a: b\nalwaysApply: false\n---\nBody.\n';
    // Not under a block header: only the parse of the fixed block shows `- "*x"` would be text.
    const plain = '---\ndescription: first line\n  - *x\nfoo: a: b\nalwaysApply: false\n---\nBody.\n';
    const ws = writeTree(tempDir(), { '.cursor/rules/e.mdc': folded, '.cursor/rules/f.mdc': plain });
    const c = await start({ folders: [ws], client: 'neovim' });
    expect(await fixedTo(c, path.join(ws, '.cursor/rules/e.mdc'), folded.replace('foo: a: b', 'foo: "a: b"'))).toEqual({ description: 'Use it: always - *x\n', foo: 'a: b', alwaysApply: false });
    expect(await fixedTo(c, path.join(ws, '.cursor/rules/f.mdc'), plain.replace('foo: a: b', 'foo: "a: b"'))).toEqual({ description: 'first line - *x', foo: 'a: b', alwaysApply: false });
  });

  it('leaves a trailing comment outside the quotes, on a key and on a list element', async () => {
    const ws = writeTree(tempDir(), {
      '.cursor/rules/b.mdc': '---\ndescription: Use it: always # why\nalwaysApply: false\n---\nBody.\n',
      '.claude/rules/c.md': '---\npaths:\n  - *.ts # ts\n  - src/**/*.ts\n---\nBody.\n',
    });
    const c = await start({ folders: [ws], client: 'helix' });
    expect(await fixedTo(c, path.join(ws, '.cursor/rules/b.mdc'), '---\ndescription: "Use it: always" # why\nalwaysApply: false\n---\nBody.\n')).toEqual({ description: 'Use it: always', alwaysApply: false });
    expect(await fixedTo(c, path.join(ws, '.claude/rules/c.md'), '---\npaths:\n  - "*.ts" # ts\n  - src/**/*.ts\n---\nBody.\n')).toEqual({ paths: ['*.ts', 'src/**/*.ts'] });
  });

  it('offers no quote fix where the message says to close a quote', async () => {
    const ws = writeTree(tempDir(), { '.cursor/rules/open.mdc': '---\ndescription: "never closed\nalwaysApply: false\n---\nBody.\n' });
    const c = await start({ folders: [ws], client: 'neovim' });
    const { uri, finding } = await openFinding(c, path.join(ws, '.cursor/rules/open.mdc'));
    expect(finding.message).toContain('Close the quote.');
    expect((await c.codeActions(uri, finding.range)).filter((a) => a.title.startsWith('Quote the'))).toEqual([]);
  });
  it('quotes a value after its anchor, so that an alias to it on another line still reads the same text', async () => {
    const text = '---\ndescription: &x @file\nglobs: *x\nalwaysApply: false\n---\nBody.\n';
    const ws = writeTree(tempDir(), { '.cursor/rules/a.mdc': text });
    const c = await start({ folders: [ws], client: 'neovim' });
    expect(await fixedTo(c, path.join(ws, '.cursor/rules/a.mdc'), text.replace('&x @file', '&x "@file"'))).toEqual({ description: '@file', globs: '@file', alwaysApply: false });
  });

  it("leaves a value whose quoting would turn its anchor into text, and with it the value of another line's alias, and quotes the rest", async () => {
    // `!t &x @file`: the tag comes first, so the anchor is not where the fix quotes after it; quoting it all leaves `*x` an alias to nothing.
    const text = '---\ntags:\n  - @y\ndescription: !t &x @file\nglobs: *x\nalwaysApply: false\n---\nBody.\n';
    const ws = writeTree(tempDir(), { '.cursor/rules/a.mdc': text });
    const c = await start({ folders: [ws], client: 'neovim' });
    const { uri, finding } = await openFinding(c, path.join(ws, '.cursor/rules/a.mdc'));
    expect(finding.range.start.line).toBe(2);
    const [action] = (await c.codeActions(uri, finding.range)).filter((a) => a.title.startsWith('Quote the'));
    expect(action?.title).toBe('Quote the value so the frontmatter is valid YAML');
    await c.applyCodeAction(action);
    expect(c.text(uri)).toBe(text.replace('- @y', '- "@y"'));
  });

  it('offers nothing where the line the finding is about still has an error once the values are quoted', async () => {
    const text = '---\nglobs: [a,\n  b: c: d]\ndescription: Use it: always\nalwaysApply: false\n---\nBody.\n';
    const ws = writeTree(tempDir(), { '.cursor/rules/a.mdc': text });
    const c = await start({ folders: [ws], client: 'neovim' });
    const { uri, finding } = await openFinding(c, path.join(ws, '.cursor/rules/a.mdc'));
    expect(finding.message).toContain('Quote the value.');
    expect(finding.range.start.line).toBe(2);
    const everywhere = { start: { line: 0, character: 0 }, end: { line: 4, character: 0 } };
    expect((await c.codeActions(uri, everywhere)).filter((a) => a.title.startsWith('Quote the'))).toEqual([]);
  });
  // Neovim's and Eglot's code action at the cursor sends an empty range there, Helix's its one-character selection: the cursor on
  // the value the message says to quote, not on the one character the YAML parser names (`U` of `Use it: always`).
  it.each([
    { client: 'neovim' as const, at: { start: { line: 1, character: 22 }, end: { line: 1, character: 22 } } },
    { client: 'helix' as const, at: { start: { line: 1, character: 22 }, end: { line: 1, character: 23 } } },
  ])('offers the quote fix with the cursor anywhere on the value it quotes, and not on another line ($client)', async ({ client, at }) => {
    const ws = writeTree(tempDir(), { '.cursor/rules/style.mdc': '---\ndescription: Use it: always\nalwaysApply: false\n---\nBody.\n' });
    const c = await start({ folders: [ws], client });
    const { uri, finding } = await openFinding(c, path.join(ws, '.cursor/rules/style.mdc'));
    expect(finding.range.start).toEqual({ line: 1, character: 13 });
    const quote = (as: CodeAction[]) => as.filter((a) => a.title.startsWith('Quote the'));
    expect(quote(await c.codeActions(uri, { start: { line: 2, character: 3 }, end: { line: 2, character: 3 } }))).toEqual([]);
    const [action] = quote(await c.codeActions(uri, at));
    expect(action?.title).toBe('Quote the value so the frontmatter is valid YAML');
    await c.applyCodeAction(action);
    await c.waitForDiagnostics(uri, (ds) => !ds.some((d) => d.code === 'frontmatter/yaml-error'));
    expect(c.text(uri)).toBe('---\ndescription: "Use it: always"\nalwaysApply: false\n---\nBody.\n');
  });
});
