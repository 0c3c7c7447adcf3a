import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtCli, builtCliClosedStdout, builtCliWithStdout } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * A CI step that pipes a report into `head` (`agentls check | head -1`) closes agentls's
 * standard output before the report is written. That must not crash it with Node's stack trace
 * for an unhandled EPIPE; the exit still says what the run found, as without the pipe. A report
 * that cannot be written for another reason (a full disk) is lost: that is said, and the run fails.
 */
function workspace(): string {
  const tree: Record<string, string> = { '.git/HEAD': 'ref: refs/heads/main\n' };
  // Enough findings (warnings: `--max-severity warning` fails on them) that the report takes several writes.
  for (let i = 0; i < 40; i++) tree[`.cursor/rules/r${i}.mdc`] = '---\nglobs: *.ts\nalwaysApply: "true"\n---\n---\nBody.\n';
  return writeTree(tempDir(), tree);
}

describe('agentls with its standard output closed by the reader', () => {
  const ws = workspace();
  for (const args of [['check', '--max-severity', 'warning'], ['check', '--format', 'json', '--max-severity', 'warning'], ['check', '--format', 'sarif', '--max-severity', 'warning'], ['rules'], ['rules', '--json'], ['search']]) {
    it(`${args.join(' ')}: no crash, no stack trace, the exit it has without the pipe`, async () => {
      const open = builtCli(args, { cwd: ws });
      expect(open.stdout.length).toBeGreaterThan(0);
      if (args[0] === 'check') expect(open.status).toBe(1);
      const run = await builtCliClosedStdout(args, { cwd: ws });
      expect(run.stderr).not.toMatch(/EPIPE|Unhandled|\n\s+at /);
      expect(run.signal).toBeNull();
      expect(run.status).toBe(open.status);
    });
  }
  it('check with a clean workspace still exits 0 (the closed pipe is no failure of the run)', async () => {
    const clean = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'AGENTS.md': '# Notes\n\nUse the API client.\n' });
    expect(builtCli(['check'], { cwd: clean }).status).toBe(0);
    expect((await builtCliClosedStdout(['check'], { cwd: clean })).status).toBe(0);
  });
});

describe.runIf(fs.existsSync('/dev/full'))('agentls with its standard output on a full disk', () => {
  it('says the output could not be written and exits 3, even where the run found nothing', async () => {
    const clean = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'AGENTS.md': '# Notes\n\nUse the API client.\n' });
    const full = fs.openSync('/dev/full', 'w');
    try {
      const run = await builtCliWithStdout(['check', '--format', 'json'], { cwd: clean }, full);
      expect(run.stderr).toMatch(/^agentls: could not write the output: ENOSPC/);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(run.status).toBe(3);
    } finally {
      fs.closeSync(full);
    }
  });
});
