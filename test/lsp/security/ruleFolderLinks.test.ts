import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import { URI } from 'vscode-uri';
import type { ConvertPromptResult } from '../../../protocol/refs';
import type { RuleBucketsResult } from '../../../protocol/rules';
import { lineHash } from '../../../server/hashline/hash';
import { type LspTestClient, useLspClients } from '../../helpers/lspClient';
import { searchNames, until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';
import { completeIndex } from '../search/searchSupport';

/*
 * A rule folder the agent reads (`.clinerules`, xcsh's `.agents/rules`, a parent folder's
 * `.clinerules`) that is a symlink out of the workspace must not widen what agentls reads or
 * writes: it is reported, not followed, and no engine reaches its target through it.
 */

const start = useLspClients(afterEach);
const SECRET = 'TOP SECRET: the outside file';

/** A folder outside every workspace: a secret file and a rule file. */
function outsideFolder(): string {
  return writeTree(tempDir('agentls-outside-'), {
    'secret.txt': `${SECRET}\nsecond line\n`,
    'leaked.md': '---\nalwaysApply: true\n---\nA rule that lives outside the workspace.\n',
  });
}

function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(fs.readdirSync(dir).map((name) => [name, fs.readFileSync(path.join(dir, name), 'utf8')]));
}

function uriOf(p: string): string {
  return URI.file(p).toString();
}

/** Writes a file of the workspace and tells the server, as an editor does, by the path it was written at. */
function rewrite(c: LspTestClient, ws: string, rel: string, text: string): void {
  writeTree(ws, { [rel]: text });
  c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(path.join(ws, rel)), type: 2 }] });
}

/** A work tree holding `files`, whose rule folder `link` is a symbolic link written as `written`. */
function withLinkedFolder(files: Record<string, string>, link: string, written: string): string {
  const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', ...files });
  fs.mkdirSync(path.dirname(path.join(ws, link)), { recursive: true });
  fs.symlinkSync(written, path.join(ws, link));
  return ws;
}

/** Every way the issue found to reach an outside file, tried through one workspace. */
async function expectNothingReachesOutside(c: LspTestClient, ws: string, outside: string, linkRel: string): Promise<void> {
  const before = snapshot(outside);
  const secret = path.join(outside, 'secret.txt');
  const throughLink = `${linkRel}/secret.txt`;

  // hashlineRead of the outside file, by its own path and through the link.
  await expect(c.request('agentls/hashlineRead', { uri: uriOf(secret) })).rejects.toMatchObject({ message: expect.stringContaining('outside the workspace') });
  await expect(c.request('agentls/hashlineRead', { uri: uriOf(path.join(ws, throughLink)) })).rejects.toMatchObject({ message: expect.stringContaining('outside the workspace') });

  // A prompt inlining the file through the link.
  const refs = [{ ref_id: 'leak', path: throughLink }];
  const converted = await c.request<ConvertPromptResult>('agentls/convertPrompt', { text: 'see <@file:leak|' + throughLink + '>', file_references: refs, adapter: 'generic', inline: true, uri: uriOf(path.join(ws, 'ask.prompt.md')) });
  expect(JSON.stringify(converted)).not.toContain(SECRET);

  // Hover on a token naming it.
  const promptPath = path.join(ws, 'ask.prompt.md');
  const prompt = `---\nfile_references:\n  - ref_id: leak\n    path: ${throughLink}\n---\nRead <@file:leak|${throughLink}> please.\n`;
  const promptUri = await c.open(promptPath, prompt);
  const hover = await c.request<Hover | null>('textDocument/hover', { textDocument: { uri: promptUri }, position: { line: 5, character: 10 } });
  expect(hover ? (hover.contents as MarkupContent).value : '').not.toContain(SECRET);

  // A patch writing there, dry run and for real, by the link path and by the absolute path.
  const anchor = `1${lineHash(SECRET)}`;
  for (const target of [throughLink, secret]) {
    const patch = `§${target}\n≔${anchor}\nOVERWRITTEN\n`;
    const dry = await c.request('agentls/hashlineApply', { input: patch, dryRun: true, uri: promptUri }).catch((err: Error) => err);
    expect(JSON.stringify(dry)).not.toContain(SECRET);
    await expect(c.request('agentls/hashlineApply', { input: patch, uri: promptUri })).rejects.toBeDefined();
  }
  expect(c.appliedEdits.flatMap((e) => Object.keys(e.changes ?? {}).concat((e.documentChanges ?? []).map((d) => JSON.stringify(d))))).not.toEqual(
    expect.arrayContaining([expect.stringContaining(outside)]),
  );

  // The buckets list no rule from the outside folder, and no diagnostic names a file there.
  const buckets = await c.request<RuleBucketsResult>('agentls/ruleBuckets', {});
  expect(JSON.stringify(buckets)).not.toContain('leaked');
  expect([...c.diagnostics.keys()].filter((uri) => uri.includes(uriOf(outside)))).toEqual([]);
  expect(snapshot(outside)).toEqual(before);
}

