import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkReport, expectOpenedLikeCheck, expectPushedLikeCheck } from '../../helpers/checkParity';
import { type LspTestClient, useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

const BAD_CURSOR = '---\nglobs: src/**\nalwaysApply: maybe\n---\nUse the design tokens.\n';
const GOOD_CURSOR = '---\nglobs: src/**\nalwaysApply: false\n---\nUse the design tokens.\n';
const BAD_TRIGGER = '---\ntrigger: sometimes\n---\nUse the design tokens.\n';

/**
 * Rule files the xcsh agent's discovery does not list but their own tools read: a Cursor
 * rule in a folder inside `.cursor/rules/`, a package's own `.cursor/rules` and
 * `.windsurf/rules`, Devin Desktop's `.devin/rules`, a Cline rule written as `.txt`, and a
 * package's `.cursorrules` and `.windsurfrules`.
 * All broken; none ever opened.
 */
const UNLISTED = {
  '.cursor/rules/backend/api.mdc': BAD_CURSOR,
  'packages/web/.cursor/rules/x.mdc': BAD_CURSOR,
  'packages/web/.windsurf/rules/x.md': BAD_TRIGGER,
  '.devin/rules/x.md': BAD_TRIGGER,
  // Cline reads the `.txt` files of `.clinerules` too; `paths` as a string is one it ignores.
  '.clinerules/style.txt': '---\npaths: "src/**"\n---\nUse tabs.\n',
  // Single-file rules in a package, named without an extension: their tools read them only at the root.
  'packages/web/.cursorrules': BAD_CURSOR,
  'packages/web/.windsurfrules': BAD_TRIGGER,
  // Through a nested `.cursor/rules` that is a link to a folder of the workspace (`LINKED`).
  'packages/app/.cursor/rules/x.mdc': BAD_CURSOR,
};

/**
 * The same places, holding what `agentls check` reports beyond the per-tool lint: `rule://`
 * links to no rule (or to one that goes to no bucket), and, for a file named as Claude
 * Code's memory, its `@` imports, or an AGENTS.md that a CLAUDE.md beside it keeps from
 * Claude Code. The Cursor rule is otherwise well formed, so the links are all it has.
 */
const LINKING = {
  'packages/web/.cursor/rules/x.mdc': '---\nglobs: src/**\nalwaysApply: false\n---\nSee rule://nope and rule://base.\n',
  'packages/web/.windsurf/rules/x.md': '---\ntrigger: sometimes\n---\nSee rule://missing.\n',
  '.devin/rules/x.md': '---\ntrigger: always_on\n---\nSee rule://gone.\n',
  'packages/web/.windsurf/rules/CLAUDE.md': 'Our memory.\n@missing-import.md\n',
  'packages/web/.windsurf/rules/AGENTS.md': 'Build with make.\n',
  'packages/app/.cursor/rules/x.mdc': '---\nglobs: src/**\nalwaysApply: false\n---\nSee rule://nowhere.\n',
};

/** A package's `.cursor/rules` that is a link to a folder of the workspace: the files named under the link are written in the target. */
const LINKED = { link: 'packages/app/.cursor/rules', target: 'shared/app-rules', written: '../../../shared/app-rules' };

function project(unlisted: Record<string, string> = UNLISTED): string {
  const files = Object.fromEntries(Object.entries(unlisted).map(([rel, text]) => [rel.startsWith(LINKED.link + '/') ? LINKED.target + rel.slice(LINKED.link.length) : rel, text]));
  const ws = writeTree(tempDir(), { ...files, '.cursor/rules/base.mdc': GOOD_CURSOR, 'src/main.ts': 'export const y = 2;\n', 'packages/web/src/a.ts': 'export const a = 1;\n' });
  fs.mkdirSync(path.dirname(path.join(ws, LINKED.link)), { recursive: true });
  fs.symlinkSync(LINKED.written, path.join(ws, LINKED.link));
  return ws;
}

async function startOn(ws: string, home: string, client: 'vscode' | 'neovim'): Promise<LspTestClient> {
  const c = await start({ folders: [ws], home, client });
  await c.waitForLog(/rules: \d+ rule files/);
  return c;
}

describe('rule files the xcsh agent does not list, never opened', () => {
  for (const [trees, unlisted] of [['broken frontmatter', UNLISTED], ['rule:// links and Claude imports', LINKING]] as const) {
    for (const client of ['vscode', 'neovim'] as const) {
      it(`get the findings agentls check gives them (${trees}), pushed to a ${client} client, and the same once opened`, async () => {
        const ws = project(unlisted);
        const home = tempDir('agentls-home-');
        const expected = checkReport(ws, home);
        const c = await startOn(ws, home, client);
        // The per-tool lint and the rules in context (a dead glob) are published apart: both are waited for.
        await expectPushedLikeCheck(c, ws, Object.keys(unlisted), expected);
        // Opened as they are on disk: the buffer is judged, and says the same (pulled by VS Code, pushed to Neovim).
        await expectOpenedLikeCheck(c, ws, Object.keys(unlisted), expected);
      });
    }
  }

  it('follow the disk: created, fixed and deleted while closed', async () => {
    const ws = project();
    const c = await startOn(ws, tempDir('agentls-home-'), 'neovim');
    const rel = 'packages/api/.cursor/rules/nested/y.mdc';
    const file = path.join(ws, rel);
    const uri = c.uri(file);
    const tell = (type: 1 | 2 | 3) => c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri, type }] });
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, BAD_CURSOR);
    await tell(1);
    await c.waitForDiagnostics(uri, (ds) => ds.some((d) => d.code === 'frontmatter/wrong-type'));
    fs.writeFileSync(file, GOOD_CURSOR);
    await tell(2);
    // Its glob still matches no file under packages/api (a note of the rules in context, which stays).
    await c.waitForDiagnostics(uri, (ds) => !ds.some((d) => d.code === 'frontmatter/wrong-type'));
    fs.writeFileSync(file, BAD_CURSOR);
    await tell(2);
    await c.waitForDiagnostics(uri, (ds) => ds.some((d) => d.code === 'frontmatter/wrong-type'));
    fs.rmSync(file);
    await tell(3);
    await c.waitForDiagnostics(uri, (ds) => ds.length === 0);
  });

  it('deleted on disk while open, then closed: no finding stays, as agentls check has no file to report', async () => {
    // Claude Code's note on an AGENTS.md the CLAUDE.md beside it does not import, which does not depend on its text.
    const ws = writeTree(tempDir(), { 'CLAUDE.md': 'Our memory.\n', 'AGENTS.md': 'Build with make.\n', 'src/main.ts': 'export const y = 2;\n' });
    const home = tempDir('agentls-home-');
    const c = await startOn(ws, home, 'neovim');
    const uri = c.uri(path.join(ws, 'AGENTS.md'));
    await expectPushedLikeCheck(c, ws, ['AGENTS.md'], checkReport(ws, home));
    await c.open(path.join(ws, 'AGENTS.md'));
    // The editor keeps the buffer of a file deleted behind it.
    fs.rmSync(path.join(ws, 'AGENTS.md'));
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri, type: 3 }] });
    // Changes are handled in their order: once a rule file created after the deletion has its findings, the deletion was handled.
    fs.mkdirSync(path.join(ws, '.devin/rules'), { recursive: true });
    const created = async (rel: string) => {
      fs.writeFileSync(path.join(ws, rel), BAD_TRIGGER);
      await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, rel)), type: 1 }] });
    };
    await created('.devin/rules/first.md');
    await c.waitForDiagnostics(c.uri(path.join(ws, '.devin/rules/first.md')), (ds) => ds.length > 0);
    await c.close(uri);
    // And once one created after the close has them, the close was.
    await created('.devin/rules/later.md');
    const expected = checkReport(ws, home);
    expect([...expected.keys()].sort()).toEqual(['.devin/rules/first.md', '.devin/rules/later.md']);
    await expectPushedLikeCheck(c, ws, ['.devin/rules/later.md'], expected);
    await c.waitFor('AGENTS.md to show nothing', () => (c.diagnostics.get(uri)?.diagnostics.length ?? 0) === 0);
  });

  it('follow the files their links lead to: a rule:// name and a Claude import that come to be while closed', async () => {
    const ws = project(LINKING);
    const c = await startOn(ws, tempDir('agentls-home-'), 'neovim');
    const created = async (rel: string, text: string) => {
      fs.writeFileSync(path.join(ws, rel), text);
      await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, rel)), type: 1 }] });
    };
    const devin = c.uri(path.join(ws, '.devin/rules/x.md'));
    const memory = c.uri(path.join(ws, 'packages/web/.windsurf/rules/CLAUDE.md'));
    await c.waitForDiagnostics(devin, (ds) => ds.some((d) => d.code === 'rule-url/unknown'));
    await c.waitForDiagnostics(memory, (ds) => ds.some((d) => d.code === 'claude/import-missing'));
    // A rule named gone, always applied: the xcsh agent resolves rule://gone now.
    await created('.cursor/rules/gone.mdc', '---\ndescription: What is gone\nalwaysApply: true\n---\nGone.\n');
    await c.waitForDiagnostics(devin, (ds) => ds.length === 0);
    await created('packages/web/.windsurf/rules/missing-import.md', 'Imported.\n');
    await c.waitForDiagnostics(memory, (ds) => !ds.some((d) => d.code === 'claude/import-missing'));
  });

  it('are diagnosed from the buffer once opened, and pulled, not pushed, by a pulling client', async () => {
    const ws = project();
    const c = await startOn(ws, tempDir('agentls-home-'), 'vscode');
    const file = path.join(ws, '.devin/rules/x.md');
    const uri = c.uri(file);
    await c.waitForDiagnostics(uri, (ds) => ds.some((d) => d.code === 'frontmatter/invalid-value'));
    await c.open(file, '---\ntrigger: always_on\n---\nUse the design tokens.\n');
    expect(c.pullsDiagnostics).toBe(true);
    await c.waitForDiagnostics(uri, (ds) => !ds.some((d) => d.code === 'frontmatter/invalid-value'));
    // The pushed set was cleared on open: the editor shows only the pulled one.
    await c.waitFor('the pushed set to be cleared', () => c.diagnostics.get(uri)?.diagnostics.length === 0);
    // Closed unsaved: the file on disk is what its tool reads, and its findings are pushed again.
    await c.close(uri);
    await c.waitFor('the disk findings pushed again', () => c.diagnostics.get(uri)?.diagnostics.some((d) => d.code === 'frontmatter/invalid-value') === true);
  });
});

