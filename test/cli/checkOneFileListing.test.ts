import { describe, expect, it } from 'vitest';
import { agentlsWithHome } from '../helpers/cliWithHome';
import { commitAll } from '../helpers/git';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * `agentls check FILE` (a format-on-save or pre-commit hook) judges a rule file's globs
 * against the files a whole `agentls check` lists, so one file reads the same either way.
 * In a git work tree that is git's listing, where a tracked file stays listed though an
 * ignore rule names it ("Files already tracked by Git are not affected", gitignore(5)).
 */
describe('agentls check on one rule file in a git work tree', () => {
  it('says what the whole check says of it, a tracked file an ignore rule names counted and offered', () => {
    const ws = commitAll(
      writeTree(tempDir(), {
        'generated/api.ts': 'export {}\n',
        'src/main.ts': 'export {}\n',
        '.cursor/rules/api.mdc': '---\ndescription: API\nglobs: ["generated/**/*.ts", "gen2/**"]\n---\nDo not edit by hand.\n',
      }),
    );
    writeTree(ws, { '.gitignore': 'generated/\n' });
    const home = tempDir('agentls-home-');

    const whole = agentlsWithHome(ws, home, 'check', '--format', 'json');
    const one = agentlsWithHome(ws, home, 'check', '--format', 'json', '.cursor/rules/api.mdc');
    const diagnostics = (stdout: string) => (JSON.parse(stdout) as { diagnostics: { path: string; code: string; message: string }[] }).diagnostics;
    const wholeOfFile = diagnostics(whole.stdout).filter((d) => d.path === '.cursor/rules/api.mdc');
    expect(wholeOfFile.map((d) => d.code)).toEqual(['context/dead-glob']);
    // The tracked file is among the workspace's files: counted, and offered as the nearest.
    expect(wholeOfFile[0].message).toContain('matches none of the 4 files of the workspace');
    expect(wholeOfFile[0].message).toContain('Nearest existing: generated/api.ts.');
    expect([one.status, diagnostics(one.stdout)]).toEqual([whole.status, wholeOfFile]);
  });
});
