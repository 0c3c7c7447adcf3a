import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * A misspelt glob or scope key (Continue's `glob:` for `globs:`, Copilot's `applyto:`, Claude
 * Code's `path:`, Kiro's `fileMatchPatterns:`, Windsurf's `triggers:`) through the built CLI:
 * each agent ignores a key it does not read, so the rule is applied as if the key were absent
 * (often always). Said as `frontmatter/unknown-key` naming the agent, fixed by renaming the
 * key; another tool's real key, and a correct file, stay as they were.
 */
const SOURCES = { '.git/HEAD': 'ref: refs/heads/main\n', 'src/a.ts': 'x\n' };

const SLIPS = {
  '.continue/rules/b.md': '---\nname: B\nglob: "src/**"\n---\nB\n',
  '.cursor/rules/a.mdc': '---\nGlobs: src/**/*.ts\n---\nA\n',
  '.github/instructions/a.instructions.md': '---\napply_to: "src/**"\n---\nA\n',
  '.claude/rules/a.md': '---\npath: "src/**"\n---\nA\n',
  '.kiro/steering/a.md': '---\ninclusion: fileMatch\nfileMatchPatterns: "src/**"\n---\nA\n',
  '.windsurf/rules/a.md': '---\ntriggers: always_on\n---\nA\n',
};

describe('a misspelt glob or scope key in agentls check', () => {
  it('is a warning naming the agent and what it does instead, with the rename as its fix', () => {
    const ws = writeTree(tempDir(), { ...SOURCES, ...SLIPS });
    const out = builtCli(['check'], { cwd: ws }).stdout;
    expect(out).toContain('.continue/rules/b.md:3:1: warning [frontmatter/unknown-key] Continue reads `globs`, not `glob`: it ignores this key, and applies the rule as if it were absent: always. Rename it to `globs`. (fixable)');
    expect(out).toContain('.cursor/rules/a.mdc:2:1: warning [frontmatter/unknown-key] Cursor reads `globs`, not `Globs`: it ignores this key, and applies the rule as if it were absent: only when it is named or attached by hand.');
    expect(out).toContain('.github/instructions/a.instructions.md:2:1: warning [frontmatter/unknown-key] GitHub Copilot reads `applyTo`, not `apply_to`');
    expect(out).toContain('.claude/rules/a.md:2:1: warning [frontmatter/unknown-key] Claude Code reads `paths`, not `path`: it ignores this key, and applies the rule as if it were absent: always.');
    expect(out).toContain('.kiro/steering/a.md:3:1: warning [frontmatter/unknown-key] Kiro reads `fileMatchPattern`, not `fileMatchPatterns`: it ignores this key, and applies the rule as if it were absent: to no file');
    expect(out).toContain('.windsurf/rules/a.md:2:1: warning [frontmatter/unknown-key] Windsurf reads `trigger`, not `triggers`: it ignores this key, and applies the rule as if it were absent: most likely only when it is named or attached by hand.');

    builtCli(['check', '--fix'], { cwd: ws });
    const read = (rel: string) => fs.readFileSync(path.join(ws, rel), 'utf8');
    expect(read('.continue/rules/b.md')).toBe('---\nname: B\nglobs: "src/**"\n---\nB\n');
    expect(read('.claude/rules/a.md')).toBe('---\npaths: "src/**"\n---\nA\n');
    expect(read('.github/instructions/a.instructions.md')).toBe('---\napplyTo: "src/**"\n---\nA\n');
    expect(builtCli(['check'], { cwd: ws }).stdout).not.toContain('frontmatter/unknown-key');
  });

  it('says nothing of keys the agent reads or another tool reads, nor beside the real key', () => {
    const ws = writeTree(tempDir(), {
      ...SOURCES,
      // Cursor ignores `name` and `agent` (seen in real rules); Kiro's `name` is Kiro's key, not a slip of Cursor's.
      '.cursor/rules/ok.mdc': '---\nname: Style\nagent: x\ndescription: House style\nglobs: src/**\n---\nA\n',
      '.continue/rules/both.md': '---\nname: Both\nglobs: "src/**"\nglob: "src/**"\n---\nB\n',
      '.claude/rules/ok.md': '---\npaths:\n  - "src/**"\n---\nC\n',
      '.kiro/steering/ok.md': '---\ninclusion: fileMatch\nfileMatchPattern: "src/**"\nname: ok\n---\nD\n',
    });
    const out = builtCli(['check'], { cwd: ws }).stdout;
    expect(out).not.toContain('frontmatter/unknown-key');
  });

  it("says nothing of a short key that is only the start of one the agent reads, but still of a cut-short yes/no key", () => {
    // `file`, `exclude`, `apply` are words of their own: taking them for `fileMatchPattern`, `excludeAgent`, `applyTo` is a guess.
    const ws = writeTree(tempDir(), {
      ...SOURCES,
      '.kiro/steering/a.md': '---\ninclusion: always\nfile: notes.md\n---\nA\n',
      '.github/instructions/a.instructions.md': '---\napplyTo: "src/**"\nexclude: "dist/**"\n---\nA\n',
      '.github/instructions/b.instructions.md': '---\napply: "src/**"\n---\nB\n',
      // `always` cut short of Cursor's yes/no `alwaysApply`: still a slip.
      '.cursor/rules/c.mdc': '---\nalways: true\n---\nC\n',
    });
    const out = builtCli(['check'], { cwd: ws }).stdout;
    expect(out).not.toContain('not `file`');
    expect(out).not.toContain('not `exclude`');
    expect(out).not.toContain('not `apply`');
    expect(out).toContain('.cursor/rules/c.mdc:2:1: warning [frontmatter/unknown-key] Cursor reads `alwaysApply`, not `always`');
  });
});
