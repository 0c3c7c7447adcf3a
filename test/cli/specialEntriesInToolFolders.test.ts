import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * A named pipe in Claude Code's `.claude/rules` or Copilot's `.github/prompts`, named as their
 * files are: the tree's listing keeps files only, so check used to pass it without a word. It is
 * said, as a pipe named on the command line is, and never opened (opening a pipe with no writer
 * blocks: the run's timeout would catch a check that did).
 */
describe('a FIFO in .claude/rules or .github/prompts', () => {
  it('is an error on the entry, and check ends without opening it', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.claude/rules/style.md': 'Use tabs.\n',
      '.github/prompts/review.prompt.md': '---\ndescription: Review\n---\nReview the change.\n',
    });
    execFileSync('mkfifo', [path.join(ws, '.claude/rules/pipe.md'), path.join(ws, '.github/prompts/pipe.prompt.md')]);
    const run = builtCli(['check', '--format', 'json'], { cwd: ws, timeout: 20_000 });
    expect(run.signal).toBeNull();
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as CheckJson;
    expect(report.diagnostics.map((d) => [d.path, d.code, d.severity, d.message])).toEqual([
      ['.claude/rules/pipe.md', 'rule/unreadable', 'error', 'This rule file is not a regular file but a pipe, socket or device: Claude Code cannot read a rule from it, and agentls does not open it.'],
      ['.github/prompts/pipe.prompt.md', 'rule/unreadable', 'error', 'This prompt file is not a regular file but a pipe, socket or device: GitHub Copilot cannot read a prompt from it, and agentls does not open it.'],
    ]);
  });
});
