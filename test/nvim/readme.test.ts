import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nvimVersion, runNvim } from '../helpers/nvim';
import { copyFixture, repoRoot, tempDir } from '../helpers/repo';

/** The README's Neovim 0.11+ block (`vim.lsp.config`), exactly as a user copies it. */
function readmeConfigBlock(): string {
  const readme = fs.readFileSync(path.join(repoRoot(), 'README.md'), 'utf8');
  const block = [...readme.matchAll(/```lua\n([\s\S]*?)```/g)].map((m) => m[1]).find((b) => b.includes('vim.lsp.config('));
  if (!block) throw new Error('README.md has no vim.lsp.config block');
  return block;
}

describe("the README's vim.lsp.config block in real Neovim", () => {
  it('starts agentls from PATH on a rule file, rooted at the project, and shows its diagnostics', async (ctx) => {
    const [major, minor] = nvimVersion();
    // vim.lsp.config came in 0.11; npm test runs 0.7, .ci/run also Debian testing's Neovim.
    if (major === 0 && minor < 11) ctx.skip();
    const init = path.join(tempDir('agentls-init-'), 'init.lua');
    fs.writeFileSync(init, readmeConfigBlock());
    const ws = copyFixture('demo');
    const run = await runNvim({ workspace: ws, file: '.cursor/rules/style.mdc', scenario: 'config_attach', init });
    expect(run.error).toBeNull();
    expect(run.result.filetype).toBe('markdown');
    expect(run.result.root).toBe(ws);
    expect(run.result.roots).toEqual([ws]);
    expect(run.result.codes).toContain('rule/shadowed');
  }, 90_000);
});
