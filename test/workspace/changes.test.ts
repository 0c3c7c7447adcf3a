import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SILENT_LOGGER } from '../../server/core/log';
import { DEFAULT_SETTINGS } from '../../server/core/settings';
import { ChangeStream, type FileChange } from '../../server/workspace/changes';
import { WorkspaceSession } from '../../server/workspace/session';
import { FolderWatcher } from '../../server/workspace/watcher';
import * as polling from '../helpers/polling';
import { tempDir, writeTree } from '../helpers/repo';

function collect(stream: ChangeStream): FileChange[] {
  const seen: FileChange[] = [];
  stream.onChanges((batch) => seen.push(...batch));
  return seen;
}

describe('change stream', () => {
  it('coalesces a burst into one batch, create-then-delete into a delete (the path may have been there before)', () => {
    const stream = new ChangeStream(1000);
    const batches: FileChange[][] = [];
    stream.onChanges((b) => batches.push(b));
    stream.push({ path: '/a', type: 'created' });
    stream.push({ path: '/a', type: 'changed' });
    stream.push({ path: '/b', type: 'created' });
    stream.push({ path: '/b', type: 'deleted' });
    stream.push({ path: '/c', type: 'deleted' });
    stream.push({ path: '/c', type: 'created' });
    // Created, deleted, created: the path may be new to everyone, so a creation, not an edit.
    stream.push({ path: '/d', type: 'created' });
    stream.push({ path: '/d', type: 'deleted' });
    stream.push({ path: '/d', type: 'created' });
    stream.flush();
    expect(batches).toEqual([[{ path: '/a', type: 'created' }, { path: '/b', type: 'deleted' }, { path: '/c', type: 'changed' }, { path: '/d', type: 'created' }]]);
    stream.dispose();
  });

  it('drops changes that are ignored or outside the workspace', async () => {
    const root = writeTree(tempDir(), { '.gitignore': 'dist/\n' });
    const session = new WorkspaceSession(DEFAULT_SETTINGS);
    session.addFolder(root);
    const seen = collect(session.changes);
    await session.reportChange(path.join(root, 'dist', 'a.js'), 'created');
    await session.reportChange(path.join(root, 'node_modules', 'x', 'i.js'), 'created');
    await session.reportChange('/etc/passwd', 'changed');
    await session.reportChange(path.join(root, 'src', 'a.ts'), 'created');
    session.changes.flush();
    expect(seen).toEqual([{ path: path.join(root, 'src', 'a.ts'), type: 'created' }]);
    session.dispose();
  });

  it('re-reads ignore rules when a .gitignore changes', async () => {
    const root = writeTree(tempDir(), { '.gitignore': 'a.txt\n' });
    const session = new WorkspaceSession(DEFAULT_SETTINGS);
    session.addFolder(root);
    const seen = collect(session.changes);
    await session.reportChange(path.join(root, 'a.txt'), 'changed');
    fs.writeFileSync(path.join(root, '.gitignore'), 'b.txt\n');
    await session.reportChange(path.join(root, '.gitignore'), 'changed');
    await session.reportChange(path.join(root, 'a.txt'), 'changed');
    session.changes.flush();
    expect(seen.map((c) => path.basename(c.path))).toEqual(['.gitignore', 'a.txt']);
    session.dispose();
  });

  it('passes changes in the user-level rule folders under the configured home', async () => {
    const home = tempDir();
    const session = new WorkspaceSession({ ...DEFAULT_SETTINGS, home });
    session.addFolder(tempDir());
    const seen = collect(session.changes);
    await session.reportChange(path.join(home, '.cursor', 'rules', 'u.mdc'), 'created');
    await session.reportChange(path.join(home, 'Documents', 'private.md'), 'created');
    session.changes.flush();
    expect(seen.map((c) => c.path)).toEqual([path.join(home, '.cursor', 'rules', 'u.mdc')]);
    session.dispose();
  });
});

describe("the server's own watcher", () => {
  async function until(what: string, check: () => boolean, ms = 5000): Promise<void> {
    await polling.until(what, check, (held) => held, ms);
  }

  it('reports created, changed and deleted files, including in new folders, and skips ignored ones', async () => {
    const root = writeTree(tempDir(), { '.gitignore': 'dist/\n', 'a.md': 'a' });
    const session = new WorkspaceSession(DEFAULT_SETTINGS);
    session.addFolder(root);
    const events: string[] = [];
    const watcher = new FolderWatcher({ onChange: (p, t) => events.push(`${t} ${path.relative(root, p)}`), log: SILENT_LOGGER });
    await watcher.addRoot(root, session.ignoreFor(root));
    try {
      fs.writeFileSync(path.join(root, 'b.md'), 'b');
      await until('b.md created', () => events.includes('created b.md'));
      fs.appendFileSync(path.join(root, 'a.md'), 'more');
      await until('a.md changed', () => events.includes('changed a.md'));
      fs.rmSync(path.join(root, 'b.md'));
      await until('b.md deleted', () => events.includes('deleted b.md'));
      fs.mkdirSync(path.join(root, 'new', 'deep'), { recursive: true });
      fs.writeFileSync(path.join(root, 'new', 'deep', 'c.md'), 'c');
      await until('file in a new folder', () => events.some((e) => e.endsWith(path.join('new', 'deep', 'c.md'))));
      fs.mkdirSync(path.join(root, 'dist'));
      fs.writeFileSync(path.join(root, 'dist', 'out.js'), 'x');
      fs.writeFileSync(path.join(root, 'after.md'), 'x');
      await until('after.md', () => events.some((e) => e.endsWith('after.md')));
      expect(events.filter((e) => e.includes('dist'))).toEqual([]);
    } finally {
      watcher.dispose();
      session.dispose();
    }
  });

  it('stops at its folder cap with a warning instead of exhausting inotify', async () => {
    const tree: Record<string, string> = {};
    for (let i = 0; i < 20; i++) tree[`d${i}/f.md`] = '';
    const root = writeTree(tempDir(), tree);
    const session = new WorkspaceSession(DEFAULT_SETTINGS);
    const warnings: string[] = [];
    const watcher = new FolderWatcher({ onChange: () => undefined, log: { ...SILENT_LOGGER, warn: (m) => warnings.push(m) }, maxFolders: 5 });
    await watcher.addRoot(root, session.ignoreFor(root));
    expect(watcher.watchedFolderCount).toBe(5);
    expect(warnings.join()).toMatch(/more than 5 folders/);
    watcher.dispose();
  });
});
