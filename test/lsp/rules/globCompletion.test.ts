import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompletionItem, CompletionList, InsertReplaceEdit, Position, TextEdit } from 'vscode-languageserver/node';
import { type LspTestClient, useLspClients } from '../../helpers/lspClient';
import { builtCliAsync } from '../../helpers/cliWithHome';
import { until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';

/**
 * Glob completion in rule frontmatter through the real server: folders at the typed path and
 * `**` patterns of the extensions below it, from the file index, written as YAML needs them.
 */
const start = useLspClients(afterEach);

const SOURCES = {
  'src/components/Button.tsx': 'x',
  'src/components/Card.tsx': 'x',
  'src/components/card.css': 'x',
  'src/lib/a.ts': 'x',
  'src/lib/b.ts': 'x',
  'src/lib/c.ts': 'x',
  'src/index.ts': 'x',
  'README.md': '# r',
  'packages/web/app/page.tsx': 'x',
  'packages/web/app/layout.tsx': 'x',
  'packages/web/lib/x.ts': 'x',
};

/** The completion at `pos`, once the index has every file (an answer while indexing is incomplete and says so). */
function completed(c: LspTestClient, uri: string, pos: Position): Promise<CompletionList> {
  return until('a complete glob completion', () => c.completion(uri, pos), (l) => !l.isIncomplete && l.items.length > 0, 15_000);
}

/** A workspace of `SOURCES` and the rule `rel` whose frontmatter is `lines` (a Cursor rule's with `alwaysApply: false` after them), open in `client`. */
async function openRule(rel: string, lines: string, client: 'neovim' | 'helix'): Promise<{ ws: string; c: LspTestClient; uri: string; text: (body: string) => string }> {
  const tail = rel.startsWith('.cursor') ? 'alwaysApply: false\n' : '';
  const text = (body: string) => `---\n${body}\n${tail}---\nRule.\n`;
  const ws = writeTree(tempDir(), { ...SOURCES, [rel]: text(lines) });
  const c = await start({ folders: [ws], client });
  return { ws, c, uri: await c.open(path.join(ws, rel)), text };
}

/** Accepts the item `label` of the completion at the end of `line`, as the editor applies it. */
async function acceptAtEnd(c: LspTestClient, uri: string, line: number, label: string): Promise<void> {
  const at = { line, character: c.text(uri).split('\n')[line].length };
  c.acceptCompletion(uri, byLabel(await completed(c, uri, at), label), at);
}

/** `text` saved as `rel` in `ws` is a file `agentls check` finds nothing in. */
/** `note`: the one information check still gives (Cline 4 ignoring `paths`, `rule/scope-ignored`), nothing above it. */
async function expectCheckedClean(ws: string, rel: string, text: string, note?: string): Promise<void> {
  fs.writeFileSync(path.join(ws, rel), text);
  const check = await builtCliAsync(['check', rel], { cwd: ws, root: ws });
  if (note) expect(check.stdout).toMatch(new RegExp(`^${rel.replace(/\./g, '\\.')}:\\d+:\\d+: information \\[${note}\\][^\\n]*\\nChecked 1 rule file: 1 problem \\(0 errors, 0 warnings, 1 info\\)\\.\\n$`));
  else expect(check.stdout).toBe('Checked 1 rule file: no problems.\n');
  expect(check.status).toBe(0);
}

const labels = (l: CompletionList) => l.items.map((i) => i.label);
const byLabel = (l: CompletionList, label: string): CompletionItem => l.items.find((i) => i.label === label)!;

describe('glob completion in frontmatter', () => {
  it("offers a Cursor rule's folders and extension patterns, quoting a pattern that starts with *, with the edit over what was typed (Neovim)", async () => {
    const ws = writeTree(tempDir(), { ...SOURCES, '.cursor/rules/style.mdc': '---\nglobs: \nalwaysApply: false\n---\nStyle.\n' });
    const c = await start({ folders: [ws], client: 'neovim' });
    const uri = await c.open(path.join(ws, '.cursor/rules/style.mdc'));
    const top = await completed(c, uri, { line: 1, character: 7 });
    // Most frequent first: 5 .ts files, 4 .tsx; folders after the patterns.
    expect(labels(top).slice(0, 2)).toEqual(['**/*.ts', '**/*.tsx']);
    expect(labels(top)).toContain('src/');
    expect(labels(top)).toContain('packages/');
    expect(byLabel(top, '**/*.ts').detail).toBe('matches 5 files');
    const ts = byLabel(top, '**/*.ts');
    expect((ts.textEdit as TextEdit).newText).toBe('"**/*.ts"');
    c.acceptCompletion(uri, ts, { line: 1, character: 7 });
    expect(c.text(uri).split('\n')[1]).toBe('globs: "**/*.ts"');

    // A folder typed: its subfolders, and the patterns of what lies below it, most frequent first.
    await c.setText(uri, '---\nglobs: src/\nalwaysApply: false\n---\nStyle.\n');
    const src = await completed(c, uri, { line: 1, character: 11 });
    expect(labels(src)).toEqual(['src/**/*.ts', 'src/**/*.tsx', 'src/**/*.css', 'src/components/', 'src/lib/']);
    expect(byLabel(src, 'src/**/*.ts').detail).toBe('matches 4 files under src/');
    // The edit covers what was typed (`src/`), so a client filtering by the range's text (Eglot) keeps the items.
    const lib = byLabel(src, 'src/lib/');
    expect((lib.textEdit as TextEdit).range).toEqual({ start: { line: 1, character: 7 }, end: { line: 1, character: 11 } });
    expect(lib.filterText!.startsWith('src/')).toBe(true);
    // Not at a YAML scalar's start, a pattern is written as it is.
    expect((byLabel(src, 'src/**/*.ts').textEdit as TextEdit).newText).toBe('src/**/*.ts');
  });

  it("leaves out the agents' own folders and their files, keeping .github/ and its workflows (Neovim)", async () => {
    const rules = {
      '.cursor/rules/style.mdc': '---\nglobs: \nalwaysApply: false\n---\nStyle.\n',
      '.cursor/rules/other.mdc': '---\nalwaysApply: true\n---\nOther.\n',
      '.windsurf/rules/w.md': 'W.\n',
      '.claude/rules/c.md': 'C.\n',
      '.clinerules/k.md': 'K.\n',
      '.xcsh/rules/x.md': 'X.\n',
      '.devin/rules/d.md': 'D.\n',
      '.agents/rules/a.md': 'A.\n',
      '.github/instructions/i.instructions.md': 'I.\n',
      '.github/prompts/p.prompt.md': 'P.\n',
      '.github/workflows/ci.yml': 'on: push\n',
    };
    const ws = writeTree(tempDir(), { ...SOURCES, ...rules });
    const c = await start({ folders: [ws], client: 'neovim' });
    const uri = await c.open(path.join(ws, '.cursor/rules/style.mdc'));
    const top = await completed(c, uri, { line: 1, character: 7 });
    const folders = labels(top).filter((l) => l.endsWith('/'));
    expect(folders).toEqual(['.github/', 'packages/', 'src/']);
    // README.md alone: no rule file is counted, and no pattern of rule files (`**/*.mdc`) is offered.
    expect(byLabel(top, '**/*.md').detail).toBe('matches 1 file');
    expect(labels(top)).not.toContain('**/*.mdc');
    await c.setText(uri, '---\nglobs: .github/\nalwaysApply: false\n---\nStyle.\n');
    expect(labels(await completed(c, uri, { line: 1, character: 15 }))).toEqual(['.github/**/*.yml', '.github/workflows/']);
  });

  it('leaves the agent files known by name out of the counts, keeping README.md (Neovim)', async () => {
    const named = ['AGENTS.md', 'CLAUDE.md', 'CLAUDE.local.md', '.cursorrules', '.windsurfrules', '.github/copilot-instructions.md', 'packages/web/AGENTS.md', 'packages/web/CLAUDE.md'];
    const agentFiles = { ...Object.fromEntries(named.map((rel) => [rel, 'Instructions.\n'])), 'docs/guide.md': '# g' };
    const ws = writeTree(tempDir(), { ...SOURCES, ...agentFiles, '.cursor/rules/style.mdc': '---\nglobs: \nalwaysApply: false\n---\nStyle.\n' });
    const c = await start({ folders: [ws], client: 'neovim' });
    const uri = await c.open(path.join(ws, '.cursor/rules/style.mdc'));
    // README.md and docs/guide.md: the files an agent works on, not those it reads as instructions.
    expect(byLabel(await completed(c, uri, { line: 1, character: 7 }), '**/*.md').detail).toBe('matches 2 files');
    await c.setText(uri, '---\nglobs: packages/web/\nalwaysApply: false\n---\nStyle.\n');
    expect(labels(await completed(c, uri, { line: 1, character: 20 }))).not.toContain('packages/web/**/*.md');
  });

  it("reads a nested .cursor/rules' globs from its package folder", async () => {
    const ws = writeTree(tempDir(), { ...SOURCES, 'packages/web/.cursor/rules/ui.mdc': '---\nglobs: \n---\nUI.\n' });
    const c = await start({ folders: [ws], client: 'neovim' });
    const uri = await c.open(path.join(ws, 'packages/web/.cursor/rules/ui.mdc'));
    const list = await completed(c, uri, { line: 1, character: 7 });
    // The package's own `.cursor/` holds its rules, no file a glob is for.
    expect(labels(list).filter((l) => l.endsWith('/') && !l.startsWith('*'))).toEqual(['app/', 'lib/']);
    expect(byLabel(list, '**/*.tsx').detail).toBe('matches 2 files');
  });

  it("completes an element of Claude Code's paths list and Copilot's applyTo in its quotes (insert/replace edits)", async () => {
    const ws = writeTree(tempDir(), {
      ...SOURCES,
      '.claude/rules/api.md': '---\npaths:\n  - src/l\n---\nAPI.\n',
      '.github/instructions/ts.instructions.md': '---\napplyTo: "src/\n---\nTS.\n',
    });
    const c = await start({ folders: [ws], client: 'vscode' });
    const claude = await c.open(path.join(ws, '.claude/rules/api.md'));
    const items = await completed(c, claude, { line: 2, character: 9 });
    expect(labels(items)).toContain('src/lib/');
    const edit = byLabel(items, 'src/lib/').textEdit as InsertReplaceEdit;
    expect(edit.replace).toEqual({ start: { line: 2, character: 4 }, end: { line: 2, character: 9 } });
    c.acceptCompletion(claude, byLabel(items, 'src/lib/'), { line: 2, character: 9 });
    expect(c.text(claude).split('\n')[2]).toBe('  - src/lib/');

    const copilot = await c.open(path.join(ws, '.github/instructions/ts.instructions.md'));
    const inQuotes = await completed(c, copilot, { line: 1, character: 14 });
    const tsx = byLabel(inQuotes, 'src/**/*.tsx');
    // Inside the quote the user opened, nothing after it on the line: the glob closes that quote.
    expect((tsx.textEdit as InsertReplaceEdit).newText).toBe('src/**/*.tsx"');
    expect((tsx.textEdit as InsertReplaceEdit).replace.start).toEqual({ line: 1, character: 10 });
  });

  it('stops offering a folder renamed away once the index has the change (VS Code, which watches)', async () => {
    const ws = writeTree(tempDir(), { ...SOURCES, '.cursor/rules/style.mdc': '---\nglobs: src/\nalwaysApply: false\n---\nStyle.\n' });
    const c = await start({ folders: [ws], client: 'vscode' });
    await c.waitFor('the watcher registration', () => c.registrations.some((r) => r.method === 'workspace/didChangeWatchedFiles'));
    const uri = await c.open(path.join(ws, '.cursor/rules/style.mdc'));
    expect(labels(await completed(c, uri, { line: 1, character: 11 }))).toContain('src/lib/');
    fs.renameSync(path.join(ws, 'src/lib'), path.join(ws, 'src/util'));
    await c.notify('workspace/didChangeWatchedFiles', {
      changes: [
        ...['a', 'b', 'c'].map((n) => ({ uri: c.uri(path.join(ws, `src/lib/${n}.ts`)), type: 3 })),
        ...['a', 'b', 'c'].map((n) => ({ uri: c.uri(path.join(ws, `src/util/${n}.ts`)), type: 1 })),
      ],
    });
    // The index has the rename when a search finds the moved files and not the old ones.
    await until(
      'the rename in the index',
      () => c.request<{ candidates: { path: string }[] }>('agentls/fileSearch', { query_id: randomUUID(), query: 'a.ts' }),
      (r) => r.candidates.some((x) => x.path === 'src/util/a.ts') && !r.candidates.some((x) => x.path.startsWith('src/lib/')),
      15_000,
    );
    const after = await completed(c, uri, { line: 1, character: 11 });
    expect(labels(after)).toContain('src/util/');
    expect(labels(after)).not.toContain('src/lib/');
  });

  // Each agent's glob key, its globs on the key's line (one text the agent splits at commas) or as block-list elements, and the lines two completions write.
  const SECOND_GLOB = [
    { agent: 'Cursor', rel: '.cursor/rules/two.mdc', before: 'globs: ', after: 'globs: "**/*.ts, **/*.md"' },
    { agent: 'Windsurf', rel: '.windsurf/rules/two.md', before: 'trigger: glob\nglobs: ', after: 'trigger: glob\nglobs: "**/*.ts, **/*.md"' },
    { agent: 'Copilot', rel: '.github/instructions/two.instructions.md', before: 'applyTo: ', after: 'applyTo: "**/*.ts, **/*.md"' },
    { agent: 'Claude Code', rel: '.claude/rules/two.md', before: 'paths: ', after: 'paths: "**/*.ts, **/*.md"' },
    { agent: 'Claude Code', rel: '.claude/rules/list.md', before: 'paths:\n  - ', after: 'paths:\n  - "**/*.ts"\n  - "**/*.md"' },
    // Cline 4 ignores `paths` (rules/agents/cline.ts): check says so, an information alone.
    { agent: 'Cline', rel: '.clinerules/two.md', before: 'paths:\n  - ', after: 'paths:\n  - "**/*.ts"\n  - "**/*.md"', note: 'rule/scope-ignored' },
  ];
  it.each(SECOND_GLOB)('writes a first and a second glob as $agent reads them ($rel: $after), which agentls check accepts', async ({ rel, before, after, note }) => {
    const { ws, c, uri, text } = await openRule(rel, before, 'neovim');
    let line = before.split('\n').length;
    await acceptAtEnd(c, uri, line, '**/*.ts');
    // A second glob: after a comma on the key's line, or in a new element of the list.
    await c.type(uri, { line, character: c.text(uri).split('\n')[line].length }, before.endsWith('- ') ? '\n  - ' : ', ');
    if (before.endsWith('- ')) line++;
    await acceptAtEnd(c, uri, line, '**/*.md');
    expect(c.text(uri)).toBe(text(after));
    await expectCheckedClean(ws, rel, c.text(uri), note);
  });

  it('after a glob quoted alone and a comma, completes inside that quote, a folder leaving it open for the rest (VS Code)', async () => {
    const ws = writeTree(tempDir(), { ...SOURCES, '.cursor/rules/s.mdc': '---\nglobs: "**/*.ts", s\nalwaysApply: false\n---\nS.\n' });
    const c = await start({ folders: [ws], client: 'vscode' });
    const uri = await c.open(path.join(ws, '.cursor/rules/s.mdc'));
    const folders = await completed(c, uri, { line: 1, character: 20 });
    const src = byLabel(folders, 'src/');
    // The edit starts at the closing quote it moves, and so does the text clients filter by.
    expect(src.filterText).toBe('", src/');
    expect((src.textEdit as InsertReplaceEdit).replace.start).toEqual({ line: 1, character: 15 });
    c.acceptCompletion(uri, src, { line: 1, character: 20 });
    expect(c.text(uri).split('\n')[1]).toBe('globs: "**/*.ts, src/');
    // In the quote, the text after a comma is the next glob.
    const below = await completed(c, uri, { line: 1, character: 21 });
    c.acceptCompletion(uri, byLabel(below, 'src/**/*.tsx'), { line: 1, character: 21 });
    expect(c.text(uri).split('\n')[1]).toBe('globs: "**/*.ts, src/**/*.tsx"');
  });

  // Neovim's capabilities (plain text edits) and Helix's (insert/replace edits, as Eglot's): each final line then passes agentls check.
  it.each([
    { client: 'neovim' as const, rel: '.cursor/rules/q.mdc', line: 'globs: "src/', folder: 'src/lib/', glob: 'src/lib/**/*.ts', done: 'globs: "src/lib/**/*.ts"' },
    { client: 'helix' as const, rel: '.github/instructions/q.instructions.md', line: 'applyTo: "src/', folder: 'src/components/', glob: 'src/components/**/*.tsx', done: 'applyTo: "src/components/**/*.tsx"' },
    { client: 'helix' as const, rel: '.cursor/rules/j.mdc', line: 'globs: "**/*.ts", s', folder: 'src/', glob: 'src/**/*.css', done: 'globs: "**/*.ts, src/**/*.css"' },
  ])('closes the quote a completed glob is in when nothing follows on the line, and leaves it open after a folder ($client: $done)', async ({ client, rel, line, folder, glob, done }) => {
    const { ws, c, uri } = await openRule(rel, line, client);
    await acceptAtEnd(c, uri, 1, folder);
    // A folder: the user goes on typing the glob, in the quote.
    expect(c.text(uri).split('\n')[1].endsWith(folder)).toBe(true);
    await acceptAtEnd(c, uri, 1, glob);
    expect(c.text(uri).split('\n')[1]).toBe(done);
    await expectCheckedClean(ws, rel, c.text(uri));
  });

  it('writes no closing quote where text follows the cursor on the line (Neovim)', async () => {
    const { c, uri } = await openRule('.github/instructions/q.instructions.md', 'applyTo: "src/"', 'neovim');
    c.acceptCompletion(uri, byLabel(await completed(c, uri, { line: 1, character: 14 }), 'src/**/*.tsx'), { line: 1, character: 14 });
    expect(c.text(uri).split('\n')[1]).toBe('applyTo: "src/**/*.tsx"');
  });

  // A block list's element is one glob to every agent (`globList` in server/rules/agents/shared.ts splits only a string): a comma there would be part of it.
  it.each([
    { agent: 'Claude Code', rel: '.claude/rules/list.md', key: 'paths' },
    { agent: 'Cursor', rel: '.cursor/rules/list.mdc', key: 'globs' },
  ])('offers nothing after a comma in an element of $agent\'s $key list, which would join two globs into one (Neovim)', async ({ rel, key }) => {
    const ws = writeTree(tempDir(), { ...SOURCES, [rel]: `---\n${key}:\n  - "**/*.ts", \n  - src/lib/a.ts, s\n  - "src/, \n  - \n---\nL.\n` });
    const c = await start({ folders: [ws], client: 'neovim' });
    const uri = await c.open(path.join(ws, rel));
    // The empty element gets the items once the index is whole: the list's other elements are then asked about.
    expect(labels(await completed(c, uri, { line: 5, character: 4 }))).toContain('**/*.tsx');
    for (const at of [{ line: 2, character: 15 }, { line: 3, character: 19 }, { line: 4, character: 11 }]) {
      expect(labels(await c.completion(uri, at)), JSON.stringify(at)).toEqual([]);
    }
  });

  it('says in the items that the index is still being built, and the list is asked for again', async () => {
    const ws = writeTree(tempDir(), { '.cursor/rules/java.mdc': '---\nglobs: \n---\nJava.\n' });
    for (let d = 0; d < 40; d++) writeTree(ws, Object.fromEntries(Array.from({ length: 50 }, (_, f) => [`module${d}/Widget${f}.java`, ''])));
    const gate = path.join(tempDir('agentls-gate-'), 'index');
    // The first listing holds half-way until `gate` exists.
    const c = await start({ folders: [ws], client: 'neovim', env: { AGENTLS_TEST_HOLD_INDEX: gate } });
    const uri = await c.open(path.join(ws, '.cursor/rules/java.mdc'));
    const partial = await until('items from part of the index', () => c.completion(uri, { line: 1, character: 7 }), (l) => l.items.some((i) => i.label === '**/*.java'), 15_000);
    expect(partial.isIncomplete).toBe(true);
    expect(byLabel(partial, '**/*.java').detail).toMatch(/^matches \d+ files \(indexing: \d+ files so far\)$/);
    fs.writeFileSync(gate, '');
    const whole = await completed(c, uri, { line: 1, character: 7 });
    expect(byLabel(whole, '**/*.java').detail).toBe('matches 2000 files');
  });
});
