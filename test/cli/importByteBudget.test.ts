import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * Following a memory file's imports reads at most 4 MiB (MAX_BYTES_FOLLOWED in
 * server/rules/claudeImports.ts), counted in bytes as read from disk. Text of three-byte
 * characters (`漢`, U+6F22) is a third as many UTF-16 units as bytes: counted in units, the
 * budget let three times as much through.
 */
const wide = (bytes: number) => '漢'.repeat(Math.floor(bytes / 3));

function project(bLength: number): string {
  const tree: Record<string, string> = {
    '.git/HEAD': 'ref: refs/heads/main\n',
    'CLAUDE.md': ['@./docs/a1.md', '@./docs/a2.md', '@./docs/a3.md', '@./docs/a4.md', '@./docs/b.md', ''].join('\n'),
    'docs/b.md': `${wide(bLength)}\n@./gone.md\n`,
  };
  // Four files of about 1,000,000 bytes each: about 195,000 bytes of the budget are left for b.md.
  for (let i = 1; i <= 4; i++) tree[`docs/a${i}.md`] = `${wide(1_000_000)}\n`;
  return writeTree(tempDir(), tree);
}

const missing = (ws: string) => builtCli(['check'], { cwd: ws }).stdout.split('\n').filter((l) => l.includes('claude/import-missing'));

describe('the byte budget of following imports', () => {
  it('reads b.md where it fits what is left of the 4 MiB, and not where its bytes (not its characters) are past it', () => {
    expect(missing(project(150_000))).toEqual([
      'CLAUDE.md:5:1: warning [claude/import-missing] Through this import (docs/b.md), Claude Code imports docs/gone.md, and there is no such file: that import is skipped without a word.',
    ]);
    // 300,000 bytes, 100,000 characters: past the bytes left, within the characters.
    expect(missing(project(300_000))).toEqual([]);
  });
});

describe('an imported file over the 1 MiB agentls reads of one file', () => {
  /** `check`'s lines of `agent`'s import codes for a memory file `name` importing a file over 1 MiB (which imports a missing one) and a small one. */
  const bigImport = (name: string, agent: string) => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      [name]: '# Memory\n@./docs/big.md\n@./docs/small.md\n',
      'docs/big.md': `${'x'.repeat(1024 * 1024 + 10)}\n@./gone.md\n`,
      'docs/small.md': 'Small.\n',
    });
    return builtCli(['check'], { cwd: ws }).stdout.split('\n').filter((l) => l.includes(`${agent}/import`));
  };

  it('says its imports were not checked, naming the file and the cap, on the import that leads to it', () => {
    expect(bigImport('CLAUDE.md', 'claude')).toEqual([
      'CLAUDE.md:2:1: information [claude/import-not-checked] agentls reads at most 1 MiB of a file Claude Code imports, and docs/big.md is larger: the imports in it were not checked, so a missing file or a chain too deep below it goes unreported.',
    ]);
  });

  // Gemini CLI reads the whole file (memoryImportProcessor.ts, `fs.readFile`); agentls does not, and says so as for Claude Code.
  it('says so for Gemini CLI too, on the GEMINI.md import that leads to it: its imports, and the depth of this file\'s chains, were not checked', () => {
    expect(bigImport('GEMINI.md', 'gemini')).toEqual([
      "GEMINI.md:2:1: information [gemini/import-not-checked] agentls reads at most 1 MiB of a file Gemini CLI imports, and docs/big.md is larger: the imports in it were not checked, so a missing file or a chain too deep below it goes unreported; nor were any of this file's chains checked against the 5 levels Gemini CLI follows.",
    ]);
  });
});
