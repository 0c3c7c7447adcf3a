import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { manyImports } from '../helpers/manyImports';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * A memory file (Claude Code) or context file (Gemini CLI) whose imports lead to more than
 * agentls reads for one file (50 files, 4 MiB): the findings say where the walk stopped, so
 * that a clean result is never taken for a whole one.
 */
const importLines = (out: string) => out.split('\n').filter((l) => /\[(claude|gemini)\/import-/.test(l));

describe('an import walk cut short by agentls', () => {
  it('says where it stopped after 50 files, naming the agent, where a missing import lies past the cap', () => {
    const out = builtCli(['check'], { cwd: writeTree(tempDir(), manyImports(55, 53)) }).stdout;
    expect(importLines(out)).toEqual([
      "CLAUDE.md:51:1: information [claude/import-not-checked] agentls stopped following Claude Code's imports of this file after 50 imported files: the imports in the files below this import and below 4 more of this file's imports were not checked, so a missing file or a chain too deep there goes unreported.",
      "GEMINI.md:51:1: information [gemini/import-not-checked] agentls stopped following Gemini CLI's imports of this file after 50 imported files: the imports in the files below this import and below 4 more of this file's imports were not checked, so a missing file or a chain too deep there goes unreported; nor were any of this file's chains checked against the 5 levels Gemini CLI follows.",
    ]);
  });

  it('says nothing of a cap the walk stays within, and finds the missing import', () => {
    const out = builtCli(['check'], { cwd: writeTree(tempDir(), manyImports(45, 43)) }).stdout;
    expect(importLines(out).map((l) => l.slice(0, l.indexOf(']') + 1))).toEqual(['CLAUDE.md:43:1: warning [claude/import-missing]', 'GEMINI.md:43:1: warning [gemini/import-missing]']);
  });

  it('says where it stopped after 4 MiB, on the import whose file was left unread', () => {
    const tree = manyImports(5, 5);
    // Four files of about a megabyte leave too little of the 4 MiB for the fifth.
    for (let i = 1; i <= 5; i++) tree[`d/${i}.md`] = `${'x'.repeat(79)}\n`.repeat(12_500) + tree[`d/${i}.md`];
    const out = builtCli(['check'], { cwd: writeTree(tempDir(), tree) }).stdout;
    expect(importLines(out).map((l) => l.slice(0, l.indexOf(': the')))).toEqual([
      "CLAUDE.md:5:1: information [claude/import-not-checked] agentls stopped following Claude Code's imports of this file after 4 MiB of imported files",
      "GEMINI.md:5:1: information [gemini/import-not-checked] agentls stopped following Gemini CLI's imports of this file after 4 MiB of imported files",
    ]);
  });

  it("puts Gemini CLI's note on the first cut import without a finding of its own", () => {
    // a.md imports a missing file and 60 others, c.md one more: the second level passes 50 files below both.
    const bs = Array.from({ length: 60 }, (_, i) => `@./b/${i + 1}.md`).join('\n');
    const tree: Record<string, string> = { '.git/HEAD': 'ref: refs/heads/main\n', 'GEMINI.md': '@./a.md\n@./c.md\n', 'a.md': `@./gone.md\n${bs}\n`, 'c.md': '@./c2.md\n', 'c2.md': 'C2\n' };
    for (let i = 1; i <= 60; i++) tree[`b/${i}.md`] = `B ${i}\n`;
    const out = builtCli(['check'], { cwd: writeTree(tempDir(), tree) }).stdout;
    expect(importLines(out).map((l) => l.slice(0, l.indexOf(']') + 1))).toEqual(['GEMINI.md:1:1: warning [gemini/import-missing]', 'GEMINI.md:2:1: information [gemini/import-not-checked]']);
    expect(importLines(out)[1]).toContain("below this import and below 1 more of this file's imports");
  });
});
