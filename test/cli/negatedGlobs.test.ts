import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * A glob with a leading `!` through the built CLI: gitignore(5), minimatch and picomatch read
 * the `!` as "not", so the `**` after it is not glued. What each agent does with the `!` is said
 * from its source (Cline's picomatch, rules/agents/cline.ts), or said to be unknown where its
 * docs are silent; never a glued `**`.
 */
const SOURCES = { '.git/HEAD': 'ref: refs/heads/main\n', 'src/a.ts': 'x\n', 'src/a.test.ts': 'x\n' };

function checked(rules: Record<string, string>): string {
  const ws = writeTree(tempDir(), { ...SOURCES, ...rules });
  return builtCli(['check'], { cwd: ws }).stdout;
}

describe('globs with a leading ! in agentls check', () => {
  it('says the docs are silent on `!` for Claude Code, GitHub Copilot and Cursor, and calls no `**` glued', () => {
    const out = checked({
      '.claude/rules/ts.md': '---\npaths:\n  - "src/**/*.ts"\n  - "!**/*.test.ts"\n---\nText.\n',
      '.github/instructions/ts.instructions.md': '---\napplyTo: "src/**/*.ts, !**/*.test.ts"\n---\nText.\n',
      '.cursor/rules/ts.mdc': '---\nglobs: src/**/*.ts, !**/*.test.ts\n---\nText.\n',
    });
    expect(out).not.toContain('glued');
    expect(out).toContain(".claude/rules/ts.md:4:5: information [frontmatter/glob-not-checked] agentls does not check the glob `!**/*.test.ts`: Claude Code's docs do not say how it reads a leading `!`");
    expect(out).toContain(".github/instructions/ts.instructions.md:2:10: information [frontmatter/glob-not-checked] agentls does not check the glob `!**/*.test.ts`: GitHub Copilot's docs do not say how it reads a leading `!`");
    expect(out).toContain(".cursor/rules/ts.mdc:2:8: information [frontmatter/glob-not-checked] agentls does not check the glob `!**/*.test.ts`: Cursor's docs do not say how it reads a leading `!`");
  });

  it("says Cline's picomatch matches a `!` glob on its own, so it excludes nothing", () => {
    const out = checked({ '.clinerules/ts.md': '---\npaths:\n  - "src/**/*.ts"\n  - "!**/*.test.ts"\n---\nText.\n' });
    expect(out).not.toContain('glued');
    expect(out).toMatch(/\.clinerules\/ts\.md:4:5: warning \[frontmatter\/invalid-glob\] Cline does not match `!\*\*\/\*\.test\.ts` as meant: .*picomatch.*attaches the rule to nearly every file instead of excluding these/);
  });

  it('still judges the glob after the `!`: a glued `**` there is said, and the repair keeps the `!`', () => {
    const out = checked({ '.claude/rules/ts.md': '---\npaths:\n  - "src/**/*.ts"\n  - "!src/**.test.ts"\n---\nText.\n' });
    expect(out).toContain('.claude/rules/ts.md:4:5: warning [frontmatter/invalid-glob] Claude Code does not match `!src/**.test.ts` as meant: `**` crosses folders only as a whole path segment');
    expect(out).toContain('Write "!src/**/*.test.ts".');
  });
});
