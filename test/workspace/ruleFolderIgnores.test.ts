import { describe, expect, it } from 'vitest';
import { NodeFileSystem } from '../../server/workspace/fs';
import { mayIgnoreNestedRuleFolders } from '../../server/workspace/ruleFolderIgnores';
import { git } from '../helpers/git';
import { tempDir, writeTree } from '../helpers/repo';

/** A git work tree with these files, and its root's `.gitignore` as the listing would hand it on. */
function repo(files: Record<string, string>): string {
  const ws = writeTree(tempDir(), files);
  git(ws, 'init', '-q');
  return ws;
}

const ask = (ws: string, gitignores: string[]) => mayIgnoreNestedRuleFolders(ws, new NodeFileSystem(), gitignores);

describe('whether the ignore rules of a git work tree may leave out a nested agent rule folder', () => {
  it('says no where no rule can name one, so the listing asks git for no ignored folders', async () => {
    expect(await ask(repo({ '.gitignore': '# build\n*.log\ndist/\nnode_modules/\n!keep.log\n**/instructions\n', 'web/.gitignore': 'coverage/\n' }), ['.gitignore', 'web/.gitignore'])).toBe(false);
  });

  it('says yes for a rule naming an agent folder or a part of one, in any .gitignore or in .git/info/exclude', async () => {
    for (const line of ['.cursor/', '/packages/*/.windsurf', 'rules/', '**/.devin', '.*', '.c*']) {
      expect(await ask(repo({ 'web/.gitignore': `${line}\n` }), ['web/.gitignore']), line).toBe(true);
    }
    expect(await ask(repo({ '.git/info/exclude': '.claude/\n' }), [])).toBe(true);
    // The root's .gitignore is read though the listing did not hand it on (it ignores itself).
    expect(await ask(repo({ '.gitignore': '.gitignore\n.devin/\n' }), [])).toBe(true);
  });

  it('says yes for a rule that may leave out a rule file by its name, in a folder that is not ignored', async () => {
    for (const line of ['*.local.mdc', 'private-*.md', 'CLAUDE.local.md', '/docs/NOTES.MD', 'local-*', '*md', 'private*', '*', '*.*', 'notes.m*', '*.txt', '.clinerules/*', 'me.local.md*']) {
      expect(await ask(repo({ 'web/.gitignore': `${line}\n` }), ['web/.gitignore']), line).toBe(true);
    }
    // Folders only, or names no rule file has: the lines of GitHub's Node and Python templates among them, which must not cost every such repository a second listing.
    for (const line of ['notes.md/', '*.mdx', 'README', '!keep.md', 'npm-debug.log*', 'yarn-error.log*', '.env*', '.env.*', '.pnp.*', '.coverage.*', '*.py[cod]', '*.sw?', 'pip-log.txt', 'pip-delete-this-directory.txt', '*.log', '*~']) {
      expect(await ask(repo({ 'web/.gitignore': `${line}\n` }), ['web/.gitignore']), line).toBe(false);
    }
  });

  it("asks git whether the user's global excludes leave out CLAUDE.local.md", async () => {
    const ws = repo({ 'global-excludes': 'CLAUDE.local.md\n' });
    expect(await ask(ws, [])).toBe(false);
    git(ws, 'config', 'core.excludesFile', `${ws}/global-excludes`);
    expect(await ask(ws, [])).toBe(true);
  });

  it("asks git about the user's global excludes, which it does not read itself", async () => {
    const ws = repo({ 'global-excludes': '.cursor/\n' });
    expect(await ask(ws, [])).toBe(false);
    git(ws, 'config', 'core.excludesFile', `${ws}/global-excludes`);
    expect(await ask(ws, [])).toBe(true);
  });
});
