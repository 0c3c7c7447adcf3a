import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * The workspace's `.roomodes` as Roo Code reads it (rules/rooModes.ts has the source,
 * src/core/config/CustomModesManager.ts), through the built CLI: a file that is neither YAML nor
 * JSON, or whose modes Roo Code's schema refuses, is an error on `.roomodes` naming Roo Code (at
 * the parser's line), and none of its modes is taken (the user's `~/.roo/rules-{mode}/` of one is
 * not listed); a correct file, YAML or JSON, empty, or with no modes, gets nothing; one that parses
 * only once the characters Roo Code cleans (typographic quotes, dashes, no-break and zero-width
 * spaces) are replaced is read as Roo Code reads it.
 */
const SOURCES = { '.git/HEAD': 'ref: refs/heads/main\n', '.roo/rules/a.md': 'All modes.\n', 'src/a.ts': 'x\n' };
const MODE = '  - slug: docs-writer\n    name: Docs\n    roleDefinition: You write docs.\n    groups: [read]\n';

function run(roomodes: string | Uint8Array, ...args: string[]): { check: string; rules: string } {
  const ws = writeTree(tempDir(), { ...SOURCES, '.roomodes': roomodes });
  const home = writeTree(tempDir('agentls-home-'), { '.roo/rules-docs-writer/mine.md': 'Write docs plainly.\n' });
  return { check: builtCli(['check', ...args], { cwd: ws, home }).stdout, rules: builtCli(['rules'], { cwd: ws, home, mustSucceed: true }).stdout };
}

const USER_FOLDER = '~/.roo/rules-docs-writer/mine.md';

