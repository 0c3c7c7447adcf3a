import { describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import { tempDir, writeTree } from '../helpers/repo';
import { builtCli } from '../helpers/cliWithHome';
import { cliRulesFor } from '../helpers/rulesFor';

/**
 * Claude Code takes a leading frontmatter block off a memory file (CLAUDE.md, CLAUDE.local.md)
 * before its model sees it (anthropics/claude-code#13003; the empty block written above another
 * is that issue's own way to keep a block: only the first is taken off). The sizes `rules` gives
 * Claude Code are those of the text after the block; AGENTS.md readers send the block as text.
 */
describe('agentls rules: the frontmatter of a Claude Code memory file is not counted as sent', () => {
  const META = `---\nsummary: ${'m'.repeat(400)}\n---\n`;
  const BODY = '# Notes\n\nRun the tests with uv.\n';
  const KEPT = '---\n---\nkeep: this line is sent\n---\nSent too.\n';
  const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

  it('counts only the text after the first block, at the root, in .claude/, in CLAUDE.local.md and the user memory', () => {
    const home = writeTree(tempDir('agentls-home-'), { '.claude/CLAUDE.md': META + BODY });
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      'CLAUDE.md': META + BODY,
      '.claude/CLAUDE.md': KEPT,
      'CLAUDE.local.md': META + BODY,
      'AGENTS.md': META + BODY,
    });
    const run = builtCli(['rules', '--json'], { cwd: ws, home, mustSucceed: true });
    const buckets = JSON.parse(run.stdout) as RuleBucketsResult;
    const claude = buckets.alwaysSent?.find((a) => a.agent === 'claude')?.items.map((i) => [i.path, i.bytes]);
    expect(claude).toEqual([
      [expect.stringContaining('CLAUDE.md'), bytes(BODY)],
      ['CLAUDE.md', bytes(BODY)],
      ['.claude/CLAUDE.md', bytes('keep: this line is sent\n---\nSent too.\n')],
      ['CLAUDE.local.md', bytes(BODY)],
    ]);
    // An AGENTS.md reader has no such step: the block is part of what it sends.
    expect(buckets.alwaysSent?.find((a) => a.agent === 'agents-md')?.items.map((i) => i.bytes)).toEqual([bytes(META + BODY)]);
  });

  it('--for a file: the memory file tokens are those of its text after the block', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'CLAUDE.md': META + BODY, 'src/a.ts': '' });
    const rules = cliRulesFor(ws, 'src/a.ts', 'claude');
    expect(rules.map((r) => [r.path, r.tokens])).toEqual([['CLAUDE.md', Math.ceil(bytes(BODY) / 4)]]);
  });
});
