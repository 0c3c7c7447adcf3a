import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runNvim } from '../helpers/nvim';
import { copyFixture } from '../helpers/repo';

/** A copy of the refs fixture that Neovim's shipped config recognises as a project (it looks for .git). */
function workspace(): string {
  const ws = copyFixture('refs-basic');
  fs.mkdirSync(path.join(ws, '.git'));
  return ws;
}

describe('file references in real Neovim with editors/nvim', () => {
  it('accepts an @ completion: the token and the file_references entry land in the buffer', async () => {
    const run = await runNvim({ workspace: workspace(), file: 'prompts/new.prompt.md', scenario: 'prompt_complete' });
    expect(run.error).toBeNull();
    expect(run.result.picked).toBe('src/auth.ts');
    expect(run.result.incomplete).toBe(true);
    expect(run.result.text).toBe('---\nfile_references:\n  - ref_id: ref_0\n    path: src/auth.ts\n---\nExplain <@file:ref_0|src/auth.ts>');
    expect(run.result.links).toBe(2);
  }, 90_000);

  it('accepts a completion whose file_references entry comes as an additional edit', async () => {
    const run = await runNvim({ workspace: workspace(), file: 'prompts/clean.prompt.md', scenario: 'prompt_complete_entry' });
    expect(run.error).toBeNull();
    expect(run.result.picked).toBe('src/session.ts');
    expect(run.result.text).toBe(
      '---\nfile_references:\n  - ref_id: ref_0\n    path: src/auth.ts\n  - ref_id: ref_1\n    path: src/session.ts\n---\nFind the bug in <@file:ref_0|src/auth.ts>. Also <@file:ref_1|src/session.ts>',
    );
    expect(run.result.links).toBe(4);
  }, 90_000);

  it("accepts an @ completion from Neovim 0.11's own LSP completion, typed in insert mode", async () => {
    const run = await runNvim({ workspace: workspace(), file: 'prompts/new.prompt.md', scenario: 'prompt_complete_builtin' });
    expect(run.error).toBeNull();
    const [major, minor] = run.nvim.split('.').map(Number);
    if (major === 0 && minor < 11) {
      expect(run.result).toEqual({ builtin_completion: 'nil' }); // vim.lsp.completion came in 0.11
      return;
    }
    expect(run.result.text).toBe('---\nfile_references:\n  - ref_id: ref_0\n    path: src/auth.ts\n---\nExplain <@file:ref_0|src/auth.ts>');
    expect(run.result.mode).toBe('i');
  }, 90_000);

  it("accepts an @ completion from Neovim 0.11's own LSP completion inside a one-line JSON prompt", async () => {
    const ws = workspace();
    // A RAWP message as a program writes it (JSON.stringify): the file_references list after the text, on the same line.
    fs.writeFileSync(path.join(ws, 'prompts/one.rawp.json'), JSON.stringify({ type: 'control.prompt.request', payload: { prompt_text: 'Explain ', file_references: [] } }) + '\n');
    const run = await runNvim({ workspace: ws, file: 'prompts/one.rawp.json', scenario: 'prompt_complete_builtin' });
    expect(run.error).toBeNull();
    const [major, minor] = run.nvim.split('.').map(Number);
    if (major === 0 && minor < 11) {
      expect(run.result).toEqual({ builtin_completion: 'nil' });
      return;
    }
    expect(JSON.parse(run.result.text as string)).toEqual({ type: 'control.prompt.request', payload: { prompt_text: 'Explain <@file:ref_0|src/auth.ts>', file_references: [{ ref_id: 'ref_0', path: 'src/auth.ts' }] } });
  }, 90_000);

  it('keeps a keystroke that races the file_references entry: Neovim drops the stale edit and the entry comes again', async () => {
    const ws = workspace();
    fs.writeFileSync(path.join(ws, 'prompts/one.rawp.json'), JSON.stringify({ type: 'control.prompt.request', payload: { prompt_text: 'Explain ', file_references: [] } }) + '\n');
    const run = await runNvim({ workspace: ws, file: 'prompts/one.rawp.json', scenario: 'prompt_entry_race' });
    expect(run.error).toBeNull();
    expect(JSON.parse(run.result.text as string)).toEqual({ type: 'control.prompt.request', payload: { prompt_text: 'Explain <@file:ref_0|src/auth.ts> now', file_references: [{ ref_id: 'ref_0', path: 'src/auth.ts' }] } });
    expect(run.result.edits).toBe(2);
  }, 90_000);

  it('flags a forged token and fixes it with the code action Neovim offers', async () => {
    const ws = workspace();
    const run = await runNvim({ workspace: ws, file: 'prompts/forged.prompt.md', scenario: 'prompt_fix' });
    expect(run.error).toBeNull();
    expect(run.result.message).toContain('ref_id "ref_7" has no entry in file_references');
    expect(run.result.chosen).toBe('Add ref_7 → src/session.ts to file_references');
    expect(run.result.text).toBe('---\nfile_references:\n  - ref_id: ref_0\n    path: src/auth.ts\n  - ref_id: ref_7\n    path: src/session.ts\n---\nFind the bug in <@file:ref_0|src/auth.ts>, see <@file:ref_7|src/session.ts>.');
  }, 90_000);
});
