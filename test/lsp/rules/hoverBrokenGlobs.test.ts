import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import { builtCliAsync } from '../../helpers/cliWithHome';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

const hoverText = (h: Hover | null) => (h?.contents as MarkupContent | undefined)?.value ?? '';

/**
 * A rule whose every glob is one its agent matches against nothing (an unclosed brace, a glob
 * past the length agentls matches): the hover and `agentls rules` say it attaches to no file,
 * as `frontmatter/invalid-glob` says, never that it is attached to files matching the glob.
 */
const TREE = {
  '.git/HEAD': '',
  '.claude/rules/typo.md': '---\npaths:\n  - "src/**/*.{ts,tsx"\n---\nUse strict types.\n',
  '.claude/rules/mixed.md': '---\npaths:\n  - "src/**/*.{ts,tsx"\n  - "lib/**"\n---\nOne glob still matches.\n',
  'src/a.ts': 'export const a = 1;\n',
};

describe('a rule whose globs all match nothing attaches to no file', () => {
  it('says so in the hover of its key and of its first line, and offers to close the brace', async () => {
    const ws = writeTree(tempDir(), TREE);
    const home = tempDir('agentls-home-');
    const c = await start({ folders: [ws], home, initializationOptions: { agentls: { home } } });
    const uri = await c.open(path.join(ws, '.claude/rules/typo.md'));
    const hover = async (line: number, character: number) => hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line, character } }));
    const key = await hover(1, 2);
    expect(key).toContain('In Claude Code this rule is attached to no file: its glob `src/**/*.{ts,tsx` matches no file, because a `{` is never closed');
    expect(key).not.toContain('attached to files matching');
    const first = await hover(0, 1);
    expect(first).toContain('Claude Code attaches this rule to no file (`paths`): its glob `src/**/*.{ts,tsx` matches no file, because a `{` is never closed');
    expect(first).not.toContain('is in play');
    // Where one glob can match, the rule is attached by it as before.
    const mixed = await c.open(path.join(ws, '.claude/rules/mixed.md'));
    expect(hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri: mixed }, position: { line: 0, character: 1 } }))).toContain('is in play');
    // The repair closes the brace: the intent of `{ts,tsx` at the end is clear.
    const ds = await c.waitForDiagnostics(uri, (all) => all.some((d) => d.code === 'frontmatter/invalid-glob'));
    const actions = await c.codeActions(uri, ds.find((d) => d.code === 'frontmatter/invalid-glob')!.range);
    const fix = actions.find((a) => a.title.includes('src/**/*.{ts,tsx}'));
    expect(fix, actions.map((a) => a.title).join(' | ')).toBeDefined();
    await c.applyCodeAction(fix!);
    await c.waitForDiagnostics(uri, (all) => !all.some((d) => d.code === 'frontmatter/invalid-glob'));
    expect(c.text(uri)).toBe('---\npaths:\n  - "src/**/*.{ts,tsx}"\n---\nUse strict types.\n');
  });

  it('says so in agentls rules and rules --for', async () => {
    const ws = writeTree(tempDir(), TREE);
    const rules = await builtCliAsync(['rules'], { cwd: ws, mustSucceed: true });
    const line = rules.stdout.split('\n').find((l) => l.includes('.claude/rules/typo.md'))!;
    expect(line).toContain('never attached: its glob `src/**/*.{ts,tsx` matches no file, because a `{` is never closed');
    expect(rules.stdout.split('\n').find((l) => l.includes('.claude/rules/mixed.md'))).toContain('glob src/**/*.{ts,tsx, lib/**');
    const forFile = await builtCliAsync(['rules', '--for', 'src/a.ts'], { cwd: ws, mustSucceed: true });
    expect(forFile.stdout.split('\n').find((l) => l.includes('.claude/rules/typo.md'))).toContain('never attached: its glob `src/**/*.{ts,tsx` matches no file, because a `{` is never closed');
  });
});
