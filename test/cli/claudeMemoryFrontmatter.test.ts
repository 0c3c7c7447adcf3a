import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { tempDir, writeTree } from '../helpers/repo';
import { cli } from './run';

/**
 * A frontmatter block on a Claude Code memory file (CLAUDE.md, CLAUDE.local.md), as tools that
 * generate a CLAUDE.md per folder write it: Claude Code takes the block off before its model sees
 * the file (anthropics/claude-code#13003), so no note says it reaches the model as text. The same
 * block on a file its tool sends whole (AGENTS.md) still gets that note.
 */
describe('agentls check: frontmatter on a Claude Code memory file', () => {
  const BLOCK = '---\ntype: folder-context\nparent: ../CLAUDE.md\nchildren:\n  - src/CLAUDE.md\n---\n\n# Context\n\nRun the tests with uv.\n';

  it('says nothing of the block on CLAUDE.md or CLAUDE.local.md, and still notes it on AGENTS.md', async () => {
    const home = tempDir('agentls-home-');
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      'CLAUDE.md': BLOCK,
      'CLAUDE.local.md': BLOCK,
      'src/CLAUDE.md': BLOCK,
      'AGENTS.md': BLOCK,
    });
    const json = JSON.parse((await cli(['check', '--format', 'json', '--home', home], ws)).stdout) as CheckJson;
    const sentAsText = json.diagnostics.filter((d) => d.code === 'frontmatter/sent-as-text').map((d) => d.path);
    expect(sentAsText).toEqual(['AGENTS.md']);
  });
});
