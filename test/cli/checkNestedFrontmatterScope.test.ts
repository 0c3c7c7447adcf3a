import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { tempDir, writeTree } from '../helpers/repo';
import { builtCli } from '../helpers/cliWithHome';

/*
 * A package's own .cursor/rules reaches only files under the package (Cursor scopes a nested
 * rule folder to its folder: server/rules/context/nestedRules.ts has the source). What check
 * says a misplaced frontmatter block changes names that package, as the hover on a key does.
 */
const FILES = {
  // A second block below the first: Cursor reads the first (description) only.
  'packages/web/.cursor/rules/repeated.mdc': '---\ndescription: Web\n---\n---\nglobs: src/**\nalwaysApply: false\n---\nUse tokens.\n',
  // A block after the rule text: Cursor sees no frontmatter.
  'packages/web/.cursor/rules/stranded.mdc': 'Use tokens.\n\nglobs: src/**\nalwaysApply: false\n---\n',
  'packages/web/src/a.ts': 'export const a = 1;\n',
};

describe("a package's nested Cursor rule with a misplaced frontmatter block", () => {
  it('is said by check to attach to files under the package matching its globs, not to files matching them anywhere', () => {
    const ws = writeTree(tempDir(), FILES);
    const run = builtCli(['check', '--format', 'json'], { cwd: ws, root: ws });
    const found = (JSON.parse(run.stdout) as CheckJson).diagnostics.map((d) => [d.path, d.code, d.message]);
    expect(found).toEqual([
      [
        'packages/web/.cursor/rules/repeated.mdc',
        'frontmatter/repeated',
        'Cursor reads only the first frontmatter block of a rule file. This second block below it is sent as rule text, and its keys change nothing: the rule is applied when the model judges its description relevant, not attached to files under packages/web/ matching "src/**". Merge the two blocks into one.',
      ],
      [
        'packages/web/.cursor/rules/stranded.mdc',
        'frontmatter/not-at-start',
        "Cursor reads frontmatter only at the top of a rule file, and this file's block comes at the end, after the rule text, with no `---` on the first line: Cursor sees no frontmatter, so the rule is applied only when @-mentioned instead of attached to files under packages/web/ matching \"src/**\", and the block is sent as rule text. Move the block to the top, between two `---` lines.",
      ],
    ]);
  });

  it('is said of a root rule as attached to files matching its globs, with no folder', () => {
    const ws = writeTree(tempDir(), { '.cursor/rules/repeated.mdc': FILES['packages/web/.cursor/rules/repeated.mdc'] });
    const run = builtCli(['check', '--format', 'json'], { cwd: ws, root: ws });
    const found = (JSON.parse(run.stdout) as CheckJson).diagnostics.filter((d) => d.code === 'frontmatter/repeated').map((d) => d.message);
    expect(found).toEqual([expect.stringContaining('not attached to files matching "src/**". Merge')]);
  });
});
