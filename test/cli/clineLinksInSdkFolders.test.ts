import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { tempDir, writeTree } from '../helpers/repo';
import { agentlsWithHome } from '../helpers/cliWithHome';

/*
 * Cline 4 and the Cline CLI list `.cline/rules/`, `~/.cline/rules/` and `~/Documents/Cline/Rules/`
 * keeping the entries whose `isFile()` is true (discovery.ts, `clineLinks`, has the source): a
 * symbolic link there, to a rule file or to a folder, is never read. agentls said nothing of one.
 * Cline 3.x read `~/Documents/Cline/Rules/` too, with the same filter (its `readDirectory`), so a
 * link there is said of every Cline, as one in `.clinerules/` is; `.cline/rules/` and
 * `~/.cline/rules/` are Cline 4's alone.
 */

function setUp(): { ws: string; home: string } {
  const elsewhere = writeTree(tempDir('agentls-elsewhere-'), { 'g.md': 'Global, linked.\n', 'shared/x.md': 'In a linked folder.\n' });
  const ws = writeTree(tempDir(), {
    '.git/HEAD': 'ref: refs/heads/main\n',
    'shared/s.md': 'Shared rule.\n',
    'shared/dir/x.md': 'In a folder.\n',
    '.clinerules/ok.md': '---\nname: Style\nenabled: true\n---\nUse tabs.\n',
    '.cline/rules/plain.md': 'Plain.\n',
    'notes.json': '{}\n',
  });
  fs.symlinkSync('../../shared/s.md', path.join(ws, '.cline/rules/linked.md'));
  fs.symlinkSync('../../shared/dir', path.join(ws, '.cline/rules/dir'));
  // A link to nothing: no rule behind it, which Cline passes over without a word.
  fs.symlinkSync('../../shared/gone.md', path.join(ws, '.cline/rules/gone.md'));
  // Cline's loader stats `AGENTS.md` in each folder, following a link; a linked `.json` it would not read as a rule anyway.
  fs.symlinkSync('../../shared/s.md', path.join(ws, '.cline/rules/AGENTS.md'));
  fs.symlinkSync('../../notes.json', path.join(ws, '.cline/rules/notes.json'));
  // Two names: Cline 4 keeps one rule of an id, the one of `~/Documents/Cline/Rules` (rules/agents/clineIds.ts).
  const home = writeTree(tempDir('agentls-home-'), { '.cline/rules/own.md': 'Own.\n', 'Documents/Cline/Rules/docs.md': 'Own too.\n' });
  fs.symlinkSync(path.join(elsewhere, 'g.md'), path.join(home, '.cline/rules/g.md'));
  fs.symlinkSync(path.join(elsewhere, 'shared'), path.join(home, 'Documents/Cline/Rules/shared'));
  fs.symlinkSync(path.join(elsewhere, 'g.md'), path.join(home, 'Documents/Cline/Rules/linked.md'));
  return { ws, home };
}

const shown = (home: string, p: string) => (p.startsWith(home) ? `~/${path.relative(home, p)}` : p);

describe('Symbolic links in the rule folders Cline 4 reads', () => {
  it('get an error naming the Clines that read the folder, a linked file or a linked folder, as in .clinerules; a link to nothing a warning; nothing else is said', () => {
    const { ws, home } = setUp();
    const report = JSON.parse(agentlsWithHome(ws, home, 'check', '--format', 'json', '.', path.join(home, '.cline', 'rules'), path.join(home, 'Documents', 'Cline', 'Rules')).stdout) as CheckJson;
    const said = report.diagnostics.map((d) => `${shown(home, d.path)} ${d.severity} ${d.code}`);
    // The rules behind a link are never sent, as behind a link in `.clinerules/` (checkClineLinks.test.ts): Cline does other than they say.
    expect(said).toEqual([
      '.cline/rules/dir error rule/not-read',
      '.cline/rules/gone.md warning rule/unreadable',
      '.cline/rules/linked.md error rule/not-read',
      '~/.cline/rules/g.md error rule/not-read',
      '~/Documents/Cline/Rules/linked.md error rule/not-read',
      '~/Documents/Cline/Rules/shared error rule/not-read',
    ]);
    const message = (p: string) => report.diagnostics.find((d) => shown(home, d.path) === p)!.message;
    expect(message('.cline/rules/linked.md')).toMatch(/^Cline 4 and the Cline CLI never read this file: it is a symbolic link, and they read only the regular files of `\.cline\/rules`/);
    expect(message('~/.cline/rules/g.md')).toContain('the regular files of `~/.cline/rules`');
    expect(message('.cline/rules/gone.md')).toMatch(/^This rule file is a symbolic link that leads to \.\.\/\.\.\/shared\/gone\.md, which does not exist: Cline skips it without a word, so no rule comes from it .*Put the rule file itself here, or remove it\.$/);
    expect(message('~/.cline/rules/g.md')).toMatch(/^Cline 4 and the Cline CLI never read this file/);
    // Cline 3.x read ~/Documents/Cline/Rules and kept its regular files alone too: every Cline is named, as in .clinerules.
    expect(message('~/Documents/Cline/Rules/linked.md')).toBe('Cline never reads this file: it is a symbolic link, and Cline reads only the regular files of its rules folder. Put the file itself here.');
    expect(message('~/Documents/Cline/Rules/shared')).toMatch(/^Cline never reads the rules this symbolic link leads to: it is a link to a folder; Cline 4 and the Cline CLI read only the regular files directly in `~\/Documents\/Cline\/Rules` .*, and Cline 3\.x, which read its subfolders too, never went into a linked one /);
  });

  it('are listed as not read in Cline\'s rules, out of its totals', () => {
    const { ws, home } = setUp();
    const text = agentlsWithHome(ws, home, 'rules').stdout;
    expect(text).toContain('not counted: .cline/rules/linked.md (not read by Cline 4 and the Cline CLI: a symbolic link)');
    expect(text).toContain('not counted: .cline/rules/dir (not read by Cline 4 and the Cline CLI: a symbolic link to a folder)');
    expect(text).toContain('not counted: ~/.cline/rules/g.md (not read by Cline 4 and the Cline CLI: a symbolic link)');
    expect(text).toContain('not counted: ~/Documents/Cline/Rules/shared (not read by Cline: a symbolic link to a folder)');
    expect(text).toContain('not counted: ~/Documents/Cline/Rules/linked.md (not read by Cline: a symbolic link)');
    expect(text).not.toMatch(/not counted: .*(AGENTS\.md|notes\.json)/);
    // The regular files beside the links are Cline's rules as before.
    expect(text).toMatch(/^ {2}own +~\/\.cline\/rules\/own\.md .* always, in every request/m);
  });
});
