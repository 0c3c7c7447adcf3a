import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/** A description the length of a page, on one line. */
const LONG = `Use ${'the fetch wrapper '.repeat(1_111)}or else.`;

describe('agentls rules quotes a long description short in its text listing', () => {
  it('cuts a 20,000-character description at 200 characters with … and its length, and --json keeps it whole', () => {
    expect(LONG.length).toBeGreaterThan(20_000);
    const ws = writeTree(tempDir(), {
      '.git/HEAD': '',
      '.xcsh/rules/api.md': `---\ndescription: ${LONG}\n---\nGo through the fetch wrapper.\n`,
      '.windsurf/rules/api.md': `---\ntrigger: model_decision\ndescription: ${LONG}\n---\nGo through the fetch wrapper.\n`,
      '.windsurf/rules/short.md': '---\ntrigger: model_decision\ndescription: Calling the web API\n---\nBe brief.\n',
    });
    const text = builtCli(['rules'], { cwd: ws, mustSucceed: true }).stdout;
    const shown = `"${LONG.slice(0, 200)}…" (${LONG.length.toLocaleString('en-US')} characters)`;
    // The xcsh agent's rulebook and Windsurf's section each quote it once, cut; a short one stays whole.
    expect(text.split(shown).length - 1).toBe(2);
    expect(text).toContain('offered by its description "Calling the web API"');
    expect(Math.max(...text.split('\n').map((line) => line.length))).toBeLessThan(400);
    const json = JSON.parse(builtCli(['rules', '--json'], { cwd: ws, mustSucceed: true }).stdout) as RuleBucketsResult;
    expect(json.rules.find((r) => r.name === 'api')?.description).toBe(LONG);
    expect(json.agentRules?.find((a) => a.agent === 'windsurf')?.rules.find((r) => r.name === 'api')?.description).toBe(LONG);
  });
});
