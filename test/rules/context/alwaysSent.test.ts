import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../protocol/rules';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { fixturePath } from '../../helpers/repo';
import { expectedAlwaysSent, sentFiles } from './alwaysSentFixture';
import { builtCliAsync } from '../../helpers/cliWithHome';

const ws = fixturePath('always-sent');
const home = fixturePath('always-sent-home');

/** The built `agentls`, in the fixture, with the fixture's home. */
async function agentls(...args: string[]): Promise<string> {
  const { stdout } = await builtCliAsync(args, { cwd: ws, root: ws, home, mustSucceed: true });
  return stdout;
}

describe('agentls rules: what Claude Code, Copilot and AGENTS.md readers send in every request', () => {
  it('gives each agent\'s always-sent files and totals in --json, as the files\' bytes make them', async () => {
    const result = JSON.parse(await agentls('rules', '--json')) as RuleBucketsResult;
    const expected = expectedAlwaysSent(ws, home);
    expect(result.alwaysSent!.map((a) => a.agent)).toEqual(expected.map((e) => e.agent));
    for (const want of expected) {
      const got = result.alwaysSent!.find((a) => a.agent === want.agent)!;
      expect(sentFiles(got, ws), want.agent).toEqual(want.files);
      expect(got.totalTokens, want.agent).toBe(want.totalTokens);
    }
    const claude = result.alwaysSent!.find((a) => a.agent === 'claude')!;
    // The home CLAUDE.md imports ~/notes.md: outside what agentls reads, so said, not counted, and never read.
    expect(claude.uncounted).toEqual([{ path: '~/notes.md', reason: expect.stringContaining('not read') }]);
    expect(claude.items.find((i) => i.path === 'docs/hop5.md')?.label).toBe('docs/hop5.md (imported by docs/hop4.md)');
    expect(fs.existsSync(path.join(ws, 'docs', 'hop6.md'))).toBe(true);
  });

  it('prints the totals per agent in the text output, and only those of the agents --agents names', async () => {
    const text = await agentls('rules');
    const section = text.slice(text.indexOf('Sent in every request'));
    const [claude, copilot, agentsMd] = expectedAlwaysSent(ws, home, ['claude', 'copilot', 'agents-md']);
    expect(section).toContain(`Claude Code: ≈${claude.totalTokens} tokens in every request`);
    expect(section).toContain(`GitHub Copilot: ≈${copilot.totalTokens} tokens in every request`);
    expect(section).toContain(`AGENTS.md readers: ≈${agentsMd.totalTokens} tokens in every request`);
    expect(section).toContain('not counted: ~/notes.md');
    // Listed after the totals, in a section of its own, as loaded on demand: in none of them.
    const onDemand = section.indexOf('Claude Code, memory in sub/ (1): loaded when Claude Code reads files in sub/, not at start');
    expect(onDemand, section).toBeGreaterThan(0);
    expect(section.slice(0, onDemand)).not.toContain('sub/CLAUDE.md');

    const onlyClaude = JSON.parse(await agentls('rules', '--json', '--agents', 'claude')) as RuleBucketsResult;
    // The xcsh agent and Cursor, whose rules are here too, are not named: left out as well.
    expect(onlyClaude.alwaysSent!.map((a) => a.agent)).toEqual(['claude']);
    const copilotText = await agentls('rules', '--agents', 'copilot,cursor');
    expect(copilotText).toContain(`GitHub Copilot: ≈${copilot.totalTokens} tokens`);
    expect(copilotText).not.toContain('Claude Code');
  });

  it('--for lists the new agents\' rules that reach a file, with the same totals', async () => {
    const result = JSON.parse(await agentls('rules', '--for', 'src/a.ts', '--json')) as RulesForFileResult;
    const byAgent = new Map(result.agents.map((a) => [a.agent, a]));
    for (const want of expectedAlwaysSent(ws, home)) expect(byAgent.get(want.agent)?.alwaysSentTokens, want.agent).toBe(want.totalTokens);
    const claude = byAgent.get('claude')!;
    expect(claude.rules.find((r) => r.name === '.claude/rules/sub/typescript.md')).toMatchObject({ applies: true, mode: 'glob', matchedGlob: 'src/**/*.ts' });
    const copilot = byAgent.get('copilot')!;
    expect(copilot.rules.find((r) => r.name === '.github/instructions/release.instructions.md')).toMatchObject({ applies: false, mode: 'manual' });
    expect(copilot.rules.find((r) => r.name === '.github/instructions/ts/typescript.instructions.md')).toMatchObject({ applies: true, mode: 'glob' });
  });

  it('counts AGENTS.md for Claude Code where the folder has no CLAUDE.md, and only there', async () => {
    const both = fixturePath('claude-agents-md');
    const claudeFiles = async (root: string) => {
      // An empty home: only the folder's own files count.
      const { stdout } = await builtCliAsync(['rules', '--json'], { cwd: root, root, mustSucceed: true });
      const claude = (JSON.parse(stdout) as RuleBucketsResult).alwaysSent!.find((a) => a.agent === 'claude')!;
      return claude.items.map((i) => [i.path, i.tokens]);
    };
    const tokens = (p: string) => Math.ceil(fs.statSync(p).size / 4);
    expect(await claudeFiles(both)).toEqual([['CLAUDE.md', tokens(path.join(both, 'CLAUDE.md'))]]);
    expect(await claudeFiles(path.join(both, 'solo'))).toEqual([['AGENTS.md', tokens(path.join(both, 'solo', 'AGENTS.md'))]]);
  });
});
