import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

/**
 * A UTF-8 byte-order mark before `---` through the real server: the other tools read the
 * frontmatter after it (`TOOL_READING` in `rules/frontmatter.ts` says why), so a tool's
 * file is judged, listed in context and converted by its keys, and every position still
 * counts the BOM as the one UTF-16 code unit it is. The xcsh agent does not skip it (its
 * documented parser), and says so.
 */
const start = useLspClients(afterEach);

const BOM = '\uFEFF';
const of = (ds: Diagnostic[], code: string) => ds.filter((d) => d.code === code);

describe('a BOM before the frontmatter, over LSP', () => {
  it('Copilot: an instructions file with applyTo is not "without applyTo", and its glob slip is found where it is', async () => {
    const text = `${BOM}---\napplyTo: "**.ts"\n---\nTypeScript rules.\n`;
    const ws = writeTree(tempDir(), { '.github/instructions/ts.instructions.md': text });
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = await c.open(path.join(ws, '.github/instructions/ts.instructions.md'));
    const ds = await c.waitForDiagnostics(uri, (all) => of(all, 'frontmatter/invalid-glob').length > 0);
    expect(of(ds, 'rule/inactive')).toEqual([]);
    expect(of(ds, 'frontmatter/invalid-glob').map((d) => d.range)).toEqual([{ start: { line: 1, character: 9 }, end: { line: 1, character: 16 } }]);
  });

  it('Copilot: without applyTo, the finding points at the --- after the BOM', async () => {
    const ws = writeTree(tempDir(), { '.github/instructions/docs.instructions.md': `${BOM}---\ndescription: How we write docs\n---\nShort sentences.\n` });
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = await c.open(path.join(ws, '.github/instructions/docs.instructions.md'));
    const [d] = of(await c.waitForDiagnostics(uri, (all) => of(all, 'rule/inactive').length > 0), 'rule/inactive');
    // The description was read: the message is the one for a described file.
    expect(d.message).toContain('may load it on demand from its description');
    expect(d.range).toEqual({ start: { line: 0, character: 1 }, end: { line: 0, character: 4 } });
  });

  it('a file that is not open: its findings are placed in the text an editor loads, which has no BOM', async () => {
    const ws = writeTree(tempDir(), {
      '.cursor/rules/links.mdc': `${BOM}See rule://missing-one for more.\n`,
      '.windsurf/rules/glob.md': `${BOM}---\ntrigger: glob\n---\nBody.\n`,
    });
    const c = await start({ folders: [ws], home: tempDir() });
    const links = c.uri(path.join(ws, '.cursor/rules/links.mdc'));
    const [unknown] = of(await c.waitForDiagnostics(links, (all) => of(all, 'rule-url/unknown').length > 0), 'rule-url/unknown');
    // An editor's buffer holds `See rule://missing-one`: the BOM is not in it, so the link starts at column 4.
    expect(unknown.range).toEqual({ start: { line: 0, character: 4 }, end: { line: 0, character: 22 } });
    const glob = c.uri(path.join(ws, '.windsurf/rules/glob.md'));
    const inactive = of(await c.waitForDiagnostics(glob, (all) => of(all, 'rule/inactive').length > 0), 'rule/inactive');
    expect(inactive.map((d) => d.range)).toEqual([{ start: { line: 1, character: 0 }, end: { line: 1, character: 13 } }]);
  });

  it('Cursor: a .mdc file is judged by its keys, and the rename fix lands on the key, the BOM kept', async () => {
    const text = `${BOM}---\ndescription: House style\nglobs: **.ts\nalways_apply: true\n---\nUse tabs.\n`;
    const ws = writeTree(tempDir(), { '.cursor/rules/style.mdc': text });
    const c = await start({ folders: [ws], home: tempDir(), client: 'helix' });
    const uri = await c.open(path.join(ws, '.cursor/rules/style.mdc'));
    const ds = await c.waitForDiagnostics(uri, (all) => of(all, 'frontmatter/unknown-key').length > 0);
    expect(of(ds, 'frontmatter/invalid-glob').map((d) => d.range)).toEqual([{ start: { line: 2, character: 7 }, end: { line: 2, character: 12 } }]);
    const [slip] = of(ds, 'frontmatter/unknown-key');
    expect(slip.range).toEqual({ start: { line: 3, character: 0 }, end: { line: 3, character: 12 } });
    const action = (await c.codeActions(uri, slip.range)).find((a) => a.title === 'Rename the key to alwaysApply');
    await c.applyCodeAction(action!);
    expect(c.text(uri)).toBe(text.replace('always_apply', 'alwaysApply'));
  });

  it('Cursor with the xcsh agent: Cursor reads the keys, the xcsh agent reports the BOM it stops at', async () => {
    const ws = writeTree(tempDir(), { '.cursor/rules/style.mdc': `${BOM}---\ndescription: House style\nglobs: **.ts\n---\nUse tabs.\n` });
    fs.mkdirSync(path.join(ws, '.xcsh'));
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = await c.open(path.join(ws, '.cursor/rules/style.mdc'));
    const ds = await c.waitForDiagnostics(uri, (all) => of(all, 'frontmatter/bom').length > 0 && of(all, 'frontmatter/invalid-glob').length > 0);
    expect(of(ds, 'frontmatter/bom')[0].message).toContain('the xcsh agent sees no frontmatter');
    expect(of(ds, 'frontmatter/invalid-glob')[0].message).toMatch(/^Cursor /);
  });

  it("Cursor's rules for a file and a conversion to Windsurf read the globs after the BOM", async () => {
    const ws = writeTree(tempDir(), { '.cursor/rules/react.mdc': `${BOM}---\nglobs: "*.tsx"\n---\nHooks first.\n`, 'src/App.tsx': 'export {};\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const result = await c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(path.join(ws, 'src/App.tsx')) });
    const cursor = result.agents.find((a) => a.agent === 'cursor');
    expect(cursor?.rules.find((r) => r.name === 'react')).toMatchObject({ applies: true, mode: 'glob', matchedGlob: '*.tsx' });
    await c.executeCommand('agentls.rules.convert', [{ uri: c.uri(path.join(ws, '.cursor/rules/react.mdc')), to: 'windsurf' }]);
    const converted = path.join(ws, '.windsurf/rules/react.md');
    await c.waitFor('the conversion to be written', () => fs.existsSync(converted));
    expect(fs.readFileSync(converted, 'utf8')).toBe('---\ntrigger: glob\nglobs:\n  - "*.tsx"\n---\nHooks first.\n');
  });
});

describe('a legacy rule file saved with a BOM, over LSP', () => {
  it('.cursorrules: its finding ends at the end of line 1 as the editor shows it, closed and opened without the BOM (as editors load it)', async () => {
    const text = 'Use tabs always.\n';
    const ws = writeTree(tempDir(), { '.git/HEAD': '', '.cursorrules': `${BOM}${text}` });
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = c.uri(path.join(ws, '.cursorrules'));
    const whole = { start: { line: 0, character: 0 }, end: { line: 0, character: text.length - 1 } };
    const closed = await c.waitForDiagnostics(uri, (all) => of(all, 'rule/legacy-file').length > 0);
    expect(of(closed, 'rule/legacy-file').map((d) => d.range)).toEqual([whole]);
    await c.open(path.join(ws, '.cursorrules'), text);
    const open = await c.waitForDiagnostics(uri, (all) => of(all, 'rule/legacy-file').length > 0);
    expect(of(open, 'rule/legacy-file').map((d) => d.range)).toEqual([whole]);
  });
});

/**
 * A finding's related location points into another file, which has its own BOM or none: an
 * editor loads each file without its BOM, so a related range on line 1 of a file saved with
 * one moves one character left, whatever the file holding the finding has.
 */
describe('related locations in files saved with a BOM, over LSP', () => {
  // The winner, saved with a BOM: the xcsh agent sees no frontmatter, so the rule is anchored on its whole first line, `---`.
  const winner = `${BOM}---\ndescription: House style\n---\nUse tabs.\n`;
  const shadowedText = '---\ndescription: Cursor copy\n---\nUse spaces.\n';
  const lineOne = { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } };

  /** The shadowed copy's `rule/shadowed` (the copy open or closed), with its range and its related location's file and range. */
  async function shadowedFinding(shadowed: string, won: string, open: boolean) {
    const ws = writeTree(tempDir(), { '.xcsh/rules/style.md': won, '.cursor/rules/style.mdc': shadowed });
    const c = await start({ folders: [ws], home: tempDir() });
    const file = path.join(ws, '.cursor/rules/style.mdc');
    const uri = open ? await c.open(file) : c.uri(file);
    const [d] = of(await c.waitForDiagnostics(uri, (all) => of(all, 'rule/shadowed').length > 0), 'rule/shadowed');
    return { range: d.range, related: d.relatedInformation?.map((r) => [r.location.uri, r.location.range]), winnerUri: c.uri(path.join(ws, '.xcsh/rules/style.md')) };
  }

  it("a closed file's finding points at the other file's line 1 as the editor shows it, the other file's BOM not counted", async () => {
    const d = await shadowedFinding(shadowedText, winner, false);
    expect(d.range).toEqual(lineOne);
    expect(d.related).toEqual([[d.winnerUri, lineOne]]);
  });

  it('a closed file saved with a BOM moves its own range, not that of a related file without one', async () => {
    // The winner has no BOM: its `---` is line 1's first three characters on disk and in the editor alike.
    const d = await shadowedFinding(`${BOM}${shadowedText}`, winner.slice(1), false);
    expect(d.range).toEqual(lineOne);
    expect(d.related).toEqual([[d.winnerUri, lineOne]]);
  });

  it('an open document: its related location in a closed file with a BOM lands where the editor shows it', async () => {
    const d = await shadowedFinding(shadowedText, winner, true);
    expect(d.range).toEqual(lineOne);
    expect(d.related).toEqual([[d.winnerUri, lineOne]]);
  });
});
