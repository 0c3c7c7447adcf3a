import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * Codex reads a project's AGENTS.md in the folders from the project root down to where it runs, and
 * its global one in the Codex home (its guide and codex-rs/core/src/agents_md.rs: rules/agents/codex.ts),
 * so an AGENTS.md in the project's `.codex/` folder, as rule generators write it, is read only when
 * Codex runs inside `.codex/`. A note, since a dotfiles repository linked in as the Codex home is
 * read there. Before, check said nothing of it.
 */
describe("an AGENTS.md in the project's .codex folder", () => {
  it('is noted as read by Codex only inside .codex/; the root AGENTS.md and a package .codex are left alone', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      'AGENTS.md': 'Use tabs.\n',
      '.codex/AGENTS.md': 'Use tabs.\n',
      '.codex/config.toml': 'model = "x"\n',
      'pkg/.codex/AGENTS.md': 'Use tabs.\n',
    });
    const json = JSON.parse(builtCli(['check', '--format', 'json'], { cwd: ws }).stdout) as CheckJson;
    expect(json.diagnostics.map((d) => [d.path, d.severity, d.code, d.message])).toEqual([
      [
        '.codex/AGENTS.md',
        'information',
        'rule/not-read',
        "Codex reads a project's `AGENTS.md` in the folders from the project root down to where it runs, and its global one in the Codex home (`~/.codex`), not in the project's `.codex/` folder, so it reads this file only when it runs inside `.codex/`; where this repository is linked in as the Codex home (a dotfiles repository), Codex reads it as its global guidance.",
      ],
    ]);
  });
});
