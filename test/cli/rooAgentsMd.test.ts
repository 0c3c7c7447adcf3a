import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';
import { cliRulesFor } from '../helpers/rulesFor';

/**
 * Roo Code's root AGENTS.md, else AGENT.md (rules/agents/roo.ts has the source: its
 * custom-instructions.ts, `loadAgentRulesFile`), read by default and turned off by its VS Code
 * setting `roo-cline.useAgentRules`, which agentls does not read: through the built CLI's
 * `rules`, `rules --for` and `--json`. Listed only where Roo Code is shown.
 */
const SOURCES = { '.git/HEAD': 'ref: refs/heads/main\n', 'src/a.ts': 'x\n' };
const ROO = { '.roo/rules/01-general.md': '# General\n' };
const SAID = "read by default; Roo Code's setting roo-cline.useAgentRules turns it off (agentls does not read VS Code's settings)";

const rooPaths = (ws: string) => cliRulesFor(ws, 'src/a.ts', 'roo').map((r) => r.path);

describe('Roo Code and the root AGENTS.md', () => {
  it('rules --for lists the root AGENTS.md as sent in every request by default, said with the setting that turns it off', () => {
    const ws = writeTree(tempDir(), { ...SOURCES, ...ROO, 'AGENTS.md': '# Agents\nRun the tests.\n', 'pkg/AGENTS.md': '# Package\n' });
    const rules = cliRulesFor(ws, 'src/a.ts', 'roo');
    // Roo Code reads the root's alone (`path.join(cwd, filename)`), before its generic rules.
    expect(rules.map((r) => r.path)).toEqual(['AGENTS.md', '.roo/rules/01-general.md']);
    const agents = rules[0];
    expect(agents.applies).toBe(true);
    expect(agents.offSetting).toBe('roo-cline.useAgentRules');
    expect(agents.reason).toBe(`always: the whole rule is in every request; ${SAID}`);
    expect(rules[1].offSetting).toBeUndefined();
  });

  it('rules and rules --json count it in Roo Code\'s "Sent in every request" and say the setting', () => {
    const ws = writeTree(tempDir(), { ...SOURCES, ...ROO, 'AGENTS.md': '# Agents\nRun the tests.\n' });
    const text = builtCli(['rules'], { cwd: ws, mustSucceed: true }).stdout;
    const roo = text.slice(text.indexOf('  Roo Code: '));
    expect(roo).toMatch(/^ {2}Roo Code: ≈9 tokens in every request\n {4}AGENTS\.md: ≈6\n {4}\.roo\/rules\/01-general\.md: ≈3\n/);
    expect(text).toContain(`AGENTS.md                 always, in every request; ${SAID} · ≈6 tokens`);
    const json = JSON.parse(builtCli(['rules', '--json'], { cwd: ws, mustSucceed: true }).stdout) as RuleBucketsResult;
    const rooRules = json.agentRules!.find((a) => a.agent === 'roo')!.rules;
    expect(rooRules.map((r) => [r.path, r.offSetting])).toEqual([['AGENTS.md', 'roo-cline.useAgentRules'], ['.roo/rules/01-general.md', undefined]]);
    const sent = json.alwaysSent!.find((a) => a.agent === 'roo')!;
    expect([sent.totalTokens, sent.items.map((i) => i.path)]).toEqual([9, ['AGENTS.md', '.roo/rules/01-general.md']]);
  });

  it('takes AGENT.md where the root has no AGENTS.md, or only an empty one', () => {
    const singular = writeTree(tempDir(), { ...SOURCES, ...ROO, 'AGENT.md': '# Agent\n' });
    expect(rooPaths(singular)).toEqual(['AGENT.md', '.roo/rules/01-general.md']);
    expect(cliRulesFor(singular, 'src/a.ts', 'roo')[0].reason).toContain(SAID);
    const both = writeTree(tempDir(), { ...SOURCES, ...ROO, 'AGENTS.md': '# Agents\n', 'AGENT.md': '# Agent\n' });
    expect(rooPaths(both)).toEqual(['AGENTS.md', '.roo/rules/01-general.md']);
    // Its source trims the file and, finding nothing, tries the next name.
    const empty = writeTree(tempDir(), { ...SOURCES, ...ROO, 'AGENTS.md': ' \n\n', 'AGENT.md': '# Agent\n' });
    expect(rooPaths(empty)).toEqual(['AGENT.md', '.roo/rules/01-general.md']);
  });

  it('changes nothing where Roo Code is not shown, and no other agent lists or flags an AGENT.md', () => {
    const ws = writeTree(tempDir(), { ...SOURCES, 'AGENTS.md': '# Agents\n', 'AGENT.md': '# Agent\n', 'CLAUDE.md': '# Claude\n', 'pkg/AGENT.md': '# Package\n' });
    expect(rooPaths(ws)).toEqual([]);
    const json = JSON.parse(builtCli(['rules', '--json'], { cwd: ws, mustSucceed: true }).stdout) as RuleBucketsResult;
    const listed = json.agentRules!.flatMap((a) => a.rules.map((r) => `${a.agent}:${r.path}`));
    expect(listed.filter((p) => p.includes('AGENT.md'))).toEqual([]);
    expect(json.agentRules!.flatMap((a) => a.rules).filter((r) => r.offSetting !== undefined)).toEqual([]);
    const check = builtCli(['check'], { cwd: ws });
    expect(check.stdout).not.toContain('AGENT.md');
    expect(check.status).toBe(0);
    // Roo Code shown: its AGENT.md is read only where no AGENTS.md is, so here it is listed by no one.
    const roo = writeTree(tempDir(), { ...SOURCES, ...ROO, 'AGENTS.md': '# Agents\n', 'AGENT.md': '# Agent\n', 'CLAUDE.md': '# Claude\n' });
    expect(builtCli(['check'], { cwd: roo }).stdout).not.toContain('AGENT.md');
  });
});
