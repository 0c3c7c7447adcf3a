import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentlsWithHome, checkJsonWithHome } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/*
 * `agentls check` naming a user-level rule folder, or a folder inside it, through the built CLI
 * with --home: it checks the files the folder's agent reads there, as that agent reads them.
 * Continue, Roo Code and Cline read the subfolders too (`rules/context/userAreaReading.ts` has
 * the sources), so a problem in a subfolder is reported whichever of the two is named; Kiro and
 * the xcsh agent read the folder's own files alone, so naming a subfolder is refused, naming them.
 */

const BAD_CONTINUE = '---\nalwaysApply: maybe\n---\nx\n';
const GOOD_CONTINUE = '---\nalwaysApply: true\n---\nx\n';

function setUp(): { ws: string; home: string } {
  const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'src/a.ts': 'x\n' });
  const home = writeTree(tempDir('agentls-home-'), {
    '.continue/rules/b.md': GOOD_CONTINUE,
    '.continue/rules/sub/a.md': BAD_CONTINUE,
    // Continue keeps the `.md` files alone: this one is not its.
    '.continue/rules/sub/notes.txt': BAD_CONTINUE,
    '.roo/rules/sub/c.md': 'fine\n',
    '.roo/rules-code/deep/er/d.md': 'fine\n',
    '.cline/rules/sub/x.md': '---\npaths: 3\n---\nx\n',
    '.kiro/steering/k.md': '---\ninclusion: always\n---\nx\n',
    '.kiro/steering/sub/k2.md': '---\ninclusion: always\n---\nx\n',
    '.cursor/rules/sub/c.mdc': '---\nalwaysApply: true\n---\nx\n',
    '.claude/CLAUDE.md': 'Be brief.\n',
    '.claude/rules/web/api.md': '---\npaths: 42\n---\nx\n',
    '.claude/rules/web/notes.txt': 'not a rule\n',
  });
  return { ws, home };
}

const checkJson = checkJsonWithHome;

describe('check of a user-level rule folder, as its agent reads it', () => {
  it("reports a problem in a subfolder of ~/.continue/rules, the folder or the subfolder named, and checks only Continue's files", () => {
    const { ws, home } = setUp();
    const bad = path.join(home, '.continue', 'rules', 'sub', 'a.md');
    const whole = checkJson(ws, home, path.join(home, '.continue', 'rules'));
    expect(whole).toEqual({ status: 0, paths: [[bad, 'frontmatter/wrong-type']], checked: 2, stderr: '' });
    const sub = checkJson(ws, home, path.join(home, '.continue', 'rules', 'sub'));
    expect(sub).toEqual({ status: 0, paths: [[bad, 'frontmatter/wrong-type']], checked: 1, stderr: '' });
  });

  it("reads Claude Code's ~/.claude/rules to its subfolders, its .md files alone, and ~/.claude/CLAUDE.md as one file", () => {
    const { ws, home } = setUp();
    const bad = [[path.join(home, '.claude', 'rules', 'web', 'api.md'), 'frontmatter/wrong-type']];
    expect(checkJson(ws, home, path.join(home, '.claude', 'rules'))).toEqual({ status: 0, paths: bad, checked: 1, stderr: '' });
    expect(checkJson(ws, home, path.join(home, '.claude', 'rules', 'web'))).toEqual({ status: 0, paths: bad, checked: 1, stderr: '' });
    expect(checkJson(ws, home, path.join(home, '.claude', 'CLAUDE.md'))).toEqual({ status: 0, paths: [], checked: 1, stderr: '' });
  });

  it("reads Roo Code's general and mode folders to their subfolders, and says Cline 4 reads none of its global folder's", () => {
    const { ws, home } = setUp();
    const roo = checkJson(ws, home, path.join(home, '.roo', 'rules'));
    expect([roo.status, roo.checked, roo.stderr]).toEqual([0, 1, '']);
    expect(checkJson(ws, home, path.join(home, '.roo', 'rules', 'sub')).checked).toBe(1);
    expect(checkJson(ws, home, path.join(home, '.roo', 'rules-code', 'deep')).checked).toBe(1);
    const cline = path.join(home, '.cline', 'rules');
    // Cline 4 and the Cline CLI read `~/.cline/rules` flat, and no older Cline read it: a subfolder's rule is never read.
    const bad = [[path.join(cline, 'sub', 'x.md'), 'rule/not-read']];
    expect(checkJson(ws, home, cline)).toEqual({ status: 0, paths: bad, checked: 1, stderr: '' });
    expect(checkJson(ws, home, path.join(cline, 'sub'))).toEqual({ status: 0, paths: bad, checked: 1, stderr: '' });
  });

  it('reports a file of a subfolder of ~/.roo/rules that Roo Code reads but agentls cannot', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n' });
    const home = writeTree(tempDir('agentls-home-'), { '.roo/rules/sub/c.md': '' });
    const bad = path.join(home, '.roo', 'rules', 'sub', 'c.md');
    fs.writeFileSync(bad, Buffer.from('bad \xff\n', 'latin1'));
    for (const named of [path.join(home, '.roo', 'rules'), path.join(home, '.roo', 'rules', 'sub')]) {
      expect(checkJson(ws, home, named)).toEqual({ status: 0, paths: [[bad, 'rule/invalid-utf8']], checked: 1, stderr: '' });
    }
  });

  it('refuses a subfolder of a folder its agent reads flat, naming that agent', () => {
    const { ws, home } = setUp();
    const kiro = path.join(home, '.kiro', 'steering');
    const refusedKiro = agentlsWithHome(ws, home, 'check', path.join(kiro, 'sub'));
    expect([refusedKiro.status, refusedKiro.stdout, refusedKiro.stderr]).toEqual([2, '', `agentls check: ${path.join(kiro, 'sub')}: Kiro reads the files of ${kiro} itself, not of its subfolders\n`]);
    // The folder itself: its own file alone.
    expect(checkJson(ws, home, kiro)).toEqual({ status: 0, paths: [], checked: 1, stderr: '' });
    const cursor = path.join(home, '.cursor', 'rules');
    const refusedCursor = agentlsWithHome(ws, home, 'check', path.join(cursor, 'sub'));
    expect([refusedCursor.status, refusedCursor.stderr]).toEqual([2, `agentls check: ${path.join(cursor, 'sub')}: the xcsh agent reads the files of ${cursor} itself, not of its subfolders\n`]);
  });

  it('says a folder holding nothing its agent reads was not checked', () => {
    const { ws, home } = setUp();
    writeTree(home, { '.continue/rules/other/readme.txt': 'x\n' });
    const named = path.join(home, '.continue', 'rules', 'other');
    const run = agentlsWithHome(ws, home, 'check', named);
    expect([run.status, run.stdout, run.stderr]).toEqual([2, '', `agentls check: ${named}: no file there was checked: it holds none that Continue reads\n`]);
  });
});
