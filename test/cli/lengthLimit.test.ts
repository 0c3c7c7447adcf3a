import { describe, expect, it } from 'vitest';
import { tempDir, writeTree } from '../helpers/repo';
import { cli } from './run';

/**
 * Windsurf's 12,000-character limit of a rule file, counted as a person counts: the same
 * rule saved with CRLF line ends or a BOM (as editors on Windows save it) is as long as its
 * LF copy, so it is called too long only when that copy is.
 */
describe("Windsurf's character limit and the way a file was saved", () => {
  // The frontmatter (27 characters), 119 lines of 100 and one of 73, line breaks counted once: 12,000, the limit itself.
  const atLimit = (eol: string) => ['---', 'trigger: always_on', '---', ...Array.from({ length: 119 }, () => 'x'.repeat(99)), 'x'.repeat(72)].map((l) => l + eol).join('');

  it.each([
    ['LF', '\n', ''],
    ['CRLF', '\r\n', ''],
    ['BOM and CRLF', '\r\n', '\uFEFF'],
  ])('%s: a rule of 12,000 characters passes, one of 12,001 is too long from its last character', async (_, eol, bom) => {
    const ok = `${bom}${atLimit(eol)}`;
    const over = `${ok.slice(0, -eol.length)}y${eol}`;
    const ws = writeTree(tempDir(), { '.git/HEAD': '', '.windsurf/rules/ok.md': ok, '.windsurf/rules/over.md': over });
    const r = await cli(['check', '--format', 'json', '--home', tempDir('agentls-home-')], ws);
    const long = (JSON.parse(r.stdout) as { diagnostics: { path: string; code: string; message: string; range: { start: { line: number; character: number } } }[] }).diagnostics.filter((d) => d.code === 'rule/too-long');
    expect(long.map((d) => d.path)).toEqual(['.windsurf/rules/over.md']);
    expect(long[0].message).toContain('this one has 12,001');
    const lastLine = over.split(eol).length - 2;
    // The 12,001st character is the last line break.
    expect(long[0].range.start).toEqual({ line: lastLine, character: over.split(eol)[lastLine].length });
  });
});
