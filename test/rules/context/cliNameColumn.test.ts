import { describe, expect, it } from 'vitest';
import { builtCliAsync } from '../../helpers/cliWithHome';
import { tempDir, writeTree } from '../../helpers/repo';

/** A rule whose name is past the column's cap: it gets a line of its own. */
const LONG = '.github/instructions/a-name-much-longer-than-the-name-column-holds.instructions.md';

/**
 * Names longer than a fixed column (Copilot's rules are named by their paths, Claude Code's
 * imports say who imports them) in a Claude Code and Copilot project.
 */
const TREE = {
  '.git/HEAD': '',
  'CLAUDE.md': '# Project\n\nSee @AGENTS.md.\n',
  'AGENTS.md': '# Agents\n\nRun npm test.\n',
  '.claude/rules/api.md': '---\npaths:\n  - "src/**/*.ts"\n---\nValidate inputs.\n',
  '.github/instructions/comma.instructions.md': '---\napplyTo: "src/**/*.ts"\n---\nNamed exports.\n',
  [LONG]: '---\napplyTo: "src/**/*.ts"\n---\nLong name.\n',
  'src/a.ts': 'export const a = 1;\n',
};

/** The column where the text after `name` starts on the row naming it: -1 when the name is alone on its line. */
function nextColumn(out: string, name: string, lead: string): number {
  const line = out.split('\n').find((l) => (l.startsWith(lead) && l.slice(lead.length).startsWith(`${name} `)) || l === `${lead}${name}`);
  expect(line, `a row for ${name}`).toBeDefined();
  const after = line!.slice(lead.length + name.length);
  return after.trim() === '' ? -1 : lead.length + name.length + after.length - after.trimStart().length;
}

describe('the name column of agentls rules and rules --for fits the names shown', () => {
  it('agentls rules: every agent section starts its second column at one place, a name past the cap on its own line', async () => {
    const ws = writeTree(tempDir(), TREE);
    const { stdout } = await builtCliAsync(['rules'], { cwd: ws, mustSucceed: true });
    const columns = ['CLAUDE.md', '.claude/rules/api.md', 'AGENTS.md (imported by CLAUDE.md)', '.github/instructions/comma.instructions.md'].map((n) => nextColumn(stdout, n, '  '));
    expect(new Set(columns).size, stdout).toBe(1);
    expect(nextColumn(stdout, LONG, '  ')).toBe(-1);
    // The row below the long name starts at the same column as the others.
    const lines = stdout.split('\n');
    const below = lines[lines.indexOf(`  ${LONG}`) + 1];
    expect(below.length - below.trimStart().length).toBe(columns[0]);
  });

  it('agentls rules --for: the token column starts at one place on every row', async () => {
    const ws = writeTree(tempDir(), TREE);
    const { stdout } = await builtCliAsync(['rules', '--for', 'src/a.ts'], { cwd: ws, mustSucceed: true });
    const columns = [['+', 'CLAUDE.md'], ['+', 'AGENTS.md (imported by CLAUDE.md)'], ['+', '.github/instructions/comma.instructions.md']].map(([mark, n]) => nextColumn(stdout, n, `  ${mark} `));
    expect(new Set(columns).size, stdout).toBe(1);
    expect(nextColumn(stdout, LONG, '  + ')).toBe(-1);
    const lines = stdout.split('\n');
    const below = lines[lines.indexOf(`  + ${LONG}`) + 1];
    expect(below.length - below.trimStart().length).toBe(columns[0]);
    expect(below.trimStart()).toMatch(/^≈\d+ tok/);
  });
});
