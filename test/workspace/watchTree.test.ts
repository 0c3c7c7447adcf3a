import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SILENT_LOGGER } from '../../server/core/log';
import { DEFAULT_SETTINGS } from '../../server/core/settings';
import { WorkspaceSession } from '../../server/workspace/session';
import { nativeWatcher, type NativeModule } from '../../server/workspace/nativeWatcher';
import { TreeWatcher } from '../../server/workspace/treeWatcher';
import * as polling from '../helpers/polling';
import { tempDir, writeTree } from '../helpers/repo';

/** Until `check` holds of the events the watcher reported (`seen`, shown when it times out). */
async function until(what: string, check: () => boolean, seen: string[], ms = 15_000): Promise<void> {
  await polling.until(what, () => seen, () => check(), ms);
}

const running: { dispose(): void }[] = [];
afterEach(() => {
  for (const r of running.splice(0)) r.dispose();
});

/** A watcher on a fresh tree; `events` records `type rel` lines as the session would get them. */
async function watch(tree: Record<string, string>, options: { native?: boolean; maxFsWatches?: number; nativeModule?: NativeModule } = {}) {
  const root = writeTree(tempDir(), tree);
  const session = new WorkspaceSession(DEFAULT_SETTINGS);
  session.addFolder(root);
  const events: string[] = [];
  const fallbacks: string[] = [];
  session.changes.onChanges((batch) => events.push(...batch.map((c) => `${c.type} ${path.relative(root, c.path)}`)));
  const watcher = new TreeWatcher({
    root,
    ignore: () => session.ignoreFor(root),
    onChange: (p, t, isDir) => void session.reportChange(p, t, isDir),
    onFallback: (reason) => fallbacks.push(reason),
    log: SILENT_LOGGER,
    ...options,
  });
  running.push(watcher, session);
  expect(watcher.status().state).toBe('starting');
  await watcher.start();
  return { root, events, fallbacks, watcher };
}

const TREE = {
  '.gitignore': 'dist/\n',
  'a.md': 'a',
  'src/deep/er/b.md': 'b',
  'src/deep/er/gone.md': 'x',
  'dist/keep-out/x.js': 'x',
  'node_modules/pkg/index.js': 'x',
};

describe('the tree watcher (native)', () => {
  it('watches every kept folder with one native watch, and reports changes but not ignored ones', async () => {
    const { root, events, fallbacks, watcher } = await watch(TREE);
    const status = watcher.status();
    expect(fallbacks).toEqual([]);
    expect(status).toMatchObject({ state: 'watching', backend: 'native', folders: 4, watched: 4 });
    fs.writeFileSync(path.join(root, 'src/deep/er/new.md'), 'n');
    fs.rmSync(path.join(root, 'src/deep/er/gone.md'));
    fs.mkdirSync(path.join(root, 'fresh/folder'), { recursive: true });
    fs.writeFileSync(path.join(root, 'fresh/folder/c.md'), 'c');
    fs.writeFileSync(path.join(root, 'dist/keep-out/y.js'), 'y');
    fs.writeFileSync(path.join(root, 'node_modules/pkg/other.js'), 'y');
    fs.mkdirSync(path.join(root, 'dist/later'));
    fs.writeFileSync(path.join(root, 'after.md'), 'x');
    await until('every change', () =>
      ['created src/deep/er/new.md', 'deleted src/deep/er/gone.md', 'created after.md'].every((e) => events.includes(e)) &&
      events.some((e) => e.startsWith('created fresh')),
      events,
    );
    expect(events.filter((e) => e.includes('dist') || e.includes('node_modules'))).toEqual([]);
  });
});

/**
 * `@parcel/watcher` as loaded, but every event whose path `drop` matches is lost, as
 * parcel loses one now and then under load (parcel-bundler/watcher#183).
 */
function losing(drop: RegExp): NativeModule {
  const real = nativeWatcher().module!;
  return { subscribe: (dir, fn, opts) => real.subscribe(dir, (err, events) => fn(err, events.filter((e) => !drop.test(e.path))), opts) };
}

