import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/*
 * A CLAUDE.md may name any path (`@/etc/shadow`); agentls refuses to read one outside the
 * workspace, and must not tell anything of it either: a loop of links outside was reported as
 * "a symbolic link that goes round in a loop" where a missing file was "outside the workspace",
 * so the report said what lies on the disk outside (and the refusal asked the disk for it).
 */

function claudeUncounted(ws: string): { path: string; reason: string }[] {
  const run = builtCli(['rules', '--json'], { cwd: ws });
  expect(run.status, run.stderr).toBe(0);
  const report = JSON.parse(run.stdout) as RuleBucketsResult;
  return report.alwaysSent?.find((a) => a.agent === 'claude')?.uncounted ?? [];
}

describe('imports of paths outside the workspace', () => {
  it('say the same of a loop of links outside as of a missing file outside: outside, not read', () => {
    const outside = tempDir('agentls-outside-');
    fs.symlinkSync('loop.md', path.join(outside, 'loop.md'));
    const ws = writeTree(tempDir(), {
      'CLAUDE.md': `# Memory\n\nSee @${outside}/loop.md and @${outside}/none.md and @inside.md\n`,
    });
    fs.symlinkSync('inside.md', path.join(ws, 'inside.md'));
    const reasons = Object.fromEntries(claudeUncounted(ws).map((u) => [u.path, u.reason]));
    const refused = 'outside the workspace and the user-level rule files: not read';
    expect(reasons[`${outside}/loop.md`]).toBe(refused);
    expect(reasons[`${outside}/none.md`]).toBe(refused);
    // Inside the workspace the loop is the user's to mend, and is named.
    expect(reasons['inside.md']).toContain('goes round in a loop');
  });
});
