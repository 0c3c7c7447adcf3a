import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { useLspClients } from '../helpers/lspClient';
import { tempDir, writeTree } from '../helpers/repo';
import { agentlsWithHome } from '../helpers/cliWithHome';

const start = useLspClients(afterEach);

/*
 * What is said of a file in `~/.cursor/rules` speaks of the xcsh agent, the one agent that
 * reads that folder (rules.md §2.4; Cursor reads no rule folder in the home:
 * `rules/agents/cursor.ts`): neither "Cursor splits globs at commas" of a comma list there,
 * nor "Cursor reads this file" of a file in a folder inside it, nor "Neither the xcsh agent nor
 * Cursor reads" of an unknown key, nor "Cursor triggers" of a condition list.
 */

function setUp(): { ws: string; comma: string; nested: string; home: string } {
  const ws = writeTree(tempDir(), {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.xcsh/rules/keep.md': '---\nalwaysApply: true\n---\nKeep.\n',
  });
  const home = writeTree(tempDir('agentls-home-'), {
    '.cursor/rules/style.mdc': '---\ndescription: Style\nglobs: src/**/*.ts, test/**/*.ts\nfoo: bar\n---\nStyle.\n',
    '.cursor/rules/ttsr.mdc': '---\ndescription: Watch\ncondition: ["a", "b"]\n---\nWatch.\n',
    '.cursor/rules/more/nested.mdc': '---\ndescription: Nested\n---\nNested.\n',
  });
  return { ws, home, comma: path.join(home, '.cursor', 'rules', 'style.mdc'), nested: path.join(home, '.cursor', 'rules', 'more', 'nested.mdc') };
}

const COMMA = '"src/**/*.ts, test/**/*.ts" is one glob with commas in it: the xcsh agent, the only agent that reads this folder, does not split globs at commas, so it lists it as one glob that matches no file (the prompt still shows the text). Write a list: ["src/**/*.ts","test/**/*.ts"].';
const NESTED = /^The xcsh agent never reads this file: only files directly in .*rules\/ are loaded, not those in nested folders\.$/;

describe('findings on a file in ~/.cursor/rules', () => {
  it('name the xcsh agent, not Cursor, in a named check', () => {
    const { ws, home, comma, nested } = setUp();
    const check = JSON.parse(agentlsWithHome(ws, home, 'check', '--format', 'json', comma, nested, path.join(home, '.cursor', 'rules', 'ttsr.mdc')).stdout) as CheckJson;
    const found = check.diagnostics.map((d) => [path.basename(d.path), d.code, d.message]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['style.mdc', 'frontmatter/comma-globs', COMMA],
        ['nested.mdc', 'rule/not-read', expect.stringMatching(NESTED)],
        ['style.mdc', 'frontmatter/unknown-key', 'Neither the xcsh agent nor any other tool reads `foo`; it has no effect.'],
        ['ttsr.mdc', 'frontmatter/wrong-type', expect.stringMatching(/^The xcsh agent reads triggers outside its \.xcsh folders only when they are a single string/)],
      ]),
    );
    expect(found.map((f) => f[2]).join('\n')).not.toContain('Cursor');
  });

  it('name the xcsh agent, not Cursor, in what the server pushes for the open files', async () => {
    const { ws, home, comma, nested } = setUp();
    const c = await start({ folders: [ws], home });
    const commaUri = await c.open(comma);
    const nestedUri = await c.open(nested);
    const onComma = await c.waitForDiagnostics(commaUri, (d) => d.some((x) => x.code === 'frontmatter/comma-globs'));
    const onNested = await c.waitForDiagnostics(nestedUri, (d) => d.some((x) => x.code === 'rule/not-read'));
    expect(onComma.filter((d) => d.code === 'frontmatter/comma-globs').map((d) => d.message)).toEqual([COMMA]);
    expect(onNested.filter((d) => d.code === 'rule/not-read').map((d) => d.message)).toEqual([expect.stringMatching(NESTED)]);
    expect([...onComma, ...onNested].map((d) => d.message).join('\n')).not.toContain('Cursor');
  });
});