describe('a rule folder that links out of the workspace', () => {
  it('is reported and not followed: .clinerules → an outside folder', async () => {
    const outside = outsideFolder();
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'src/app.ts': 'export const app = 1;\n' });
    fs.symlinkSync(outside, path.join(ws, '.clinerules'));
    const c = await start({ folders: [ws] });
    const diags = await c.waitForDiagnostics(uriOf(path.join(ws, '.clinerules')), (d) => d.some((x) => x.code === 'rule/link-outside'));
    const message = diags.find((d) => d.code === 'rule/link-outside')!.message;
    expect(message).toContain(fs.realpathSync(outside));
    // Cline lists the folder through the link; the xcsh agent takes the link for a single file (discovery.ts, `clineLinkedFolder`).
    expect(message).toContain('Cline follows the link and reads the rules there; the xcsh agent takes a linked .clinerules for a single file and fails to read it');
    await expectNothingReachesOutside(c, ws, outside, '.clinerules');
  });

  it('is reported as read by both agents: .clinerules → an outside file, which each reads as the single-file .clinerules', async () => {
    const outside = outsideFolder();
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'src/app.ts': 'export const app = 1;\n' });
    fs.symlinkSync(path.join(outside, 'leaked.md'), path.join(ws, '.clinerules'));
    const c = await start({ folders: [ws] });
    const diags = await c.waitForDiagnostics(uriOf(path.join(ws, '.clinerules')), (d) => d.some((x) => x.code === 'rule/link-outside'));
    expect(diags.find((d) => d.code === 'rule/link-outside')!.message).toContain('Cline and the xcsh agent follow the link and read the rules there');
  });

  it('is reported and not followed: .clinerules → / (the whole disk)', async () => {
    const outside = outsideFolder();
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n' });
    fs.symlinkSync('/', path.join(ws, '.clinerules'));
    const c = await start({ folders: [ws] });
    await c.waitForDiagnostics(uriOf(path.join(ws, '.clinerules')), (d) => d.some((x) => x.code === 'rule/link-outside'));
    const rel = path.relative('/', outside);
    await expectNothingReachesOutside(c, ws, outside, `.clinerules/${rel}`);
  });

  it('is reported and not followed: xcsh .agents/rules → an outside folder', async () => {
    const outside = outsideFolder();
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.agents/keep': '' });
    fs.symlinkSync(outside, path.join(ws, '.agents', 'rules'));
    const c = await start({ folders: [ws], settings: { rules: { profile: 'xcsh' } } });
    await c.waitForDiagnostics(uriOf(path.join(ws, '.agents', 'rules')), (d) => d.some((x) => x.code === 'rule/link-outside'));
    await expectNothingReachesOutside(c, ws, outside, '.agents/rules');
  });

  it("is reported and not followed: a parent folder's .clinerules → an outside folder, while a real one there is still read", async () => {
    const outside = outsideFolder();
    const parent = tempDir('agentls-parent-');
    const ws = writeTree(path.join(parent, 'project'), { 'src/app.ts': 'export const app = 1;\n' });
    fs.symlinkSync(outside, path.join(parent, '.clinerules'));
    const c = await start({ folders: [ws] });
    await c.waitForDiagnostics(uriOf(path.join(parent, '.clinerules')), (d) => d.some((x) => x.code === 'rule/link-outside'));
    await expectNothingReachesOutside(c, ws, outside, '../.clinerules');
    await c.stop();

    // The same parent with a real `.clinerules` folder: the xcsh agent reads it (Cline does not), so agentls lists it (reading only).
    fs.unlinkSync(path.join(parent, '.clinerules'));
    writeTree(path.join(parent, '.clinerules'), { 'style.md': 'Use tabs.\n' });
    const again = await start({ folders: [ws] });
    const buckets = await again.request<RuleBucketsResult>('agentls/ruleBuckets', {});
    expect(buckets.rules.map((r) => r.name)).toContain('style');
    // ... but no engine other than the rules engine reads there.
    await expect(again.request('agentls/hashlineRead', { uri: uriOf(path.join(parent, '.clinerules', 'style.md')) })).rejects.toMatchObject({
      message: expect.stringContaining('outside the workspace'),
    });
  });
});

describe("a package's rule folder that links out of the workspace", () => {
  it('is reported on the link, naming the tool that reads it, and never followed: packages/web/.cursor/rules → an outside folder, packages/api/.windsurf → another', async () => {
    const outside = outsideFolder();
    const another = writeTree(tempDir('agentls-outside-'), { 'rules/hidden.md': `---\ntrigger: always\n---\n${SECRET}\n` });
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'packages/web/src/a.ts': 'export const a = 1;\n', 'packages/api/src/b.ts': 'export const b = 1;\n' });
    fs.mkdirSync(path.join(ws, 'packages/web/.cursor'));
    fs.symlinkSync(outside, path.join(ws, 'packages/web/.cursor/rules'));
    fs.symlinkSync(another, path.join(ws, 'packages/api/.windsurf'));
    const c = await start({ folders: [ws] });
    // Closed, and no file of the editor's: pushed as the root's linked rule folders are.
    const web = await c.waitForDiagnostics(uriOf(path.join(ws, 'packages/web/.cursor/rules')), (d) => d.some((x) => x.code === 'rule/link-outside'));
    expect(web.map((d) => d.message)).toEqual([`This rule location is a symbolic link to ${fs.realpathSync(outside)} outside the workspace. Cursor follows the link and reads the rules there; agentls does not, so they are not checked.`]);
    const api = await c.waitForDiagnostics(uriOf(path.join(ws, 'packages/api/.windsurf')), (d) => d.some((x) => x.code === 'rule/link-outside'));
    expect(api.map((d) => d.message)).toEqual([
      `This folder is a symbolic link out of the workspace: Windsurf's rule folder in it, rules, is ${fs.realpathSync(path.join(another, 'rules'))}. Windsurf follows the link and reads the rules there; agentls does not, so they are not checked.`,
    ]);
    await expectNothingReachesOutside(c, ws, outside, 'packages/web/.cursor/rules');
    // Neither outside folder's files are listed (the file index), nor said anything of.
    const found = await completeIndex(c, '', { max_results: 50 });
    expect(found.candidates.map((x) => x.path).sort()).toEqual(['packages/api/src/b.ts', 'packages/web/src/a.ts']);
    expect([...c.diagnostics.keys()].filter((uri) => uri.includes(uriOf(another)) || uri.includes('hidden') || uri.includes('leaked'))).toEqual([]);
    expect(JSON.stringify([...c.diagnostics.values()])).not.toContain(SECRET);
  });
});

