import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { tempDir, writeTree } from '../helpers/repo';
import { agentlsWithHome } from '../helpers/cliWithHome';

/*
 * A `trigger` in Windsurf's global_rules.md: Windsurf sends that file whole and reads no
 * frontmatter in it (its placement in rules/agents/windsurf.ts; `sentWhole` gives the
 * sources), so the trigger picks nothing there and reaches Windsurf's model as text. The
 * finding must not say Windsurf applies the rule always, or only when @-mentioned, by its
 * trigger, nor offer to add keys Windsurf would also send as text.
 */

function check(globalRules: string): CheckJson['diagnostics'] {
  const ws = writeTree(tempDir(), {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.xcsh/rules/keep.md': '---\nalwaysApply: true\n---\nKeep.\n',
  });
  const home = writeTree(tempDir('agentls-home-'), { '.codeium/windsurf/memories/global_rules.md': globalRules });
  const run = agentlsWithHome(ws, home, 'check', '--format', 'json', path.join(home, '.codeium', 'windsurf', 'memories', 'global_rules.md'));
  return (JSON.parse(run.stdout) as CheckJson).diagnostics;
}

const TRIGGER = (value: string) =>
  `Windsurf documents no trigger for this file: it sends the file whole in every request and documents no frontmatter for it, so \`trigger: ${value}\` most likely picks nothing and reaches Windsurf's model as text. The xcsh agent ignores trigger too.`;
const NO_BUCKET = /^The xcsh agent loads rule `global_rules` but never shows it to the model: .* Windsurf sends this file whole in every request and documents no frontmatter for it/;

describe("a trigger in Windsurf's global_rules.md, which Windsurf sends whole", () => {
  it('always_on: says Windsurf documents no trigger there, with no action adding `alwaysApply`', () => {
    const found = check('---\ntrigger: always_on\n---\nBe brief.\n');
    expect(found.map((d) => [d.code, d.message, d.fix])).toEqual([
      // Where the xcsh agent puts it is rule/no-bucket's, with the advice fit for a file sent whole.
      ['rule/no-bucket', expect.stringMatching(NO_BUCKET), undefined],
      ['rule/windsurf-trigger', TRIGGER('always_on'), undefined],
    ]);
  });

  it('manual: does not say Windsurf applies the file only when @-mentioned', () => {
    const found = check('---\ntrigger: manual\nalwaysApply: true\n---\nBe brief.\n');
    expect(found.map((d) => [d.code, d.message, d.fix])).toEqual([['rule/windsurf-trigger', TRIGGER('manual'), undefined]]);
  });
});
