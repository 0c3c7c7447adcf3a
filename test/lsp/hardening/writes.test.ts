import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CodeAction } from 'vscode-languageserver/node';
import type { AstEditPreviewResult, AstEditResolveResult } from '../../../protocol/astedit';
import { lineHash } from '../../../server/hashline/hash';
import { VSCODE_LIKE } from '../../helpers/capabilities';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';
import { ownedDir, unprivileged } from '../../helpers/unprivileged';

const start = useLspClients(afterEach);

/** A client that cannot apply edits: the server writes the disk itself. */
const NO_APPLY_EDIT = { workspace: { applyEdit: false } };

const runAs = unprivileged();

describe('patch headers that are URIs', () => {
  it('reads `§file:///…` as the file it names, inside the workspace, and never creates `<root>/file:`', async () => {
    const ws = writeTree(tempDir(), { 'a.txt': 'one\ntwo\n' });
    const c = await start({ folders: [ws] });
    const uri = c.uri(path.join(ws, 'a.txt'));
    await c.request('agentls/hashlineApply', { input: `§${uri}\n≔2${lineHash('two')}\nTWO\n` });
    expect(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe('one\nTWO\n');
    expect(fs.existsSync(path.join(ws, 'file:'))).toBe(false);
  });

  it('refuses a `file:` URI outside the workspace and any other URL, writing nothing', async () => {
    const ws = writeTree(tempDir(), { 'a.txt': 'one\n' });
    const outside = writeTree(tempDir(), { 'secret.txt': 'keep\n' });
    const c = await start({ folders: [ws] });
    const secret = c.uri(path.join(outside, 'secret.txt'));
    await expect(c.request('agentls/hashlineApply', { input: `§${secret}\n≔1${lineHash('keep')}\nGONE\n` })).rejects.toMatchObject({ message: expect.stringContaining('outside the workspace') });
    await expect(c.request('agentls/hashlineApply', { input: `§https://example.com/x.txt\n»EOF\nx\n` })).rejects.toMatchObject({ message: expect.stringContaining('https: URL') });
    expect(fs.readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('keep\n');
    expect(fs.readdirSync(ws)).toEqual(['a.txt']);
  });
});

describe('read-only files', () => {
  it('refuses to replace a read-only file and says why', async () => {
    const ws = writeTree(tempDir(), { 'locked.txt': 'one\n' });
    const locked = path.join(ws, 'locked.txt');
    fs.chmodSync(locked, 0o444);
    const c = await start({ folders: [ws], client: NO_APPLY_EDIT });
    await expect(c.request('agentls/hashlineApply', { input: `§locked.txt\n≔1${lineHash('one')}\nONE\n` })).rejects.toMatchObject({ message: expect.stringContaining('is read-only (mode 0444)') });
    expect(fs.readFileSync(locked, 'utf8')).toBe('one\n');
    expect(fs.statSync(locked).mode & 0o777).toBe(0o444);
  });
});

describe('new folders', () => {
  it.skipIf('skip' in runAs)(`takes away the folders made for a new file when a later file of the patch cannot be staged (run as ${'skip' in runAs ? runAs.skip : runAs.name})`, async () => {
    if ('skip' in runAs) return;
    // A folder the server's user may not write in: the plan reads its file, the write cannot stage beside it. Root writes anywhere, so the server runs unprivileged.
    const ws = ownedDir(runAs, { 'a.txt': 'one\n', 'locked/b.md': 'two\n' });
    const c = await start({ folders: [ws], client: NO_APPLY_EDIT, home: ownedDir(runAs), cacheDir: ownedDir(runAs), user: runAs.user });
    fs.chmodSync(path.join(ws, 'locked'), 0o555);
    try {
      const input = `§a.txt\n≔1${lineHash('one')}\nONE\n§new/deep/c.md\n»EOF\nhello\n§locked/b.md\n≔1${lineHash('two')}\nTWO\n`;
      await expect(c.request('agentls/hashlineApply', { input })).rejects.toMatchObject({ data: { kind: 'write_failed', message: expect.stringMatching(/^could not stage the new content \(EACCES: .*\); nothing was written$/) } });
    } finally {
      fs.chmodSync(path.join(ws, 'locked'), 0o755);
    }
    expect(fs.readdirSync(ws).sort()).toEqual(['a.txt', 'locked']);
    expect(fs.readdirSync(path.join(ws, 'locked'))).toEqual(['b.md']);
    expect(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe('one\n');
  });

  it('refuses at the plan, and at the dry run, a new file below another the patch creates, or below a link to nothing, before anything is written', async () => {
    const ws = writeTree(tempDir(), { 'a.txt': 'one\n' });
    fs.symlinkSync('missing', path.join(ws, 'dangling'));
    for (const client of [NO_APPLY_EDIT, undefined]) {
      const c = await start({ folders: [ws], client });
      const under = `§a.txt\n≔1${lineHash('one')}\nONE\n§new.md\n»EOF\nx\n§new.md/deep.md\n»EOF\ny\n`;
      const underRefusal = { data: { kind: 'unreadable', path: 'new.md/deep.md', patchLine: 6, message: `${path.join(ws, 'new.md/deep.md')} cannot be created: ${path.join(ws, 'new.md')} is a file this patch creates, not a folder; nothing was applied` } };
      const linked = `§a.txt\n≔1${lineHash('one')}\nONE\n§dangling/deep/c.md\n»EOF\nx\n`;
      const linkedRefusal = { data: { kind: 'unreadable', path: 'dangling/deep/c.md', patchLine: 3, message: `${path.join(ws, 'dangling/deep/c.md')} cannot be created: ${path.join(ws, 'dangling')} is a symbolic link to a folder that does not exist` } };
      for (const dryRun of [true, false]) {
        await expect(c.request('agentls/hashlineApply', { input: under, dryRun })).rejects.toMatchObject(underRefusal);
        await expect(c.request('agentls/hashlineApply', { input: linked, dryRun })).rejects.toMatchObject(linkedRefusal);
      }
      expect(c.serverRequests).not.toContain('workspace/applyEdit');
      expect(fs.readdirSync(ws).sort()).toEqual(['a.txt', 'dangling']);
      expect(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe('one\n');
    }
  });
});

describe('read-only files, through an editor', () => {
  it('refuses a hashline patch or an ast-edit that would edit a read-only file not open in the editor, before the editor gets any of it', async () => {
    const ws = writeTree(tempDir(), { 'a.txt': 'one\n', 'b.txt': 'two\n', 'c.txt': 'three\n', 'src/a.ts': 'console.log(1);\n', 'src/b.ts': 'console.log(2);\n' });
    fs.chmodSync(path.join(ws, 'c.txt'), 0o444);
    fs.chmodSync(path.join(ws, 'src/b.ts'), 0o444);
    // An editor client: the server would hand the edits over, and the editor save the other files while this one fails (or is overwritten).
    const c = await start({ folders: [ws] });
    const input = `§a.txt\n≔1${lineHash('one')}\nONE\n§b.txt\n≔1${lineHash('two')}\nTWO\n§c.txt\n≔1${lineHash('three')}\nTHREE\n`;
    await expect(c.request('agentls/hashlineApply', { input })).rejects.toMatchObject({ data: { kind: 'write_failed', message: `${path.join(ws, 'c.txt')} is read-only (mode 0444); make it writable to edit it; nothing was applied` } });
    const preview = await c.request<AstEditPreviewResult>('agentls/astEditPreview', { ops: [{ pat: 'console.log($A)', out: 'logger.info($A)' }], paths: ['src'] });
    expect(preview.totals).toMatchObject({ replacements: 2, files: 2 });
    await expect(c.request('agentls/astEditResolve', { previewId: preview.previewId, action: 'apply' })).rejects.toMatchObject({
      message: `The ast-edit was not applied: ${path.join(ws, 'src/b.ts')} is read-only (mode 0444); make it writable to edit it; nothing was applied`,
    });
    expect(c.serverRequests).not.toContain('workspace/applyEdit');
    expect(['a.txt', 'b.txt', 'c.txt', 'src/a.ts', 'src/b.ts'].map((f) => fs.readFileSync(path.join(ws, f), 'utf8'))).toEqual(['one\n', 'two\n', 'three\n', 'console.log(1);\n', 'console.log(2);\n']);
    // Open in the editor, the file is the editor's to edit: its buffer takes the patch, as any edit the user makes.
    const open = await c.open(path.join(ws, 'c.txt'), undefined, 'text');
    await c.request('agentls/hashlineApply', { input: `§c.txt\n≔1${lineHash('three')}\nTHREE\n` });
    expect(c.text(open)).toBe('THREE\n');
  });
});

describe('read-only files, through code actions the editor applies', () => {
  it('"Apply patch" and "Apply ast-edit" resolve disabled, saying which file is read-only, instead of an edit the editor cannot save', async () => {
    const ws = writeTree(tempDir(), {
      'a.txt': 'one\n',
      'c.txt': 'three\n',
      'src/a.ts': 'console.log(1);\n',
      'src/b.ts': 'console.log(2);\n',
      'logs.astedit.yaml': 'ops:\n  - pat: console.log($A)\n    out: logger.info($A)\npaths:\n  - src\n',
    });
    fs.writeFileSync(path.join(ws, 'fix.hashline'), `§a.txt\n≔1${lineHash('one')}\nONE\n§c.txt\n≔1${lineHash('three')}\nTHREE\n`);
    fs.chmodSync(path.join(ws, 'c.txt'), 0o444);
    fs.chmodSync(path.join(ws, 'src/b.ts'), 0o444);
    const c = await start({ folders: [ws] });
    const at = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

    const patch = await c.open(path.join(ws, 'fix.hashline'), undefined, 'text');
    const apply = (await c.codeActions(patch, at)).find((a) => a.title.startsWith('Apply patch'))!;
    const resolved = await c.request<CodeAction>('codeAction/resolve', apply);
    expect(resolved.edit).toBeUndefined();
    expect(resolved.disabled?.reason).toBe(`${path.join(ws, 'c.txt')} is read-only (mode 0444); make it writable to edit it; nothing was applied`);

    const recipe = await c.open(path.join(ws, 'logs.astedit.yaml'), undefined, 'yaml');
    await c.applyCodeAction((await c.codeActions(recipe, at)).find((a) => a.title === 'Preview ast-edit')!);
    const applyAst = (await c.codeActions(recipe, at)).find((a) => a.title.startsWith('Apply ast-edit'))!;
    const resolvedAst = await c.request<CodeAction>('codeAction/resolve', applyAst);
    expect(resolvedAst.edit).toBeUndefined();
    expect(resolvedAst.disabled?.reason).toBe(`${path.join(ws, 'src/b.ts')} is read-only (mode 0444); make it writable to edit it; nothing was applied`);
    expect(['a.txt', 'c.txt', 'src/a.ts', 'src/b.ts'].map((f) => fs.readFileSync(path.join(ws, f), 'utf8'))).toEqual(['one\n', 'three\n', 'console.log(1);\n', 'console.log(2);\n']);
  });
});

describe('hard links', () => {
  it('a server that writes the disk itself says when the file it wrote had a second name, which keeps the old text', async () => {
    const ws = writeTree(tempDir(), { 'a.txt': 'one\n' });
    const other = path.join(tempDir(), 'a-link.txt');
    fs.linkSync(path.join(ws, 'a.txt'), other);
    const c = await start({ folders: [ws], client: NO_APPLY_EDIT });
    await c.request('agentls/hashlineApply', { input: `§a.txt\n≔1${lineHash('one')}\nONE\n` });
    expect(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe('ONE\n');
    expect(fs.readFileSync(other, 'utf8')).toBe('one\n');
    await c.waitFor('the note of the split link', () => c.shownMessages.some((m) => m.message.includes('had another name (a hard link)')));
    expect(c.shownMessages.map((m) => m.message)).toContain(`agentls: ${path.join(ws, 'a.txt')} had another name (a hard link): it is now a file of its own, and the other name keeps the old text`);
  });
});

describe('one file under two names', () => {
  it('refuses, before any edit reaches the editor, a patch whose two headers name one file through a link, and says so at the dry run too', async () => {
    const ws = writeTree(tempDir(), { 'a.txt': 'one\ntwo\n' });
    fs.symlinkSync('a.txt', path.join(ws, 'alias.txt'));
    const c = await start({ folders: [ws] });
    // Each header's edit is computed against the same original: the editor would apply both, the second over the first.
    const input = `§a.txt\n≔1${lineHash('one')}\nONE\n§alias.txt\n≔1${lineHash('one')}\nuno\n`;
    const refusal = { data: { kind: 'write_failed', path: 'alias.txt', patchLine: 3, message: 'alias.txt is the same file as a.txt (one file under two names, by a symbolic or hard link): write all the edits of that file under one §header; nothing was applied' } };
    await expect(c.request('agentls/hashlineApply', { input, dryRun: true })).rejects.toMatchObject(refusal);
    await expect(c.request('agentls/hashlineApply', { input })).rejects.toMatchObject(refusal);
    expect(c.serverRequests).not.toContain('workspace/applyEdit');
    expect(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe('one\ntwo\n');
  });
});

describe('a file where a folder should be', () => {
  it('refuses a patch that would create a file below a file, before any edit reaches the editor, and at the dry run too', async () => {
    const ws = writeTree(tempDir(), { 'a.txt': 'one\n', 'b.txt': 'two\n' });
    const c = await start({ folders: [ws] });
    // The third section's file cannot be created: a.txt is a file. The editor would get the two edits and a creation that fails.
    const input = `§a.txt\n≔1${lineHash('one')}\nONE\n§b.txt\n≔1${lineHash('two')}\nTWO\n§a.txt/new.txt\n»EOF\nx\n`;
    const refusal = { data: { kind: 'unreadable', path: 'a.txt/new.txt', patchLine: 6, message: `${path.join(ws, 'a.txt/new.txt')} cannot be created: ${path.join(ws, 'a.txt')} is a file, not a folder` } };
    await expect(c.request('agentls/hashlineApply', { input, dryRun: true })).rejects.toMatchObject(refusal);
    await expect(c.request('agentls/hashlineApply', { input })).rejects.toMatchObject(refusal);
    expect(c.serverRequests).not.toContain('workspace/applyEdit');
    expect(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe('one\n');
    expect(fs.readFileSync(path.join(ws, 'b.txt'), 'utf8')).toBe('two\n');
  });
});

describe('check and write as one step', () => {
  /**
   * A writer races each apply: it prepends a line (which shifts every offset) at a random
   * moment. The writer's text must survive whatever the order: written before the check,
   * the apply refuses; after the rename, it replaces the rewrite. A rewrite of the original
   * at the end means the writer's change was lost, anything else that the edit was
   * applied to text it was not computed from.
   */
  it('an ast-edit apply by a server that writes the disk never corrupts a file a concurrent writer changed', async () => {
    const ws = writeTree(tempDir(), { 'src/a.ts': '' });
    const file = path.join(ws, 'src/a.ts');
    const c = await start({ folders: [ws], client: NO_APPLY_EDIT });
    const original = 'console.log(1);\nconsole.log(2);\n';
    const rewritten = 'logger.info(1);\nlogger.info(2);\n';
    const raced = '// a concurrent writer\n' + original;
    const preview = async () => {
      const shown = await c.request<AstEditPreviewResult>('agentls/astEditPreview', { ops: [{ pat: 'console.log($A)', out: 'logger.info($A)' }], paths: ['src'] });
      expect(shown.totals).toMatchObject({ replacements: 2, files: 1 });
      expect(shown.previewId).toEqual(expect.any(String));
      return shown.previewId as string;
    };
    const apply = (previewId: string) =>
      c.request<AstEditResolveResult>('agentls/astEditResolve', { previewId, action: 'apply' }).then(
        (result) => ({ applied: true as const, result }),
        (err: Error) => ({ applied: false as const, message: err.message }),
      );
    for (let round = 0; round < 20; round++) {
      fs.writeFileSync(file, original);
      const previewId = await preview();
      const writer = new Promise<void>((resolve) => setTimeout(() => (fs.writeFileSync(file, raced), resolve()), round % 5));
      const outcome = await apply(previewId);
      await writer;
      const now = fs.readFileSync(file, 'utf8');
      expect(now, `round ${round}: ${now === rewritten ? 'the concurrent write was lost' : 'the file was corrupted'}`).toBe(raced);
      // Refused only because the file changed (said so), applied with the two replacements it previewed.
      if (outcome.applied) expect(outcome.result.replacements, `round ${round}`).toBe(2);
      else expect(outcome.message, `round ${round}`).toMatch(/changed|stale/i);
    }
    // Without a writer the same apply goes through: the rounds above were not passing on an apply that always refuses.
    fs.writeFileSync(file, original);
    const quiet = await apply(await preview());
    expect(quiet).toMatchObject({ applied: true, result: { replacements: 2 } });
    expect(fs.readFileSync(file, 'utf8')).toBe(rewritten);
  });

  it('a hashline apply by a server that writes the disk never loses a concurrent write', async () => {
    const ws = writeTree(tempDir(), { 'a.txt': 'one\ntwo\n' });
    const file = path.join(ws, 'a.txt');
    const c = await start({ folders: [ws], client: NO_APPLY_EDIT });
    for (let round = 0; round < 20; round++) {
      fs.writeFileSync(file, 'one\ntwo\n');
      const writer = new Promise<void>((resolve) => setTimeout(() => (fs.writeFileSync(file, 'zero\none\ntwo\n'), resolve()), round % 5));
      const applied = await c.request('agentls/hashlineApply', { input: `§a.txt\n≔2${lineHash('two')}\nTWO\n` }).then(
        () => true,
        () => false,
      );
      await writer;
      const now = fs.readFileSync(file, 'utf8');
      // The writer's line must survive: refused, applied after it (following the moved line),
      // or replaced by it. The patch over the original at the end means the write was lost.
      expect(['zero\none\ntwo\n', 'zero\none\nTWO\n'], `round ${round}${applied ? ' (reported applied)' : ''}`).toContain(now);
    }
    // Without a writer the patch applies: a refusal every round would have passed the rounds above.
    fs.writeFileSync(file, 'one\ntwo\n');
    await c.request('agentls/hashlineApply', { input: `§a.txt\n≔2${lineHash('two')}\nTWO\n` });
    expect(fs.readFileSync(file, 'utf8')).toBe('one\nTWO\n');
  });
});

describe('creating a file', () => {
  it('never replaces a file someone else created while the patch was being written', async () => {
    const ws = writeTree(tempDir(), { 'a.txt': 'one\n' });
    const c = await start({ folders: [ws], client: NO_APPLY_EDIT });
    for (let round = 0; round < 20; round++) {
      const file = path.join(ws, `new${round}.txt`);
      const writer = new Promise<void>((resolve) => setTimeout(() => (fs.writeFileSync(file, 'theirs\n'), resolve()), round % 5));
      await c.request('agentls/hashlineApply', { input: `§new${round}.txt\n»EOF\nours\n` }).catch(() => undefined);
      await writer;
      // Theirs survives: created first, the patch appends to it or is refused; created last, it replaces ours.
      expect(['theirs\n', 'theirs\nours\n'], `round ${round}`).toContain(fs.readFileSync(file, 'utf8'));
    }
    // Without a writer the patch creates the file: a refusal every round would have passed the rounds above.
    await c.request('agentls/hashlineApply', { input: '§alone.txt\n»EOF\nours\n' });
    // A new file is an empty one with the lines inserted: no trailing newline (spec hashline.md §5, `"" + »EOF hello ⇒ "hello"`).
    expect(fs.readFileSync(path.join(ws, 'alone.txt'), 'utf8')).toBe('ours');
  });
});

describe('code actions that edit files not open', () => {
  const NO_RESOLVE = structuredClone(VSCODE_LIKE);
  delete NO_RESOLVE.textDocument!.codeAction!.resolveSupport;
  it.each([
    ['an editor that resolves edits', 'vscode' as const],
    ['an editor that cannot resolve edits (the apply command)', NO_RESOLVE],
  ])('never lands on the wrong lines after the file changed on disk since the menu was shown (%s)', async (_, client) => {
    const ws = writeTree(tempDir(), { 'a.txt': 'one\ntwo\nthree\n' });
    const file = path.join(ws, 'a.txt');
    const c = await start({ folders: [ws], client });
    const patch = await c.open(path.join(ws, 'fix.hashline'), `§a.txt\n≔2${lineHash('two')}\nTWO\n`, 'text');
    await c.waitForDiagnostics(patch);
    const actions = await c.codeActions(patch, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
    const apply = actions.find((a) => a.title.startsWith('Apply patch'))!;
    expect(apply).toBeDefined();
    fs.writeFileSync(file, 'zero\none\ntwo\nthree\n'); // every line moves down by one
    await c.applyCodeAction(apply).catch(() => undefined);
    // Either the edit followed the line it names, or nothing was applied: never line 2 of the new text.
    expect(['zero\none\nTWO\nthree\n', 'zero\none\ntwo\nthree\n']).toContain(fs.readFileSync(file, 'utf8'));
    // With nothing changed under it, the same action applies: the check above did not pass on an action that never applies.
    const quiet = await c.open(path.join(ws, 'quiet.hashline'), `§a.txt\n≔1${lineHash('zero')}\nZERO\n`, 'text');
    await c.waitForDiagnostics(quiet);
    const again = (await c.codeActions(quiet, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } })).find((a) => a.title.startsWith('Apply patch'))!;
    await c.applyCodeAction(again);
    expect(fs.readFileSync(file, 'utf8')).toMatch(/^ZERO\none\n/);
  });
});
