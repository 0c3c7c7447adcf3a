import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * GitHub Copilot reads its repository-wide instructions from `.github/copilot-instructions.md`
 * alone, and the files of `.github/instructions/` only when named `NAME.instructions.md` (GitHub's
 * docs, rules/agents/copilot.ts): the repository-wide file put in the instructions folder, or saved
 * under a slip of its name, is never read. Before, check said nothing of either.
 */
describe("Copilot's repository-wide instructions under a name or in a folder Copilot never reads", () => {
  it('says each is never read, with where to move it; leaves the right file and a case-only difference alone', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.github/instructions/copilot-instructions.md': 'Use tabs.\n',
      '.github/copilot-instruction.md': 'Use tabs.\n',
      'web/.github/copilot_instructions.md': 'Use tabs.\n',
      'api/.github/copilot-instructions.md': 'Use tabs.\n',
      'docs/.github/Copilot-Instructions.md': 'Use tabs.\n',
    });
    const json = JSON.parse(builtCli(['check', '--format', 'json'], { cwd: ws }).stdout) as CheckJson;
    const notRead = json.diagnostics.filter((d) => d.code === 'rule/not-read' && d.severity === 'warning').map((d) => [d.path, d.severity, d.message]);
    expect(notRead).toEqual([
      [
        '.github/copilot-instruction.md',
        'warning',
        'GitHub Copilot reads its repository-wide instructions from `.github/copilot-instructions.md`, and this file is `copilot-instruction.md`: GitHub Copilot never reads this file. Move it to `.github/copilot-instructions.md`.',
      ],
      [
        '.github/instructions/copilot-instructions.md',
        'warning',
        'GitHub Copilot reads the repository-wide `copilot-instructions.md` in `.github/` itself, and files in `.github/instructions/` only when named `NAME.instructions.md`: GitHub Copilot never reads this file. Move it to `.github/copilot-instructions.md`.',
      ],
      [
        'web/.github/copilot_instructions.md',
        'warning',
        'GitHub Copilot reads its repository-wide instructions from `.github/copilot-instructions.md`, and this file is `copilot_instructions.md`: GitHub Copilot never reads this file. Move it to `web/.github/copilot-instructions.md`.',
      ],
    ]);
    // The right name in a package is a note of where it is read (Copilot CLI), as before; a case-only difference is not judged.
    expect(json.diagnostics.some((d) => d.path.startsWith('docs/'))).toBe(false);
    expect(json.diagnostics.find((d) => d.path === 'api/.github/copilot-instructions.md')?.severity).toBe('information');
  });
});
