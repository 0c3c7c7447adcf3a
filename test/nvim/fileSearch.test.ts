import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runNvim } from '../helpers/nvim';
import { copyFixture, tempDir } from '../helpers/repo';

describe('file search in real Neovim with editors/nvim', () => {
  it("searches through Neovim's client and stays current from the server's own watcher", async () => {
    const ws = copyFixture('search-basic');
    // The shipped config looks for a project marker such as .git.
    fs.mkdirSync(path.join(ws, '.git'));
    // The first index is held after its first files until the scenario has searched once (it makes the gate).
    const gate = path.join(tempDir('agentls-gate-'), 'go');
    const run = await runNvim({ workspace: ws, file: 'README.md', scenario: 'file_search', env: { AGENTLS_TEST_HOLD_INDEX: gate } });
    expect(run.error).toBeNull();
    expect(run.result.first_said_indexing).toBe(true);
    expect(run.result.first).toBe('lib/HudsonInstanceProperties.java');
    expect(run.result.ranges).toEqual([
      { start: 4, end: 5 },
      { start: 10, end: 11 },
      { start: 18, end: 19 },
    ]);
    expect(run.result.created_found).toBe(true);
    expect(run.result.deleted_gone).toBe(true);
    // 16 fixture files, one created, one deleted.
    expect(run.result.message).toMatch(/^File index rebuilt: 16 files in 1 folder in \d+ ms\.$/);
  }, 90_000);
});
