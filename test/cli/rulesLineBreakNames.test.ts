import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * A rule file whose name holds a line break (`a\nb.mdc`): `agentls rules` in plain text must
 * keep each rule on its line, quoting the name and path as a JSON string as check and search
 * do, not print a line that starts with the name's second half.
 */
describe('agentls rules with a rule file named with a line break', () => {
  const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.cursor/rules/a\nb.mdc': '---\nalwaysApply: true\n---\nUse the API client.\n' });
  for (const args of [['rules'], ['rules', '--for', '.cursor/rules/a\nb.mdc']]) {
    it(`${args[0]}${args[1] ? ' --for' : ''}: the name and path quoted, no line broken by them`, () => {
      const run = builtCli(args, { cwd: ws });
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('".cursor/rules/a\\nb.mdc"');
      expect(run.stdout.split('\n').filter((line) => line.startsWith('b'))).toEqual([]);
    });
  }
});
