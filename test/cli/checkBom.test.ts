import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { tempDir, writeTree } from '../helpers/repo';
import { sarifViolations } from '../rules/sarif';
import { cli } from './run';

const BOM = '\uFEFF';

interface SarifRegion {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
  snippet?: { text: string };
}

/**
 * A file saved with a UTF-8 BOM: editors load it without the BOM, and GitHub code scanning
 * shows it so, so a finding on line 1 must be reported at the column a reader sees there,
 * in every format. Later lines never counted it.
 */
describe('agentls check: columns of line 1 in a file that starts with a BOM', () => {
  function workspace(): { ws: string; home: string } {
    const home = tempDir('agentls-home-');
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.xcsh/.keep': '',
      // `rule://missing-one` starts at column 5 (1-based) of the line as an editor shows it.
      '.cursor/rules/links.mdc': `${BOM}See rule://missing-one for more.\n`,
      // hashline reads a patch without its BOM: the path after § starts at column 2 as shown.
      'p.hashline': `${BOM}§missing.txt\n≔1ab\nx\n`,
    });
    return { ws, home };
  }

  it('text: path:line:column as an editor shows line 1', async () => {
    const { ws, home } = workspace();
    const r = await cli(['check', '--home', home], ws);
    const lines = r.stdout.split('\n');
    expect(lines.find((l) => l.includes('[rule-url/unknown]'))).toMatch(/^\.cursor\/rules\/links\.mdc:1:5: /);
    expect(lines.find((l) => l.includes('[hashline/file-not-found]'))).toMatch(/^p\.hashline:1:2: /);
  });

  it('JSON: LSP ranges of the text an editor holds', async () => {
    const { ws, home } = workspace();
    const json = JSON.parse((await cli(['check', '--format', 'json', '--home', home], ws)).stdout) as CheckJson;
    const link = json.diagnostics.find((d) => d.code === 'rule-url/unknown');
    expect(link?.range).toEqual({ start: { line: 0, character: 4 }, end: { line: 0, character: 22 } });
    const patch = json.diagnostics.find((d) => d.code === 'hashline/file-not-found');
    expect(patch?.range).toEqual({ start: { line: 0, character: 1 }, end: { line: 0, character: 12 } });
  });

  it('SARIF: 1-based UTF-16 columns, the BOM not among them', async () => {
    const { ws, home } = workspace();
    const log = JSON.parse((await cli(['check', '--format', 'sarif', '--home', home], ws)).stdout);
    expect(sarifViolations(log)).toEqual([]);
    const run = log.runs[0];
    expect(run.columnKind).toBe('utf16CodeUnits');
    const regionOf = (id: string): SarifRegion => run.results.find((r: { ruleId: string }) => r.ruleId === id).locations[0].physicalLocation.region;
    // The snippet is the text those columns cut from the line as shown: no BOM in it.
    expect(regionOf('rule-url/unknown')).toEqual({ startLine: 1, startColumn: 5, endLine: 1, endColumn: 23, snippet: { text: 'rule://missing-one' } });
    expect(regionOf('hashline/file-not-found')).toEqual({ startLine: 1, startColumn: 2, endLine: 1, endColumn: 13, snippet: { text: 'missing.txt' } });
  });
});
