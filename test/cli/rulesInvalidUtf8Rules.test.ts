import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import { builtCliAsync } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/*
 * `agentls rules` on rule files of Cursor, Windsurf and Cline whose bytes are not valid UTF-8
 * (Latin-1 "café") or not text at all: `check` says agentls has not checked them
 * (rule/invalid-utf8, rule/binary), and a Kiro file in the same state was already listed as not
 * counted. The tools' views listed them as "always" with a token count of the lossily decoded
 * text; they are now not counted, with the reason the Kiro file gets. The xcsh agent, which
 * reads replacement characters (rules/lint/body.ts), still counts its own.
 */
const LATIN1 = (text: string) => Buffer.from(text, 'latin1');
const CURSOR = '.cursor/rules/cafe.mdc';
const WINDSURF = '.windsurf/rules/cafe.md';
const CLINE = '.clinerules/cafe.md';
const KIRO = '.kiro/steering/cafe.md';
const BINARY = '.cursor/rules/blob.mdc';

function workspace(): string {
  const ws = writeTree(tempDir(), {
    '.git/HEAD': '',
    [CURSOR]: LATIN1('---\ndescription: café rule\nalwaysApply: true\n---\nUse café.\n'),
    [WINDSURF]: LATIN1('---\ntrigger: always_on\n---\nUse café.\n'),
    [CLINE]: LATIN1('Use café.\n'),
    [KIRO]: LATIN1('Use café.\n'),
    [BINARY]: '\u0000\u0001binary',
  });
  return fs.realpathSync(ws);
}

const invalid = (ws: string, rel: string) => `${path.join(ws, rel)} is not valid UTF-8`;

describe('agentls rules: a tool rule file that is not valid UTF-8', () => {
  it('--json: in no agent rule of its tool, and not counted with why, as a Kiro file is', async () => {
    const ws = workspace();
    const result = JSON.parse((await builtCliAsync(['rules', '--json'], { cwd: ws, mustSucceed: true })).stdout) as RuleBucketsResult;
    expect(result.agentRules ?? []).toEqual([]);
    const sent = Object.fromEntries((result.alwaysSent ?? []).filter((a) => a.agent !== 'seed').map((a) => [a.agent, { total: a.totalTokens, uncounted: a.uncounted }]));
    expect(sent).toEqual({
      cursor: { total: 0, uncounted: [{ path: BINARY, reason: `${path.join(ws, BINARY)} is a binary file` }, { path: CURSOR, reason: invalid(ws, CURSOR) }] },
      windsurf: { total: 0, uncounted: [{ path: WINDSURF, reason: invalid(ws, WINDSURF) }] },
      cline: { total: 0, uncounted: [{ path: CLINE, reason: invalid(ws, CLINE) }] },
      kiro: { total: 0, uncounted: [{ path: KIRO, reason: invalid(ws, KIRO) }] },
    });
    // The xcsh agent reads replacement characters: its bucket for the file stands.
    expect(result.buckets.alwaysApply).toEqual(['cafe']);
  });

  it('text: "not counted" with why for each tool, never "always" with a token count', async () => {
    const ws = workspace();
    const text = (await builtCliAsync(['rules'], { cwd: ws, mustSucceed: true })).stdout;
    for (const [agent, rel] of [
      ['Windsurf', WINDSURF],
      ['Cline', CLINE],
      ['Kiro', KIRO],
    ]) {
      expect(text).toContain(`  ${agent}: ≈0 tokens in every request\n    not counted: ${rel} (${invalid(ws, rel)})\n`);
    }
    expect(text).toContain(`  Cursor: ≈0 tokens in every request\n    not counted: ${BINARY} (${path.join(ws, BINARY)} is a binary file)\n    not counted: ${CURSOR} (${invalid(ws, CURSOR)})\n`);
    expect(text).not.toMatch(/rules for the whole workspace/);
  });
});
