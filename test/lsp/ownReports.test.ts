import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useLspClients, type LspTestClient } from '../helpers/lspClient';
import { tempDir, writeTree } from '../helpers/repo';

const start = useLspClients(afterEach);

/** Starts a server on a workspace with one rule, shows the buckets report and returns its path and the client. */
async function bucketsReport(): Promise<{ c: LspTestClient; ws: string; reportPath: string }> {
  const ws = writeTree(tempDir(), { '.cursor/rules/a.mdc': '---\ndescription: A\n---\nbody\n' });
  const c = await start({ folders: [ws] });
  await c.executeCommand('agentls.rules.showBuckets', []);
  await c.waitFor('the report to be shown', () => c.shownDocuments.length > 0);
  return { c, ws, reportPath: decodeURIComponent(new URL(c.shownDocuments[0]).pathname) };
}

describe('the server\'s own reports', () => {
  it('get no diagnostics: the placeholder rule://NAME in the buckets report is not flagged', async () => {
    const { c, ws, reportPath } = await bucketsReport();
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

  it('are replaced whole, never rewritten in place: an editor showing one never reads half of it', async () => {
    const { c, reportPath } = await bucketsReport();
    const first = fs.statSync(reportPath).ino;
    await c.executeCommand('agentls.rules.showBuckets', []);
    await c.waitFor('the report to be shown again', () => c.shownDocuments.length > 1);
    // A new file renamed over the old one (the workspace's atomic write), not the old one truncated and refilled.
    expect(fs.statSync(reportPath).ino).not.toBe(first);
    expect(fs.readFileSync(reportPath, 'utf8')).toContain('rule://NAME');
    expect(fs.readdirSync(path.dirname(reportPath)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a report asked for several times at once, the first time too, is written each time (the writes take turns)', async () => {
    const ws = writeTree(tempDir(), { '.cursor/rules/a.mdc': '---\ndescription: A\n---\nbody\n' });
    const c = await start({ folders: [ws] });
    // Each write refuses a file that changes or appears under it: without turns, the requests refused each other.
    await Promise.all(Array.from({ length: 20 }, () => c.executeCommand('agentls.rules.showBuckets', [])));
    await c.waitFor('twenty reports shown', () => c.shownDocuments.length === 20);
    const reportPath = decodeURIComponent(new URL(c.shownDocuments[0]).pathname);
    expect(fs.readFileSync(reportPath, 'utf8')).toContain('rule://NAME');
    expect(fs.readdirSync(path.dirname(reportPath)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