describe('the tree watcher (native), when native events are lost', () => {
  it('finds a folder whose events never came, with what it holds, once the other events settle', async () => {
    const { root, events } = await watch(TREE, { nativeModule: losing(/\/lost(\/|$)/) });
    fs.mkdirSync(path.join(root, 'src/lost/inner'), { recursive: true });
    fs.writeFileSync(path.join(root, 'src/lost/inner/file.md'), 'x');
    fs.writeFileSync(path.join(root, 'src/lost/top.md'), 'x');
    fs.writeFileSync(path.join(root, 'src/deep/heard.md'), 'x');
    const wanted = ['created src/deep/heard.md', 'created src/lost', 'created src/lost/top.md', 'created src/lost/inner/file.md'];
    await until('the lost folder and its files', () => wanted.every((e) => events.includes(e)), events);
    // Said once: what the events told is not told again by the check.
    expect(events.filter((e) => e === 'created src/deep/heard.md')).toHaveLength(1);
  });

  it('finds it while other events keep coming (a file written every 50 ms)', async () => {
    const { root, events } = await watch(TREE, { nativeModule: losing(/\/lost(\/|$)/) });
    let n = 0;
    const writer = setInterval(() => fs.writeFileSync(path.join(root, 'src/deep/busy.md'), String(n++)), 50);
    try {
      fs.mkdirSync(path.join(root, 'src/lost'));
      fs.writeFileSync(path.join(root, 'src/lost/top.md'), 'x');
      await until('the lost folder while events keep coming', () => events.includes('created src/lost/top.md'), events);
    } finally {
      clearInterval(writer);
    }
  });
});

describe('the tree watcher (native), when the tree moves under it', () => {
  it('keeps watching a top-level folder that is removed and made again, and build output that appears later', async () => {
    const { root, events, watcher } = await watch({ ...TREE, '.gitignore': 'dist/\nout/\n', 'lib/x/y/old.md': 'o' });
    expect(watcher.status().backend).toBe('native');
    fs.rmSync(path.join(root, 'lib'), { recursive: true });
    await until('lib gone', () => events.includes('deleted lib/x/y/old.md') || events.includes('deleted lib'), events);
    fs.mkdirSync(path.join(root, 'lib/x'), { recursive: true });
    fs.writeFileSync(path.join(root, 'lib/x/first.md'), '');
    fs.mkdirSync(path.join(root, 'out/gen'), { recursive: true });
    // The watch is renewed a moment after the folder came back; files made then are reported too.
    const writeUntilSeen = async (rel: string) => {
      for (let i = 0; !events.some((e) => e.startsWith(`created ${rel}`)); i++) {
        fs.writeFileSync(path.join(root, `${rel}${i}.md`), '');
        await until(`${rel}${i}`, () => events.some((e) => e.startsWith(`created ${rel}`)), events, 5000).catch(() => undefined);
        if (i > 5) throw new Error(`never saw ${rel}; seen ${JSON.stringify(events)}`);
      }
    };
    await writeUntilSeen('lib/x/second');
    await until('lib/x/first.md', () => events.some((e) => e === 'created lib/x/first.md' || e === 'changed lib/x/first.md' || e === 'created lib'), events);
    fs.writeFileSync(path.join(root, 'out/gen/x.js'), '');
    fs.writeFileSync(path.join(root, 'lib/x/third.md'), '');
    await until('lib/x/third.md', () => events.includes('created lib/x/third.md'), events);
    expect(events.filter((e) => e.includes('out'))).toEqual([]);
  });
});

describe('the tree watcher (fallback: fs.watch up to a cap, folder times for the rest)', () => {
  it('says why once, and sees changes in folders past the cap by their times', async () => {
    const tree: Record<string, string> = { ...TREE };
    for (let i = 0; i < 12; i++) tree[`many/d${i}/old.md`] = 'o';
    const { root, events, fallbacks, watcher } = await watch(tree, { native: false, maxFsWatches: 3 });
    expect(fallbacks).toEqual(['the native watcher did not load (not asked for)']);
    const status = watcher.status();
    expect(status).toMatchObject({ state: 'watching', backend: 'fs.watch', watched: 3 });
    expect(status.folders).toBe(17);
    for (let i = 0; i < 12; i++) {
      fs.writeFileSync(path.join(root, `many/d${i}/new${i}.md`), 'n');
      fs.rmSync(path.join(root, `many/d${i}/old.md`));
    }
    fs.mkdirSync(path.join(root, 'many/d5/sub'));
    fs.writeFileSync(path.join(root, 'many/d5/sub/inner.md'), 'i');
    fs.writeFileSync(path.join(root, 'dist/keep-out/y.js'), 'y');
    const want = Array.from({ length: 12 }, (_, i) => [`created many/d${i}/new${i}.md`, `deleted many/d${i}/old.md`]).flat();
    await until('every change, watched or not', () => want.every((e) => events.includes(e)) && events.some((e) => e.startsWith('created many/d5/sub')), events);
    expect(events.filter((e) => e.includes('dist'))).toEqual([]);
  });
});
