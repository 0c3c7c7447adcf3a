import { describe, expect, it } from 'vitest';
import { agentlsWithHome } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/*
 * `agentls rules --prompt` renders the xcsh agent's system prompt: no other agent has one.
 * `--agents` typed on the same command line without xcsh contradicts it, and is refused
 * (exit 2) rather than answered with the prompt of an agent the user left out. An
 * agentls.json whose `rules.agents` leaves xcsh out is the project's standing choice for
 * every command, not a question about this one: the prompt asked for is printed.
 */

const RULE = 'Use the design tokens.';

function workspace(config?: object): string {
  return writeTree(tempDir(), {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.cursor/rules/tokens.mdc': `---\nalwaysApply: true\n---\n${RULE}\n`,
    ...(config ? { 'agentls.json': JSON.stringify(config) } : {}),
  });
}

function run(ws: string, ...args: string[]) {
  return agentlsWithHome(ws, tempDir('agentls-home-'), ...args);
}

describe('agentls rules --prompt with --agents', () => {
  it('--agents on the command line without xcsh: a usage error, exit 2, and no prompt', () => {
    const ws = workspace();
    for (const args of [['--agents', 'cursor'], ['--agents=cursor,windsurf']]) {
      const r = run(ws, 'rules', '--prompt', 'default', ...args);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain("--prompt renders the xcsh agent's system prompt, and --agents ");
      expect(r.stderr).toContain('leaves the xcsh agent out: add xcsh to --agents, or leave --agents out');
      expect(r.stderr).not.toContain(RULE);
    }
  });

  it('--agents listing xcsh, or auto: the prompt is printed', () => {
    const ws = workspace();
    for (const agents of ['cursor,xcsh', 'auto']) {
      const r = run(ws, 'rules', '--prompt', 'custom', '--agents', agents);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain(RULE);
    }
  });

  it("agentls.json's rules.agents without xcsh: the prompt is still printed, exit 0", () => {
    const ws = workspace({ rules: { agents: ['cursor'] } });
    const r = run(ws, 'rules', '--prompt', 'default');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(RULE);
    // The same project's buckets do leave the xcsh agent out: the file is read.
    expect(run(ws, 'rules').stdout).toContain('The xcsh agent is not among them');
  });
});
