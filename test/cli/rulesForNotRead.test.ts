import { describe, expect, it } from 'vitest';
import type { RulesForFileResult } from '../../protocol/rulesContext';
import { tempDir, writeTree } from '../helpers/repo';
import { builtCli } from '../helpers/cliWithHome';

// Over the 2 MiB agentls reads of a rule file (`MAX_RULE_FILE_BYTES`): check says rule/too-large of it.
const TOO_LARGE = `---\nalwaysApply: true\n---\n${'a'.repeat(2 * 1024 * 1024 + 10)}\n`;

describe('agentls rules --for names the rule files it could not read', () => {
  function project(): string {
    return writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.cursor/rules/ok.mdc': '---\nalwaysApply: true\n---\nOk.\n', '.cursor/rules/big.mdc': TOO_LARGE, 'src/a.ts': 'x\n' });
  }

  it('in text, under each agent that loads it, with why', () => {
    const ws = project();
    const run = builtCli(['rules', '--for', 'src/a.ts', '--agents', 'cursor'], { cwd: ws });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`\n  not read: .cursor/rules/big.mdc (`);
    expect(run.stdout).toMatch(/not read: \.cursor\/rules\/big\.mdc \([^)]*over the \d+-byte limit\)/);
  });

  it('in JSON, as the agent’s notRead', () => {
    const ws = project();
    const result = JSON.parse(builtCli(['rules', '--for', 'src/a.ts', '--agents', 'cursor', '--json'], { cwd: ws }).stdout) as RulesForFileResult;
    const cursor = result.agents.find((a) => a.agent === 'cursor');
    expect(cursor?.rules.map((r) => r.path)).toEqual(['.cursor/rules/ok.mdc']);
    expect(cursor?.notRead?.map((u) => u.path)).toEqual(['.cursor/rules/big.mdc']);
  });
});
