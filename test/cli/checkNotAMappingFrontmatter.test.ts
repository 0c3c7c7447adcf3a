import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * A rule file whose frontmatter is a YAML list or a single value (`---\npa\n---`): its tool
 * reads no key from it, so the rule applies as one without keys (always, or only by hand),
 * not as its author wrote. Each tool's lint says so, as the xcsh agent's does for the files
 * it reads, at the same spot (said as one message there).
 */
const SCALAR = '---\npa\n---\nUse the API client.\n';
const LIST = '---\n- src/**/*.ts\n- test/**\n---\nUse the API client.\n';

function notAMapping(tree: Record<string, string>): Map<string, CheckJson['diagnostics']> {
  const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', ...tree });
  const run = builtCli(['check', '--format', 'json'], { cwd: ws });
  const report = JSON.parse(run.stdout) as CheckJson;
  const byPath = new Map<string, CheckJson['diagnostics']>();
  for (const d of report.diagnostics) byPath.set(d.path, [...(byPath.get(d.path) ?? []), d]);
  return byPath;
}

describe('agentls check on a rule file whose frontmatter is not `key: value` pairs', () => {
  it("Claude Code's .claude/rules: an error saying it reads no key, so the rule loads always, and that the reading is undocumented", () => {
    const found = notAMapping({ '.claude/rules/api.md': SCALAR, '.claude/rules/list.md': LIST });
    for (const [file, kind] of [['.claude/rules/api.md', 'a single value'], ['.claude/rules/list.md', 'a list']]) {
      const d = found.get(file)?.find((x) => x.code === 'frontmatter/not-a-mapping');
      expect(d, file).toMatchObject({ severity: 'error', range: { start: { line: 1, character: 0 } } });
      expect(d!.message).toBe(
        `The frontmatter is ${kind}, not \`key: value\` pairs: Claude Code reads no key from it, so in Claude Code this rule is applied always: its docs load a rule without \`paths\` unconditionally; how it reads frontmatter that is not \`key: value\` pairs is not documented.`,
      );
    }
  });

  it("Copilot's .instructions.md: the cause is said, not again as a missing applyTo", () => {
    const found = notAMapping({ '.github/instructions/api.instructions.md': SCALAR });
    const codes = found.get('.github/instructions/api.instructions.md')!.map((d) => d.code);
    expect(codes).toEqual(['frontmatter/not-a-mapping']);
    expect(found.get('.github/instructions/api.instructions.md')![0].message).toContain('GitHub Copilot reads no key from it, so in GitHub Copilot this rule is not applied by itself (only attached by hand)');
  });

  it('Cursor, Windsurf and Cline in a project with .xcsh: the tool and the xcsh agent said in one finding', () => {
    const found = notAMapping({ '.xcsh/.keep': '', '.cursor/rules/api.mdc': LIST, '.windsurf/rules/api.md': SCALAR, '.clinerules/api.md': LIST });
    const said = (file: string) => found.get(file)?.filter((d) => d.code === 'frontmatter/not-a-mapping').map((d) => d.message) ?? [];
    expect(said('.cursor/rules/api.mdc')).toEqual([expect.stringMatching(/^The frontmatter is a list, not `key: value` pairs: Cursor reads no key from it, so in Cursor this rule is applied only when @-mentioned: .* The xcsh agent spreads it into numbered keys/)]);
    expect(said('.windsurf/rules/api.md')).toEqual([expect.stringMatching(/^The frontmatter is a single value, not `key: value` pairs: Windsurf reads no key from it, so in Windsurf this rule is most likely .*a rule without `trigger`, are not documented\. The xcsh agent spreads/)]);
    expect(said('.clinerules/api.md')).toEqual([expect.stringMatching(/^The frontmatter is a list, not `key: value` pairs: Cline reads no key from it, so in Cline this rule is applied always: its source .* The xcsh agent spreads/)]);
  });

  it('frontmatter of `key: value` pairs, or an empty block, gets no such finding', () => {
    const found = notAMapping({ '.claude/rules/api.md': '---\npaths:\n  - "src/**"\n---\nUse it.\n', '.github/instructions/e.instructions.md': '---\n---\nText.\n', 'src/a.ts': '' });
    for (const list of found.values()) expect(list.map((d) => d.code)).not.toContain('frontmatter/not-a-mapping');
  });
});
