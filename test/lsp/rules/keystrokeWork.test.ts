import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { workCounts } from '../../helpers/workCounts';
import { until } from '../../helpers/polling';
import type { RuleBucketsResult } from '../../../protocol/rules';
import { tempDir, writeTree } from '../../helpers/repo';

/*
 * What one keystroke in a rule file costs the server, counted by the server itself
 * (`server/workspace/testCounts.ts`: each read, stat and folder listing on disk by path, each
 * answer of the file index and the paths it gave). Helix's client: diagnostics are pushed
 * with the buffer's version, so a publish for the current version is the keystroke's answer.
 */
const start = useLspClients(afterEach);

type Counts = Record<string, number>;

/** The counts that grew from `before` to `after`. */
function grown(before: Counts, after: Counts): Counts {
  return Object.fromEntries(Object.entries(after).filter(([k, n]) => n !== (before[k] ?? 0)).map(([k, n]) => [k, n - (before[k] ?? 0)]));
}

/** Types `text` at `line`, `character` and waits for the diagnostics of the new version that satisfy `check`; returns the work it cost. */
async function keystroke(c: Awaited<ReturnType<typeof start>>, counts: () => Counts, uri: string, line: number, character: number, text: string, check: (d: Diagnostic[]) => boolean): Promise<Counts> {
  const before = counts();
  await c.type(uri, { line, character }, text);
  await c.waitForDiagnostics(uri, check, 20_000);
  return grown(before, counts());
}

const missing = (name: string) => (d: Diagnostic[]) => d.some((x) => x.code === 'claude/import-missing' && String(x.message).includes(name));