describe("a package's rule folder that is a link to nothing", () => {
  it('is reported on the link as unreadable, naming the tool that would read it, as agentls check does, until its folder is there: packages/web/.cursor/rules → ../gone, packages/api/.windsurf → itself', async () => {
    const ws = withLinkedFolder({ 'packages/web/src/a.ts': 'export const a = 1;\n', 'packages/api/src/b.ts': 'export const b = 1;\n' }, 'packages/web/.cursor/rules', '../gone');
    fs.symlinkSync('.windsurf', path.join(ws, 'packages/api/.windsurf'));
    const c = await start({ folders: [ws] });
    // Closed, and no file of the editor's: pushed on the link, as a link out of the workspace is.
    const web = await c.waitForDiagnostics(uriOf(path.join(ws, 'packages/web/.cursor/rules')), (d) => d.some((x) => x.code === 'rule/unreadable'));
    expect(web.map((d) => [d.severity, d.message])).toEqual([[1, 'This rule location is a symbolic link that leads to ../gone, which does not exist: Cursor reads no rules from it.']]);
    const api = await c.waitForDiagnostics(uriOf(path.join(ws, 'packages/api/.windsurf')), (d) => d.some((x) => x.code === 'rule/unreadable'));
    expect(api.map((d) => [d.severity, d.message])).toEqual([[1, 'This rule location is a symbolic link that goes round in a loop (.windsurf → .windsurf → …) and never reaches a file: Windsurf reads no rules from it.']]);
    // The folder it leads to made: the error goes, as the root's does.
    writeTree(ws, { 'packages/web/gone/style.mdc': '---\nalwaysApply: true\n---\nShort functions.\n' });
    c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(path.join(ws, 'packages/web/gone/style.mdc')), type: 1 }] });
    await c.waitForDiagnostics(uriOf(path.join(ws, 'packages/web/.cursor/rules')), (d) => d.length === 0);
  });

  it('once its folder is made, has the rule files there checked through the link, as agentls check does', async () => {
    const ws = withLinkedFolder({ 'packages/web/src/a.ts': 'export const a = 1;\n' }, 'packages/web/.cursor/rules', '../gone');
    const c = await start({ folders: [ws] });
    await c.waitForDiagnostics(uriOf(path.join(ws, 'packages/web/.cursor/rules')), (d) => d.some((x) => x.code === 'rule/unreadable'));
    writeTree(ws, { 'packages/web/gone/bad.mdc': '---\nalwaysApply: "yes"\n---\nShort functions.\n' });
    c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(path.join(ws, 'packages/web/gone/bad.mdc')), type: 1 }] });
    await c.waitForDiagnostics(uriOf(path.join(ws, 'packages/web/.cursor/rules/bad.mdc')), (d) => d.some((x) => x.code === 'frontmatter/wrong-type'));
  });
});

/** Full sweeps of the closed rule files the server logged so far. */
function sweeps(c: LspTestClient): number {
  return c.logMessages.filter((m) => / judged for their own tools/.test(m.message)).length;
}

/** Runs one more full sweep of the closed rule files (a rules setting changed) and waits until the server logs it done. */
async function sweepAgain(c: LspTestClient, settings: Record<string, unknown>): Promise<void> {
  const before = sweeps(c);
  await c.changeSettings({ rules: settings });
  await c.waitFor('another sweep of the closed rule files', () => sweeps(c) > before);
}

