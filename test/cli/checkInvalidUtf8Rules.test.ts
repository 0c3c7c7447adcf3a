import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/*
 * A rule file whose bytes are not valid UTF-8 (Latin-1 "café"): agentls does not read it as
 * text, so `check` must not pass it as clean. Each is one warning naming the agent whose rule
 * file it is, as a binary one is (rule/binary), and a warning leaves the exit code 0.
 */
const LATIN1 = (text: string) => Buffer.from(text, 'latin1');
const said = (agent: string) => `This file is not valid UTF-8, so agentls has not checked it: what becomes of the bytes that do not decode is not documented for ${agent}.`;
// Roo Code's source reads its rule files as UTF-8 text whatever the bytes (server/rules/agents/roo.ts names it): said, as what it reads.
const rooSaid = 'This file is not valid UTF-8, so agentls has not checked it: Roo Code reads it all the same, with a replacement character (�) where the bytes do not decode.';

function workspace(): string {
  return writeTree(tempDir(), {
    '.git/HEAD': '',
    '.cursor/rules/cafe.mdc': LATIN1('---\ndescription: café rule\nalwaysApply: true\n---\nUse café.\n'),
    '.roo/rules/cafe.md': LATIN1('Use café.\n'),
    '.kiro/steering/cafe.md': LATIN1('Use café.\n'),
    'GEMINI.md': LATIN1('Use café.\n'),
  });
}

describe('agentls check: a rule file that is not valid UTF-8', () => {
  it('is one warning naming its agent, in text, for a Cursor rule and a Roo Code rule', () => {
    const ws = workspace();
    const r = builtCli(['check', '.cursor/rules/cafe.mdc', '.roo/rules/cafe.md'], { cwd: ws });
    expect(r.stdout).toBe(
      [
        `.cursor/rules/cafe.mdc:1:1: warning [rule/invalid-utf8] ${said('Cursor')}`,
        `.roo/rules/cafe.md:1:1: warning [rule/invalid-utf8] ${rooSaid}`,
        'Checked 2 rule files: 2 problems (0 errors, 2 warnings, 0 info).',
        '',
      ].join('\n'),
    );
    expect(r.status).toBe(0);
  });

  it('is one warning naming its agent, in JSON, for every agent (Cursor, Roo Code, Kiro, Gemini CLI)', () => {
    const ws = workspace();
    const r = builtCli(['check', '--format', 'json'], { cwd: ws });
    const json = JSON.parse(r.stdout) as CheckJson;
    expect(json.diagnostics.map((d) => [d.path, d.severity, d.code, d.message])).toEqual([
      ['.cursor/rules/cafe.mdc', 'warning', 'rule/invalid-utf8', said('Cursor')],
      ['.kiro/steering/cafe.md', 'warning', 'rule/invalid-utf8', said('Kiro')],
      ['.roo/rules/cafe.md', 'warning', 'rule/invalid-utf8', rooSaid],
      ['GEMINI.md', 'warning', 'rule/invalid-utf8', said('Gemini CLI')],
    ]);
    expect(r.status).toBe(0);
    expect(builtCli(['check', '--max-severity', 'warning'], { cwd: ws }).status).toBe(1);
  });
});