describe('a keystroke in a CLAUDE.md', () => {
  it('reads its import chain again only once a file of it changed on disk, or an import line changed', async () => {
    const ws = writeTree(tempDir('agentls-chain-'), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      'CLAUDE.md': '# Project\n\nSee @notes/n0.md and @notes/later.md for more.\n\nText.\n',
      'notes/n0.md': 'First. @n1.md\n',
      'notes/n1.md': 'Second. @n2.md\n',
      'notes/n2.md': 'Last.\n',
      'notes/extra.md': 'Extra.\n',
    });
    const work = workCounts();
    const c = await start({ folders: [ws], client: 'helix', env: work.env });
    const notes = path.join(ws, 'notes') + path.sep;
    // The work on the files of the chain (the memory file's own stat is not the chain's).
    const chain = () => Object.fromEntries(Object.entries(work.counts()).filter(([k]) => k.startsWith('disk-') && k.includes(notes)));
    const uri = await c.open(path.join(ws, 'CLAUDE.md'));
    await c.waitForDiagnostics(uri, missing('notes/later.md'), 20_000);
    expect(Object.keys(chain()).some((k) => k === `disk-read ${path.join(ws, 'notes/n2.md')}`)).toBe(true);

    // Typed in a line with no import: the chain is not read again, and its findings stay.
    expect(await keystroke(c, chain, uri, 4, 0, 'x', missing('notes/later.md'))).toEqual({});
    expect(await keystroke(c, chain, uri, 4, 1, 'y', missing('notes/later.md'))).toEqual({});

    // The missing file created on disk (as an editor that watches files says it): picked up at the next diagnosis.
    fs.writeFileSync(path.join(ws, 'notes/later.md'), 'Later.\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, 'notes/later.md')), type: 1 }] });
    await c.waitForDiagnostics(uri, (d) => !d.some((x) => x.code === 'claude/import-missing'), 20_000);

    // A file deep in the chain changed on disk to import a missing one: seen through the chain.
    fs.writeFileSync(path.join(ws, 'notes/n2.md'), 'Last. @gone.md\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, 'notes/n2.md')), type: 2 }] });
    await c.waitForDiagnostics(uri, missing('notes/gone.md'), 20_000);

    // An import of another file typed: only that file is looked at (the rest of the chain is known).
    const typed = await keystroke(c, chain, uri, 4, 0, '@notes/extra.md ', missing('notes/gone.md'));
    expect(typed).toEqual({ [`disk-read ${path.join(ws, 'notes/extra.md')}`]: 1, [`disk-stat ${path.join(ws, 'notes/extra.md')}`]: 1 });
    expect(await keystroke(c, chain, uri, 5, 0, 'z', missing('notes/gone.md'))).toEqual({});
  });
});

describe('a keystroke in a CLAUDE.md whose chain goes through a linked folder', () => {
  it('sees a file created behind the link: answers about paths through a link are not kept', async () => {
    const ws = writeTree(tempDir('agentls-chain-link-'), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      'CLAUDE.md': '# Project\n\nSee @linked/a.md for more.\n\nText.\n',
      'real/a.md': 'See @b.md\n',
    });
    fs.symlinkSync('real', path.join(ws, 'linked'));
    const c = await start({ folders: [ws], client: 'helix' });
    const uri = await c.open(path.join(ws, 'CLAUDE.md'));
    await c.waitForDiagnostics(uri, missing('linked/b.md'), 20_000);
    // Created at its real path, as a watcher reports it: the link's path is never reported.
    fs.writeFileSync(path.join(ws, 'real/b.md'), 'B.\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, 'real/b.md')), type: 1 }] });
    await c.type(uri, { line: 4, character: 0 }, 'x');
    await c.waitForDiagnostics(uri, (d) => !d.some((x) => x.code === 'claude/import-missing'), 20_000);
  });
});

/** A Cursor rule with `globs`. */
const rule = (globs: string[], body = 'Body.') => `---\ndescription: x\nglobs: [${globs.map((g) => `"${g}"`).join(', ')}]\n---\n${body}\n`;

describe('a keystroke in a Cursor rule', () => {
  it('costs no listing of the index nor a look at the disk but its own file; a glob edited costs a look at its own folder alone', async () => {
    const GLOBS = ['src/**/*.ts', 'big/**/*.md', 'nope/**/*.x'];
    const GLOBS_LINE = rule(GLOBS).split('\n')[2];
    const tree: Record<string, string> = { '.git/HEAD': 'ref: refs/heads/main\n', '.cursor/rules/r.mdc': rule(GLOBS) };
    for (let i = 0; i < 40; i++) tree[`src/m${i}/a${i}.ts`] = 'x\n';
    for (let i = 0; i < 40; i++) tree[`big/d${i % 8}/f${i}.md`] = 'x\n';
    for (let i = 0; i < 5; i++) tree[`.cursor/rules/o${i}.mdc`] = rule([`src/m${i}/**/*.ts`, `other${i}/**`]);
    const ws = writeTree(tempDir('agentls-rule-keys-'), tree);
    const work = workCounts();
    const c = await start({ folders: [ws], client: 'helix', env: work.env });
    // What is looked up: on disk, and in the file index.
    const lookups = () => Object.fromEntries(Object.entries(work.counts()).filter(([k]) => k.startsWith('disk-') || k.startsWith('index-')));
    const file = path.join(ws, '.cursor/rules/r.mdc');
    const uri = await c.open(file);
    const dead = (glob: string) => (d: Diagnostic[]) => d.some((x) => x.code === 'context/dead-glob' && String(x.message).includes(`"${glob}"`));
    // The glob reach is loaded once the dead glob is judged.
    await c.waitForDiagnostics(uri, dead('nope/**/*.x'), 20_000);

    // The buffer read as the rule's text stats its file for its time: that alone.
    const body = await keystroke(c, lookups, uri, 5, 0, 'x', dead('nope/**/*.x'));
    expect(Object.keys(body).filter((k) => k !== `disk-stat ${file}`)).toEqual([]);

    // `big/**/*.md` edited (`big/**/*.mdz`) to match nothing: dead, and only the folder it names is looked through on disk (for ignored files it may match).
    const glob = await keystroke(c, lookups, uri, 2, GLOBS_LINE.indexOf('.md"') + 3, 'z', dead('big/**/*.mdz'));
    const big = path.join(ws, 'big');
    const elsewhere = Object.keys(glob).filter((k) => !(k === `disk-stat ${file}` || k === `disk-readdir ${ws}` || k.startsWith(`disk-readdir ${big}`) || k.startsWith(`disk-stat ${big}`)));
    expect(elsewhere).toEqual([]);
    expect(Object.keys(glob).some((k) => k.startsWith(`disk-readdir ${big}`))).toBe(true);

    // Typed again in the body: nothing is looked at again.
    const again = await keystroke(c, lookups, uri, 5, 0, 'y', dead('big/**/*.mdz'));
    expect(Object.keys(again).filter((k) => k !== `disk-stat ${file}`)).toEqual([]);
  });
});

describe('a keystroke in a rule file of a .claude/rules whose top holds more than the 1,000 entries agentls reads', () => {
  it('lists the folder again only once a file came or went there', async () => {
    const tree: Record<string, string> = { '.git/HEAD': 'ref: refs/heads/main\n', 'CLAUDE.md': '# Project\n' };
    for (let i = 0; i < 1_200; i++) tree[`.claude/rules/r${String(i).padStart(4, '0')}.md`] = `Rule ${i}.\n`;
    const ws = writeTree(tempDir('agentls-big-rules-'), tree);
    const work = workCounts();
    const c = await start({ folders: [ws], client: 'helix', env: work.env });
    const folder = path.join(ws, '.claude', 'rules');
    const listings = () => Object.fromEntries(Object.entries(work.counts()).filter(([k]) => k === `disk-readdir ${folder}`));
    const claudeRules = async () => {
      const buckets = await c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) });
      return (buckets.agentRules ?? []).find((a) => a.agent === 'claude')?.rules.map((r) => r.path) ?? [];
    };
    const uri = await c.open(path.join(folder, 'r0001.md'));
    await c.waitForDiagnostics(uri, () => true, 20_000);
    expect(await claudeRules()).toContain('.claude/rules/r0001.md');
    expect(listings()[`disk-readdir ${folder}`]).toBeGreaterThan(0);

    // Typed: the folder's 1,200 names are not listed again (each keystroke made Claude Code's view anew from them).
    expect(await keystroke(c, listings, uri, 0, 0, 'x', () => true)).toEqual({});
    expect(await keystroke(c, listings, uri, 0, 1, 'y', () => true)).toEqual({});

    // A file created there and reported: listed again, and among the first 1,000 by name it is read.
    fs.writeFileSync(path.join(folder, 'r0000a.md'), 'Rule new.\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(folder, 'r0000a.md')), type: 1 }] });
    await until("Claude Code's rules to hold the new file", claudeRules, (rules) => rules.includes('.claude/rules/r0000a.md'));
  });
});