describe("Roo Code's .roomodes in agentls check and rules", () => {
  it('says a .roomodes that is neither YAML nor JSON, at the parser\'s line, naming Roo Code', () => {
    const { check, rules } = run(`customModes:\n${MODE}  - slug: [docs\n  bad: : :\n`);
    expect(check).toContain('.roomodes:7:1: error [context/roomodes-refused] Roo Code refuses this file and runs without any of its custom modes (it shows "Invalid YAML in .roomodes file at line 7"): it is neither YAML nor JSON (the YAML parser says "Flow sequence in block collection must be sufficiently indented and end with a ]").');
    expect(check).toContain('1 problem (1 error, 0 warnings, 0 info)');
    expect(rules).not.toContain(USER_FOLDER);
  });

  it.each([
    ['a mode without groups', `customModes:\n${MODE}  - slug: two\n    name: Two\n    roleDefinition: R\n`, 6, 'customModes[1].groups is missing (a list of tool groups, [] for none)'],
    ['an empty description', `customModes:\n${MODE}  - slug: two\n    name: Two\n    roleDefinition: R\n    description:\n    groups: []\n`, 9, 'customModes[1].description has no value (leave the key out, or give it text)'],
    ['a slug twice', `customModes:\n${MODE}${MODE}`, 6, 'customModes[1].slug `docs-writer` is the slug of an earlier mode too'],
    ['a slug Roo Code refuses', `customModes:\n${MODE}  - slug: ../escape\n    name: Bad\n    roleDefinition: R\n    groups: []\n`, 6, 'customModes[1].slug `../escape` holds other characters than letters, digits and dashes'],
    ['a JSON mode without a role', '{ "customModes": [{ "slug": "docs-writer", "name": "Docs", "roleDefinition": "", "groups": ["read"] }] }\n', 1, 'customModes[0].roleDefinition is empty'],
    ['customModes not a list', 'customModes:\n  slug: docs-writer\n', 2, 'its customModes is not a list of modes'],
  ])("says a .roomodes with %s, which Roo Code's schema refuses, and takes none of its modes", (_what, roomodes, line, why) => {
    const { check, rules } = run(roomodes);
    expect(check).toContain(`.roomodes:${line}:1: error [context/roomodes-refused] Roo Code refuses this file and runs without any of its custom modes (it shows "Invalid custom modes format in .roomodes"): ${why}`);
    // The valid mode beside the refused one is dropped too: its user folder is not read.
    expect(rules).not.toContain(USER_FOLDER);
  });

  it.each([
    ['YAML', `customModes:\n${MODE}`, true],
    ['JSON', '{\n\t"customModes": [{ "slug": "docs-writer", "name": "Docs", "roleDefinition": "x", "groups": ["read", ["edit", { "fileRegex": "\\\\.md$" }]] }]\n}\n', true],
    ['empty', '', false],
    ['comments alone', '# No modes yet.\n', false],
    ['customModes: []', 'customModes: []\n', false],
    ['customModes with no value', 'customModes:\n', false],
  ])('says nothing of a correct .roomodes (%s)', (_what, roomodes, listed) => {
    const { check, rules } = run(roomodes);
    expect(check).toMatch(/^Checked \d+ rule files? among \d+ files: no problems\.\n$/);
    expect(rules.includes(USER_FOLDER)).toBe(listed);
  });

  it('reads a .roomodes as Roo Code does once it replaces typographic quotes, dashes and invisible spaces', () => {
    // ‘…’ around a text holding ": " is no YAML until the quotes are straight; “…” too; the en dash and the zero-width space are in the slug.
    const roomodes = 'customModes:\n  - slug: docs\u2013writ\u200Ber\n    name: \u201CDocs: plain\u201D\n    roleDefinition: \u2018You are: a writer\u2019\n    groups: [read]\n';
    const { check, rules } = run(roomodes);
    expect(check).toMatch(/^Checked \d+ rule files? among \d+ files: no problems\.\n$/);
    expect(rules).toMatch(/~\/\.roo\/rules-docs-writer\/mine\.md \(user-level, every project\) +always, only in the docs-writer mode/);
  });

  it("puts Roo Code in play under auto where .roomodes is the workspace's only file of Roo Code's, so a refused one is said there", () => {
    // Roo Code's own file (CustomModesManager.ts, `getWorkspaceRoomodes`): its presence alone says Roo Code is used in the project.
    const alone = { '.git/HEAD': 'ref: refs/heads/main\n', 'src/a.ts': 'x\n' };
    const home = writeTree(tempDir('agentls-home-'), { '.roo/rules-docs-writer/mine.md': 'Write docs plainly.\n' });
    const refused = writeTree(tempDir(), { ...alone, '.roomodes': 'customModes:\n  - slug: [docs\n' });
    expect(builtCli(['check'], { cwd: refused, home }).stdout).toContain('.roomodes:3:1: error [context/roomodes-refused] Roo Code refuses this file');
    // A correct one: Roo Code's view reads the user's folder of the mode it defines, and check says nothing.
    const correct = writeTree(tempDir(), { ...alone, '.roomodes': `customModes:\n${MODE}` });
    expect(builtCli(['rules'], { cwd: correct, home, mustSucceed: true }).stdout).toMatch(/~\/\.roo\/rules-docs-writer\/mine\.md \(user-level, every project\) +always, only in the docs-writer mode/);
    expect(builtCli(['check'], { cwd: correct, home }).stdout).not.toContain('.roomodes');
    // A folder of the name is no file of Roo Code's (its read fails, and Roo Code takes no mode): Roo Code stays out of play.
    const folder = writeTree(tempDir(), { ...alone, '.roomodes/x.yaml': 'customModes:\n  - slug: [docs\n' });
    expect(builtCli(['rules'], { cwd: folder, home, mustSucceed: true }).stdout).not.toContain('Roo Code');
  });

  it('says a .roomodes too large for agentls to read, which Roo Code reads whole, and takes none of its modes', () => {
    // CustomModesManager.ts, `loadModesFromFile`: `fs.readFile` of the whole file, whatever its size.
    const large = `customModes:\n${MODE}${'# padding\n'.repeat(30_000)}`;
    const { check, rules } = run(large);
    expect(check).toMatch(/\.roomodes:1:1: warning \[context\/roomodes-unread\] agentls has not read this file: it is \d+ bytes, more than the 262144 agentls reads of a \.roomodes\. Roo Code reads it whole, so whether it refuses the file, and which custom modes it takes from it \(and so which ~\/\.roo\/rules-\{mode\}\/ folders it reads\), is not checked\./);
    expect(rules).not.toContain(USER_FOLDER);
    // Alone in the workspace, it still puts Roo Code in play, and is said.
    const alone = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.roomodes': large });
    expect(builtCli(['check'], { cwd: alone, home: tempDir('agentls-home-') }).stdout).toContain('.roomodes:1:1: warning [context/roomodes-unread]');
  });

  it('reads a .roomodes of bytes that are not UTF-8 as Roo Code does, each a replacement character', () => {
    // Roo Code reads it with `fs.readFile(filePath, "utf-8")`, which decodes such bytes as U+FFFD.
    const { check, rules } = run(Buffer.concat([Buffer.from(`customModes:\n${MODE}`), Buffer.from('# caf\xe9\n', 'latin1')]));
    expect(check).toMatch(/^Checked \d+ rule files? among \d+ files: no problems\.\n$/);
    expect(rules).toContain(USER_FOLDER);
  });

  it('says nothing where Roo Code is not shown', () => {
    expect(run('customModes:\n  - slug: [docs\n', '--agents', 'cursor').check).toMatch(/no problems/);
  });
});
