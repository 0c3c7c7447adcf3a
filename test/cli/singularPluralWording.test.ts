import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { agentlsWithHome } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/** A workspace with a package's one-token Cursor rule and an AGENTS.md with frontmatter, and an empty home. */
function workspace(): { ws: string; home: string } {
  const ws = writeTree(tempDir(), {
    '.git/HEAD': 'ref: refs/heads/main\n',
    'packages/web/.cursor/rules/tiny.mdc': '---\nglobs: "**/*.ts"\n---\nHi\n',
    'packages/web/a.ts': 'export const a = 1;\n',
    'AGENTS.md': '---\ndescription: House style\n---\nBe brief.\n',
  });
  return { ws, home: writeTree(tempDir('agentls-home-'), {}) };
}

describe('agentls words a count of one and a name of many tools grammatically', () => {
  it('a nested-folder rule of one token says "≈1 token"', () => {
    const { ws, home } = workspace();
    const run = agentlsWithHome(ws, home, 'rules');
    expect(run.status, run.stderr).toBe(0);
    // "Hi\n" is 3 UTF-8 bytes: one token at bytes / 4, rounded up.
    expect(run.stdout).toMatch(/^ {2}tiny +packages\/web\/\.cursor\/rules\/tiny\.mdc {2}glob \*\*\/\*\.ts · ≈1 token$/m);
  });

  it('a one-token rule sent in every request is "≈1 token", in the report for a file and in the totals', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.cursor/rules/one.mdc': '---\nalwaysApply: true\n---\nHi\n', 'a.ts': 'export const a = 1;\n' });
    const home = writeTree(tempDir('agentls-home-'), {});
    const forFile = agentlsWithHome(ws, home, 'rules', '--for', 'a.ts');
    expect(forFile.status, forFile.stderr).toBe(0);
    expect(forFile.stdout).toContain('Cursor: 1 applies, ≈1 token sent in every request\n');
    const totals = agentlsWithHome(ws, home, 'rules');
    expect(totals.stdout).toMatch(/^ {2}Cursor: ≈1 token in every request$/m);
  });

  it('frontmatter/sent-as-text on AGENTS.md speaks of "AGENTS.md readers" in the plural', () => {
    const { ws, home } = workspace();
    const run = agentlsWithHome(ws, home, 'check', '--format', 'json');
    const found = (JSON.parse(run.stdout) as CheckJson).diagnostics.filter((d) => d.path === 'AGENTS.md' && d.code === 'frontmatter/sent-as-text');
    expect(found.map((d) => d.message)).toEqual(['AGENTS.md readers send this file whole in every request and document no frontmatter for it: this block most likely reaches their models as text.']);
  });

  it("the AGENTS.md readers' section of agentls rules says how they apply each, in the plural", () => {
    const { ws, home } = workspace();
    const run = agentlsWithHome(ws, home, 'rules');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^AGENTS\.md readers, rules for the whole workspace \(1\): how AGENTS\.md readers apply each; those "always" are in their "Sent in every request" total$/m);
  });
});
