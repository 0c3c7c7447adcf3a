import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * A `copilot-instructions.md` in `.github/instructions/` is never read by Copilot (GitHub's docs:
 * rules/agents/copilot.ts). One written with `applyTo`, the key of path-specific files alone, is a
 * path-specific file whose name slipped: check sends it to `NAME.instructions.md` beside it, not
 * over the repository-wide `.github/copilot-instructions.md`, where its `applyTo` means nothing.
 */
describe('a copilot-instructions.md with applyTo in .github/instructions', () => {
  it('is told to take the path-specific name; one without applyTo still goes to .github/', () => {
    const files = { '.git/HEAD': 'ref: refs/heads/main\n', '.github/copilot-instructions.md': 'Use tabs.\n' };
    const withKey = writeTree(tempDir(), { ...files, '.github/instructions/copilot-instructions.md': '---\napplyTo: "**/*.go"\n---\nWrap errors.\n' });
    const without = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.github/instructions/copilot-instructions.md': 'Wrap errors.\n' });
    const advice = (cwd: string) =>
      (JSON.parse(builtCli(['check', '--format', 'json'], { cwd }).stdout) as CheckJson).diagnostics.filter((d) => d.code === 'rule/not-read').map((d) => [d.path, d.severity, d.message.slice(d.message.indexOf('never reads this file.'))]);
    expect(advice(withKey)).toEqual([['.github/instructions/copilot-instructions.md', 'warning', 'never reads this file. Move it to `.github/instructions/copilot-instructions.instructions.md`.']]);
    expect(advice(without)).toEqual([['.github/instructions/copilot-instructions.md', 'warning', 'never reads this file. Move it to `.github/copilot-instructions.md`.']]);
  });
});
