import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { tempDir, writeTree } from '../helpers/repo';
import { builtCli } from '../helpers/cliWithHome';

/** A project with one Cline rule, and a home with one of Cline's global rules (`~/Documents/Cline/Rules`). */
function projectAndHome(): { ws: string; home: string; global: string } {
  const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.clinerules/b.md': '# b\n', 'README.md': '# readme\n' });
  const home = writeTree(tempDir('agentls-home-'), { 'Documents/Cline/Rules/a.md': '# a\n' });
  return { ws, home, global: path.join(home, 'Documents/Cline/Rules') };
}

describe('agentls check says what it checked, by kind', () => {
  it('counts a user-level rule folder named beside the root as checked, in text', () => {
    const { ws, home, global } = projectAndHome();
    const run = builtCli(['check', '.', global], { cwd: ws, home });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ status: 0, stdout: 'Checked 2 rule files (1 user-level) among 3 files: no problems.\n', stderr: '' });
  });

  it('gives the same counts in JSON: the files listed, the agent files, and those by kind', () => {
    const { ws, home, global } = projectAndHome();
    const report = JSON.parse(builtCli(['check', '--format', 'json', '.', global], { cwd: ws, home }).stdout) as CheckJson;
    expect(report.summary).toMatchObject({ filesChecked: 3, agentFiles: 2, byKind: { rule: 2, userLevelRule: 1, prompt: 0, patch: 0, settings: 0, other: 0 } });
  });

  it('gives them in SARIF, in the run properties', () => {
    const { ws, home, global } = projectAndHome();
    const sarif = JSON.parse(builtCli(['check', '--format', 'sarif', '.', global], { cwd: ws, home }).stdout) as { runs: { properties: { summary: CheckJson['summary'] } }[] };
    expect(sarif.runs[0].properties.summary).toMatchObject({ filesChecked: 3, agentFiles: 2, byKind: { rule: 2, userLevelRule: 1 } });
  });

  it('reports a problem of the user-level file named beside the root once, and fails on it', () => {
    const { ws, home, global } = projectAndHome();
    writeTree(home, { 'Documents/Cline/Rules/a.md': '---\npaths: [\n---\n# a\n' });
    const report = builtCli(['check', '--format', 'json', '.', global], { cwd: ws, home });
    const json = JSON.parse(report.stdout) as CheckJson;
    expect({ status: report.status, paths: json.diagnostics.map((d) => `${d.path} ${d.code}`), stderr: report.stderr }).toEqual({
      status: 1,
      paths: [`${path.join(global, 'a.md')} frontmatter/yaml-error`],
      stderr: '',
    });
  });

  it('names the kinds apart: a rule file, a hashline patch and a settings file', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.cursor/rules/a.mdc': '---\nalwaysApply: true\n---\nA.\n',
      'fix.hashline': '--- a.txt\n',
      '.gemini/settings.json': '{ not json\n',
    });
    const run = builtCli(['check', '.cursor/rules/a.mdc', 'fix.hashline', '.gemini/settings.json'], { cwd: ws });
    expect(run.stdout.split('\n').at(-2)).toMatch(/^Checked 1 rule file, 1 hashline patch and 1 settings file: \d+ problems? /);
  });
});
