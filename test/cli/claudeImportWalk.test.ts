import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * Claude Code's import walk as its loader takes it: depth first, one set of files for the
 * whole load, each file read once, the depth checked before a file is taken. agentls's
 * findings follow it: a file read twice costs its budget once, and a chain past the hop
 * limit warns only where no other chain loads the file.
 */
const importLines = (out: string) => out.split('\n').filter((l) => /\[claude\/import-/.test(l));
const check = (tree: Record<string, string>) => importLines(builtCli(['check'], { cwd: writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', ...tree }) }).stdout);

/** `count` docs imported by CLAUDE.md, each importing one shared glossary. */
function diamond(count: number): Record<string, string> {
  const tree: Record<string, string> = { 'CLAUDE.md': Array.from({ length: count }, (_, i) => `@./d/${i + 1}.md\n`).join(''), 'd/shared.md': 'Glossary\n' };
  for (let i = 1; i <= count; i++) tree[`d/${i}.md`] = `Part ${i}\n@./shared.md\n`;
  return tree;
}

/** Docs a.md … f.md, each importing the next: f.md is six hops from a CLAUDE.md importing a.md. */
const chain = { 'a.md': '@b.md\n', 'b.md': '@c.md\n', 'c.md': '@d.md\n', 'd.md': '@e.md\n', 'e.md': '@f.md\n', 'f.md': 'Deep\n' };

describe("Claude Code's import walk", () => {
  it('reads a file that many docs import once: thirty docs sharing one glossary are 31 files, within the 50 agentls follows', () => {
    expect(check(diamond(30))).toEqual([]);
  });

  it('still says where it stopped when the distinct files pass 50', () => {
    // d/1.md and the glossary, then d/2.md … d/49.md: the 50th file; d/50.md is the first left unread.
    expect(check(diamond(60))).toEqual([
      "CLAUDE.md:50:1: information [claude/import-not-checked] agentls stopped following Claude Code's imports of this file after 50 imported files: the imports in the files below this import and below 10 more of this file's imports were not checked, so a missing file or a chain too deep there goes unreported.",
    ]);
  });

  it('says nothing of cross-linked docs that a short chain loads, however long the chains through them', () => {
    const tree: Record<string, string> = { 'CLAUDE.md': '@./d/1.md\n' };
    for (let i = 1; i <= 6; i++) tree[`d/${i}.md`] = [1, 2, 3, 4, 5, 6].filter((j) => j !== i).map((j) => `See @./${j}.md\n`).join('');
    expect(check(tree)).toEqual([]);
  });

  it('warns of a file no chain reaches within five hops', () => {
    expect(check({ 'CLAUDE.md': '@a.md\n', ...chain })).toEqual([
      'CLAUDE.md:1:1: warning [claude/import-too-deep] Claude Code follows imports 5 hops deep; through this import, f.md is hop 6 and is never loaded (a.md → b.md → c.md → d.md → e.md → f.md).',
    ]);
  });

  it('says nothing of a file first met past the limit that a later, shorter chain loads', () => {
    expect(check({ 'CLAUDE.md': '@a.md\n@f.md\n', ...chain })).toEqual([]);
  });

  it('warns of the imports of a file taken at the last hop, which are not followed again when a shorter chain reaches that file', () => {
    // e.md loads at hop 5 through a.md, its import of f.md is past the limit there, and the later @e.md finds e.md taken already.
    expect(check({ 'CLAUDE.md': '@a.md\n@e.md\n', ...chain })).toEqual([
      'CLAUDE.md:1:1: warning [claude/import-too-deep] Claude Code follows imports 5 hops deep; through this import, f.md is hop 6 and is never loaded (a.md → b.md → c.md → d.md → e.md → f.md).',
    ]);
  });
});
