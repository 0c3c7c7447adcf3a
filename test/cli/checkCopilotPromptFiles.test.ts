import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * `agentls check` reads GitHub Copilot's prompt files (`.github/prompts/*.prompt.md`) as
 * Copilot's docs describe them, and `agentls rules` does not list them: they are slash
 * commands run on demand, not instructions sent with requests.
 */
describe('Copilot prompt files in the CLI', () => {
  it('check reports their frontmatter as Copilot reads it; rules lists none of them', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.github/prompts/review.prompt.md': "---\nmode: agent\ntools: githubRepo\ncolour: red\n---\nReview the pull request.\n",
      '.github/prompts/explain.prompt.md': "---\ndescription: 'Explain the code'\nagent: ask\ntools: ['search/codebase']\n---\nExplain ${selection}.\n",
      // One of agentls's own prompt documents kept beside them stays ours.
      '.github/prompts/ours.prompt.md': '---\nfile_references:\n  - ref_id: a\n    path: src/a.ts\n---\nLook at <@file:a|src/a.ts>.\n',
      'src/a.ts': 'export const a = 1;\n',
    });
    const json = builtCli(['check', '--format', 'json'], { cwd: ws });
    expect(json.status).toBe(0);
    const report = JSON.parse(json.stdout) as CheckJson;
    const found = report.diagnostics.map((d) => [d.path, d.code, d.severity, d.range.start.line]);
    expect(found).toEqual([
      ['.github/prompts/review.prompt.md', 'frontmatter/unknown-key', 'information', 1],
      ['.github/prompts/review.prompt.md', 'frontmatter/wrong-type', 'warning', 2],
      ['.github/prompts/review.prompt.md', 'frontmatter/unknown-key', 'information', 3],
    ]);
    expect(report.diagnostics[1].message).toContain('GitHub Copilot takes `tools` as a list of names');
    expect(report.summary.agentFiles).toBe(3);

    const rules = builtCli(['rules'], { cwd: ws });
    expect(rules.stdout).not.toContain('.prompt.md');
  });
});

describe('a Copilot prompt file that cannot be read as text', () => {
  it('is said, not passed as clean', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.github/prompts/bin.prompt.md': '---\nagent: ask\n---\nHello \u0000 world\n' });
    const json = builtCli(['check', '--format', 'json'], { cwd: ws });
    const report = JSON.parse(json.stdout) as CheckJson;
    expect(report.diagnostics.map((d) => [d.path, d.code, d.severity])).toEqual([['.github/prompts/bin.prompt.md', 'rule/unreadable', 'warning']]);
    expect(report.noAgentFiles).toBeUndefined();
  });
});

describe('the model of a Copilot prompt file', () => {
  it('may be one name or a list of names (tried in order); a mapping is warned of', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.github/prompts/one.prompt.md': "---\nmodel: 'GPT-4o'\n---\nOne.\n",
      '.github/prompts/list.prompt.md': "---\nmodel: ['GPT-4o', 'Claude Sonnet 4']\n---\nList.\n",
      '.github/prompts/map.prompt.md': '---\nmodel:\n  name: GPT-4o\n---\nMap.\n',
      '.github/prompts/odd.prompt.md': '---\nmodel: [1, {x: 2}]\n---\nOdd.\n',
    });
    const report = JSON.parse(builtCli(['check', '--format', 'json'], { cwd: ws }).stdout) as CheckJson;
    expect(report.diagnostics.map((d) => [d.path, d.code, d.severity])).toEqual([
      ['.github/prompts/map.prompt.md', 'frontmatter/wrong-type', 'warning'],
      ['.github/prompts/odd.prompt.md', 'frontmatter/wrong-type', 'warning'],
    ]);
  });
});
