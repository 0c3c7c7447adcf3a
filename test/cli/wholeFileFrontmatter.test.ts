import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { tempDir, writeTree } from '../helpers/repo';
import { agentlsWithHome } from '../helpers/cliWithHome';

/*
 * A frontmatter block in a file its tool sends whole and reads no frontmatter in
 * (`sentWhole` in rules/agents/index.ts gives the sources: Windsurf's global_rules.md, the
 * legacy .cursorrules and .windsurfrules): the block reaches that tool's model as text. One
 * finding says so, unless rule/no-bucket or rule/windsurf-trigger already does on that file.
 */

function workspace(files: Record<string, string> = {}): string {
  return writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.xcsh/rules/keep.md': '---\nalwaysApply: true\n---\nKeep.\n', ...files });
}

function checkGlobalRules(text: string): CheckJson['diagnostics'] {
  const home = writeTree(tempDir('agentls-home-'), { '.codeium/windsurf/memories/global_rules.md': text });
  const run = agentlsWithHome(workspace(), home, 'check', '--format', 'json', path.join(home, '.codeium', 'windsurf', 'memories', 'global_rules.md'));
  return (JSON.parse(run.stdout) as CheckJson).diagnostics;
}

const AS_TEXT = (tool: string) => `${tool} sends this file whole in every request and documents no frontmatter for it: this block most likely reaches ${tool}'s model as text.`;

describe('frontmatter in a file its tool sends whole', () => {
  it("Windsurf's global_rules.md in one of the xcsh agent's buckets: says the block reaches Windsurf's model as text", () => {
    const found = checkGlobalRules('---\nalwaysApply: true\n---\nBe terse.\n');
    expect(found.map((d) => [d.code, d.severity, d.message, d.range])).toEqual([
      ['frontmatter/sent-as-text', 'information', AS_TEXT('Windsurf'), { start: { line: 0, character: 0 }, end: { line: 2, character: 3 } }],
    ]);
  });

  it('says it once: not beside rule/no-bucket or rule/windsurf-trigger, which say so already', () => {
    expect(checkGlobalRules('---\n---\nBe terse.\n').map((d) => d.code)).toEqual(['rule/no-bucket']);
    expect(checkGlobalRules('---\ntrigger: manual\nalwaysApply: true\n---\nBe terse.\n').map((d) => d.code)).toEqual(['rule/windsurf-trigger']);
  });

  it('a file without frontmatter gets none', () => {
    expect(checkGlobalRules('Be terse.\n').map((d) => d.code)).toEqual(['rule/no-bucket']);
  });

  it("the legacy .cursorrules, in a workspace's check: names Cursor", () => {
    const ws = workspace({ '.cursorrules': '---\nalwaysApply: true\n---\nBe terse.\n' });
    const run = agentlsWithHome(ws, writeTree(tempDir('agentls-home-'), {}), 'check', '--format', 'json');
    const found = (JSON.parse(run.stdout) as CheckJson).diagnostics.filter((d) => d.path.endsWith('.cursorrules')).map((d) => [d.code, d.message]);
    expect(found).toContainEqual(['frontmatter/sent-as-text', AS_TEXT('Cursor')]);
  });
});
