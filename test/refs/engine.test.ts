import Database from 'better-sqlite3';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { combineEdits, freshRefId, planPick, referenceBeingTyped } from '../../server/refs/complete';
import { convertPrompt } from '../../server/refs/convert';
import { parsePromptDocument } from '../../server/refs/document';
import { fixesFor } from '../../server/refs/fixes';
import { inspectReference } from '../../server/refs/inspect';
import { lintPromptModel } from '../../server/refs/lint';
import type { PromptForm, SourceEdit } from '../../server/refs/model';
import type { RefEnvironment } from '../../server/refs/resolve';
import { editDistance } from '../../server/core/editDistance';
import { closestPath } from '../../server/refs/similar';
import { Confinement } from '../../server/workspace/confine';
import { NodeFileSystem } from '../../server/workspace/fs';
import { tempDir, writeTree } from '../helpers/repo';

const FILES = {
  'src/auth.ts': 'export function login() {}\n',
  'src/session.ts': 'export const session = 1;\n',
  'src/util/log.ts': 'export const log = console.log;\n',
  'docs/guide.md': '# Guide\n',
};

function workspace(extra: Record<string, string | Uint8Array> = {}): { root: string; env: RefEnvironment } {
  const root = writeTree(tempDir(), { ...FILES, ...extra });
  const confinement = new Confinement([root]);
  return { root, env: { fs: new NodeFileSystem(confinement), root, allows: (p) => confinement.allows(p) } };
}

