import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentLink, Hover, MarkupContent } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';
import { workCounts } from '../../helpers/workCounts';

const start = useLspClients(afterEach);

/** One line of 170,000 `mdc:` after a space, none a link: each looked back 1,000 characters for a `[label]:`, 600-800 ms a hover. */
const FLOOD = `[a ${'mdc:x '.repeat(170_000)}\n`;

/**
 * The `mdc:` scan's work as the server counts it (`mdc-link-scan`, `mdc-link-steps`:
 * occurrences looked at and characters looked back over), not its time: time on shared cores
 * would be flaky.
 */
describe('the mdc: link scan of a rule flooded with mdc: that are no links', () => {
  it('does a bounded amount of work a scan, and the hover of a real link still answers', async () => {
    const ws = writeTree(tempDir(), { 'src/a.ts': 'export {};\n', '.cursor/rules/big.mdc': `---\ndescription: Big\n---\nSee [a](mdc:src/a.ts).\n${FLOOD}` });
    const { env, counts } = workCounts();
    const c = await start({ folders: [ws], env });
    const uri = await c.open(path.join(ws, '.cursor', 'rules', 'big.mdc'));
    await c.waitForDiagnostics(uri);
    const before = counts();
    const h = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 3, character: 12 } });
    expect((h.contents as MarkupContent).value).toContain('`src/a.ts`');
    const after = counts();
    const scans = after['mdc-link-scan'] - (before['mdc-link-scan'] ?? 0);
    expect(scans).toBeGreaterThan(0);
    // A tenth of the text's characters a scan: before, 1,000 characters looked back over for each occurrence.
    expect((after['mdc-link-steps'] - (before['mdc-link-steps'] ?? 0)) / scans).toBeLessThan(100_000);
  });

  it('is not run for the document links of a Markdown file that is no Cursor rule', async () => {
    const ws = writeTree(tempDir(), { 'README.md': `# Notes\n${FLOOD}` });
    const { env, counts } = workCounts();
    const c = await start({ folders: [ws], env });
    const uri = await c.open(path.join(ws, 'README.md'));
    await c.waitForDiagnostics(uri);
    expect(await c.request<DocumentLink[] | null>('textDocument/documentLink', { textDocument: { uri } })).toEqual([]);
    await c.request('textDocument/definition', { textDocument: { uri }, position: { line: 1, character: 4 } });
    expect(counts()['mdc-link-scan'] ?? 0).toBe(0);
  });
});

describe('the file an mdc: link names', () => {
  it('is looked up once for go to definition and once for the document links', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', 'src/a.ts': 'export {};\n', '.cursor/rules/r.mdc': '---\ndescription: R\n---\nSee [a](mdc:src/a.ts).\n' });
    const { env, counts } = workCounts();
    const c = await start({ folders: [ws], env });
    const uri = await c.open(path.join(ws, '.cursor', 'rules', 'r.mdc'));
    await c.waitForDiagnostics(uri);
    const key = `disk-stat ${path.join(ws, 'src/a.ts')}`;
    const stats = async (request: () => Promise<unknown>): Promise<number> => {
      const before = counts()[key] ?? 0;
      await request();
      return (counts()[key] ?? 0) - before;
    };
    expect(await stats(() => c.request('textDocument/definition', { textDocument: { uri }, position: { line: 3, character: 12 } }))).toBe(1);
    expect(await stats(() => c.request<DocumentLink[] | null>('textDocument/documentLink', { textDocument: { uri } }))).toBe(1);
  });
});