describe("a package's rule folder linked to a folder that comes and goes while the server runs", () => {
  const wrong = '---\nalwaysApply: "yes"\n---\nShort functions.\n';
  const wrongType = (d: { code?: unknown }[]) => d.some((x) => x.code === 'frontmatter/wrong-type');

  it('has the files behind it searched once the folder is made, and their findings kept by a later sweep', async () => {
    const ws = withLinkedFolder({ 'packages/web/src/a.ts': 'export const a = 1;\n' }, 'packages/web/.cursor/rules', '../gone');
    const c = await start({ folders: [ws] });
    await c.waitForDiagnostics(uriOf(path.join(ws, 'packages/web/.cursor/rules')), (d) => d.some((x) => x.code === 'rule/unreadable'));
    // The folder made, reported where it really is; the link itself gets no event.
    writeTree(ws, { 'packages/web/gone/bad.mdc': wrong });
    c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(path.join(ws, 'packages/web/gone/bad.mdc')), type: 1 }] });
    await until('search to find the file behind the link', () => searchNames(c, 'bad'), (found) => found.includes('packages/web/.cursor/rules/bad.mdc'), 15_000);
    const seen = uriOf(path.join(ws, 'packages/web/.cursor/rules/bad.mdc'));
    await c.waitForDiagnostics(seen, wrongType);
    // A full sweep of the closed rule files, as the file index lists them, keeps what was pushed.
    await sweepAgain(c, { forFileHover: false });
    expect(c.diagnostics.get(seen)?.diagnostics.map((d) => d.code)).toContain('frontmatter/wrong-type');
  });

  it('has the files behind it no longer searched once the folder is deleted, and the link said to lead nowhere', async () => {
    const ws = withLinkedFolder({ 'shared/web-rules/bad.mdc': wrong, 'packages/web/src/a.ts': 'export const a = 1;\n' }, 'packages/web/.cursor/rules', '../../../shared/web-rules');
    const c = await start({ folders: [ws] });
    const seen = uriOf(path.join(ws, 'packages/web/.cursor/rules/bad.mdc'));
    await c.waitForDiagnostics(seen, wrongType);
    await until('search to find the file behind the link', () => searchNames(c, 'bad'), (found) => found.includes('packages/web/.cursor/rules/bad.mdc'), 15_000);
    // The folder deleted, reported where it really was.
    fs.rmSync(path.join(ws, 'shared/web-rules'), { recursive: true });
    c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(path.join(ws, 'shared/web-rules')), type: 3 }] });
    await c.waitForDiagnostics(seen, (d) => d.length === 0);
    await until('search to stop finding the file behind the link', () => searchNames(c, 'bad'), (found) => found.length === 0, 15_000);
    // A full sweep finds the link leading nowhere, as a listing would.
    await sweepAgain(c, { forFileHover: false });
    await c.waitForDiagnostics(uriOf(path.join(ws, 'packages/web/.cursor/rules')), (d) => d.some((x) => x.code === 'rule/unreadable'));
  });

  it('has the link said to lead nowhere as soon as its folder is deleted, with no sweep of the closed rule files', async () => {
    const ws = withLinkedFolder({ 'shared/web-rules/bad.mdc': wrong, 'packages/web/src/a.ts': 'export const a = 1;\n' }, 'packages/web/.cursor/rules', '../../../shared/web-rules');
    const c = await start({ folders: [ws] });
    await c.waitForDiagnostics(uriOf(path.join(ws, 'packages/web/.cursor/rules/bad.mdc')), wrongType);
    await c.waitFor('the first sweep of the closed rule files', () => sweeps(c) > 0);
    const before = sweeps(c);
    fs.rmSync(path.join(ws, 'shared/web-rules'), { recursive: true });
    c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(path.join(ws, 'shared/web-rules')), type: 3 }] });
    const link = await c.waitForDiagnostics(uriOf(path.join(ws, 'packages/web/.cursor/rules')), (d) => d.some((x) => x.code === 'rule/unreadable'));
    expect(link.map((d) => d.message)).toEqual(['This rule location is a symbolic link that leads to ../../../shared/web-rules, which does not exist: Cursor reads no rules from it.']);
    // Said from the change itself: no full sweep ran meanwhile.
    expect(sweeps(c)).toBe(before);
  });

  it('has the rules seen through it cleared when its folder is replaced by a file in one batch of events, and the link said to lead to a file', async () => {
    const ws = withLinkedFolder({ 'shared/web-rules/bad.mdc': wrong, 'packages/web/src/a.ts': 'export const a = 1;\n' }, 'packages/web/.cursor/rules', '../../../shared/web-rules');
    const c = await start({ folders: [ws] });
    const seen = uriOf(path.join(ws, 'packages/web/.cursor/rules/bad.mdc'));
    await c.waitForDiagnostics(seen, wrongType);
    fs.rmSync(path.join(ws, 'shared/web-rules'), { recursive: true });
    fs.writeFileSync(path.join(ws, 'shared/web-rules'), 'Some notes.\n');
    const real = uriOf(path.join(ws, 'shared/web-rules'));
    c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: real, type: 3 }, { uri: real, type: 1 }] });
    const link = await c.waitForDiagnostics(uriOf(path.join(ws, 'packages/web/.cursor/rules')), (d) => d.some((x) => x.code === 'rule/unreadable'));
    expect(link.map((d) => d.message)).toEqual([
      "This rule location is a symbolic link that leads to a file, ../../../shared/web-rules, not a folder: Cursor reads no rules from it. Make packages/web/.cursor/rules a folder (or a link to one) holding the rules: Cursor's rule files are .mdc files inside that folder.",
    ]);
    await c.waitForDiagnostics(seen, (d) => d.length === 0);
  });

  it('has a linked .cursor said to lead nowhere, and the rules seen through it cleared, as soon as its folder is deleted', async () => {
    // The link is the folder above the rule folder: the deletion is of a folder above the rules' real folder.
    const ws = withLinkedFolder({ 'shared/web-cursor/rules/bad.mdc': wrong, 'packages/web/src/a.ts': 'export const a = 1;\n' }, 'packages/web/.cursor', '../../shared/web-cursor');
    const c = await start({ folders: [ws] });
    const bad = uriOf(path.join(ws, 'packages/web/.cursor/rules/bad.mdc'));
    await c.waitForDiagnostics(bad, wrongType);
    fs.rmSync(path.join(ws, 'shared/web-cursor'), { recursive: true });
    c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(path.join(ws, 'shared/web-cursor')), type: 3 }] });
    await c.waitForDiagnostics(bad, (d) => d.length === 0);
    const link = await c.waitForDiagnostics(uriOf(path.join(ws, 'packages/web/.cursor')), (d) => d.some((x) => x.code === 'rule/unreadable'));
    // What agentls check says of the same link at rest.
    expect(link.map((d) => d.message)).toEqual(['This rule location is a symbolic link that leads to ../../shared/web-cursor, which does not exist: Cursor reads no rules from it.']);
  });
});

