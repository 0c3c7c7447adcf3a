import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import { PLAIN_AND_GIT_TREES } from '../helpers/git';
import { NESTED_AGENTS_MD, nestedAgentsMdTree, pastNestedFolderCap } from '../helpers/nestedAgentsMd';
import { MAX_NESTED_FOLDERS } from '../../server/rules/context/nestedRules';
import { builtCli, builtCliOut } from '../helpers/cliWithHome';
import { cliRulesFor } from '../helpers/rulesFor';

describe.each(PLAIN_AND_GIT_TREES)('agentls rules lists the AGENTS.md files of subfolders (%s)', (_, prepare) => {
  it('--for a file: the AGENTS.md of every folder above it applies, root first, the nearest taking precedence', () => {
    const ws = prepare(nestedAgentsMdTree());
    const rules = cliRulesFor(ws, 'packages/api/src/x.ts', 'agents-md');
    expect(rules.map((r) => [r.path, r.applies, r.onDemandIn])).toEqual([
      ['AGENTS.md', true, undefined],
      ['packages/AGENTS.md', true, 'packages'],
      ['packages/api/AGENTS.md', true, 'packages/api'],
      ['services/billing/AGENTS.md', false, 'services/billing'],
    ]);
    expect(rules[0].reason).toContain('packages/api/AGENTS.md is nearer to this file and takes precedence where they conflict');
    expect(rules[1].reason).toContain('for work on files under packages/: ');
    // Codex is said only in Codex's own view, not to the AGENTS.md readers of a team that may not use it.
    expect(rules.map((r) => r.reason).join('\n')).not.toContain('Codex');
    expect(rules[1].reason).toContain('packages/api/AGENTS.md is nearer to this file and takes precedence where they conflict');
    expect(rules[2].reason).toContain('the nearest AGENTS.md to this file: it takes precedence where they conflict');
    expect(rules[3].reason).toContain('AGENTS.md readers apply it only to files under services/billing/');

    // A file with no AGENTS.md of its own folder above it but the root's: the root's is the nearest.
    const tools = cliRulesFor(ws, 'tools/z.ts', 'agents-md');
    expect(tools.filter((r) => r.applies).map((r) => r.path)).toEqual(['AGENTS.md']);
    expect(tools[0].reason).not.toContain('nearer');
  });

  it('lists the nested ones in nestedFolders of --json and a section of the text, out of "Sent in every request"', () => {
    const ws = prepare(nestedAgentsMdTree());
    const buckets = JSON.parse(builtCliOut(ws, 'rules', '--json')) as RuleBucketsResult;
    const nested = buckets.nestedFolders?.filter((f) => f.agent === 'agents-md').map((f) => ({ folder: f.folder, rules: f.rules.map((r) => r.path) }));
    expect(nested).toEqual(NESTED_AGENTS_MD.map((n) => ({ folder: n.folder, rules: [n.path] })));
    expect(buckets.alwaysSent?.find((a) => a.agent === 'agents-md')?.items.map((i) => i.path)).toEqual(['AGENTS.md']);
    expect(buckets.agentRules?.find((a) => a.agent === 'agents-md')?.rules.map((r) => r.path)).toEqual(['AGENTS.md']);

    const text = builtCliOut(ws, 'rules');
    const every = text.indexOf('Sent in every request');
    const at = text.indexOf('AGENTS.md readers, AGENTS.md in packages/api/ (1): for work on files under packages/api/ only');
    expect(at, text).toBeGreaterThan(every);
    expect(text.slice(every, text.indexOf('AGENTS.md readers, AGENTS.md in packages/'))).not.toContain('packages/api/AGENTS.md');
    expect(text).toContain('AGENTS.md readers, AGENTS.md in services/billing/ (1)');
  });
});

/** Said of the folders left out, in the words of a capped listing. */
const NESTED_AGENTS_MD_CAPPED = `stopped reading subfolders' AGENTS.md files after ${MAX_NESTED_FOLDERS} folders, nearest the root first`;

describe('agentls rules says when there are more folders with an AGENTS.md than it reads', () => {
  it('lists the nearest the root, says the cap, and exits 2', () => {
    const run = builtCli(['rules', '--json'], { cwd: pastNestedFolderCap('AGENTS.md', { 'AGENTS.md': 'Root.\n' }) });
    const buckets = JSON.parse(run.stdout) as RuleBucketsResult;
    const folders = buckets.nestedFolders?.filter((f) => f.agent === 'agents-md').map((f) => f.folder) ?? [];
    // The last folder, farthest by name, is the one left out; the run says so and is incomplete.
    expect({ status: run.status, incomplete: buckets.incomplete, read: folders.length, last: folders.at(-1) }).toEqual({
      status: 2,
      incomplete: [NESTED_AGENTS_MD_CAPPED],
      read: MAX_NESTED_FOLDERS,
      last: `packages/p${String(MAX_NESTED_FOLDERS - 1).padStart(3, '0')}`,
    });
    expect(run.stderr).toContain(`agentls rules: ${NESTED_AGENTS_MD_CAPPED}\n`);
  });
});
