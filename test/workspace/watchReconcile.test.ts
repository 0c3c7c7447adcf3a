import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../server/core/settings';
import { scanFolders } from '../../server/workspace/folderScan';
import { FolderReconciler } from '../../server/workspace/reconcile';
import { WorkspaceSession } from '../../server/workspace/session';
import { tempDir, writeTree } from '../helpers/repo';

/** Folder times have a clock tick of granularity: the tree is made, then aged, so only later changes count. */
function aged(tree: Record<string, string>): string {
  const root = writeTree(tempDir(), tree);
  const past = new Date(Date.now() - 60_000);
  const age = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) age(path.join(dir, e.name));
    fs.utimesSync(dir, past, past);
  };
  age(root);
  return root;
}

async function reconcilerOn(root: string) {
  const session = new WorkspaceSession(DEFAULT_SETTINGS);
  session.addFolder(root);
  const ignore = session.ignoreFor(root);
  const scan = await scanFolders(root, ignore);
  const events: string[] = [];
  const reconciler = new FolderReconciler(root, ignore, scan.folders, (p, t, isDir) => events.push(`${t} ${path.relative(root, p)}${isDir ? '/' : ''}`));
  return { scan, reconciler, events };
}

describe('folder listing and reconciliation by folder times', () => {
  it('lists the kept folders and names the ignored ones', async () => {
    const root = aged({ '.gitignore': 'out/\n', 'a/b/c.md': '', 'out/x/y.js': '', 'node_modules/p/i.js': '', 'a/node_modules/q/i.js': '' });
    const { scan } = await reconcilerOn(root);
    expect([...scan.folders.keys()].sort()).toEqual(['', 'a', 'a/b']);
    expect(scan.ignored.sort()).toEqual(['a/node_modules', 'node_modules', 'out']);
  });

  it('finds created, deleted and moved files and folders, listing only folders whose time moved', async () => {
    const root = aged({ 'a/b/c.md': '', 'a/b/gone.md': '', 'old/sub/x.md': '', 'quiet/q1/q.md': '', 'quiet/q2/q.md': '' });
    const { reconciler, events } = await reconcilerOn(root);
    fs.writeFileSync(path.join(root, 'a/b/new.md'), '');
    fs.rmSync(path.join(root, 'a/b/gone.md'));
    fs.rmSync(path.join(root, 'old'), { recursive: true });
    fs.mkdirSync(path.join(root, 'fresh/deeper'), { recursive: true });
    fs.writeFileSync(path.join(root, 'fresh/deeper/f.md'), '');
    const report = await reconciler.check();
    expect(events.sort()).toEqual(['created a/b/new.md', 'created fresh/', 'deleted a/b/gone.md', 'deleted old/'].sort());
    // The root (two entries changed) and a/b were listed again; the quiet folders were only
    // stat'ed, and old/ and old/sub were forgotten with the root's listing, before their turn.
    expect(report.relisted).toBe(2);
    expect(report.checked).toBe(6);
    // What was learnt is the new baseline: a second check finds nothing, and knows the new folder.
    events.length = 0;
    fs.writeFileSync(path.join(root, 'fresh/deeper/g.md'), '');
    await reconciler.check();
    expect(events).toEqual(['created fresh/deeper/g.md']);
    expect(reconciler.folders.has('old/sub')).toBe(false);
  });

  it('reports every file of a folder changed since a given time as changed (made before anyone watched it)', async () => {
    const root = aged({ 'a/one.md': '', 'b/two.md': '' });
    const { reconciler, events } = await reconcilerOn(root);
    const since = Date.now();
    const now = new Date();
    fs.utimesSync(path.join(root, 'a'), now, now);
    await reconciler.check(undefined, { changedSince: since - 1000 });
    expect(events).toEqual(['changed a/one.md']);
  });
});
