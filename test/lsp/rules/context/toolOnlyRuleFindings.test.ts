import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { checkReport, expectOpenedLikeCheck, expectPushedLikeCheck } from '../../../helpers/checkParity';
import { CLINE_DEAD_GLOB, CURSOR_DEAD_GLOB, DEAD_GLOB, WINDSURF_DEAD_GLOB } from '../../../helpers/deadGlobRules';
import { type LspTestClient, useLspClients } from '../../../helpers/lspClient';
import { tempDir, writeTree } from '../../../helpers/repo';

const start = useLspClients(afterEach);

/**
 * Rule files the xcsh agent skips and their own tool reads, each with a glob that matches
 * no file: the root's `.cursor/` left out by `.gitignore`, a Cline rule left out by name,
 * and a Windsurf rule that is a link to a file inside the workspace. A `.xcsh` folder makes
 * the xcsh agent judged too: it reads none of them.
 */
const FILES = ['.cursor/rules/rb.mdc', '.windsurf/rules/rb.md', '.clinerules/rb.local.md'];

function project(): string {
  const ws = writeTree(tempDir(), {
    '.gitignore': '.cursor/\n*.local.md\n',
    '.xcsh/rules/base.md': '---\nalwaysApply: true\n---\nBe brief.\n',
    '.cursor/rules/rb.mdc': CURSOR_DEAD_GLOB,
    'shared/rb-windsurf.md': WINDSURF_DEAD_GLOB,
    '.windsurf/rules/.keep': '',
    '.clinerules/rb.local.md': CLINE_DEAD_GLOB,
    'src/a.ts': 'export const a = 1;\n',
  });
  fs.symlinkSync('../../shared/rb-windsurf.md', path.join(ws, '.windsurf/rules/rb.md'));
  return ws;
}

const deadGlob = (ds: Diagnostic[], glob: string) => ds.find((d) => d.code === 'context/dead-glob' && String(d.message).includes(JSON.stringify(glob)));

async function startOn(ws: string, home: string, client: 'vscode' | 'neovim'): Promise<LspTestClient> {
  const c = await start({ folders: [ws], home, client });
  await c.waitForLog(/rules: \d+ rule files/);
  return c;
}

describe('dead globs of the rule files only their own tool reads, over LSP', () => {
  for (const client of ['vscode', 'neovim'] as const) {
    it(`are pushed while closed as agentls check reports them, and given for the open buffer (${client})`, async () => {
      const ws = project();
      const home = tempDir('agentls-home-');
      const expected = checkReport(ws, home);
      const c = await startOn(ws, home, client);
      const closed = await expectPushedLikeCheck(c, ws, FILES, expected);
      for (const rel of FILES) {
        // Cline 4 ignores `paths` (rules/agents/cline.ts): its rule is said to be sent in every request, no glob of it dead.
        const cline = rel.startsWith('.clinerules/');
        expect(expected.get(rel)!.some((s) => s.startsWith(cline ? 'rule/scope-ignored ' : 'context/dead-glob ')), rel).toBe(true);
        if (cline) continue;
        // Said of the tool that reads the file, never of the xcsh agent.
        expect(String(deadGlob(closed.get(rel)!, DEAD_GLOB)!.message), rel).not.toContain('xcsh');
      }
      await expectOpenedLikeCheck(c, ws, FILES, expected);
    });
  }

  it('follow the buffer of an open ignored rule, and the disk of a closed linked one', async () => {
    const ws = project();
    const c = await startOn(ws, tempDir('agentls-home-'), 'neovim');
    const cursor = path.join(ws, '.cursor/rules/rb.mdc');
    const uri = await c.open(cursor);
    await c.waitForDiagnostics(uri, (ds) => deadGlob(ds, DEAD_GLOB) !== undefined);
    // Typed into: a glob that matches is no finding, another dead one is, on its own place.
    await c.setText(uri, CURSOR_DEAD_GLOB.replace(DEAD_GLOB, 'src/**/*.ts'));
    await c.waitForDiagnostics(uri, (ds) => !ds.some((d) => d.code === 'context/dead-glob'));
    await c.setText(uri, CURSOR_DEAD_GLOB.replace(DEAD_GLOB, 'lib/**/*.py'));
    const typed = await c.waitForDiagnostics(uri, (ds) => deadGlob(ds, 'lib/**/*.py') !== undefined);
    expect(deadGlob(typed, 'lib/**/*.py')!.range).toEqual({ start: { line: 1, character: 7 }, end: { line: 1, character: 18 } });

    // The linked Windsurf rule, closed: its target mended on disk, then broken again.
    const link = c.uri(path.join(ws, '.windsurf/rules/rb.md'));
    const target = path.join(ws, 'shared/rb-windsurf.md');
    const changed = () => c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(target), type: 2 }] });
    // Typing in the Cursor rule re-read that file alone, never listing the rule folders again
    // (which republished every skipped file): the link's glob, judged first for that open
    // buffer, still gets its finding pushed.
    await c.waitForDiagnostics(link, (ds) => deadGlob(ds, DEAD_GLOB) !== undefined);
    fs.writeFileSync(target, WINDSURF_DEAD_GLOB.replace(DEAD_GLOB, 'src/**/*.ts'));
    await changed();
    await c.waitForDiagnostics(link, (ds) => !ds.some((d) => d.code === 'context/dead-glob'));
    fs.writeFileSync(target, WINDSURF_DEAD_GLOB.replace(DEAD_GLOB, 'lib/**/*.go'));
    await changed();
    await c.waitForDiagnostics(link, (ds) => deadGlob(ds, 'lib/**/*.go') !== undefined);
  });
});
