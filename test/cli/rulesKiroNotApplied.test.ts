import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import { builtCliAsync } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/*
 * Plain `agentls rules` on the Kiro steering files that `rules --for` says Kiro most likely never
 * includes (`kiroNotApplied`, rules/agents/kiro.ts has the sources): a fileMatch file of the
 * user's ~/.kiro/steering (Kiro's issue tracker) and an `inclusion: auto` file with no
 * description (rulesync's reading of Kiro's docs). The listing said "glob …" and "offered by its
 * description" of them; it now says what `--for` says, and `--json` carries the same text as
 * `notApplied`. A described auto file is still offered.
 */
const FILEMATCH = "most likely never included by its pattern: Kiro's issue tracker reports fileMatch does not trigger for user-level steering files (#9176, #5027)";
const AUTO = "most likely never included: with `inclusion: auto` Kiro decides from the file's `description`, and there is none (rulesync's reading of Kiro's steering docs, dyoshikawa/rulesync#2152)";

function trees(): { ws: string; home: string } {
  const home = writeTree(tempDir('agentls-home-'), { '.kiro/steering/ts.md': '---\ninclusion: fileMatch\nfileMatchPattern: "src/**/*.ts"\n---\nUse strict TS.\n' });
  const ws = writeTree(tempDir(), {
    '.git/HEAD': '',
    'src/a.ts': 'export {};\n',
    '.kiro/steering/api.md': '---\ninclusion: auto\nname: api\n---\nAPI rules.\n',
    '.kiro/steering/db.md': '---\ninclusion: auto\nname: db\ndescription: Database work\n---\nDB rules.\n',
  });
  return { ws, home };
}

describe('agentls rules: Kiro steering files Kiro most likely never includes', () => {
  it('text: says so, as rules --for does, in place of "glob" and "offered by its description"', async () => {
    const { ws, home } = trees();
    const text = (await builtCliAsync(['rules'], { cwd: ws, home, mustSucceed: true })).stdout;
    expect(text).toContain(`  ~/.kiro/steering/ts.md (user-level, every project)  glob src/**/*.ts: ${FILEMATCH} · ≈4 tokens\n`);
    expect(text).toContain(`  .kiro/steering/api.md                               ${AUTO} · ≈3 tokens\n`);
    expect(text).toContain('  .kiro/steering/db.md                                offered by its description "Database work" · ≈3 tokens\n');
    expect(text).not.toContain('offered by its description ·');
  });

  it('--json: each carries the reason as notApplied; a rule Kiro includes has none', async () => {
    const { ws, home } = trees();
    const result = JSON.parse((await builtCliAsync(['rules', '--json'], { cwd: ws, home, mustSucceed: true })).stdout) as RuleBucketsResult;
    const kiro = result.agentRules?.find((a) => a.agent === 'kiro');
    expect(kiro?.rules.map((r) => [r.name, r.mode, r.notApplied])).toEqual([
      ['~/.kiro/steering/ts.md', 'glob', FILEMATCH],
      ['.kiro/steering/api.md', 'description', AUTO],
      ['.kiro/steering/db.md', 'description', undefined],
    ]);
    expect(kiro?.rules.find((r) => r.name === '.kiro/steering/db.md')).not.toHaveProperty('notApplied');
  });
});