describe('closed rule files after a restart from the stored file index', () => {
  it('are judged from the stored names at once, and a package rule folder linked out of the workspace once the listing has ended', async () => {
    const ws = writeTree(tempDir(), { 'packages/web/.cursor/rules/x.mdc': BAD_CURSOR, 'src/main.ts': 'export const y = 2;\n' });
    const outside = writeTree(tempDir('agentls-outside-'), { 'r.mdc': GOOD_CURSOR });
    fs.mkdirSync(path.join(ws, 'packages/app/.cursor'), { recursive: true });
    fs.symlinkSync(outside, path.join(ws, 'packages/app/.cursor/rules'));
    const cacheDir = tempDir('agentls-cache-');
    const nested = path.join(ws, 'packages/web/.cursor/rules/x.mdc');
    const link = path.join(ws, 'packages/app/.cursor/rules');
    const first = await start({ folders: [ws], cacheDir });
    await first.waitForDiagnostics(first.uri(nested), (d) => d.some((x) => x.code === 'frontmatter/wrong-type'));
    await first.waitForDiagnostics(first.uri(link), (d) => d.some((x) => x.code === 'rule/link-outside'));
    await first.stop();

    // The restarted server's own listing is held: the stored names alone carry the nested rule's findings.
    const gate = path.join(tempDir('agentls-gate-'), 'go');
    const again = await start({ folders: [ws], cacheDir, env: { AGENTLS_TEST_HOLD_INDEX: gate } });
    await again.waitForDiagnostics(again.uri(nested), (d) => d.some((x) => x.code === 'frontmatter/wrong-type'));
    expect(fs.existsSync(gate)).toBe(false);
    // Links are not stored: the one out of the workspace is said once the listing has met it.
    fs.writeFileSync(gate, '');
    await again.waitForDiagnostics(again.uri(link), (d) => d.some((x) => x.code === 'rule/link-outside'));
  });
});
