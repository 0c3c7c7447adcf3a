import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { HOME_AGENTS_WORKSPACE } from '../helpers/homeAgentsWorkspace';
import { tempDir, writeTree } from '../helpers/repo';

/*
 * A check of the whole project leaves the problems of the user's own rule files unreported and
 * says how many there are, with the command that reports them. That note covers the user-level
 * files of every agent agentls reads them for (Kiro's ~/.kiro/steering, Continue's
 * ~/.continue/rules, Roo Code's ~/.roo/rules and ~/.roo/rules-{mode}, Gemini CLI's
 * ~/.gemini/GEMINI.md, Codex's ~/.codex/AGENTS.md), not only the xcsh agent's, Cursor's,
 * Windsurf's and Cline's; and only those of the agents the run shows (`--agents`).
 */

// One problem in each: a value the agent does not know, or frontmatter sent as text.
const HOME = {
  '.kiro/steering/u.md': '---\ninclusion: alwayss\n---\n# K\n',
  '.continue/rules/u.md': '---\nalwaysApply: maybe\n---\nC.\n',
  '.roo/rules-code/u.md': '---\nalwaysApply: true\n---\nRoo in code mode.\n',
  '.gemini/GEMINI.md': '---\nalwaysApply: true\n---\nGemini.\n',
  '.codex/AGENTS.md': '---\nalwaysApply: true\n---\nCodex.\n',
};

const NOTE = /^agentls check: (\d+) problems? in your user-level rules \((.*)\) (?:is|are) not reported: .*; agentls check --home (\S+) (.+) reports (?:them|it)\n$/;

function check(ws: string, home: string, ...args: string[]) {
  // CODEX_HOME unset: Codex's home is the one under --home.
  return builtCli(['check', '--format', 'json', ...args], { cwd: ws, root: ws, home, env: { CODEX_HOME: '' } });
}

describe("the note on unreported user-level problems, for the agents whose views read the home", () => {
  it('names the files of Kiro, Continue, Roo Code, Gemini CLI and Codex, and its command reports every problem it counts', () => {
    const ws = writeTree(tempDir(), HOME_AGENTS_WORKSPACE);
    const home = writeTree(tempDir('agentls-home-'), HOME);
    const run = check(ws, home);
    expect(run.status, run.stderr).toBe(0);
    // None of them is the project's: the report itself holds none of them.
    expect((JSON.parse(run.stdout) as CheckJson).diagnostics.filter((d) => d.path.startsWith(home))).toEqual([]);
    const note = NOTE.exec(run.stderr);
    expect(note, run.stderr).not.toBeNull();
    expect(note![3]).toBe(home);
    const named = note![4].split(' ');
    expect(named).toEqual(Object.keys(HOME).map((rel) => path.join(home, rel)).sort());
    const given = check(ws, home, ...named);
    const reported = (JSON.parse(given.stdout) as CheckJson).diagnostics;
    expect(reported.length).toBe(Number(note![1]));
    expect(reported.map((d) => [path.relative(home, d.path), d.code]).sort()).toEqual([
      ['.codex/AGENTS.md', 'frontmatter/sent-as-text'],
      ['.continue/rules/u.md', 'frontmatter/wrong-type'],
      ['.gemini/GEMINI.md', 'frontmatter/sent-as-text'],
      ['.kiro/steering/u.md', 'frontmatter/invalid-value'],
      ['.roo/rules-code/u.md', 'frontmatter/sent-as-text'],
    ]);
  });

  it('names only the files of the agents --agents shows', () => {
    const ws = writeTree(tempDir(), HOME_AGENTS_WORKSPACE);
    const home = writeTree(tempDir('agentls-home-'), HOME);
    const run = check(ws, home, '--agents', 'kiro,codex');
    const note = NOTE.exec(run.stderr);
    expect(note, run.stderr).not.toBeNull();
    expect(note![4].split(' ')).toEqual([path.join(home, '.codex', 'AGENTS.md'), path.join(home, '.kiro', 'steering', 'u.md')]);
    expect(note![1]).toBe('2');
  });

  it('leaves out the files of an agent the project does not use (auto)', () => {
    // No GEMINI.md nor .gemini at the root: Gemini CLI is not shown, and its user-level file is not counted.
    const ws = writeTree(tempDir(), Object.fromEntries(Object.entries(HOME_AGENTS_WORKSPACE).filter(([rel]) => rel !== 'GEMINI.md')));
    const home = writeTree(tempDir('agentls-home-'), HOME);
    const note = NOTE.exec(check(ws, home).stderr);
    expect(note).not.toBeNull();
    expect(note![4].split(' ')).not.toContain(path.join(home, '.gemini', 'GEMINI.md'));
    expect(note![4].split(' ')).toContain(path.join(home, '.kiro', 'steering', 'u.md'));
  });
});
