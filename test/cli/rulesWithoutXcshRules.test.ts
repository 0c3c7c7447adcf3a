import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { claudeCopilotTree } from '../helpers/claudeCopilotTree';

function agentls(ws: string, ...args: string[]): string {
  const run = builtCli(args, { cwd: ws });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

describe('agentls rules in a Claude Code and Copilot project, where the xcsh agent reads nothing', () => {
  it('lists the tools the project uses and leaves out the xcsh agent, which has no .xcsh folder and no rule here', () => {
    const ws = claudeCopilotTree();
    const all = agentls(ws, 'rules');
    expect(all).not.toContain('xcsh');
    expect(all.split('\n')[0]).toBe(`rules in ${ws}`);
    expect(all).toContain('Claude Code, rules for the whole workspace (3)');
    expect(all).toContain('GitHub Copilot, rules for the whole workspace (2)');
    const forFile = agentls(ws, 'rules', '--for', 'src/x.ts');
    expect(forFile).not.toContain('xcsh');
    expect(forFile).toMatch(/^Claude Code: 3 apply/m);
    expect(forFile).toMatch(/^GitHub Copilot: 2 apply/m);
  });

  it('keeps the xcsh agent where the project has a .xcsh folder, though it holds no rule', () => {
    const ws = claudeCopilotTree();
    fs.mkdirSync(path.join(ws, '.xcsh'));
    expect(agentls(ws, 'rules').split('\n')[0]).toBe(`rules the xcsh agent loads in ${ws} (profile seed)`);
    expect(agentls(ws, 'rules', '--for', 'src/x.ts')).toMatch(/^The xcsh agent: 0 apply/m);
  });

  it('keeps the xcsh agent where it has a rule to load (a Cursor rule) though there is no .xcsh folder', () => {
    const ws = claudeCopilotTree();
    fs.mkdirSync(path.join(ws, '.cursor', 'rules'), { recursive: true });
    fs.writeFileSync(path.join(ws, '.cursor', 'rules', 'a.mdc'), '---\nalwaysApply: true\n---\nBe brief.\n');
    expect(agentls(ws, 'rules')).toContain('This workspace has no .xcsh folder');
    expect(agentls(ws, 'rules', '--for', 'src/x.ts')).toMatch(/^The xcsh agent: 1 applies/m);
  });
});
