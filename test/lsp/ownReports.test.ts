import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useLspClients } from '../helpers/lspClient';
import { tempDir, writeTree } from '../helpers/repo';

const start = useLspClients(afterEach);

describe('the server\'s own reports', () => {
  it('get no diagnostics: the placeholder rule://NAME in the buckets report is not flagged', async () => {
    const ws = writeTree(tempDir(), { '.cursor/rules/a.mdc': '---\ndescription: A\n---\nbody\n' });
    const c = await start({ folders: [ws] });
    await c.executeCommand('agentls.rules.showBuckets', []);
    await c.waitFor('the report to be shown', () => c.shownDocuments.length > 0);
    const reportPath = decodeURIComponent(new URL(c.shownDocuments[0]).pathname);
    const text = fs.readFileSync(reportPath, 'utf8');
    expect(text).toContain('rule://NAME');

    // The same text in the workspace is the user's: there the unknown name is reported.
    const copy = path.join(ws, 'notes.md');
    fs.writeFileSync(copy, text);
    const copyUri = await c.open(copy);
    const inWorkspace = await c.waitForDiagnostics(copyUri, (ds) => ds.length > 0);
    expect(inWorkspace.map((d) => d.code)).toContain('rule-url/unknown');

    const reportUri = await c.open(reportPath);
    expect(await c.waitForDiagnostics(reportUri)).toEqual([]);
  });
});