describe("a package's rule folder that is a link to a file", () => {
  it('is reported on the link as unreadable, naming the tool that would list it, as agentls check does: packages/web/.cursor/rules → ../../notes.txt', async () => {
    const ws = withLinkedFolder({ 'packages/notes.txt': 'Some notes.\n', 'packages/web/src/a.ts': 'export const a = 1;\n' }, 'packages/web/.cursor/rules', '../../notes.txt');
    const c = await start({ folders: [ws] });
    // Closed, and no file of the editor's: pushed on the link, as a link to nothing is.
    const web = await c.waitForDiagnostics(uriOf(path.join(ws, 'packages/web/.cursor/rules')), (d) => d.some((x) => x.code === 'rule/unreadable'));
    expect(web.map((d) => [d.severity, d.message])).toEqual([[1, "This rule location is a symbolic link that leads to a file, ../../notes.txt, not a folder: Cursor reads no rules from it. Make packages/web/.cursor/rules a folder (or a link to one) holding the rules: Cursor's rule files are .mdc files inside that folder."]]);
  });
});

describe("a package's rule folder that is a link, seen through a linked folder above it", () => {
  it('is reported on the rule folder, as agentls check does, until its folder is there: packages/web/.cursor → shared/web-cursor, whose rules → ../gone', async () => {
    const ws = withLinkedFolder({ 'shared/web-cursor/.keep': '', 'packages/web/src/a.ts': 'export const a = 1;\n' }, 'packages/web/.cursor', '../../shared/web-cursor');
    fs.symlinkSync('../gone', path.join(ws, 'shared/web-cursor/rules'));
    const c = await start({ folders: [ws] });
    const uri = uriOf(path.join(ws, 'packages/web/.cursor/rules'));
    const web = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'rule/unreadable'));
    expect(web.map((d) => [d.severity, d.message])).toEqual([[1, 'This rule location is a symbolic link that leads to ../gone, which does not exist: Cursor reads no rules from it.']]);
    // Said of the rule folder only, not of the folder above it that works.
    expect(c.diagnosticsLog.filter((p) => p.uri === uriOf(path.join(ws, 'packages/web/.cursor')))).toEqual([]);
    // The folder it leads to made: the error goes.
    writeTree(ws, { 'shared/gone/style.mdc': '---\nalwaysApply: true\n---\nShort functions.\n' });
    c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(path.join(ws, 'shared/gone/style.mdc')), type: 1 }] });
    await c.waitForDiagnostics(uri, (d) => d.length === 0);
  });
});

describe("a package's rule folder that is a link to a folder holding it", () => {
  it('is reported once on the link, as agentls check does, and its files are not listed again under it: packages/web/.cursor/rules → ../../..', async () => {
    const ws = withLinkedFolder({ '.cursor/rules/bad.mdc': '---\nalwaysApply: "yes"\n---\nShort functions.\n', 'packages/web/src/a.ts': 'export const a = 1;\n' }, 'packages/web/.cursor/rules', '../../..');
    const c = await start({ folders: [ws] });
    const uri = uriOf(path.join(ws, 'packages/web/.cursor/rules'));
    const web = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'rule/unreadable'));
    expect(web.map((d) => [d.severity, d.message])).toEqual([
      [1, 'This rule location is a symbolic link to ../../.., a folder that holds the link itself: a walk of it goes round in a loop, meeting the same files again and again. What Cursor reads there is not documented; agentls does not follow it, so its rules are not checked.'],
    ]);
    await c.waitForDiagnostics(uriOf(path.join(ws, '.cursor/rules/bad.mdc')), (d) => d.some((x) => x.code === 'frontmatter/wrong-type'));
    // Nothing said of a file seen through the link: the listing never walked it.
    expect(c.diagnosticsLog.filter((p) => p.uri.startsWith(`${uri}/`))).toEqual([]);
  });
});

