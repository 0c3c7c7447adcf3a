import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientCapabilities, TextDocumentEdit, TextEdit, WorkspaceEdit } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { formatCount, LIMITS } from '../../../server/core/limits';
import { VSCODE_LIKE } from '../../helpers/capabilities';
import { useLspClients, type LspTestClient } from '../../helpers/lspClient';
import { mdcLinkWorkspace } from '../../helpers/mdcLinks';
import { searchNames, until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';
import { workCounts } from '../../helpers/workCounts';

const start = useLspClients(afterEach);

/** VS Code's capabilities with the file operation it sends before a rename in its explorer. */
const WILL_RENAME: ClientCapabilities = { ...VSCODE_LIKE, workspace: { ...VSCODE_LIKE.workspace, fileOperations: { willRename: true } } };

const MEMORY_BUFFER = '# Memory\nSchema: @src/db/schema.ts and @./src/db/other.ts, ask @alice.\n';
const NESTED_MEMORY = 'Tables live in @db/schema.ts. Not this one: @src/db/schema.ts.\n';
const PROMPT = [
  '---',
  'file_references:',
  '  - ref_id: s',
  '    path: ./src/db/schema.ts',
  '  - ref_id: r',
  '    path: README.md',
  '---',
  'Fix <@file:s|./src/db/schema.ts> as <@file:r|README.md> says.',
  '',
].join('\n');

/**
 * A workspace with a reference of each kind to `src/db/schema.ts`: Claude Code imports in the
 * root CLAUDE.md (open, with unsaved text) and in src/CLAUDE.md (closed, file-relative), the
 * Cursor rule of `mdcLinkWorkspace` (root- and rule-relative links, a fragment, an encoded
 * space, a missing file), and a closed prompt document the file index names.
 */
async function renameWorkspace(): Promise<{ c: LspTestClient; ws: string; file: (rel: string) => string; memoryUri: string }> {
  const { ws } = mdcLinkWorkspace({
    'CLAUDE.md': 'Old text on disk.\n',
    'src/CLAUDE.md': NESTED_MEMORY,
    'src/db/other.ts': 'export {};\n',
    'README.md': '# Readme\n',
    'prompts/task.prompt.md': PROMPT,
  });
  const c = await start({ folders: [ws], client: WILL_RENAME });
  const memoryUri = await c.open(path.join(ws, 'CLAUDE.md'), MEMORY_BUFFER);
  await until('the index to name the prompt document', () => searchNames(c, 'task.prompt'), (names) => names.includes('prompts/task.prompt.md'));
  return { c, ws, file: (rel) => c.uri(path.join(ws, ...rel.split('/'))), memoryUri };
}

/** Each edited document's text after the edit, by URI, and the version each edit carries. */
function applied(c: LspTestClient, edit: WorkspaceEdit | null): Map<string, { text: string; version: number | null }> {
  const out = new Map<string, { text: string; version: number | null }>();
  for (const change of (edit?.documentChanges ?? []) as TextDocumentEdit[]) {
    const uri = change.textDocument.uri;
    const before = c.isOpen(uri) ? c.text(uri) : fs.readFileSync(new URL(uri), 'utf8');
    out.set(uri, { text: TextDocument.applyEdits(TextDocument.create(uri, 'markdown', 0, before), change.edits as TextEdit[]), version: change.textDocument.version });
  }
  return out;
}

/** The documents a rename edits, with their text after it: the open memory file at its version, the closed ones unversioned. */
function expected(c: LspTestClient, file: (rel: string) => string, memoryUri: string, moved: (t: string) => string, nested: string, rule: string) {
  return {
    [memoryUri]: { text: moved(MEMORY_BUFFER), version: c.version(memoryUri) },
    [file('src/CLAUDE.md')]: { text: nested, version: null },
    [file('.cursor/rules/db.mdc')]: { text: rule, version: null },
    [file('prompts/task.prompt.md')]: { text: moved(PROMPT), version: null },
  };
}

describe('workspace/willRenameFiles', () => {
  it('moves every reference of each kind to a renamed file, each in its own form, and leaves the rest', async () => {
    const { c, ws, file, memoryUri } = await renameWorkspace();
    const rule = fs.readFileSync(path.join(ws, '.cursor/rules/db.mdc'), 'utf8');
    const edit = await c.request<WorkspaceEdit | null>('workspace/willRenameFiles', { files: [{ oldUri: file('src/db/schema.ts'), newUri: file('src/db/tables.ts') }] });
    const moved = (t: string) => t.replaceAll('src/db/schema.ts', 'src/db/tables.ts');
    expect(Object.fromEntries(applied(c, edit))).toEqual(expected(c, file, memoryUri, moved, 'Tables live in @db/tables.ts. Not this one: @src/db/schema.ts.\n', moved(rule)));
    expect(rule).toContain('mdc:../../src/db/schema.ts');
    expect(rule).toContain('mdc:src/db/schema.ts#L3');
  });

  it('moves every reference to a file under a renamed folder, and none for a rename out of the workspace', async () => {
    const { c, ws, file, memoryUri } = await renameWorkspace();
    const rule = fs.readFileSync(path.join(ws, '.cursor/rules/db.mdc'), 'utf8');
    const edit = await c.request<WorkspaceEdit | null>('workspace/willRenameFiles', { files: [{ oldUri: file('src/db'), newUri: file('src/store') }] });
    const moved = (t: string) => t.replaceAll('src/db/', 'src/store/');
    // The link to the missing src/db/old.ts names nothing today: it is left as it is.
    const ruleAfter = moved(rule).replace('mdc:src/store/old.ts', 'mdc:src/db/old.ts');
    expect(Object.fromEntries(applied(c, edit))).toEqual(expected(c, file, memoryUri, moved, 'Tables live in @store/schema.ts. Not this one: @src/db/schema.ts.\n', ruleAfter));
    expect(rule).toContain('mdc:src/db/my%20file.ts');
    const outside = path.join(tempDir('agentls-outside-'), 'schema.ts');
    expect(await c.request('workspace/willRenameFiles', { files: [{ oldUri: file('src/db/schema.ts'), newUri: c.uri(outside) }] })).toBeNull();
  });

  it('is registered only for a client that sends it', async () => {
    const { ws } = mdcLinkWorkspace();
    const withIt = await start({ folders: [ws], client: WILL_RENAME });
    expect(withIt.initializeResult.capabilities.workspace?.fileOperations).toEqual({ willRename: { filters: [{ scheme: 'file', pattern: { glob: '**' } }] } });
    const without = await start({ folders: [ws], client: 'vscode' });
    expect(without.initializeResult.capabilities.workspace?.fileOperations).toBeUndefined();
  });
  it('looks up where each reference goes by the folders of its path: a request renaming 5,000 files costs each reference no more than one renaming a single file', async () => {
    const ws = tempDir();
    const kept = Array.from({ length: 198 }, (_, i) => `@src/keep${i}.ts`).join(' ');
    writeTree(ws, { '.git/HEAD': 'ref: refs/heads/main\n', 'CLAUDE.md': `@src/f0.ts ${kept}\n`, 'src/f0.ts': '' });
    const work = workCounts();
    const c = await start({ folders: [ws], client: WILL_RENAME, env: work.env });
    const moved = (i: number) => ({ oldUri: c.uri(path.join(ws, 'src', `f${i}.ts`)), newUri: c.uri(path.join(ws, 'src', `g${i}.ts`)) });
    // Selected together in the explorer and dragged: one request names each file; src/f0.ts comes last.
    const files = Array.from({ length: 5000 }, (_, i) => moved(4999 - i));
    const edit = await c.request<WorkspaceEdit | null>('workspace/willRenameFiles', { files });
    expect(applied(c, edit).get(c.uri(path.join(ws, 'CLAUDE.md')))?.text).toBe(`@src/g0.ts ${kept}\n`);
    // Each of the 199 imports and the memory file itself is looked up; a path here is a few folders deep.
    expect(work.counts()['rename-path-steps']).toBeLessThan(200 * 10);
  });
  it("finds closed agent files the file index names: a package's nested Cursor rule and a sibling package's CLAUDE.md", async () => {
    const ws = tempDir();
    // Neither is among the rules engine's files nor on src/a.ts's chain of parent folders: only the index names them.
    const rule = '---\ndescription: d\n---\nSee [a](mdc:src/a.ts).\n';
    const memory = 'The API: @../api/src/a.ts\n';
    writeTree(ws, { '.git/HEAD': 'ref: refs/heads/main\n', 'packages/api/.cursor/rules/r.mdc': rule, 'packages/web/CLAUDE.md': memory, 'packages/api/src/a.ts': '' });
    const c = await start({ folders: [ws], client: WILL_RENAME });
    await until('the index to name both agent files', async () => [...(await searchNames(c, 'r.mdc')), ...(await searchNames(c, 'CLAUDE.md'))], (names) => names.length === 2);
    const edit = await c.request<WorkspaceEdit | null>('workspace/willRenameFiles', {
      files: [{ oldUri: c.uri(path.join(ws, 'packages/api/src/a.ts')), newUri: c.uri(path.join(ws, 'packages/api/src/b.ts')) }],
    });
    expect(Object.fromEntries(applied(c, edit))).toEqual({
      [c.uri(path.join(ws, 'packages/api/.cursor/rules/r.mdc'))]: { text: rule.replace('mdc:src/a.ts', 'mdc:src/b.ts'), version: null },
      [c.uri(path.join(ws, 'packages/web/CLAUDE.md'))]: { text: 'The API: @../api/src/b.ts\n', version: null },
    });
  });
  it('leaves a file with more references than agentls reads unedited, rather than update part of them, and logs why', async () => {
    const ws = tempDir();
    // The renamed file is named first, then 200 more times: past the 200 references agentls reads of a file.
    const others = Array.from({ length: 200 }, (_, i) => `src/keep${i}.ts`);
    const memory = `@src/a.ts ${others.map((o) => `@${o}`).join(' ')}\n`;
    const rule = `---\ndescription: d\n---\n[a](mdc:src/a.ts) ${others.map((o) => `[k](mdc:${o})`).join(' ')}\n`;
    const small = '---\ndescription: d\n---\n[a](mdc:src/a.ts)\n';
    writeTree(ws, { '.git/HEAD': 'ref: refs/heads/main\n', 'CLAUDE.md': memory, '.cursor/rules/big.mdc': rule, '.cursor/rules/small.mdc': small, 'src/a.ts': '', ...Object.fromEntries(others.map((o) => [o, ''])) });
    const c = await start({ folders: [ws], client: WILL_RENAME });
    const edit = await c.request<WorkspaceEdit | null>('workspace/willRenameFiles', { files: [{ oldUri: c.uri(path.join(ws, 'src/a.ts')), newUri: c.uri(path.join(ws, 'src/b.ts')) }] });
    expect(Object.fromEntries(applied(c, edit))).toEqual({ [c.uri(path.join(ws, '.cursor/rules/small.mdc'))]: { text: small.replace('a.ts', 'b.ts'), version: null } });
    const said = c.logMessages.map((m) => m.message);
    expect(said).toContain(`${path.join(ws, 'CLAUDE.md')}: this file holds 201 @ imports; agentls reads up to 200 @ imports: none of its references are updated, rather than some`);
    expect(said).toContain(`${path.join(ws, '.cursor/rules/big.mdc')}: this file holds 201 mdc: links; agentls reads up to 200 mdc: links: none of its references are updated, rather than some`);
  });
  it('leaves a Cursor rule unedited, and logs why, when its links lie past the occurrences of mdc: agentls looks at', async () => {
    const ws = tempDir();
    // A link, then 10,000 mentions of `mdc:` in code spans (no links), then a second link: the scan stops before the second.
    const rule = `---\ndescription: d\n---\n[a](mdc:src/a.ts)\n${'`mdc:` '.repeat(LIMITS.mdcLinkOccurrences)}\n[again](mdc:src/a.ts)\n`;
    writeTree(ws, { '.git/HEAD': 'ref: refs/heads/main\n', '.cursor/rules/mentions.mdc': rule, 'src/a.ts': '' });
    const c = await start({ folders: [ws], client: WILL_RENAME });
    const edit = await c.request<WorkspaceEdit | null>('workspace/willRenameFiles', { files: [{ oldUri: c.uri(path.join(ws, 'src/a.ts')), newUri: c.uri(path.join(ws, 'src/b.ts')) }] });
    expect(Object.fromEntries(applied(c, edit))).toEqual({});
    expect(c.logMessages.map((m) => m.message)).toContain(
      `${path.join(ws, '.cursor/rules/mentions.mdc')}: this file holds more than 10,000 occurrences of mdc:; agentls reads up to 10,000 occurrences of mdc:: none of its references are updated, rather than some`,
    );
  });
  it('says nothing of a file over the characters agentls reads that holds no reference of its kind, and still of one that holds one past them', async () => {
    const ws = tempDir();
    // Over the 1 MiB of a memory file or a rule that agentls looks at for references.
    const filler = `${'Plain words and nothing else. '.repeat(40_000)}\n`;
    const late = `---\ndescription: d\n---\n${filler}[a](mdc:src/a.ts)\n`;
    writeTree(ws, {
      '.git/HEAD': 'ref: refs/heads/main\n',
      'CLAUDE.md': `# Memory\n${filler}`,
      '.cursor/rules/plain.mdc': `---\ndescription: d\n---\n${filler}`,
      '.cursor/rules/late.mdc': late,
      'src/a.ts': '',
    });
    const c = await start({ folders: [ws], client: WILL_RENAME });
    const edit = await c.request<WorkspaceEdit | null>('workspace/willRenameFiles', { files: [{ oldUri: c.uri(path.join(ws, 'src/a.ts')), newUri: c.uri(path.join(ws, 'src/b.ts')) }] });
    expect(Object.fromEntries(applied(c, edit))).toEqual({});
    const unedited = c.logMessages.map((m) => m.message).filter((m) => m.endsWith('none of its references are updated, rather than some'));
    expect(unedited).toEqual([`${path.join(ws, '.cursor/rules/late.mdc')}: this file holds ${formatCount(late.length)} characters; agentls reads up to 1,048,576 characters: none of its references are updated, rather than some`]);
  });
  it('leaves a reference alone rather than write one that names another path: a new name with `#` cuts an import and a link with a fragment', async () => {
    const ws = tempDir();
    const rule = '---\ndescription: d\n---\n😀 [a](mdc:src/a.ts#L3) and [b](mdc:src/a.ts).\n';
    writeTree(ws, { '.git/HEAD': 'ref: refs/heads/main\n', 'CLAUDE.md': '😀 @src/a.ts and @src/a.ts.\n', '.cursor/rules/r.mdc': rule, 'src/a.ts': '' });
    const c = await start({ folders: [ws], client: WILL_RENAME });
    const rename = (to: string) => c.request<WorkspaceEdit | null>('workspace/willRenameFiles', { files: [{ oldUri: c.uri(path.join(ws, 'src/a.ts')), newUri: c.uri(path.join(ws, to)) }] });
    // Claude Code reads an import up to `#`; agentls reads a link's fragment from the first `#`: neither would name src/b#1.ts.
    expect(Object.fromEntries(applied(c, await rename('src/b#1.ts')))).toEqual({ [c.uri(path.join(ws, '.cursor/rules/r.mdc'))]: { text: rule.replace('mdc:src/a.ts)', 'mdc:src/b#1.ts)'), version: null } });
    // Trailing sentence punctuation is no part of an import as agentls reads it.
    expect(Object.fromEntries(applied(c, await rename('src/b.ts.')))).toEqual({
      [c.uri(path.join(ws, '.cursor/rules/r.mdc'))]: { text: rule.replaceAll('mdc:src/a.ts', 'mdc:src/b.ts.'), version: null },
    });
  });
});
