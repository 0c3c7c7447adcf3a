import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { agentlsWithHome, builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/*
 * Roo Code follows a link to a folder in its rule folder, and a link in that folder, but not a
 * third (its source's MAX_DEPTH: rules/agents/roo.ts, `rooLinkTooDeep`): the third is an error
 * saying Roo Code reads nothing behind it, never "Roo Code follows it", in the home and in the
 * workspace; a second link, which Roo Code does follow, keeps what is said of it.
 */
const TOO_DEEP = "Roo Code never reads the folder this symbolic link leads to: it is link 3 on the way down from the rule folder, and Roo Code reads the files behind 2 links at most, so none of the rules there reach it. Link the folder from nearer the rule folder.";

/** `rules/l1 → s1`, `s1/l2 → ../s2`, `s2/l3 → out`: `l1/l2/l3` is the third link, `s1/l2/l3` the second. */
function chain(rules: string, out: string): void {
  fs.mkdirSync(path.join(rules, 's1'), { recursive: true });
  fs.mkdirSync(path.join(rules, 's2'), { recursive: true });
  fs.writeFileSync(path.join(rules, 'top.md'), 'Use tabs.\n');
  fs.symlinkSync('s1', path.join(rules, 'l1'));
  fs.symlinkSync('../s2', path.join(rules, 's1', 'l2'));
  fs.symlinkSync(out, path.join(rules, 's2', 'l3'));
}

describe('a third link to a folder down from a Roo Code rule folder', () => {
  it('in ~/.roo/rules, leading out: said not read by Roo Code, not followed and unchecked', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.roo/rules/a.md': 'x\n' });
    const home = tempDir('agentls-home-');
    const out = writeTree(tempDir(), { 'o.md': 'Elsewhere.\n' });
    chain(path.join(home, '.roo', 'rules'), out);
    const run = agentlsWithHome(ws, home, 'check', '--format', 'json', path.join(home, '.roo', 'rules'));
    const diagnostics = (JSON.parse(run.stdout) as CheckJson).diagnostics;
    expect(diagnostics.map((d) => [path.relative(home, d.path), d.code, d.severity, d.message])).toEqual([['.roo/rules/l1/l2/l3', 'rule/not-read', 'error', TOO_DEEP]]);
    expect(run.stderr).not.toContain('l1/l2/l3');
    // The second links to the same folder, which Roo Code follows out: still not checked, so the run is incomplete.
    expect(run.stderr).toContain('~/.roo/rules/s1/l2/l3 leads outside the user-level rule folders through a symbolic link, which Roo Code follows to read the rules there, so it is not checked');
    expect(run.status).toBe(2);
  });

  it('in the workspace, leading into it: said not read by Roo Code', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'shared/o.md': 'Shared.\n' });
    chain(path.join(ws, '.roo', 'rules'), '../../../shared');
    const run = builtCli(['check', '--format', 'json'], { cwd: ws, root: ws });
    const diagnostics = (JSON.parse(run.stdout) as CheckJson).diagnostics;
    expect(diagnostics.map((d) => [d.path, d.code, d.message])).toEqual([['.roo/rules/l1/l2/l3', 'rule/not-read', TOO_DEEP]]);
    expect(run.status).toBe(1);
  });
});