describe("a package's rule folder that is a link to a folder of the workspace", () => {
  it('follows edits to the files where they really are, by the path seen through the link', async () => {
    const files = { 'shared/web-rules/bad.mdc': '---\nalwaysApply: "yes"\n---\nUse the design tokens.\n', 'packages/web/src/a.ts': 'export const a = 1;\n' };
    const ws = withLinkedFolder(files, 'packages/web/.cursor/rules', '../../../shared/web-rules');
    const c = await start({ folders: [ws] });
    const seen = uriOf(path.join(ws, 'packages/web/.cursor/rules/bad.mdc'));
    await c.waitForDiagnostics(seen, (d) => d.some((x) => x.code === 'frontmatter/wrong-type'));
    // Mended on disk; an editor reports the change where the file really is, not through the link.
    rewrite(c, ws, 'shared/web-rules/bad.mdc', '---\nalwaysApply: true\n---\nUse the design tokens.\n');
    await c.waitForDiagnostics(seen, (d) => d.length === 0);
    // Broken again, then deleted there: nothing is left said of it through the link either.
    rewrite(c, ws, 'shared/web-rules/bad.mdc', '---\nalwaysApply: "no"\n---\nUse the design tokens.\n');
    await c.waitForDiagnostics(seen, (d) => d.some((x) => x.code === 'frontmatter/wrong-type'));
    fs.rmSync(path.join(ws, 'shared/web-rules/bad.mdc'));
    c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(path.join(ws, 'shared/web-rules/bad.mdc')), type: 3 }] });
    await c.waitForDiagnostics(seen, (d) => d.length === 0);
  });

  it('shared by two packages, follows edits there for both links', async () => {
    const ws = withLinkedFolder({ 'shared/rules/bad.mdc': '---\nalwaysApply: "yes"\n---\nUse the design tokens.\n', 'packages/api/src/a.ts': 'export const a = 1;\n' }, 'packages/web/.cursor/rules', '../../../shared/rules');
    fs.mkdirSync(path.join(ws, 'packages/api/.cursor'), { recursive: true });
    fs.symlinkSync('../../../shared/rules', path.join(ws, 'packages/api/.cursor/rules'));
    const c = await start({ folders: [ws] });
    const seen = ['packages/web', 'packages/api'].map((pkg) => uriOf(path.join(ws, pkg, '.cursor/rules/bad.mdc')));
    for (const uri of seen) await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'frontmatter/wrong-type'));
    // Mended where the file really is: what each package's link shows of it follows.
    rewrite(c, ws, 'shared/rules/bad.mdc', '---\nalwaysApply: true\n---\nUse the design tokens.\n');
    for (const uri of seen) await c.waitForDiagnostics(uri, (d) => d.length === 0);
  });
});

