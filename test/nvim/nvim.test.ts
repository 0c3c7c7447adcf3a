import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENVIRONMENT } from '../../protocol/launch';
import { copyFixture } from '../helpers/repo';
import { nvimAvailable, runNvim } from '../helpers/nvim';

// CI installs Debian's neovim (.ci/run); a developer machine without it fails loudly here
// rather than skipping, so a missing editor is never mistaken for a pass.
describe('real Neovim with editors/nvim', () => {
  it('has Neovim installed', () => {
    expect(nvimAvailable(), 'install Debian\'s neovim (apt-get install -y neovim)').toBe(true);
  });

  it('attaches to a rule file of a fixture workspace and answers a request', async () => {
    const ws = copyFixture('demo');
    const run = await runNvim({ workspace: ws, file: '.cursor/rules/testing.mdc', scenario: 'attach' });
    expect(run.error).toBeNull();
    expect(run.ok).toBe(true);
    expect(run.result.client_name).toBe('agentls');
    expect(run.result.filetype).toBe('markdown');
    expect(run.result.root).toBe(ws);
    expect(run.result.roots).toEqual([ws]);
    expect(run.result.omnifunc).toBe('v:lua.vim.lsp.omnifunc');
    expect(run.result.hover_map).toBe(true);
    // The config starts the server with the environment every editor set-up gives it.
    expect(run.result.server_env).toEqual(SERVER_ENVIRONMENT);
    // Two buffers of the project, one client (Neovim 0.8+ starts it through vim.lsp.start, 0.7 through start_client).
    expect(run.result.client_buffers).toEqual([2]);
    expect(run.result.version).toBe(JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')).version);
  }, 90_000);
});
