import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { deepFolders, foldersDownTo } from '../helpers/deepTree';
import { tempDir } from '../helpers/repo';
import { workCounts } from '../helpers/workCounts';

const DEPTH = 200;

/**
 * `agentls check` in a tree 200 folders deep with an AGENTS.md in each: every path read is
 * judged by its real path (confinement), and Claude Code's view of each AGENTS.md looks for a
 * CLAUDE.md in every folder above it. Counted by the CLI (`real-path-steps`: names looked at
 * on disk to resolve real paths, and kept folders looked at again, `server/workspace/confine.ts`): each folder's real path was
 * resolved again, name by name, for every path below it, about 3 million system calls and
 * 27 s, where a few names per folder are enough.
 */
describe('agentls check in a tree 200 folders deep', () => {
  it('resolves real paths in a number of steps that grows with the folders, not their square', () => {
    const ws = tempDir('agentls-deep-');
    const folders = foldersDownTo(ws, deepFolders(ws, DEPTH));
    for (const [i, dir] of folders.entries()) fs.writeFileSync(path.join(dir, 'AGENTS.md'), `# Level ${i}\n`);
    const work = workCounts();
    // Killed well before the test's own timeout: a run doing the square of the work is the failure seen.
    const run = builtCli(['check', '--format', 'json'], { cwd: ws, env: work.env, timeout: 25_000 });
    expect(run.signal).toBeNull();
    expect(run.stderr).toBe('');
    const report = JSON.parse(run.stdout) as CheckJson;
    expect(report.diagnostics).toEqual([]);
    expect(report.summary.filesChecked).toBe(folders.length);
    // Each path judged also looks once at the kept folder it starts from (that its real path is still the one kept): 3,606 steps now.
    expect(work.counts()['real-path-steps']).toBeLessThanOrEqual(30 * folders.length);
  }, 60_000);
});
