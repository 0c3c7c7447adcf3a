import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { commitAll, git } from '../helpers/git';
import { tempDir, writeTree } from '../helpers/repo';
import { sarifViolations } from '../rules/sarif';

/*
 * What the SARIF Multitool advises beyond validity (SARIF2003, SARIF2010, SARIF2011): the
 * repository and commit the results are of, and the flagged text with the lines around it, so
 * a reader of an uploaded log sees what was flagged without the checkout.
 */

// Comma-separated globs: the xcsh agent's misreading, a warning on line 3 (the workspace has .xcsh).
const RULE = '---\ndescription: Two globs\nglobs: "*.ts, *.tsx"\n---\nReact rules.\n';

function repo(remote?: string): string {
  const ws = commitAll(writeTree(tempDir(), { '.xcsh/.keep': '', '.cursor/rules/comma.mdc': RULE }));
  if (remote !== undefined) git(ws, 'remote', 'add', 'origin', remote);
  return ws;
}

function sarifRun(ws: string) {
  const out = builtCli(['check', '--format', 'sarif'], { cwd: ws });
  expect(out.status, out.stderr).toBe(0);
  const log = JSON.parse(out.stdout);
  expect(sarifViolations(log)).toEqual([]);
  return log.runs[0];
}

describe('agentls check --format sarif: provenance and snippets', () => {
  it("names the origin remote (credentials left out), the commit and the branch, mapped to the repository's top", () => {
    const ws = repo('https://someone:s3cret@example.com/team/project.git');
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ws, encoding: 'utf8' }).trim();
    const run = sarifRun(ws);
    expect(run.versionControlProvenance).toEqual([{ repositoryUri: 'https://example.com/team/project.git', revisionId: head, branch: 'main', mappedTo: { uriBaseId: 'ROOT' } }]);
    expect(JSON.stringify(run)).not.toContain('s3cret');
  });

  it("writes git's scp-like remote as the ssh URI it means, and gives none without a remote", () => {
    expect(sarifRun(repo('git@example.com:team/project.git')).versionControlProvenance[0].repositoryUri).toBe('ssh://example.com/team/project.git');
    expect(sarifRun(repo()).versionControlProvenance).toBeUndefined();
  });

  it('gives each result the flagged text and its lines with one line around as the context', () => {
    const run = sarifRun(repo());
    const result = run.results.find((r: { ruleId: string }) => r.ruleId === 'frontmatter/comma-globs');
    const { region, contextRegion } = result.locations[0].physicalLocation;
    const lines = RULE.split('\n');
    // The snippet is the region's text, as its columns (1-based, end exclusive) cut it from its line.
    expect(region.startLine).toBe(region.endLine);
    expect(region.snippet.text).toBe(lines[region.startLine - 1].slice(region.startColumn - 1, region.endColumn - 1));
    expect(region.snippet.text).not.toBe('');
    expect(contextRegion).toEqual({ startLine: region.startLine - 1, endLine: region.endLine + 1, snippet: { text: lines.slice(region.startLine - 2, region.endLine + 1).join('\n') } });
  });
});
