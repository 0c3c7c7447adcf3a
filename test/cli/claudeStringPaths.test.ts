import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * Claude Code's docs show `paths` only as a YAML list; what it does with one string is not
 * documented (agents/claude.ts). The value gets a note saying so, whose fix writes the list;
 * Cline, whose source ignores a string `paths`, keeps its error.
 */
const STRING = '---\npaths: "**/*.test.ts"\n---\nTest rule.\n';

function check(ws: string, ...args: string[]): CheckJson['diagnostics'] {
  return (JSON.parse(builtCli(['check', '--format', 'json', ...args], { cwd: ws }).stdout) as CheckJson).diagnostics;
}

describe("Claude Code's `paths` written as one string", () => {
  it('gets an information note on the value, fixed into a one-item list; Cline keeps its error', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.claude/rules/t.md': STRING, '.clinerules/t.md': STRING, 'src/a.test.ts': '' });
    const found = check(ws);
    const claude = found.filter((d) => d.path === '.claude/rules/t.md');
    expect(claude).toEqual([
      expect.objectContaining({
        code: 'frontmatter/wrong-type',
        severity: 'information',
        range: { start: { line: 1, character: 7 }, end: { line: 1, character: 21 } },
        message: 'Claude Code\'s docs show `paths` only as a YAML list: how it reads one string is not documented (agentls takes it as the globs it names). Write a list: ["**/*.test.ts"].',
      }),
    ]);
    const cline = found.filter((d) => d.path === '.clinerules/t.md');
    expect(cline.map((d) => [d.code, d.severity])).toEqual([['frontmatter/wrong-type', 'error']]);
    expect(cline[0].message).toContain('Cline reads `paths` only as a YAML list of globs, not one string: it ignores `paths` and sends this rule with every request.');

    builtCli(['check', '--fix', '.claude/rules/t.md'], { cwd: ws });
    expect(fs.readFileSync(path.join(ws, '.claude', 'rules', 't.md'), 'utf8')).toBe('---\npaths: ["**/*.test.ts"]\n---\nTest rule.\n');
    expect(check(ws, '.claude/rules/t.md')).toEqual([]);
  });
});
