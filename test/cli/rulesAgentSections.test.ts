import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import { builtCli } from '../helpers/cliWithHome';
import { agentSectionsOf, ROOT_AGENTS, rootAgentTree, sectionOf, USER_LEVEL_HOME } from '../helpers/rootAgentRules';
import { tempDir, writeTree } from '../helpers/repo';

/** The built CLI, as a user runs it. */
function agentls(ws: string, ...args: string[]): string {
  return agentlsHome(ws, undefined, ...args);
}

function agentlsHome(ws: string, home: string | undefined, ...args: string[]): string {
  const run = builtCli(args, { cwd: ws, home });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

describe("agentls rules lists each agent's own rules and how that agent applies each", () => {
  it('gives every agent with rules here its section, in the order of "Sent in every request", in text and --json', () => {
    const ws = rootAgentTree();
    const json = JSON.parse(agentls(ws, 'rules', '--json')) as RuleBucketsResult;
    expect(agentSectionsOf(json)).toEqual(ROOT_AGENTS);
    // The order of the totals, the xcsh agent's buckets being its own listing.
    expect(json.agentRules?.map((a) => a.agent)).toEqual(json.alwaysSent?.map((a) => a.agent).filter((a) => a !== 'seed'));

    const text = agentls(ws, 'rules');
    const cursor = sectionOf(text, 'Cursor, rules for the whole workspace (2)');
    expect(cursor[1]).toMatch(/^ {2}react {2,}\.cursor\/rules\/react\.mdc {2}glob \*\*\/\*\.tsx · ≈\d+ tokens$/);
    expect(cursor[2]).toMatch(/^ {2}short {2,}\.cursor\/rules\/short\.mdc {2}always, in every request · ≈\d+ tokens$/);
    expect(sectionOf(text, 'Windsurf, rules for the whole workspace (1)')[1]).toMatch(/^ {2}api +\.windsurf\/rules\/api\.md {2}offered by its description "Calling the web API" · ≈\d+ tokens$/);
    expect(sectionOf(text, 'Cline, rules for the whole workspace (1)')[1]).toMatch(/^ {2}lint +\.clinerules\/lint\.md {2}always, in every request · ≈\d+ tokens$/);
    // Claude Code and Copilot name a rule by its path: said once.
    expect(sectionOf(text, 'Claude Code, rules for the whole workspace (1)')[1]).toMatch(/^ {2}\.claude\/rules\/tests\.md +glob test\/\*\*\/\*\.ts · ≈\d+ tokens$/);
    expect(sectionOf(text, 'GitHub Copilot, rules for the whole workspace (1)')[1]).toMatch(/^ {2}\.github\/instructions\/docs\.instructions\.md +glob docs\/\*\* · ≈\d+ tokens$/);
    // After the totals, in their order.
    const at = ['Sent in every request', 'Cursor, rules', 'Windsurf, rules', 'Cline, rules', 'Claude Code, rules', 'GitHub Copilot, rules'].map((t) => text.indexOf(t));
    expect(at.every((n) => n > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it("marks the user-level rules (Cline's global rules, ~/.claude/CLAUDE.md, Windsurf's global_rules.md) as such, in text and --json", () => {
    const ws = rootAgentTree();
    const home = writeTree(tempDir('agentls-home-'), USER_LEVEL_HOME);
    const json = JSON.parse(agentlsHome(ws, home, 'rules', '--json')) as RuleBucketsResult;
    const levels = (agent: string) => json.agentRules?.find((a) => a.agent === agent)?.rules.map((r) => [path.basename(r.path), r.level]);
    expect(levels('cline')).toEqual([['lint.md', 'project'], ['g.md', 'user']]);
    expect(levels('windsurf')).toEqual([['global_rules.md', 'user'], ['api.md', 'project']]);
    expect(levels('claude')).toEqual([['CLAUDE.md', 'user'], ['tests.md', 'project']]);

    const text = agentlsHome(ws, home, 'rules');
    const cline = sectionOf(text, 'Cline, rules for the whole workspace (2, 1 of them user-level)');
    expect(cline[1]).toMatch(/^ {2}lint +\.clinerules\/lint\.md {2}always/);
    expect(cline[2]).toMatch(/^ {2}g +~\/\.cline\/rules\/g\.md \(user-level, every project\) {2}always, in every request · ≈\d+ tokens$/);
    const windsurf = sectionOf(text, 'Windsurf, rules for the whole workspace (2, 1 of them user-level)');
    expect(windsurf[1]).toMatch(/^ {2}global_rules +~\/\.codeium\/windsurf\/memories\/global_rules\.md \(user-level, every project\) {2}always/);
    // Claude Code names a rule by its path: the mark follows it.
    const claude = sectionOf(text, 'Claude Code, rules for the whole workspace (2, 1 of them user-level)');
    expect(claude[1]).toMatch(/^ {2}~\/\.claude\/CLAUDE\.md \(user-level, every project\) {2,}always, in every request · ≈\d+ tokens$/);
    expect(claude[2]).not.toContain('user-level');
    // A section of the workspace's rules alone says nothing of the kind.
    expect(sectionOf(text, 'Cursor, rules for the whole workspace (2)')).toHaveLength(3);
  });

  it('--agents cursor: the Cursor section alone', () => {
    const ws = rootAgentTree();
    const json = JSON.parse(agentls(ws, 'rules', '--json', '--agents', 'cursor')) as RuleBucketsResult;
    expect(agentSectionsOf(json)).toEqual([ROOT_AGENTS[0]]);
    const text = agentls(ws, 'rules', '--agents', 'cursor');
    expect(sectionOf(text, 'Cursor, rules for the whole workspace (2)')).toHaveLength(3);
    expect(text).not.toMatch(/^(Windsurf|Cline|Claude Code|GitHub Copilot), rules/m);
  });

  it('says under the xcsh buckets that the workspace has no .xcsh folder, and not once it has one', () => {
    const ws = rootAgentTree();
    const NOTE = 'This workspace has no .xcsh folder: the buckets below are what the xcsh agent would load if it ran here.';
    const text = agentls(ws, 'rules');
    expect(text.split('\n').slice(0, 2)).toEqual([`rules the xcsh agent loads in ${ws} (profile seed)`, NOTE]);
    expect((JSON.parse(agentls(ws, 'rules', '--json')) as RuleBucketsResult).noXcshFolder).toBe(true);
    // Named in the selection, the agent is asked for: nothing to warn of.
    expect(agentls(ws, 'rules', '--agents', 'xcsh,cursor')).not.toContain(NOTE);
    fs.mkdirSync(path.join(ws, '.xcsh'));
    expect(agentls(ws, 'rules')).not.toContain(NOTE);
    expect((JSON.parse(agentls(ws, 'rules', '--json')) as RuleBucketsResult).noXcshFolder).toBeUndefined();
  });
});
