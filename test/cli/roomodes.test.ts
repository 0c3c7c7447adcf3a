import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * The workspace's `.roomodes` as Roo Code reads it (rules/rooModes.ts has the source,
 * src/core/config/CustomModesManager.ts), through the built CLI: a correct file, YAML or JSON,
 * empty, or with no modes, gets nothing; one that parses only once the characters Roo Code cleans
 * (typographic quotes, dashes, no-break and zero-width spaces) are replaced is read as Roo Code reads it.
 */
const SOURCES = { '.git/HEAD': 'ref: refs/heads/main\n', '.roo/rules/a.md': 'All modes.\n', 'src/a.ts': 'x\n' };
const MODE = '  - slug: docs-writer\n    name: Docs\n    roleDefinition: You write docs.\n    groups: [read]\n';

function run(roomodes: string, ...args: string[]): { check: string; rules: string } {
  const ws = writeTree(tempDir(), { ...SOURCES, '.roomodes': roomodes });
  const home = writeTree(tempDir('agentls-home-'), { '.roo/rules-docs-writer/mine.md': 'Write docs plainly.\n' });
  return { check: builtCli(['check', ...args], { cwd: ws, home }).stdout, rules: builtCli(['rules'], { cwd: ws, home, mustSucceed: true }).stdout };
}

const USER_FOLDER = '~/.roo/rules-docs-writer/mine.md';

describe("Roo Code's .roomodes in agentls check and rules", () => {
  it.each([
    ['YAML', `customModes:\n${MODE}`, true],
    ['JSON', '{\n\t"customModes": [{ "slug": "docs-writer", "name": "Docs", "roleDefinition": "x", "groups": ["read", ["edit", { "fileRegex": "\\\\.md$" }]] }]\n}\n', true],
    ['empty', '', false],
    ['comments alone', '# No modes yet.\n', false],
    ['customModes: []', 'customModes: []\n', false],
    ['customModes with no value', 'customModes:\n', false],
  ])('says nothing of a correct .roomodes (%s)', (_what, roomodes, listed) => {
    const { check, rules } = run(roomodes);
    expect(check).toMatch(/^Checked \d+ files: no problems\.\n$/);
    expect(rules.includes(USER_FOLDER)).toBe(listed);
  });

  it('reads a .roomodes as Roo Code does once it replaces typographic quotes, dashes and invisible spaces', () => {
    // ‘…’ around a text holding ": " is no YAML until the quotes are straight; “…” too; the en dash and the zero-width space are in the slug.
    const roomodes = 'customModes:\n  - slug: docs\u2013writ\u200Ber\n    name: \u201CDocs: plain\u201D\n    roleDefinition: \u2018You are: a writer\u2019\n    groups: [read]\n';
    const { check, rules } = run(roomodes);
    expect(check).toMatch(/^Checked \d+ files: no problems\.\n$/);
    expect(rules).toMatch(/~\/\.roo\/rules-docs-writer\/mine\.md \(user-level, every project\) +always, only in the docs-writer mode/);
  });
});
