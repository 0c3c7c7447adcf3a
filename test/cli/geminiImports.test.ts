import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/** A GEMINI.md's `@path` imports (Gemini CLI's Memory Import Processor docs, geminicli.com/docs/reference/memport): a missing one is said. */
const GEMINI = ['# Context', '', '@./docs/style.md', '@./docs/gone.md', 'Not in code: `@./docs/in-code.md`', '@~/personal.md', 'Ask @alice.', ''].join('\n');

describe('a GEMINI.md import of a missing file', () => {
  it('check warns on it, naming Gemini CLI, and on nothing else', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'GEMINI.md': GEMINI, 'docs/style.md': 'Style.\n' });
    const out = builtCli(['check'], { cwd: ws }).stdout;
    expect(out.split('\n').filter((l) => l.includes('gemini/import-missing'))).toEqual([
      'GEMINI.md:4:1: warning [gemini/import-missing] Gemini CLI imports docs/gone.md here, and there is no such file: it puts an error comment in its place, so what it names never reaches the model.',
    ]);
  });

  it('says nothing where every import is there', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'GEMINI.md': '@./docs/style.md\n', 'docs/style.md': 'Style.\n' });
    expect(builtCli(['check'], { cwd: ws }).stdout).toContain('no problems');
  });

  it('follows context.fileName: warns in the AGENTS.md Gemini CLI reads, not in a GEMINI.md it does not', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.gemini/settings.json': JSON.stringify({ context: { fileName: 'AGENTS.md' } }),
      'GEMINI.md': '@./docs/gone.md\n',
      'AGENTS.md': '# Agents\n\n@./docs/missing.md\n',
    });
    const out = builtCli(['check'], { cwd: ws }).stdout;
    expect(out.split('\n').filter((l) => l.includes('gemini/import-missing')).map((l) => l.slice(0, l.indexOf(' warning')))).toEqual(['AGENTS.md:3:1:']);
  });
});
