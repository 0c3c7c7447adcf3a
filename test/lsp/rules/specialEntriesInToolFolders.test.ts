import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkReport, expectPushedLikeCheck } from '../../helpers/checkParity';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

/**
 * A named pipe in Claude Code's `.claude/rules`, Copilot's `.github/instructions` or
 * `.github/prompts`, named as their files are: `agentls check` says it on the entry
 * (test/cli/specialEntriesInToolFolders.test.ts); the server pushes the same finding on the
 * pipe's path, as it pushes a closed file's, and never opens it.
 */
const start = useLspClients(afterEach);

describe('a FIFO in the rule folders of Claude Code and Copilot over LSP', () => {
  it('is pushed on the entry, as agentls check reports it', async () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.claude/rules/style.md': 'Use tabs.\n',
      '.github/instructions/ts.instructions.md': '---\napplyTo: "**/*.ts"\n---\nUse tabs.\n',
      '.github/prompts/review.prompt.md': '---\ndescription: Review\n---\nReview the change.\n',
      'src/a.ts': 'export {};\n',
    });
    const rels = ['.claude/rules/pipe.md', '.github/instructions/pipe.instructions.md', '.github/prompts/pipe.prompt.md'];
    expect(spawnSync('mkfifo', rels.map((r) => path.join(ws, r))).status).toBe(0);
    const home = tempDir('agentls-home-');
    const expected = checkReport(ws, home);
    expect([...expected.keys()].sort()).toEqual(rels);
    const c = await start({ folders: [ws], home, client: 'neovim' });
    const pushed = await expectPushedLikeCheck(c, ws, rels, expected);
    expect(pushed.get('.github/prompts/pipe.prompt.md')?.map((d) => d.message)).toEqual([
      'This prompt file is not a regular file but a pipe, socket or device: GitHub Copilot cannot read a prompt from it, and agentls does not open it.',
    ]);
    expect(pushed.get('.claude/rules/pipe.md')?.map((d) => d.message)).toEqual([
      'This rule file is not a regular file but a pipe, socket or device: Claude Code cannot read a rule from it, and agentls does not open it.',
    ]);
  });
});
