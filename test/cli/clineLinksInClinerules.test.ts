import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { tempDir, writeTree } from '../helpers/repo';
import { agentlsWithHome } from '../helpers/cliWithHome';

/*
 * Every Cline keeps only the regular files of `.clinerules/` (rules/agents/cline.ts,
 * `CLINE_SKIPS_BROKEN_LINKS`, has the sources: Cline 4's and the Cline CLI's loader, and Cline
 * 3.x's `readDirectory`, whose recursive `readdir` never goes into a linked folder), as it does
 * those of `.cline/rules/`. A link to nothing was an error in `.clinerules/` and a warning in
 * `.cline/rules/`, though Cline passes over it without a word in both; a link to a folder in
 * `.clinerules/`, whose rules no Cline reads, and a link named as a `.txt` rule got nothing.
 */

function setUp(): string {
  const ws = writeTree(tempDir(), {
    '.git/HEAD': 'ref: refs/heads/main\n',
    'shared/s.txt': 'Shared rule.\n',
    'shared/dir/x.md': 'In a folder.\n',
    '.clinerules/ok.md': 'Use tabs.\n',
    '.cline/rules/plain.md': 'Plain.\n',
  });
  fs.symlinkSync('../shared/gone.md', path.join(ws, '.clinerules/gone.md'));
  fs.symlinkSync('../../shared/gone.md', path.join(ws, '.cline/rules/gone.md'));
  fs.symlinkSync('../shared/dir', path.join(ws, '.clinerules/dir'));
  fs.symlinkSync('../shared/s.txt', path.join(ws, '.clinerules/s.txt'));
  return ws;
}

describe('Symbolic links in .clinerules', () => {
  it('to nothing are the warning they are in .cline/rules, in the same words; to a folder or a .txt rule, an error naming Cline', () => {
    const ws = setUp();
    const home = tempDir('agentls-home-');
    const report = JSON.parse(agentlsWithHome(ws, home, 'check', '--format', 'json').stdout) as CheckJson;
    expect(report.diagnostics.map((d) => `${d.path} ${d.severity} ${d.code}`)).toEqual([
      '.cline/rules/gone.md warning rule/unreadable',
      '.clinerules/dir error rule/not-read',
      '.clinerules/gone.md warning rule/unreadable',
      '.clinerules/s.txt error rule/not-read',
    ]);
    const message = (p: string) => report.diagnostics.find((d) => d.path === p)!.message;
    // The same words, but for where each link leads.
    const leadsTo = /^This rule file is a symbolic link that leads to [^ ]+, which does not exist: /;
    expect(message('.clinerules/gone.md')).toMatch(leadsTo);
    expect(message('.clinerules/gone.md').replace(leadsTo, '')).toBe(message('.cline/rules/gone.md').replace(leadsTo, ''));
    expect(message('.clinerules/gone.md')).toMatch(/Cline skips it without a word/);
    // Not "in VS Code": the loader is the CLI's too.
    expect(message('.clinerules/gone.md')).not.toMatch(/VS Code/);
    expect(message('.clinerules/dir')).toMatch(/^Cline never reads the rules this symbolic link leads to: it is a link to a folder; .*Cline 3\.x, which read its subfolders too, never went into a linked one/);
    expect(message('.clinerules/s.txt')).toMatch(/^Cline never reads this file: it is a symbolic link/);
  });

  it('that the xcsh agent is judged for too keep its error on a link to nothing, beside the warning for Cline', () => {
    const ws = setUp();
    const report = JSON.parse(agentlsWithHome(ws, tempDir('agentls-home-'), 'check', '--format', 'json', '--agents', 'xcsh,cline').stdout) as CheckJson;
    const gone = report.diagnostics.filter((d) => d.path === '.clinerules/gone.md');
    expect(gone.map((d) => `${d.severity} ${d.code}`).sort()).toEqual(['error rule/unreadable', 'warning rule/unreadable']);
    expect(gone.find((d) => d.severity === 'error')!.message).toMatch(/: the xcsh agent cannot read a rule from it\.$/);
    expect(gone.find((d) => d.severity === 'warning')!.message).toMatch(/: Cline skips it without a word/);
  });

  it('are listed as not read by Cline, out of its totals', () => {
    const text = agentlsWithHome(setUp(), tempDir('agentls-home-'), 'rules').stdout;
    expect(text).toContain('not counted: .clinerules/dir (not read by Cline: a symbolic link to a folder)');
    expect(text).toContain('not counted: .clinerules/s.txt (not read by Cline: a symbolic link)');
    expect(text).toMatch(/^ {2}ok +\.clinerules\/ok\.md .* always, in every request/m);
  });
});
