import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEFAULT_SETTINGS, overlaySettings } from '../../server/core/settings';
import { AGENT_IDS, agentModel, ownerOf } from '../../server/rules/agents';
import { globIssues } from '../../server/rules/agents/globs';
import { fileTargets } from '../../server/rules/targets';
import { toolFindings } from '../../server/rules/toolLint';
import { NESTED_RULE_FOLDERS, nestedRuleFolderAt } from '../../server/workspace/ruleLocations';
import { repoRoot } from '../helpers/repo';

/**
 * The agent models against vectors written from each tool's documentation
 * (`test/rules/agentVectors/agent-models.json`, each case naming its source): who owns a
 * path, whether the tool reads it there, how the rule activates, what the tool's own lint
 * reports.
 */
interface AgentVector {
  id: string;
  source: string;
  path: string;
  text: string;
  expect: { owner: string; read: boolean; legacy?: 'deprecated' | 'undocumented'; activation?: string; globs?: string[]; findings: [string, string][] };
}

const { cases } = JSON.parse(fs.readFileSync(path.join(repoRoot(), 'test', 'rules', 'agentVectors', 'agent-models.json'), 'utf8')) as { cases: AgentVector[] };

describe('agent model vectors', () => {
  it('cover every agent but the xcsh one (whose vectors are the shared ones)', () => {
    expect(new Set(cases.map((c) => c.expect.owner))).toEqual(new Set(AGENT_IDS.filter((a) => a !== 'xcsh')));
  });
  for (const v of cases) {
    it(`${v.id} (${v.source})`, () => {
      const owner = ownerOf(v.path);
      expect(owner?.agent.id).toBe(v.expect.owner);
      expect(owner!.placement.read).toBe(v.expect.read);
      expect(owner!.placement.legacy ?? false).toBe(v.expect.legacy ?? false);
      const found = toolFindings({ agent: owner!.agent, placement: owner!.placement, path: path.join('/ws', v.path), text: v.text, root: '/ws', targets: new Set([owner!.agent.id]) });
      expect(found.map((f) => [f.code, f.severity])).toEqual(v.expect.findings);
      for (const f of found) expect(f.message).toContain(owner!.agent.name);
      if (v.expect.activation && owner!.placement.frontmatter) {
        const fm = v.text.startsWith('---') ? frontmatterOf(v.text) : {};
        const activation = owner!.agent.activation(fm);
        expect(activation.mode).toBe(v.expect.activation);
        if (v.expect.globs && activation.mode === 'globs') expect(activation.globs).toEqual(v.expect.globs);
      }
    });
  }
});

/** The frontmatter as YAML gives it (the vectors' frontmatter is valid YAML, or Cursor's comma form). */
function frontmatterOf(text: string): Record<string, unknown> {
  const block = text.slice(4, text.indexOf('\n---', 3));
  const out: Record<string, unknown> = {};
  try {
    Object.assign(out, parse(block));
  } catch {
    for (const line of block.split('\n')) {
      const m = /^(\w+):\s*(.*)$/.exec(line);
      if (m) out[m[1]] = m[2];
    }
  }
  return out;
}

describe('Windsurf\'s size limit', () => {
  const lint = (rel: string, text: string) => {
    const owner = ownerOf(rel)!;
    return toolFindings({ agent: owner.agent, placement: owner.placement, path: path.join('/ws', rel), text, root: '/ws', targets: new Set([owner.agent.id]) }).filter((f) => f.code === 'rule/too-long');
  };
  const head = '---\ntrigger: always_on\n---\n';

  it('counts characters as code points, as the docs say characters', () => {
    // 11,999 code points, 12,000+ UTF-16 units: within the limit.
    const emoji = head + '😀'.repeat(11_999 - head.length);
    expect(emoji.length).toBeGreaterThan(12_000);
    expect(lint('.windsurf/rules/a.md', emoji)).toEqual([]);
    const over = head + 'a'.repeat(12_001 - head.length);
    const found = lint('.windsurf/rules/a.md', over);
    expect(found.map((f) => [f.severity, f.range.start])).toEqual([['error', { line: 3, character: 12_000 - head.length }]]);
    expect(found[0].message).toContain('docs.windsurf.com/windsurf/cascade/memories');
    expect(found[0].message).toContain('12,001');
  });

  it('is 6,000 for global_rules.md', () => {
    expect(lint('.codeium/windsurf/memories/global_rules.md', 'x'.repeat(6_001))).toHaveLength(1);
    expect(lint('.codeium/windsurf/memories/global_rules.md', 'x'.repeat(6_000))).toEqual([]);
  });
});

describe('targets', () => {
  it('auto: the file\'s own tool, plus xcsh when the workspace has .xcsh', () => {
    expect([...fileTargets('auto', 'windsurf', false)]).toEqual(['windsurf']);
    expect([...fileTargets('auto', 'windsurf', true)]).toEqual(['windsurf', 'xcsh']);
    expect([...fileTargets('auto', undefined, false)]).toEqual([]);
  });
  it('a list: the listed agents among the owner and xcsh', () => {
    expect([...fileTargets(['cursor'], 'windsurf', true)]).toEqual([]);
    expect([...fileTargets(['cursor', 'xcsh'], 'cursor', false)]).toEqual(['cursor', 'xcsh']);
  });
});

