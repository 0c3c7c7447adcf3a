import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientCapabilities, Hover, MarkupContent } from 'vscode-languageserver/node';
import { type LspTestClient, useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

const hoverText = (h: Hover | null) => (h?.contents as MarkupContent | undefined)?.value ?? '';

/** The hover text at a position of the document `uri`. */
const hoverIn = (c: LspTestClient, uri: string) => async (line: number, character: number) => hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line, character } }));

const CURSOR_RULE = '---\ndescription: House style\nalwaysApply: true\n---\nUse tabs.\n';

/** A Cursor + Windsurf project, with a `.xcsh` folder when `xcsh` (its user then runs the xcsh agent too). */
function project(xcsh: boolean, cursorRule = CURSOR_RULE): string {
  return writeTree(tempDir(), {
    '.cursor/rules/style.mdc': cursorRule,
    '.windsurf/rules/ts.md': '---\ntrigger: glob\nglobs: src/**/*.ts\n---\nPrefer const.\n',
    'src/a.ts': 'export const a = 1;\n',
    ...(xcsh ? { '.xcsh/rules/keep.md': '---\ndescription: Keep\n---\nKeep it.\n' } : {}),
  });
}

/** A server over `project(xcsh, cursorRule)` (`client`: its capabilities), with the rule file `rel` open. */
async function opened(rel: string, xcsh: boolean, options: { cursorRule?: string; client?: ClientCapabilities } = {}) {
  const ws = project(xcsh, options.cursorRule);
  const c = await start({ folders: [ws], home: tempDir(), ...(options.client ? { client: options.client } : {}) });
  const uri = await c.open(path.join(ws, rel));
  return { c, uri, hover: hoverIn(c, uri) };
}

describe('hover in a rule file speaks for the agents the file is judged for', () => {
  it('a Cursor rule without .xcsh: the key and the first line say what Cursor does, not the xcsh agent', async () => {
    const { hover } = await opened('.cursor/rules/style.mdc', false);
    const onKey = await hover(2, 3);
    expect(onKey).toBe('**alwaysApply**\n\nCursor reads `alwaysApply` (true or false): `true`. In Cursor this rule is applied always.');
    const onName = await hover(0, 1);
    expect(onName).toBe('**rule `style`**\n\nCursor applies this rule always: the whole rule is in every request (`alwaysApply: true`).\n\nSize: ≈3 tokens (UTF-8 bytes / 4), sent in every request.');
    expect(onName).not.toContain('xcsh');
  });

  it('a Windsurf rule with trigger: glob: the trigger and the first line say when Windsurf attaches it', async () => {
    const { hover } = await opened('.windsurf/rules/ts.md', false);
    expect(await hover(1, 2)).toBe('**trigger**\n\nWindsurf reads `trigger` (one of always_on, manual, model_decision, glob): `"glob"`. In Windsurf this rule is attached to files matching "src/**/*.ts".');
    expect(await hover(0, 1)).toBe('**rule `ts`**\n\nWindsurf attaches this rule while a file matching `src/**/*.ts` is in play (`trigger: glob`, `globs`).\n\nSize: ≈4 tokens (UTF-8 bytes / 4).');
  });

  it('the same Cursor rule with .xcsh: both agents, Cursor first, and the xcsh agent as before', async () => {
    const { hover } = await opened('.cursor/rules/style.mdc', true);
    const onKey = await hover(2, 3);
    expect(onKey).toMatch(/^\*\*alwaysApply\*\* \(read by the xcsh agent, Cursor\)\n/);
    expect(onKey).toContain('\n\nCursor reads `alwaysApply` (true or false): `true`. In Cursor this rule is applied always.\n\nThe xcsh agent reads: `true`');
    const onName = await hover(0, 1);
    expect(onName).toMatch(/^\*\*rule `style`\*\*\n\nCursor applies this rule always: the whole rule is in every request \(`alwaysApply: true`\)\.\n\nThe xcsh agent uses `\.cursor\/rules\/style\.mdc` \(Cursor's folder, project\) ← this file: it /);
  });

  it('a plain-text client reads the same words for Cursor, without the Markdown', async () => {
    const { c, uri } = await opened('.cursor/rules/style.mdc', false, { client: { textDocument: { hover: { contentFormat: ['plaintext'] } } } });
    const hover = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 3 } });
    expect((hover.contents as MarkupContent).kind).toBe('plaintext');
    expect(hoverText(hover)).toMatch(/^alwaysApply\n\nCursor reads `alwaysApply` \(true or false\): `true`\. In Cursor this rule is applied always\.$/);
  });

  it('a key the targeted tool ignores says so, as its rule/foreign-key diagnostic does', async () => {
    const { c, uri, hover } = await opened('.cursor/rules/style.mdc', false, { cursorRule: '---\ntrigger: always_on\nalwaysApply: true\n---\nUse tabs.\n' });
    const ds = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'rule/foreign-key'));
    expect(ds.find((d) => d.code === 'rule/foreign-key')!.range.start).toEqual({ line: 1, character: 0 });
    const onKey = await hover(1, 2);
    expect(onKey).toBe("**trigger**\n\nCursor ignores `trigger`: it is Windsurf's key.");
  });
});
