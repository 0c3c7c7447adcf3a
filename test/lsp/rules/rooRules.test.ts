import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { hoverText } from '../../helpers/hover';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';
import { until } from '../../helpers/polling';
import { serverRulesFor } from '../../helpers/rulesFor';
import { workCounts } from '../../helpers/workCounts';

/**
 * Roo Code's rules (rules/agents/roo.ts has the sources) through the real server: the unread
 * fallback file's warning, pushed while it is closed and said when it is open;
 * `agentls/rulesForFile`; the first-line hover of a mode's file.
 */
const start = useLspClients(afterEach);
const rooRules = (r: RulesForFileResult) => r.agents.find((a) => a.agent === 'roo')?.rules ?? [];

describe('Roo Code in the server', () => {
  it('warns on a .roorules beside a .roo/rules holding files, closed and open', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.roo/rules/01-general.md': '# General\n', '.roorules': 'old\n', 'src/a.ts': 'x\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = c.uri(path.join(ws, '.roorules'));
    const closed = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'context/roo-fallback-unread'));
    expect(closed.find((x) => x.code === 'context/roo-fallback-unread')!.message).toContain('Roo Code does not read this file: .roo/rules/ holds rule files');
    await c.open(path.join(ws, '.roorules'));
    await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'context/roo-fallback-unread'));
  });

  it('lists Roo Code\'s rules for a file, a mode\'s as only in that mode, in agentls/rulesForFile and the hover', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.roo/rules/01-general.md': '# General\n', '.roo/rules-code/01-js.md': '# Code mode\n', 'src/a.ts': 'x\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const forFile = await serverRulesFor(c, c.uri(path.join(ws, 'src/a.ts')));
    // The mode's first, as Roo Code sends them (custom-instructions.ts, `addCustomInstructions`).
    expect(rooRules(forFile).map((r) => [r.path, r.agentMode])).toEqual([['.roo/rules-code/01-js.md', 'code'], ['.roo/rules/01-general.md', undefined]]);
    const text = await hoverText(c, await c.open(path.join(ws, '.roo/rules-code/01-js.md')), 0, 1);
    expect(text).toContain('**.roo/rules-code/01-js.md** (≈3 tokens) · only in the code mode');
  });
  it('pushes for a closed .roorules-{mode} and a closed .roo/rules file of no Markdown extension what check says of them', async () => {
    // The file index picks them for the closed-file lint as check's walk does (test/cli/checkInvalidUtf8Rules.test.ts for check's side).
    const bad = Buffer.from('Use café.\n', 'latin1');
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.roo/rules/notes': bad, '.roo/rules/style.rules': bad, '.roorules-code': bad, 'src/a.ts': 'x\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    for (const file of ['.roo/rules/notes', '.roo/rules/style.rules', '.roorules-code']) {
      const got = await c.waitForDiagnostics(c.uri(path.join(ws, file)), (d) => d.length > 0);
      expect(got.map((d) => [d.code, d.message])).toEqual([['rule/invalid-utf8', 'This file is not valid UTF-8, so agentls has not checked it: Roo Code reads it all the same, with a replacement character (�) where the bytes do not decode.']]);
    }
  });
  it("warns on a mode folder whose slug is a slip of a known mode and on a misspelt one, and not once .roomodes defines the mode (reported on disk)", async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.roo/rules-debg/z.md': '# z\n', '.roo/rule-code/y.md': '# y\n', 'src/a.ts': 'x\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const slip = c.uri(path.join(ws, '.roo/rule-code/y.md'));
    const misspelt = await c.waitForDiagnostics(slip, (d) => d.some((x) => x.code === 'rule/not-read'));
    expect(misspelt.find((x) => x.code === 'rule/not-read')!.message).toBe('Roo Code reads rules from `.roo/rules-code/`, and this folder is `.roo/rule-code/`: Roo Code never reads this file. Move it to `.roo/rules-code/y.md`.');
    const debg = await c.open(path.join(ws, '.roo/rules-debg/z.md'));
    const unknown = await c.waitForDiagnostics(debg, (d) => d.some((x) => x.code === 'rule/not-read'));
    expect(unknown.find((x) => x.code === 'rule/not-read')!.message).toContain("`debg` is not a built-in mode's (architect, ask, code, debug, orchestrator), and the workspace has no `.roomodes` defining custom modes");
    const a = c.uri(path.join(ws, 'src/a.ts'));
    expect(rooRules(await serverRulesFor(c, a)).find((r) => r.path === '.roo/rules-debg/z.md')?.applies).toBe(false);
    writeTree(ws, { '.roomodes': 'customModes:\n  - slug: debg\n    name: Debg\n    roleDefinition: x\n    groups: [read]\n' });
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, '.roomodes')), type: 1 }] });
    expect(await c.waitForDiagnostics(debg, (d) => !d.some((x) => x.code === 'rule/not-read'))).toEqual([]);
    await until('the debg mode listed', async () => rooRules(await serverRulesFor(c, a)).find((r) => r.path === '.roo/rules-debg/z.md'), (r) => r?.agentMode === 'debg' && r.applies === true);
  });
  it("looks into the user's ~/.roo/rules-{mode} folders that are there, not into every mode's, at a keystroke in AGENTS.md", async () => {
    const files: Record<string, string> = { '.git/HEAD': 'ref: refs/heads/main\n', 'AGENTS.md': '# A\n\nText.\n', '.roo/rules/a.md': 'A\n', 'src/a.ts': 'x\n' };
    for (let i = 0; i < 20; i++) files[`.roorules-m${i}`] = `mode ${i}\n`;
    const ws = writeTree(tempDir(), files);
    // The user's folders of one custom mode and one built-in mode; Roo Code's settings beside them are never opened.
    const home = writeTree(tempDir(), { '.roo/rules-m3/mine.md': 'Mine.\n', '.roo/rules-code/code.md': 'Code.\n', '.roo/mcp_settings.json': '{}\n' });
    const work = workCounts();
    const c = await start({ folders: [ws], home, env: work.env, client: 'helix' });
    const a = c.uri(path.join(ws, 'src/a.ts'));
    const user = (r: RulesForFileResult) => rooRules(r).filter((x) => x.path.startsWith(home)).map((x) => [path.relative(home, x.path), x.agentMode]);
    expect(user(await serverRulesFor(c, a))).toEqual([['.roo/rules-code/code.md', 'code'], ['.roo/rules-m3/mine.md', 'm3']]);
    const uri = await c.open(path.join(ws, 'AGENTS.md'));
    await c.waitForDiagnostics(uri);
    const homeListings = () => Object.entries(work.counts()).filter(([k]) => k.startsWith(`disk-readdir ${path.join(home, '.roo', 'rules-')}`));
    const before = Object.fromEntries(homeListings());
    await c.type(uri, { line: 2, character: 0 }, 'x');
    await c.waitForDiagnostics(uri);
    // The keystroke made the views again (the rules for a file follow it): the two folders there listed, no other.
    expect(user(await serverRulesFor(c, a))).toEqual([['.roo/rules-code/code.md', 'code'], ['.roo/rules-m3/mine.md', 'm3']]);
    const grown = homeListings().filter(([k, n]) => n !== (before[k] ?? 0)).map(([k]) => k).sort();
    expect(grown).toEqual([`disk-readdir ${path.join(home, '.roo/rules-code')}`, `disk-readdir ${path.join(home, '.roo/rules-m3')}`]);
    expect(Object.keys(work.counts()).filter((k) => k.includes('mcp_settings'))).toEqual([]);
  });

  it('follows the modes typed in an open .roomodes, before it is saved', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.roo/rules-debg/x.md': 'Debg rule.\n', '.roo/rules/a.md': 'A.\n', 'src/a.ts': 'x\n', '.roomodes': 'customModes:\n  - slug: debg\n    name: Debg\n    roleDefinition: R\n    groups: []\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const a = c.uri(path.join(ws, 'src/a.ts'));
    const debgRule = async () => rooRules(await serverRulesFor(c, a)).find((r) => r.path === '.roo/rules-debg/x.md')?.applies;
    const modes = await c.open(path.join(ws, '.roomodes'));
    expect(await debgRule()).toBe(true);
    // The debg mode typed away: its folder's rule is in no mode Roo Code knows (a slug near a built-in mode is taken for a slip of it; one near none may be a mode of Roo Code's own settings).
    await c.setText(modes, 'customModes:\n  - slug: other\n    name: O\n    roleDefinition: R\n    groups: []\n');
    await until('the debg mode gone', debgRule, (applies) => applies === false, 15_000);
    await c.setText(modes, 'customModes:\n  - slug: debg\n    name: D\n    roleDefinition: R\n    groups: []\n');
    await until('the debg mode back', debgRule, (applies) => applies === true, 15_000);
  });

  it("reads the user's ~/.roo/rules-{mode}/ of a mode the workspace's .roomodes alone defines", async () => {
    // Roo Code joins `rules-${mode}` to every `.roo` folder, `~/.roo` first (custom-instructions.ts, `addCustomInstructions`), in any mode it has.
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.roo/rules/a.md': 'A.\n', 'src/a.ts': 'x\n', '.roomodes': 'customModes:\n  - slug: docs-writer\n    name: Docs\n    roleDefinition: R\n    groups: [read]\n' });
    const home = writeTree(tempDir(), { '.roo/rules-docs-writer/mine.md': 'Mine.\n' });
    const c = await start({ folders: [ws], home });
    const forFile = await serverRulesFor(c, c.uri(path.join(ws, 'src/a.ts')));
    expect(rooRules(forFile).filter((r) => r.path.startsWith(home)).map((r) => [path.relative(home, r.path), r.agentMode, r.applies])).toEqual([['.roo/rules-docs-writer/mine.md', 'docs-writer', true]]);
  });

  it("says a .roomodes Roo Code refuses, pushed while closed and following its buffer once open, and takes none of its modes", async () => {
    // Roo Code drops every mode of a .roomodes whose YAML or schema it refuses (CustomModesManager.ts, `loadModesFromFile`).
    const mode = (slug: string) => `  - slug: ${slug}\n    name: N\n    roleDefinition: R\n    groups: []\n`;
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.roo/rules/a.md': 'A.\n', 'src/a.ts': 'x\n', '.roomodes': `customModes:\n${mode('docs')}  - slug: bad\n    name: B\n` });
    const home = writeTree(tempDir(), { '.roo/rules-docs/mine.md': 'Mine.\n' });
    const c = await start({ folders: [ws], home });
    const uri = c.uri(path.join(ws, '.roomodes'));
    const refused = <T extends { code?: string | number }>(d: T[]) => d.filter((x) => x.code === 'context/roomodes-refused');
    const closed = refused(await c.waitForDiagnostics(uri, (d) => refused(d).length > 0));
    expect(closed.map((d) => [d.severity, d.range.start.line, d.message])).toEqual([[1, 5, 'Roo Code refuses this file and runs without any of its custom modes (it shows "Invalid custom modes format in .roomodes"): customModes[1].roleDefinition is missing.']]);
    const a = c.uri(path.join(ws, 'src/a.ts'));
    const userDocs = async () => rooRules(await serverRulesFor(c, a)).some((r) => r.path.startsWith(home));
    expect(await userDocs()).toBe(false);
    const doc = await c.open(path.join(ws, '.roomodes'));
    await c.waitForDiagnostics(doc, (d) => refused(d).length > 0);
    // Made right in the buffer: the error goes, and the docs mode's user folder is read.
    await c.setText(doc, `customModes:\n${mode('docs')}${mode('bad')}`);
    await c.waitForDiagnostics(doc, (d) => refused(d).length === 0);
    await until('the docs mode read', userDocs, (read) => read, 15_000);
    // No YAML nor JSON: said at the parser's line.
    await c.setText(doc, `customModes:\n${mode('docs')}  - slug: [docs\n  bad: : :\n`);
    const broken = refused(await c.waitForDiagnostics(doc, (d) => refused(d).length > 0));
    expect(broken.map((d) => d.range.start.line)).toEqual([6]);
    expect(broken[0].message).toContain('Roo Code refuses this file and runs without any of its custom modes (it shows "Invalid YAML in .roomodes file at line 7"): it is neither YAML nor JSON');
  });

  it("says a refused .roomodes where it is the workspace's only file of Roo Code's: its presence puts Roo Code in play", async () => {
    // Roo Code's own file (CustomModesManager.ts, `getWorkspaceRoomodes`), with no .roo folder nor .roorules beside it.
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'src/a.ts': 'x\n', '.roomodes': 'customModes:\n  - slug: [docs\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const got = await c.waitForDiagnostics(c.uri(path.join(ws, '.roomodes')), (d) => d.some((x) => x.code === 'context/roomodes-refused'));
    expect(got.find((x) => x.code === 'context/roomodes-refused')!.message).toContain('Roo Code refuses this file and runs without any of its custom modes (it shows "Invalid YAML in .roomodes file at line 3")');
  });

  it('says a closed .roomodes too large for agentls to read, which Roo Code reads whole', async () => {
    // CustomModesManager.ts, `loadModesFromFile`: `fs.readFile` of the whole file, whatever its size.
    const large = `customModes:\n  - slug: docs\n    name: D\n    roleDefinition: R\n    groups: []\n${'# padding\n'.repeat(30_000)}`;
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'src/a.ts': 'x\n', '.roomodes': large });
    const c = await start({ folders: [ws], home: tempDir() });
    const got = await c.waitForDiagnostics(c.uri(path.join(ws, '.roomodes')), (d) => d.some((x) => x.code === 'context/roomodes-unread'));
    expect(got.map((d) => [d.code, d.severity])).toEqual([['context/roomodes-unread', 2]]);
    expect(got[0].message).toMatch(/^agentls has not read this file: it is \d+ bytes, more than the 262144 agentls reads of a \.roomodes\. Roo Code reads it whole/);
  });

  it('warns on a closed root .roorules-{slug} whose slug is a slip of a known mode, and lists it as never sent', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.roorules-debg': 'Debug slowly.\n', '.roorules-translate': 'T.\n', 'src/a.ts': 'x\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const got = await c.waitForDiagnostics(c.uri(path.join(ws, '.roorules-debg')), (d) => d.some((x) => x.code === 'rule/not-read'));
    expect(got.find((x) => x.code === 'rule/not-read')!.message).toContain('Roo Code reads `.roorules-{slug}` in the mode of that slug, and `debg` is not a built-in mode\'s');
    const rules = rooRules(await serverRulesFor(c, c.uri(path.join(ws, 'src/a.ts'))));
    expect(rules.filter((r) => r.path.startsWith('.roorules-')).map((r) => [r.path, r.applies]).sort()).toEqual([['.roorules-debg', false], ['.roorules-translate', true]]);
  });

  it("takes a root .clinerules-{mode} as Roo Code's where it reads it, and warns while closed, naming the mode's folder, once that folder holds files", async () => {
    // Roo Code's source (custom-instructions.ts, `addCustomInstructions`): `.roo/rules-${mode}/` files, else `.roorules-${mode}`, else `.clinerules-${mode}`.
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.roo/rules/a.md': 'A.\n', '.clinerules-debug': 'Debug carefully.\n', '.clinerules-code': Buffer.from('Code caf\xe9.\n', 'latin1'), 'src/a.ts': 'x\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const bad = await c.waitForDiagnostics(c.uri(path.join(ws, '.clinerules-code')), (d) => d.length > 0);
    expect(bad.map((d) => [d.code, d.message])).toEqual([['rule/invalid-utf8', 'This file is not valid UTF-8, so agentls has not checked it: Roo Code reads it all the same, with a replacement character (�) where the bytes do not decode.']]);
    const debug = c.uri(path.join(ws, '.clinerules-debug'));
    const unread = <T extends { code?: string | number }>(d: T[]) => d.filter((x) => x.code === 'context/roo-fallback-unread');
    writeTree(ws, { '.roo/rules-debug/x.md': 'Debug.\n' });
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, '.roo/rules-debug/x.md')), type: 1 }] });
    const said = unread(await c.waitForDiagnostics(debug, (d) => unread(d).length > 0));
    expect(said.map((d) => [d.severity, d.message])).toEqual([[2, 'Roo Code does not read this file: .roo/rules-debug/ holds rule files, and Roo Code reads .clinerules-debug only where no .roo/rules-debug/ holds files and .roorules-debug is missing or blank (its source, custom-instructions.ts; its docs do not name this file). Move its text into a file of .roo/rules-debug/, or delete it.']]);
    // Open, it is said from the same view; the folder emptied, it is read again and the warning goes.
    const doc = await c.open(path.join(ws, '.clinerules-debug'));
    await c.waitForDiagnostics(doc, (d) => unread(d).length > 0);
    fs.rmSync(path.join(ws, '.roo/rules-debug'), { recursive: true });
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, '.roo/rules-debug/x.md')), type: 3 }] });
    await c.waitForDiagnostics(doc, (d) => unread(d).length === 0);
    expect(await hoverText(c, doc, 0, 1)).toContain('**Roo Code: 2 rules apply**\n\n- **.clinerules-debug** (≈5 tokens) · only in the debug mode: there the whole rule is in every request; Roo Code\'s own legacy file');
  });

  it("takes a root .clinerules-{mode} of no mode agentls knows of as Roo Code's, noted while closed, hovered open, and unnoted once .roomodes defines the mode", async () => {
    // Roo Code reads `.clinerules-${mode}` of the mode in use alone (custom-instructions.ts, `addCustomInstructions`); Cline has no modes.
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.roo/rules/a.md': 'A.\n', '.clinerules-docs': 'Write docs.\n', 'src/a.ts': 'x\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const docs = c.uri(path.join(ws, '.clinerules-docs'));
    const noted = await c.waitForDiagnostics(docs, (d) => d.length > 0);
    expect(noted.map((d) => [d.code, d.severity])).toEqual([['rule/not-read', 3]]);
    expect(noted[0].message).toMatch(/^No mode agentls knows of reads this file: Roo Code reads `\.clinerules-\{slug\}` only in the mode of that slug, .*`docs` is not a built-in mode's .*; no Cline reads it\. Roo Code reads it only if a global custom mode of its settings \(which agentls does not read\) has that slug\.$/);
    const doc = await c.open(path.join(ws, '.clinerules-docs'));
    expect(await hoverText(c, doc, 0, 1)).toContain('- **.clinerules-docs** (≈3 tokens) · only in the docs mode');
    writeTree(ws, { '.roomodes': 'customModes:\n  - slug: docs\n    name: Docs\n    roleDefinition: x\n    groups: [read]\n' });
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, '.roomodes')), type: 1 }] });
    expect(await c.waitForDiagnostics(doc, (d) => d.length === 0)).toEqual([]);
  });

  it("lists Cline's root .clinerules as Roo Code's last fallback in rulesForFile, and drops it once a .roo/rules file comes", async () => {
    // Roo Code's source (custom-instructions.ts, `loadRuleFiles`): [".roorules", ".clinerules"], read only where no `.roo/rules` folder holds files.
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.roorules-ask': 'Ask.\n', '.clinerules': 'Use tabs.\n', 'src/a.ts': 'x\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const a = c.uri(path.join(ws, 'src/a.ts'));
    const paths = async () => rooRules(await serverRulesFor(c, a)).map((r) => r.path);
    expect(await paths()).toEqual(['.roorules-ask', '.clinerules']);
    expect(rooRules(await serverRulesFor(c, a)).find((r) => r.path === '.clinerules')?.reason).toContain("Cline's file, which Roo Code's source reads as its last fallback");
    writeTree(ws, { '.roo/rules/a.md': 'A.\n' });
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, '.roo/rules/a.md')), type: 1 }] });
    await until('.clinerules no longer Roo Code\'s', paths, (p) => p.join() === '.roorules-ask,.roo/rules/a.md');
  });
});

