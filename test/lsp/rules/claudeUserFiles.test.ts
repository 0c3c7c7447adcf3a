import { afterEach, describe, it } from 'vitest';
import { expectHomeFilesLikeCheck } from '../../helpers/checkParity';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

/**
 * Claude Code's user-level files, `~/.claude/CLAUDE.md` and the rules of `~/.claude/rules`
 * (subfolders too), opened in the editor as a user opens them: the server says of each what
 * `agentls check FILE` says, the memory file's imports judged as far as agentls may read (a
 * rule file it imports is looked up; `~/.claude/settings.json` never is), and a rule's first
 * line hovers with Claude Code's name. Before, the server found what the view reads in them but
 * had no hover for a rule (it knew no workspace folder for it), and `check` refused them as
 * outside the project.
 */
const start = useLspClients(afterEach);

describe("Claude Code's ~/.claude/CLAUDE.md and ~/.claude/rules opened in the editor", () => {
  it('get the findings agentls check gives them, and a rule the hover naming Claude Code', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'CLAUDE.md': '# Project\n', 'src/a.ts': 'x\n' });
    const home = writeTree(tempDir('agentls-home-'), {
      '.claude/CLAUDE.md': '# Mine\nSee @rules/gone.md, @rules/style.md and @settings.json.\n',
      '.claude/rules/style.md': '---\npathz: "src/**"\n---\n# Style\n',
      '.claude/rules/web/react.md': '---\npaths: 42\n---\n# React\n',
      '.claude/settings.json': '{}\n',
    });
    const expected: [string, string, string | undefined][] = [
      // Claude Code reads no keys of its memory (sent whole), so no hover speaks for it, as in the workspace.
      ['.claude/CLAUDE.md', 'claude/import-missing', undefined],
      ['.claude/rules/style.md', 'frontmatter/unknown-key', 'Claude Code'],
      ['.claude/rules/web/react.md', 'frontmatter/wrong-type', 'Claude Code'],
    ];
    const c = await start({ folders: [ws], home, client: 'neovim' });
    await expectHomeFilesLikeCheck(c, ws, home, expected);
  });
});
