import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, writeTree } from '../helpers/repo';
import { builtCli } from '../helpers/cliWithHome';

// Text writes the home's files from `~` (`~/.cursor/rules/x.mdc`): a folder of the project named `~` must not read as the home.
describe('agentls check of a folder named ~ in the project', () => {
  const BAD = '---\nglobs: src/[a\n---\nA.\n';

  it('writes its files as ./~/…, never as the home’s ~/…', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '~/.cursor/rules/bad.mdc': BAD });
    const run = builtCli(['check'], { cwd: ws });
    expect(run.stdout).toMatch(/^\.\/~\/\.cursor\/rules\/bad\.mdc:\d+:\d+: /m);
    expect(run.stdout).not.toMatch(/^~\//m);
  });

  it('names a file there that holds nothing it lints as ./~/…', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '~/notes.txt': 'plain\n' });
    const run = builtCli(['check', path.join(ws, '~/notes.txt')], { cwd: ws });
    expect(run.stdout).toBe('Checked 1 file: found no rule files, prompt documents, hashline patches or ast-edit recipes in ./~/notes.txt.\n');
  });
});
