import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * Kiro's own `fileMatchPattern` in a steering file whose inclusion is not `fileMatch`: Kiro reads
 * the pattern with `inclusion: fileMatch` alone and includes a file without `inclusion` always
 * (kiro.dev/docs/steering, "Conditional inclusion", "Inclusion modes"), so the file written to be
 * scoped is sent in every interaction (a warning); under another inclusion written out, the
 * pattern alone is idle (a note). Before, check said nothing of either.
 */
const TREE = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  'src/a.ts': 'x\n',
  '.kiro/steering/none.md': '---\nfileMatchPattern: "src/**/*.ts"\n---\nUse tabs.\n',
  '.kiro/steering/manual.md': '---\ninclusion: manual\nfileMatchPattern: ["src/**/*.ts"]\n---\nUse tabs.\n',
  '.kiro/steering/scoped.md': '---\ninclusion: fileMatch\nfileMatchPattern: "src/**/*.ts"\n---\nUse tabs.\n',
  '.kiro/steering/blank.md': '---\ninclusion: always\nfileMatchPattern: ""\n---\nUse tabs.\n',
};

describe('agentls check of a Kiro fileMatchPattern without inclusion: fileMatch', () => {
  it('warns where no inclusion makes Kiro include the file always, notes an idle pattern under another inclusion', () => {
    const ws = writeTree(tempDir(), TREE);
    const json = JSON.parse(builtCli(['check', '--format', 'json'], { cwd: ws }).stdout) as CheckJson;
    const said = json.diagnostics.map((d) => [d.path, d.range.start.line, d.severity, d.code]);
    expect(said).toEqual([
      ['.kiro/steering/manual.md', 2, 'information', 'rule/foreign-key'],
      ['.kiro/steering/none.md', 1, 'warning', 'rule/foreign-key'],
    ]);
    const none = json.diagnostics.find((d) => d.path === '.kiro/steering/none.md')!;
    expect(none.message).toBe(
      'This steering file has a `fileMatchPattern` but no `inclusion`: Kiro reads the pattern only with `inclusion: fileMatch`, and its default inclusion is `always`, so it includes the file in every interaction, not only for matching files (kiro.dev/docs/steering, "Inclusion modes"). Add `inclusion: fileMatch`.',
    );
    expect(json.diagnostics.find((d) => d.path === '.kiro/steering/manual.md')!.message).toContain('under `inclusion: manual` it includes the file only when it is named with `#` in chat, so this pattern does nothing');
  });
});