describe('a rule file that is a link', () => {
  it('is diagnosed through the link when its target is in the workspace, and reported, not read, when it is not', async () => {
    const outside = outsideFolder();
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'docs/shared.mdc': '---\nalwaysApply: "true"\n---\nShared rule.\n', 'src/app.ts': 'export const app = 1;\n' });
    fs.mkdirSync(path.join(ws, '.cursor/rules'), { recursive: true });
    fs.symlinkSync('../../docs/shared.mdc', path.join(ws, '.cursor/rules/shared.mdc'));
    fs.symlinkSync(path.join(outside, 'leaked.md'), path.join(ws, '.cursor/rules/leaked.mdc'));
    const c = await start({ folders: [ws] });
    const shared = await c.waitForDiagnostics(uriOf(path.join(ws, '.cursor/rules/shared.mdc')), (d) => d.some((x) => x.code === 'frontmatter/wrong-type'));
    expect(shared.find((d) => d.code === 'frontmatter/wrong-type')!.message).toContain('Cursor expects `alwaysApply`');
    const leaked = await c.waitForDiagnostics(uriOf(path.join(ws, '.cursor/rules/leaked.mdc')), (d) => d.some((x) => x.code === 'rule/link-outside'));
    expect(leaked.map((d) => d.code)).toEqual(['rule/link-outside']);
    expect(leaked[0].message).toContain(fs.realpathSync(path.join(outside, 'leaked.md')));
    const buckets = await c.request<RuleBucketsResult>('agentls/ruleBuckets', {});
    expect(JSON.stringify(buckets)).not.toContain('lives outside');
  });

  it('that leads to no file is an error for the tool that would read it, cleared once its target is back', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'src/app.ts': 'export const app = 1;\n' });
    fs.mkdirSync(path.join(ws, '.cursor/rules'), { recursive: true });
    fs.symlinkSync('../../docs/moved.mdc', path.join(ws, '.cursor/rules/moved.mdc'));
    const c = await start({ folders: [ws] });
    const uri = uriOf(path.join(ws, '.cursor/rules/moved.mdc'));
    const broken = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'rule/unreadable'));
    expect(broken.map((d) => [d.severity, d.message])).toEqual([[1, 'This rule file is a symbolic link that leads to ../../docs/moved.mdc, which does not exist: Cursor cannot read a rule from it.']]);
    // The rule put back where the link leads: the link is a rule again, checked through it.
    writeTree(ws, { 'docs/moved.mdc': '---\nalwaysApply: "true"\n---\nMoved rule.\n' });
    c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(path.join(ws, 'docs/moved.mdc')), type: 1 }] });
    const fixed = await c.waitForDiagnostics(uri, (d) => !d.some((x) => x.code === 'rule/unreadable'));
    expect(fixed.map((d) => d.code)).toEqual(['frontmatter/wrong-type']);
    // The target mended: the link's findings follow its text.
    writeTree(ws, { 'docs/moved.mdc': '---\nalwaysApply: true\n---\nMoved rule.\n' });
    c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(path.join(ws, 'docs/moved.mdc')), type: 2 }] });
    await c.waitForDiagnostics(uri, (d) => d.length === 0);
  });

  it("Claude Code's rule folder linked to nothing is an error for Claude Code, cleared once the folder it leads to is there", async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'src/app.ts': 'export const app = 1;\n' });
    fs.mkdirSync(path.join(ws, '.claude'));
    fs.symlinkSync('../vendor/rules', path.join(ws, '.claude/rules'));
    const c = await start({ folders: [ws] });
    const uri = uriOf(path.join(ws, '.claude/rules'));
    const broken = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'rule/unreadable'));
    expect(broken.map((d) => [d.severity, d.message])).toEqual([[1, 'This rule location is a symbolic link that leads to ../vendor/rules, which does not exist: Claude Code reads no rules from it.']]);
    // The submodule checked out: the folder is there, and the notice goes.
    writeTree(ws, { 'vendor/rules/style.md': 'Use tabs.\n' });
    c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(path.join(ws, 'vendor/rules')), type: 1 }, { uri: uriOf(path.join(ws, 'vendor/rules/style.md')), type: 1 }] });
    await c.waitForDiagnostics(uri, (d) => d.length === 0);
  });

  it("Claude Code's rule folder linked out of the workspace is reported on the link, never read, and cleared once the link is gone", async () => {
    const outside = outsideFolder();
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'src/app.ts': 'export const app = 1;\n' });
    fs.mkdirSync(path.join(ws, '.claude'));
    fs.symlinkSync(outside, path.join(ws, '.claude/rules'));
    const c = await start({ folders: [ws] });
    const uri = uriOf(path.join(ws, '.claude/rules'));
    const linked = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'rule/link-outside'));
    expect(linked.map((d) => [d.severity, d.message])).toEqual([
      [2, `This rule location is a symbolic link to ${fs.realpathSync(outside)} outside the workspace. Claude Code follows the link and reads the rules there; agentls does not, so they are not checked.`],
    ]);
    // Nothing is said of a file in the target: it is never listed.
    expect(c.diagnosticsLog.filter((p) => p.uri.startsWith(`${uri}/`))).toEqual([]);
    // The link replaced by a folder of the workspace: the notice goes.
    fs.unlinkSync(path.join(ws, '.claude/rules'));
    writeTree(ws, { '.claude/rules/style.md': 'Use tabs.\n' });
    c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri, type: 3 }, { uri, type: 1 }, { uri: uriOf(path.join(ws, '.claude/rules/style.md')), type: 1 }] });
    await c.waitForDiagnostics(uri, (d) => d.length === 0);
  });

  it('open in two buffers beside another link, is diagnosed once per edit, not round and round (each re-listed the folder for the other)', async () => {
    const outside = outsideFolder();
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n' });
    fs.mkdirSync(path.join(ws, '.cursor/rules'), { recursive: true });
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(ws, '.cursor/rules/a.mdc'));
    fs.symlinkSync(path.join(outside, 'leaked.md'), path.join(ws, '.cursor/rules/b.mdc'));
    // Pushed diagnostics (Neovim): a publish for each time the server diagnoses a buffer.
    const c = await start({ folders: [ws], client: 'neovim' });
    const links = [uriOf(path.join(ws, '.cursor/rules/a.mdc')), uriOf(path.join(ws, '.cursor/rules/b.mdc'))];
    for (const uri of links) {
      await c.open(URI.parse(uri).fsPath, 'hello\n');
      await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'rule/link-outside'));
    }
    // Rounds of another document's diagnostics: each waits for the server's publishing to run
    // again. The loop published the two links about once a round; now nothing changes them.
    const memory = await c.open(path.join(ws, 'CLAUDE.md'), '# Project\n');
    const linkPublishes = () => c.diagnosticsLog.filter((p) => links.includes(p.uri)).length;
    let before = 0;
    for (let i = 0; i < 16; i++) {
      // Counted over the last ten rounds, once what the opening set off has been published.
      if (i === 6) before = linkPublishes();
      // An import of a file that is not there, another each edit: each edit is seen published.
      await c.setText(memory, `See @docs/missing-${i}.md\n`);
      await c.waitForDiagnostics(memory, (d) => d.some((x) => String(x.message).includes(`missing-${i}.md`)));
    }
    expect(linkPublishes() - before).toBeLessThanOrEqual(1);
  }, 30_000);

  it("follows its target when that is another tool's rule file, or at the end of a chain of links", async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.cursor/rules/shared.mdc': '---\ntrigger: always\n---\nShared rule.\n' });
    fs.mkdirSync(path.join(ws, '.windsurf/rules'), { recursive: true });
    // One rule for two tools: Windsurf's file links to Cursor's, which the engine lists itself.
    fs.symlinkSync('../../.cursor/rules/shared.mdc', path.join(ws, '.windsurf/rules/shared.md'));
    // Two hops, the last one missing.
    fs.mkdirSync(path.join(ws, 'a'));
    fs.symlinkSync('../docs/moved.mdc', path.join(ws, 'a/hop'));
    fs.symlinkSync('../../a/hop', path.join(ws, '.cursor/rules/chained.mdc'));
    const c = await start({ folders: [ws] });
    const windsurf = uriOf(path.join(ws, '.windsurf/rules/shared.md'));
    await c.waitForDiagnostics(windsurf, (d) => d.some((x) => x.code === 'frontmatter/invalid-value'));
    writeTree(ws, { '.cursor/rules/shared.mdc': '---\ntrigger: always_on\n---\nShared rule.\n' });
    c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(path.join(ws, '.cursor/rules/shared.mdc')), type: 2 }] });
    await c.waitForDiagnostics(windsurf, (d) => !d.some((x) => x.code === 'frontmatter/invalid-value'));
    const chained = uriOf(path.join(ws, '.cursor/rules/chained.mdc'));
    const broken = await c.waitForDiagnostics(chained, (d) => d.some((x) => x.code === 'rule/unreadable'));
    // The missing place is named, not the first hop, which is there.
    expect(broken.map((d) => d.message)).toEqual(['This rule file is a symbolic link that leads through ../../a/hop to ../../docs/moved.mdc, which does not exist: Cursor cannot read a rule from it.']);
    writeTree(ws, { 'docs/moved.mdc': '---\nalwaysApply: "true"\n---\nMoved rule.\n' });
    c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(path.join(ws, 'docs/moved.mdc')), type: 1 }] });
    const mended = await c.waitForDiagnostics(chained, (d) => !d.some((x) => x.code === 'rule/unreadable'));
    expect(mended.map((d) => d.code)).toEqual(['frontmatter/wrong-type']);
  });

  it('as a rule folder that works, follows edits where its files really are and notices its target folder removed whole', async () => {
    const ws = withLinkedFolder({ 'shared/windsurf-rules/style.md': '---\ntrigger: always\n---\nShort functions.\n' }, '.windsurf/rules', '../shared/windsurf-rules');
    const c = await start({ folders: [ws] });
    const style = uriOf(path.join(ws, '.windsurf/rules/style.md'));
    await c.waitForDiagnostics(style, (d) => d.some((x) => x.code === 'frontmatter/invalid-value'));
    // An editor reports the change where the file is, not through the link.
    rewrite(c, ws, 'shared/windsurf-rules/style.md', '---\ntrigger: always_on\n---\nShort functions.\n');
    await c.waitForDiagnostics(style, (d) => d.length === 0);
    // The shared folder deleted in one go: one event, for the folder.
    fs.rmSync(path.join(ws, 'shared'), { recursive: true });
    c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(path.join(ws, 'shared')), type: 3 }] });
    const folder = await c.waitForDiagnostics(uriOf(path.join(ws, '.windsurf/rules')), (d) => d.some((x) => x.code === 'rule/unreadable'));
    expect(folder[0].message).toContain('leads to ../shared/windsurf-rules, which does not exist');
    const buckets = await c.request<RuleBucketsResult>('agentls/ruleBuckets', {});
    expect(JSON.stringify(buckets)).not.toContain('style');
  });

  it('opened where it leads to nothing (CLAUDE.md, .cursorrules), says so as agentls check does', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n' });
    fs.symlinkSync('AGENTS.md', path.join(ws, 'CLAUDE.md'));
    fs.symlinkSync('docs/cursor.md', path.join(ws, '.cursorrules'));
    const c = await start({ folders: [ws], client: 'neovim' });
    // An editor opens a link to nothing as an empty buffer.
    const claude = await c.open(path.join(ws, 'CLAUDE.md'), '');
    const [memory] = await c.waitForDiagnostics(claude, (d) => d.some((x) => x.code === 'rule/unreadable'));
    expect(memory.message).toBe('This rule file is a symbolic link that leads to AGENTS.md, which does not exist: Claude Code cannot read a rule from it.');
    const legacy = await c.open(path.join(ws, '.cursorrules'), '');
    const found = await c.waitForDiagnostics(legacy, (d) => d.some((x) => x.code === 'rule/unreadable'));
    expect(found.map((d) => d.code)).toEqual(['rule/unreadable']);
  });

  it('in a workspace opened through a link, written with the real path, is read once its target is there', async () => {
    const real = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n' });
    const alias = `${real}-alias`;
    fs.symlinkSync(real, alias);
    fs.mkdirSync(path.join(real, '.cursor/rules'), { recursive: true });
    fs.symlinkSync(path.join(real, 'docs/r.mdc'), path.join(real, '.cursor/rules/r.mdc'));
    const c = await start({ folders: [alias] });
    const uri = uriOf(path.join(alias, '.cursor/rules/r.mdc'));
    await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'rule/unreadable'));
    // The editor reports the new file by the path it opened.
    writeTree(alias, { 'docs/r.mdc': '---\nalwaysApply: "true"\n---\nR.\n' });
    c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(path.join(alias, 'docs/r.mdc')), type: 1 }] });
    const read = await c.waitForDiagnostics(uri, (d) => !d.some((x) => x.code === 'rule/unreadable'));
    expect(read.map((d) => d.code)).toEqual(['frontmatter/wrong-type']);
  });

  it('as a rule folder, when it leads to nothing, is an error until the folder is there', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'src/app.ts': 'export const app = 1;\n' });
    fs.mkdirSync(path.join(ws, '.windsurf'));
    fs.symlinkSync('../shared/windsurf-rules', path.join(ws, '.windsurf/rules'));
    const c = await start({ folders: [ws] });
    const folderUri = uriOf(path.join(ws, '.windsurf/rules'));
    const broken = await c.waitForDiagnostics(folderUri, (d) => d.some((x) => x.code === 'rule/unreadable'));
    expect(broken.map((d) => d.message)).toEqual(['This rule location is a symbolic link that leads to ../shared/windsurf-rules, which does not exist: Windsurf and the xcsh agent read no rules from it.']);
    writeTree(ws, { 'shared/windsurf-rules/style.md': '---\ntrigger: always_on\n---\nShort functions.\n' });
    c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(path.join(ws, 'shared/windsurf-rules/style.md')), type: 1 }] });
    await c.waitForDiagnostics(folderUri, (d) => d.length === 0);
    const buckets = await c.request<RuleBucketsResult>('agentls/ruleBuckets', {});
    expect(JSON.stringify(buckets)).toContain('style');
  });
});
