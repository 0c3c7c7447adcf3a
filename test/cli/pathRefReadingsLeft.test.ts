import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * A Cursor mdc: link or a Kiro #[[file:…]] reference that names no file, where one of its
 * readings (from the workspace folder) leads out of the workspace: agentls does not look there,
 * so the finding says that reading was not tried, where it said both were.
 */
const TREE = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  '.cursor/rules/a.mdc': '---\ndescription: d\nalwaysApply: true\n---\nSee [x](mdc:../../docs/x.md) and [y](mdc:docs/y.md).\n',
  '.kiro/steering/a.md': '# A\n\n#[[file:../specs/x.md]]\n',
};

describe('agentls check of a missing mdc: link or Kiro file reference with a reading out of the workspace', () => {
  it('names the reading that was tried and the one that leads out, and keeps "both were tried" where both were', () => {
    const json = JSON.parse(builtCli(['check', '--format', 'json'], { cwd: writeTree(tempDir(), TREE) }).stdout) as CheckJson;
    const messages = json.diagnostics.map((d) => d.message);
    expect(messages).toContain(
      "No file at `mdc:../../docs/x.md`, read from this rule's folder (Cursor's documentation does not say what an mdc: link's path is relative to; read from the workspace folder it leads out of the workspace, where agentls does not look): the file may have been renamed or deleted, and Cursor gets a link to nothing.",
    );
    expect(messages.find((m) => m.startsWith('No file at `mdc:docs/y.md`'))).toContain('so both were tried');
    expect(messages).toContain(
      "No file at `../specs/x.md`, read from this steering file's folder (Kiro's docs do not say which folder it means; read from the workspace folder it leads out of the workspace, where agentls does not look): Kiro has no file to include here. Renamed or deleted?",
    );
  });
});