describe('glob slips', () => {
  it('repairs only where the intent is clear', () => {
    expect(globIssues('**.cs', 'Cursor').map((i) => i.fixed)).toEqual(['**/*.cs']);
    expect(globIssues('a**', 'Cursor').map((i) => i.fixed)).toEqual([undefined]);
    expect(globIssues('src/(a|b)/*.ts', 'Cursor').map((i) => i.fixed)).toEqual(['src/{a,b}/*.ts']);
    expect(globIssues('@(a|b).ts', 'Cursor')).toEqual([]);
    expect(globIssues('src/**/*.{ts,tsx}', 'Cursor')).toEqual([]);
    // A `**` that opens or closes an alternative of a brace group standing as a whole segment is a segment of its own.
    expect(globIssues('{README.md,docs/**/*.md,**/design.md}', 'GitHub Copilot')).toEqual([]);
    expect(globIssues('docs/{api/**,guides}/*.md', 'Cursor')).toEqual([]);
    expect(globIssues('x{**/a.ts,b}', 'Cursor')).toHaveLength(1);
    expect(globIssues('{a,b}**/c.ts', 'Cursor')).toHaveLength(1);
    expect(globIssues('a,**/b.ts', 'the xcsh agent')).toHaveLength(1);
    expect(globIssues('src/[a.ts', 'Cursor')[0].fixed).toBeUndefined();
  });
  it('unwraps one pair of quotes, so a value of nested quotes costs no deeper recursion', () => {
    expect(globIssues('"/package.xml"', 'Cursor').map((i) => i.fixed)).toEqual(['package.xml', 'package.xml']);
    const nested = globIssues('"'.repeat(4_001), 'Cursor');
    expect(nested.map((i) => i.fixed)).toEqual([undefined, undefined]);
    // Past the longest glob agentls matches, its length is all that is said.
    expect(globIssues('"'.repeat(200_001), 'Cursor').map((i) => i.message)).toEqual(['the glob has 200,001 characters; agentls reads up to 4,096 characters, so it matches nothing here (Cursor matches no file)']);
  });
  it('every model names itself', () => {
    for (const id of AGENT_IDS) expect(agentModel(id).name.length).toBeGreaterThan(3);
  });
});

describe('the setting agentls.rules.agents', () => {
  it('takes auto, a list, or a comma-separated string; seed names the xcsh agent; anything else is refused with a warning', () => {
    const warnings: string[] = [];
    expect(overlaySettings(DEFAULT_SETTINGS, {}).rules.agents).toBe('auto');
    expect(overlaySettings(DEFAULT_SETTINGS, { rules: { agents: ['cursor', 'seed'] } }).rules.agents).toEqual(['cursor', 'xcsh']);
    expect(overlaySettings(DEFAULT_SETTINGS, { rules: { agents: 'windsurf, xcsh' } }).rules.agents).toEqual(['windsurf', 'xcsh']);
    expect(overlaySettings(DEFAULT_SETTINGS, { rules: { agents: ['emacs'] } }, warnings).rules.agents).toBe('auto');
    expect(warnings[0]).toContain('agentls.rules.agents');
  });
});

describe('the nested rule folders the listing keeps whatever the ignore files say', () => {
  // Folders in a subfolder of the project, and a rule file name each agent reads there.
  const NESTED = ['.cursor/rules/a.mdc', '.windsurf/rules/a.md', '.devin/rules/a.md', '.claude/rules/a.md', '.github/instructions/a.instructions.md', '.clinerules/a.md', '.cline/rules/a.md', '.xcsh/rules/a.md'];

  it('are the folders whose agent reads them in a subfolder, as the models say', () => {
    const readNested = NESTED.filter((p) => ownerOf(`packages/web/${p}`)?.placement.read === true).map((p) => p.slice(0, p.lastIndexOf('/')));
    expect([...NESTED_RULE_FOLDERS].sort()).toEqual(readNested.sort());
  });

  it('are found from an ignored folder that is, or holds, one; no other folder is entered', () => {
    expect(nestedRuleFolderAt('packages/web/.cursor')).toEqual({ folder: 'packages/web/.cursor/rules', holder: 'packages/web' });
    expect(nestedRuleFolderAt('packages/web/.cursor/rules')).toEqual({ folder: 'packages/web/.cursor/rules', holder: 'packages/web' });
    expect(nestedRuleFolderAt('.windsurf')).toEqual({ folder: '.windsurf/rules', holder: '' });
    for (const other of ['node_modules', 'a/node_modules', 'a/.github', 'a/.clinerules', 'a/.xcsh', 'a/x.cursor', 'a/.cursor/rules/sub', 'dist']) expect(nestedRuleFolderAt(other)).toBeUndefined();
  });
});
