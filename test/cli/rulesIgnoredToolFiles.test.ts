import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import type { RulesForFileResult } from '../../protocol/rulesContext';
import { git } from '../helpers/git';
import { tempDir, writeTree } from '../helpers/repo';
import { builtCli } from '../helpers/cliWithHome';

/**
 * Rule files of Cursor, Windsurf and Cline that `.gitignore` leaves out, by folder
 * (`.cursor/`, `.windsurf/`) and by name (`*.local.md`): the xcsh agent skips them, their
 * own tool reads them, so each tool's figures count them and the xcsh agent's do not.
 */
function ignoredToolRules(): string {
  return writeTree(tempDir(), {
    '.gitignore': '.cursor/\n.windsurf/\n*.local.md\n',
    '.cursor/rules/tabs.mdc': '---\nalwaysApply: true\n---\nIndent with tabs.\n',
    '.windsurf/rules/names.md': '---\ntrigger: always_on\n---\nName things plainly, in full words.\n',
    '.clinerules/me.local.md': 'Answer in short sentences, please.\n',
    'src/a.ts': 'export const a = 1;\n',
  });
}

/**
 * What each agent sends in every request: its total and the files behind it. The xcsh agent,
 * which reads none of them (they are ignored) and has no `.xcsh` here, is not listed at all.
 */
const EXPECTED = [
  { agent: 'cursor', files: ['.cursor/rules/tabs.mdc'] },
  { agent: 'windsurf', files: ['.windsurf/rules/names.md'] },
  { agent: 'cline', files: ['.clinerules/me.local.md'] },
];

/** The built CLI, as a user runs it. */
function agentls(ws: string, ...args: string[]): string {
  const run = builtCli(args, { cwd: ws });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

describe.each([
  ['a plain tree', (ws: string) => ws],
  ['a git work tree', (ws: string) => (git(ws, 'init', '-q'), ws)],
])('rule files .gitignore leaves out, in the tools\' views (%s)', (_, prepare) => {
  it('agentls rules counts them for their tool, not for the xcsh agent', () => {
    const ws = prepare(ignoredToolRules());
    const buckets = JSON.parse(agentls(ws, 'rules', '--json')) as RuleBucketsResult;
    expect(buckets.rules).toEqual([]);
    const sent = buckets.alwaysSent!.map((a) => ({ agent: a.agent, files: a.items.map((i) => i.path).filter((p) => p !== undefined) }));
    expect(sent).toEqual(EXPECTED);
    for (const a of buckets.alwaysSent!) expect(a.totalTokens > 0, a.agent).toBe(a.agent !== 'seed');

    const text = agentls(ws, 'rules');
    const cursorTokens = buckets.alwaysSent!.find((a) => a.agent === 'cursor')!.totalTokens;
    expect(text).toContain(`  Cursor: ≈${cursorTokens} tokens in every request`);
  });

  it('agentls rules --for lists them among the rules that reach a file', () => {
    const ws = prepare(ignoredToolRules());
    const result = JSON.parse(agentls(ws, 'rules', '--for', 'src/a.ts', '--json')) as RulesForFileResult;
    const applying = result.agents.map((a) => ({ agent: a.agent, files: a.rules.filter((r) => r.applies).map((r) => r.path) }));
    expect(applying).toEqual(EXPECTED);
  });
});