function apply(source: string, edits: SourceEdit[]): string {
  let out = source;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

const BROKEN_MD = [
  '---',
  'file_references:',
  '  - ref_id: ref_0',
  '    path: src/auth.ts',
  '  - ref_id: ref_1',
  '    path: src/sesion.ts',
  '  - ref_id: ref_0',
  '    path: src/util/log.ts',
  '  - ref_id: ref_2',
  '    path: ../outside/auth.ts',
  '  - ref_id: ref_3',
  '    path: docs/guide.md',
  '---',
  'Fix <@file:ref_0|src/auht.ts> and <@file:ref_1|src/sesion.ts> <@file:ref_2|../outside/auth.ts>.',
  'Forged: <@file:ref_7|src/session.ts>. Typed <@user:bob>, \\<@fine and \\\\<@lost.',
  '',
].join('\n');

async function lint(source: string, env: RefEnvironment, form: PromptForm = 'markdown') {
  return lintPromptModel(parsePromptDocument(source, form), env);
}

describe('diagnostics', () => {
  it('past the cap of findings keeps the errors: a missing file is not cut for a thousand unmapped tokens', async () => {
    const { env } = workspace();
    const text = `---\nfile_references:\n  - ref_id: ref_1\n    path: src/sesion.ts\n---\n${'<@file:nope|x.ts> '.repeat(1500)}<@file:ref_1|src/sesion.ts>\n`;
    const issues = await lint(text, env);
    expect(issues.length).toBe(1001);
    expect(issues[0].finding.code).toBe('ref/too-large');
    expect(issues.map((i) => i.finding.code)).toContain('ref/missing-file');
  });

  it('finds every kind of reference problem, each with a message that states the fact', async () => {
    const { env } = workspace();
    const issues = await lint(BROKEN_MD, env);
    const got = issues.map((i) => [i.finding.code, BROKEN_MD.split('\n')[i.finding.range.start.line].slice(i.finding.range.start.character, i.finding.range.end.character)]);
    expect(got).toEqual([
      ['ref/unescaped-start', '<@'],
      ['ref/unescaped-start', '<@'],
      ['ref/display-mismatch', 'src/auht.ts'],
      ['ref/unmapped', '<@file:ref_7|src/session.ts>'],
      ['ref/missing-file', 'src/sesion.ts'],
      ['ref/duplicate-id', 'ref_0'],
      ['ref/outside-workspace', '../outside/auth.ts'],
      ['ref/unused-entry', 'ref_id: ref_3\n    path: docs/guide.md'.split('\n')[0]],
    ]);
    const byCode = Object.fromEntries(issues.map((i) => [i.finding.code, i.finding]));
    expect(byCode['ref/unmapped'].message).toContain('reads <@file:ref_7|src/session.ts> as literal text');
    expect(byCode['ref/missing-file'].message).toBe('src/sesion.ts (ref_1) does not exist in the workspace: the xcsh agent cannot load it');
    expect(byCode['ref/unused-entry'].tags).toEqual(['unnecessary']);
    expect(issues.filter((i) => i.finding.code === 'ref/unescaped-start')[1].finding.message).toContain('one backslash is dropped');
  });

  it('says nothing about a clean prompt, and judges no token while the list is broken', async () => {
    const { env } = workspace();
    expect(await lint('---\nfile_references:\n  - ref_id: ref_0\n    path: src/auth.ts\n---\nFix <@file:ref_0|src/auth.ts> \\<@literal\n', env)).toEqual([]);
    const broken = await lint('---\nfile_references: [\n---\n<@file:ref_0|src/auth.ts>\n', env);
    expect(broken.map((i) => i.finding.code)).toEqual(['ref/invalid-frontmatter']);
  });

  it('refuses a path that leaves the workspace through a symlink', async () => {
    const outside = writeTree(tempDir(), { 'secret.txt': 'x' });
    const { root, env } = workspace();
    fs.symlinkSync(outside, path.join(root, 'link'));
    const issues = await lint('---\nfile_references:\n  - ref_id: a\n    path: link/secret.txt\n---\n<@file:a|link/secret.txt>\n', env);
    expect(issues.map((i) => [i.finding.code, i.finding.message])).toEqual([['ref/outside-workspace', 'a is outside the workspace: link/secret.txt resolves outside the workspace (through a symbolic link, or one that cannot be resolved)']]);
  });

  it('checks RAWP JSON messages with ranges inside the escaped string', async () => {
    const { env } = workspace();
    const src = '{"type": "control.prompt.request", "payload": {"prompt_text": "\\"q\\" <@file:ref_9|src/auth.ts>", "file_references": []}}';
    const [issue] = await lint(src, env, 'rawp-json');
    expect(issue.finding.code).toBe('ref/unmapped');
    expect(src.slice(issue.finding.range.start.character, issue.finding.range.end.character)).toBe('<@file:ref_9|src/auth.ts>');
  });
});

describe('fixes', () => {
  it('each fix, applied, removes its diagnostic and adds none', async () => {
    const { env } = workspace();
    const model = parsePromptDocument(BROKEN_MD, 'markdown');
    const files = Object.keys(FILES);
    const helpers = { env, closestFile: async (missing: string) => closestPath(missing, files) };
    const issues = await lintPromptModel(model, env);
    const applied: string[] = [];
    for (const issue of issues) {
      const fixes = await fixesFor(issue, model, helpers);
      expect(fixes.length, issue.finding.code).toBeGreaterThan(0);
      for (const fix of fixes.filter((f) => !f.disabledReason)) {
        const after = apply(BROKEN_MD, fix.edits);
        const remaining = await lint(after, env);
        const count = (list: typeof issues) => list.filter((i) => i.finding.code === issue.finding.code).length;
        expect(count(remaining), `${fix.title}:\n${after}`).toBe(count(issues) - 1);
        // The preferred fix never trades one problem for another.
        if (fix.preferred) expect(remaining.every((r) => issues.some((i) => i.finding.message === r.finding.message)), fix.title).toBe(true);
        applied.push(fix.title);
      }
    }
    expect(applied).toEqual([
      'Escape as literal text (\\<@)',
      'Escape as literal text (\\<@)',
      'Show the mapped path src/auth.ts in the token',
      'Add ref_7 → src/session.ts to file_references',
      'Escape as literal text (\\<@)',
      'Re-point ref_1 to src/session.ts (closest to src/sesion.ts)',
      'Remove the ignored duplicate entry ref_0 (src/util/log.ts)',
      'Give this entry the new ref_id ref_4, for tokens to use',
      // ref_0 maps src/auth.ts, the closest file: the tokens move to it (never a second id for one file).
      'Use ref_0 (src/auth.ts) for the tokens of ref_2 and remove ref_2',
      'Remove the unused entry ref_3 (docs/guide.md)',
    ]);
  });

  it('adds the closest file for a forged token naming a missing one, and fixes the display path with it', async () => {
    const { env } = workspace();
    const src = '---\nfile_references: []\n---\nSee <@file:ref_5|src/sesion.ts>\n';
    const model = parsePromptDocument(src, 'markdown');
    const [issue] = await lintPromptModel(model, env);
    const [add] = await fixesFor(issue, model, { env, closestFile: async (m) => closestPath(m, Object.keys(FILES)) });
    expect(add.title).toBe('Add ref_5 → src/session.ts to file_references (closest to src/sesion.ts, which does not exist)');
    const after = apply(src, add.edits);
    expect(after).toBe('---\nfile_references: [{ ref_id: ref_5, path: src/session.ts }]\n---\nSee <@file:ref_5|src/session.ts>\n');
    expect(await lint(after, env)).toEqual([]);
  });

  it('does not flag a "<@" inside a token\'s display path as an unescaped start', async () => {
    const { env } = workspace();
    const src = '---\nfile_references:\n  - ref_id: ref_0\n    path: src/auth.ts\n---\nSee <@file:ref_0|src/auth.ts> and <@file:ref_1|a<@b.ts>, then <@user:x>\n';
    const codes = (await lintPromptModel(parsePromptDocument(src, 'markdown'), env)).map((i) => i.finding.code).sort();
    // ref_1 has no entry (unmapped); only the typed "<@user:x>" is an unescaped start, not the "<@" inside ref_1's display path.
    expect(codes).toEqual(['ref/unescaped-start', 'ref/unmapped']);
  });

  it('offers the display fix disabled, saying why, when the mapped path has a ">" no token can show', async () => {
    const { env } = workspace();
    const src = '---\nfile_references:\n  - ref_id: ref_0\n    path: "a>b.ts"\n---\nSee <@file:ref_0|a.ts>\n';
    const model = parsePromptDocument(src, 'markdown');
    const issue = (await lintPromptModel(model, env)).find((i) => i.finding.code === 'ref/display-mismatch')!;
    const [show] = await fixesFor(issue, model, { env, closestFile: async () => undefined });
    expect(show).toEqual({ title: 'Show the mapped path in the token', edits: [], disabledReason: '"a>b.ts" cannot be shown in a token: a ">" would end it and a line break would split it' });
  });

  it('escapes inside RAWP JSON with a JSON-escaped backslash', async () => {
    const { env } = workspace();
    const src = '{"type": "control.prompt.request", "payload": {"prompt_text": "<@user:x>"}}';
    const model = parsePromptDocument(src, 'rawp-json');
    const [issue] = await lintPromptModel(model, env);
    const [fix] = await fixesFor(issue, model, { env, closestFile: async () => undefined });
    const after = apply(src, fix.edits);
    expect(JSON.parse(after).payload.prompt_text).toBe('\\<@user:x>');
    expect(await lint(after, env, 'rawp-json')).toEqual([]);
  });

  it('ranks near misses by edit distance on the file name', () => {
    expect(editDistance('auht', 'auth')).toBe(1);
    expect(closestPath('src/auht.ts', ['src/auth.ts', 'src/util/log.ts', 'docs/a.md'])).toBe('src/auth.ts');
    expect(closestPath('src/zzzzzz.ts', ['src/auth.ts'])).toBeUndefined();
  });
});

describe('completion planning', () => {
  const body = (text: string) => parsePromptDocument(`---\nfile_references:\n  - ref_id: ref_0\n    path: src/auth.ts\n---\n${text}`, 'markdown');
  const at = (text: string) => {
    const cursor = text.indexOf('¦');
    const model = body(text.replace('¦', ''));
    const offset = model.prompt!.toSource(cursor);
    const typed = referenceBeingTyped(model, offset);
    return typed && { query: typed.query, typed: model.source.slice(typed.start, typed.cursor), whole: model.source.slice(typed.start, typed.end) };
  };

  it('starts on @ at a word start and on a <@file: prefix typed by hand', () => {
    expect(at('see @¦')).toEqual({ query: '', typed: '@', whole: '@' });
    expect(at('@au¦th.ts rest')).toEqual({ query: 'au', typed: '@au', whole: '@auth.ts' });
    expect(at('(@src/a¦)')).toEqual({ query: 'src/a', typed: '@src/a', whole: '@src/a' });
    expect(at('x <@¦')).toMatchObject({ query: '', typed: '<@' });
    expect(at('x <@fi¦')).toMatchObject({ query: '', typed: '<@fi' });
    expect(at('x <@file:ref_3|src/au¦ y')).toMatchObject({ query: 'src/au', whole: '<@file:ref_3|src/au' });
    expect(at('x <@file:au¦th> y')).toMatchObject({ query: 'au', whole: '<@file:auth>' });
  });

  it('starts on @ after CJK punctuation, an emoji, Markdown emphasis or a colon, as at a space', () => {
    for (const line of ['请看：@aut¦', '文件，@aut¦', '。@aut¦', '「@aut¦', '🎉@aut¦', '**@aut¦', '_@aut¦', 'Files:@aut¦', '>@aut¦', '- @aut¦']) {
      expect({ line, typed: at(line) }).toEqual({ line, typed: { query: 'aut', typed: '@aut', whole: '@aut' } });
    }
  });

  it('offers nothing in an e-mail address, after an escape, in a finished token or outside the prompt text', () => {
    expect(at('mail me@exa¦')).toBeUndefined();
    expect(at('mail j.doe@exa¦')).toBeUndefined();
    expect(at('mail first-last@exa¦')).toBeUndefined();
    expect(at('mail x_1@exa¦')).toBeUndefined();
    expect(at('not \\@aut¦')).toBeUndefined();
    expect(at('x \\<@fi¦')).toBeUndefined();
    expect(at('x <@user¦')).toBeUndefined();
    expect(at('<@file:ref_0|src/auth.ts>¦')).toBeUndefined();
    expect(at('@a b¦')).toBeUndefined();
    const model = body('x');
    expect(referenceBeingTyped(model, 5)).toBeUndefined();
  });

  it('adds an entry in the layout of the items before it, so the list stays valid YAML', () => {
    // `yaml.dump(…, indent=4)` writes `-   ref_id:`; the new item's keys must share the old items' column.
    for (const item of ['-   ref_id: ref_0\n        path: src/auth.ts', '-  ref_id: ref_0\n       path: src/auth.ts', '- ref_id: ref_0\n      path: src/auth.ts']) {
      const source = `---\nfile_references:\n    ${item}\n---\nSee @`;
      const model = parsePromptDocument(source, 'markdown');
      const pick = planPick(model, 'docs/plan.md', 'ref_1');
      const after = parsePromptDocument(apply(source, [pick.entryEdit!]), 'markdown');
      expect({ item, problems: after.problems }).toEqual({ item, problems: [] });
      expect(after.entries.map((e) => [e.refId, e.path])).toEqual([['ref_0', 'src/auth.ts'], ['ref_1', 'docs/plan.md']]);
    }
  });

  it('reuses the ref_id of an entry that names the same file another way (./src/auth.ts)', () => {
    const model = parsePromptDocument('---\nfile_references:\n  - ref_id: ref_0\n    path: ./src/auth.ts\n---\nSee @', 'markdown');
    expect(planPick(model, 'src/auth.ts', 'ref_1')).toEqual({ refId: 'ref_0', reused: true, tokenText: '<@file:ref_0|src/auth.ts>' });
  });

  it('reuses the ref_id of a path already referenced, and never adopts a forged id', () => {
    const model = body('<@file:ref_1|x> @');
    expect(freshRefId(model)).toBe('ref_2');
    expect(planPick(model, 'src/auth.ts', 'ref_2')).toEqual({ refId: 'ref_0', reused: true, tokenText: '<@file:ref_0|src/auth.ts>' });
    const pick = planPick(model, 'src/session.ts', 'ref_2');
    expect(pick.tokenText).toBe('<@file:ref_2|src/session.ts>');
    expect(apply(model.source, [pick.entryEdit!])).toContain('  - ref_id: ref_2\n    path: src/session.ts\n---\n');
  });

  it('merges an additional edit on the main edit\'s line into one edit', () => {
    const source = '{"payload": {"prompt_text": "a @x", "file_references": []}}';
    const main = { start: source.indexOf('@x'), end: source.indexOf('@x') + 2, text: '<@file:ref_0|x.ts>' };
    const extra = { start: source.indexOf('[]') + 1, end: source.indexOf('[]') + 1, text: '{"ref_id": "ref_0", "path": "x.ts"}' };
    const merged = combineEdits(source, main, extra);
    expect(merged.extra).toBeUndefined();
    expect(apply(source, [merged.main])).toBe(apply(source, [main, extra]));
    const twoLines = 'a\nb';
    expect(combineEdits(twoLines, { start: 2, end: 3, text: 'B' }, { start: 0, end: 0, text: 'x' }).extra).toBeDefined();
  });
});

describe('conversion for adapters', () => {
  const refs = [
    { ref_id: 'ref_0', path: 'src/auth.ts' },
    { ref_id: 'ref_1', path: 'src/gone.ts' },
    { ref_id: 'ref_2', path: 'src/util' },
  ];
  const text = 'Fix <@file:ref_0|src/auth.ts>, see <@file:ref_1|src/gone.ts> and <@file:ref_9|x>; \\<@lit <@file:ref_0|src/auth.ts>';

  it('claude-code: tokens leave the text, files go to context_files; unconvertible ones become their display path', async () => {
    const { env } = workspace();
    const r = await convertPrompt(text, refs, { adapter: 'claude-code', env });
    expect(r.prompt_text).toBe('Fix , see src/gone.ts and <@file:ref_9|x>; <@lit ');
    expect(r.context_files).toEqual(['src/auth.ts']);
    expect(r.unconverted).toEqual([{ ref_id: 'ref_1', display_path: 'src/gone.ts', reason: 'src/gone.ts does not exist' }]);
  });

  it('generic: labels, or content inlined within the size caps', async () => {
    const { env } = workspace({ 'big.txt': 'x'.repeat(5000), 'code.md': 'a ``` b\n' });
    const label = await convertPrompt('<@file:ref_0|src/auth.ts> ok', refs, { adapter: 'generic', env });
    expect(label.prompt_text).toBe('[File: src/auth.ts] ok');
    const inline = await convertPrompt('<@file:a|code.md><@file:b|big.txt>', [{ ref_id: 'a', path: 'code.md' }, { ref_id: 'b', path: 'big.txt' }], { adapter: 'generic', inline: true, env, maxInlineBytes: 1000 });
    expect(inline.prompt_text).toBe('[File: code.md]\n````\na ``` b\n````\n[File: big.txt]');
  });

  it('script: paths in the text and as arguments', async () => {
    const { env } = workspace();
    const r = await convertPrompt(text, refs, { adapter: 'script', env });
    expect(r.prompt_text).toBe('Fix src/auth.ts, see src/gone.ts and <@file:ref_9|x>; <@lit src/auth.ts');
    expect(r.args).toEqual(['src/auth.ts']);
  });
});

describe('conversion cost', () => {
  it('looks up and reads each file once, however many tokens name it', async () => {
    const { env } = workspace();
    const calls = { stat: 0, readText: 0 };
    const fs = Object.create(env.fs) as RefEnvironment['fs'];
    fs.stat = (p) => (calls.stat++, env.fs.stat(p));
    fs.readText = (p, o) => (calls.readText++, env.fs.readText(p, o));
    const refs = [{ ref_id: 'a', path: 'src/auth.ts' }, { ref_id: 'g', path: 'src/gone.ts' }];
    const text = '<@file:a|src/auth.ts> <@file:g|src/gone.ts> '.repeat(50);
    const r = await convertPrompt(text, refs, { adapter: 'generic', inline: true, env: { ...env, fs } });
    expect(r.prompt_text.split('[File: src/auth.ts]')).toHaveLength(51);
    expect(r.unconverted).toHaveLength(50);
    expect(calls).toEqual({ stat: 2, readText: 1 });
  });
});

describe('hover facts', () => {
  it('shows the first lines of a text file, the entries of a folder, the tables of a database', async () => {
    const { root, env } = workspace({ 'long.txt': Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n'), 'bin.dat': new Uint8Array([1, 0, 2]) });
    const db = new Database(path.join(root, 'data.db'));
    db.exec('CREATE TABLE users (id INTEGER, name TEXT); CREATE VIEW names AS SELECT name FROM users;');
    db.close();
    const before = fs.readFileSync(path.join(root, 'data.db'));

    const text = await inspectReference('long.txt', env);
    expect(text.preview).toEqual({ lines: Array.from({ length: 12 }, (_, i) => `line ${i}`), truncated: true });
    const dir = await inspectReference('src', env);
    expect(dir.entries).toEqual({ names: ['auth.ts', 'session.ts', 'util/'], total: 3 });
    const sqlite = await inspectReference('data.db', env);
    expect(sqlite.sqlite).toEqual({ tables: [{ name: 'names', type: 'view', columns: ['name'] }, { name: 'users', type: 'table', columns: ['id', 'name'] }], total: 2 });
    expect(fs.readFileSync(path.join(root, 'data.db')).equals(before)).toBe(true);
    expect(fs.readdirSync(root).filter((n) => n.startsWith('data.db'))).toEqual(['data.db']);
    expect((await inspectReference('bin.dat', env)).note).toBe('a binary file');
    expect((await inspectReference('nope.ts', env)).resolution.status).toBe('missing');
    expect((await inspectReference('/etc/passwd', env)).resolution).toEqual({ status: 'outside', reason: '/etc/passwd is an absolute path; paths are relative to the workspace folder' });
    // A NUL is refused before any look-up; it climbs nowhere, so the reason names the NUL.
    expect((await inspectReference('src/a\0.ts', env)).resolution).toEqual({ status: 'outside', reason: 'src/a\\0.ts holds a NUL character, which no file name can hold' });
  });
});
