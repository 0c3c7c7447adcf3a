import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentlsWithHome, checkJsonWithHome } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/*
 * A user's Roo Code mode folder of a custom mode, `~/.roo/rules-{mode}`, through the built CLI with
 * --home: where the workspace names the mode (its `.roo/rules-{mode}/` or `.roorules-{mode}`),
 * `agentls rules` lists its files as user-level, and `check` naming the folder or a file in it checks
 * them as Roo Code's; where it does not, check refuses it, naming Roo Code and the mode. A custom mode
 * of the workspace's `.roomodes` (YAML or JSON) is named by that file alone: Roo Code reads its
 * `~/.roo/rules-{mode}/` in that mode (src/core/prompts/sections/custom-instructions.ts,
 * `addCustomInstructions`, joins `rules-${mode}` to every `.roo` folder, `~/.roo` first).
 */

function setUp(): { ws: string; home: string; bad: string } {
  const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.roo/rules-mymode/p.md': 'Project mode rule.\n', '.roorules-fallback': 'Fallback mode rule.\n' });
  const home = writeTree(tempDir('agentls-home-'), { '.roo/rules-mymode/good.md': 'Mode rule.\n', '.roo/rules-fallback/f.md': 'x\n', '.roo/rules-other/o.md': 'x\n' });
  const bad = path.join(home, '.roo', 'rules-mymode', 'sub', 'bad.md');
  fs.mkdirSync(path.dirname(bad));
  fs.writeFileSync(bad, Buffer.from('bad \xff\n', 'latin1'));
  return { ws, home, bad };
}

const checkJson = checkJsonWithHome;

describe("check of a user's Roo Code mode folder of a custom mode", () => {
  it('checks the folder, a subfolder or a file of a mode the workspace names, as Roo Code reads them', () => {
    const { ws, home, bad } = setUp();
    const folder = path.join(home, '.roo', 'rules-mymode');
    // What agentls rules lists as user-level is what check accepts.
    expect(agentlsWithHome(ws, home, 'rules').stdout).toContain('~/.roo/rules-mymode/good.md (user-level, every project)');
    const found = [[bad, 'rule/invalid-utf8']];
    expect(checkJson(ws, home, folder)).toEqual({ status: 0, paths: found, checked: 2, stderr: '' });
    expect(checkJson(ws, home, path.dirname(bad))).toEqual({ status: 0, paths: found, checked: 1, stderr: '' });
    expect(checkJson(ws, home, bad)).toEqual({ status: 0, paths: found, checked: 1, stderr: '' });
    // A mode named by a `.roorules-{mode}` file alone counts too.
    expect(checkJson(ws, home, path.join(home, '.roo', 'rules-fallback'))).toEqual({ status: 0, paths: [], checked: 1, stderr: '' });
  });

  it("refuses the folder of a mode the workspace does not name, naming Roo Code and the mode", () => {
    const { ws, home } = setUp();
    const folder = path.join(home, '.roo', 'rules-other');
    const run = agentlsWithHome(ws, home, 'check', folder);
    expect([run.status, run.stdout, run.stderr]).toEqual([2, '', `agentls check: ${folder}: Roo Code reads ${folder} in its mode other, which this workspace does not name (no .roo/rules-other/ nor .roorules-other at ${ws}, and its .roomodes defines no such mode), so agentls does not read it\n`]);
  });

  it('reads ~/.roo/rules-{mode}/ of a mode the workspace\'s .roomodes defines, YAML or JSON, with no folder of the mode in the workspace', () => {
    const modes = {
      yaml: 'customModes:\n  - slug: docs-writer\n    name: Docs\n    roleDefinition: x\n    groups: [read]\n',
      json: '{ "customModes": [{ "slug": "docs-writer", "name": "Docs", "roleDefinition": "x", "groups": ["read"] }] }\n',
    };
    for (const roomodes of Object.values(modes)) {
      const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.roomodes': roomodes, '.roo/rules/a.md': 'All modes.\n' });
      const home = writeTree(tempDir('agentls-home-'), { '.roo/rules-docs-writer/mine.md': 'Write docs plainly.\n' });
      const listed = agentlsWithHome(ws, home, 'rules').stdout;
      expect(listed).toMatch(/~\/\.roo\/rules-docs-writer\/mine\.md \(user-level, every project\) +always, only in the docs-writer mode/);
      const folder = path.join(home, '.roo', 'rules-docs-writer');
      expect(checkJson(ws, home, folder)).toEqual({ status: 0, paths: [], checked: 1, stderr: '' });
    }
  });

  it('reads no folder of a .roomodes holding a slug Roo Code\'s schema refuses: Roo Code then takes none of its modes', () => {
    // CustomModesManager.ts, `loadModesFromFile`: a file failing `customModesSettingsSchema` gives no mode (test/cli/roomodes.test.ts has the error).
    const roomodes = 'customModes:\n  - slug: docs-writer\n    name: Docs\n    roleDefinition: x\n    groups: [read]\n  - slug: ../escape\n    name: Bad\n';
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.roomodes': roomodes, '.roo/rules/a.md': 'All modes.\n' });
    const home = writeTree(tempDir('agentls-home-'), { '.roo/rules-docs-writer/mine.md': 'Write docs plainly.\n', '.roo/escape/x.md': 'Not a mode folder.\n' });
    const listed = agentlsWithHome(ws, home, 'rules').stdout;
    expect(listed).not.toContain('docs-writer');
    // Nothing outside ~/.roo/rules-{mode} is read.
    expect(listed).not.toContain('escape');
  });
});
