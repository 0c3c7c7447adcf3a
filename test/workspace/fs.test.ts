import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Confinement, realpathOfLongestPrefix } from '../../server/workspace/confine';
import { KnownFolders, MAX_KEPT_CHARS } from '../../server/workspace/knownFolders';
import { NodeFileSystem } from '../../server/workspace/fs';
import { writeFilesAtomically } from '../../server/workspace/write';
import { tempDir, writeTree } from '../helpers/repo';

describe('confinement', () => {
  it('allows paths inside a root, also ones that do not exist yet', () => {
    const root = tempDir();
    const c = new Confinement([root]);
    expect(c.allows(path.join(root, 'a', 'b.md'))).toBe(true);
    expect(c.allows(path.join(root, 'new', 'deeper', 'file.ts'))).toBe(true);
    expect(c.allows(path.dirname(root))).toBe(false);
    expect(c.allows(path.join(root, '..', 'elsewhere'))).toBe(false);
  });

  it('refuses a symlink that points out of the workspace, and paths through it', () => {
    const root = tempDir();
    const outside = writeTree(tempDir(), { 'secret.txt': 'no' });
    fs.symlinkSync(outside, path.join(root, 'link'));
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'secret-link'));
    const c = new Confinement([root]);
    expect(c.allows(path.join(root, 'link', 'secret.txt'))).toBe(false);
    expect(c.allows(path.join(root, 'secret-link'))).toBe(false);
    expect(c.allows(path.join(root, 'link', 'new-file'))).toBe(false);
  });

  it('refuses symlink loops instead of hanging', () => {
    const root = tempDir();
    fs.symlinkSync(path.join(root, 'b'), path.join(root, 'a'));
    fs.symlinkSync(path.join(root, 'a'), path.join(root, 'b'));
    expect(new Confinement([root]).allows(path.join(root, 'a', 'x'))).toBe(false);
  });

  it('judges as strictly inside one analysis, where folders resolved before are started from, and keeps nothing after it', async () => {
    const root = writeTree(tempDir(), { 'a/b/c/in.md': 'in' });
    const outside = writeTree(tempDir(), { 'secret.md': 'no', 'sub/deeper.md': 'no' });
    const c = new Confinement([root]);
    await c.resolvingOnce(async () => {
      // `a/b/c` resolved first; the links below it are still followed where they lead.
      expect(c.allows(path.join(root, 'a', 'b', 'c', 'in.md'))).toBe(true);
      fs.symlinkSync(outside, path.join(root, 'a', 'b', 'c', 'out'));
      expect(c.allows(path.join(root, 'a', 'b', 'c', 'out', 'secret.md'))).toBe(false);
      expect(c.allows(path.join(root, 'a', 'b', 'c', 'out', 'sub', 'deeper.md'))).toBe(false);
      expect(c.allows(path.join(root, 'a', 'b', 'c', 'out', 'new-file'))).toBe(false);
      // A relative link whose `..` climbs from where it lies, out of the root.
      fs.symlinkSync(path.relative(path.join(root, 'a', 'b'), outside), path.join(root, 'a', 'b', 'up'));
      expect(c.allows(path.join(root, 'a', 'b', 'up', 'secret.md'))).toBe(false);
      // A link inside the root to a folder of the root is allowed, and so is what lies below it.
      fs.symlinkSync(path.join(root, 'a'), path.join(root, 'a', 'b', 'c', 'back'));
      expect(c.allows(path.join(root, 'a', 'b', 'c', 'back', 'b', 'c', 'in.md'))).toBe(true);
      // Below a link resolved once, a link out is refused all the same.
      expect(c.allows(path.join(root, 'a', 'b', 'c', 'back', 'b', 'c', 'out', 'secret.md'))).toBe(false);
      fs.symlinkSync(path.join(root, 'loop2'), path.join(root, 'loop1'));
      fs.symlinkSync(path.join(root, 'loop1'), path.join(root, 'loop2'));
      expect(c.allows(path.join(root, 'loop1', 'x'))).toBe(false);
    });
    // Nothing is kept after it: a folder made a link out of the root is refused at once.
    fs.rmSync(path.join(root, 'a', 'b', 'c'), { recursive: true });
    fs.symlinkSync(outside, path.join(root, 'a', 'b', 'c'));
    expect(c.allows(path.join(root, 'a', 'b', 'c', 'secret.md'))).toBe(false);
  });

  it('keeps what an analysis resolved to its own async work, and drops a kept folder swapped while it runs', async () => {
    const root = writeTree(tempDir(), { 'sub/AGENTS.md': 'x' });
    const outside = writeTree(tempDir(), { 'secret.md': 'no', 'AGENTS.md': 'out' });
    fs.symlinkSync(outside, path.join(root, 'linked'));
    const c = new Confinement([root]);
    let resolved!: () => void;
    const hasResolved = new Promise<void>((r) => (resolved = r));
    let swapped!: () => void;
    const hasSwapped = new Promise<void>((r) => (swapped = r));
    const inside: Record<string, boolean> = {};
    const analysis = c.resolvingOnce(async () => {
      // `sub` kept as a folder of the root, `linked` as leading out.
      expect(c.allows(path.join(root, 'sub', 'AGENTS.md'))).toBe(true);
      expect(c.allowsRuleFile(path.join(root, 'linked', 'AGENTS.md'))).toBe(false);
      resolved();
      await hasSwapped;
      // The analysis's own work sees each swap: `sub` now leads out, `linked` is a folder of the root.
      inside.subSecret = c.allows(path.join(root, 'sub', 'secret.md'));
      inside.linkedRule = c.allowsRuleFile(path.join(root, 'linked', 'AGENTS.md'));
    });
    await hasResolved;
    fs.rmSync(path.join(root, 'sub'), { recursive: true });
    fs.symlinkSync(outside, path.join(root, 'sub'));
    fs.rmSync(path.join(root, 'linked'));
    writeTree(path.join(root, 'linked'), { 'AGENTS.md': 'in' });
    // Outside the analysis's async work (a write, the watcher's filter), paths are resolved afresh.
    const outsideSubSecret = c.allows(path.join(root, 'sub', 'secret.md'));
    const outsideLinkedRule = c.allowsRuleFile(path.join(root, 'linked', 'AGENTS.md'));
    swapped();
    await analysis;
    expect({ outsideSubSecret, outsideLinkedRule, ...inside }).toEqual({ outsideSubSecret: false, outsideLinkedRule: true, subSecret: false, linkedRule: true });
  });

  it('drops a kept folder moved out of the workspace (same inode) and replaced by a link to where it went', async () => {
    const root = writeTree(tempDir(), { 'a/b/AGENTS.md': 'in' });
    const outside = tempDir();
    const c = new Confinement([root]);
    const inside: Record<string, boolean> = {};
    await c.resolvingOnce(async () => {
      // `a` and `a/b` kept as folders of the root.
      inside.before = c.allows(path.join(root, 'a', 'b', 'AGENTS.md'));
      // A move keeps the folder's device and inode; the link in its place leads to it, now outside.
      fs.renameSync(path.join(root, 'a'), path.join(outside, 'a'));
      fs.writeFileSync(path.join(outside, 'a', 'b', 'secret.md'), 'secret');
      fs.symlinkSync(path.join(outside, 'a'), path.join(root, 'a'));
      inside.secret = c.allows(path.join(root, 'a', 'b', 'secret.md'));
      inside.rule = c.allowsRuleFile(path.join(root, 'a', 'b', 'AGENTS.md'));
    });
    const fresh = c.allows(path.join(root, 'a', 'b', 'secret.md'));
    expect({ ...inside, fresh }).toEqual({ before: true, secret: false, rule: false, fresh: false });
  });

  it('keeps no more than its cap of characters of folders with long paths, and resolves the rest as before', () => {
    // 14 names of 250 characters, then 1,300 folders of one more: each kept folder is about 7,500 characters (its path and real path), 9.7 million in all.
    const long = (i: number) => `${String(i).padStart(5, '0')}${'x'.repeat(245)}`;
    const deep = path.join(tempDir(), ...Array.from({ length: 14 }, (_, i) => long(i)));
    const files = Array.from({ length: 1_300 }, (_, i) => path.join(deep, long(i), 'AGENTS.md'));
    for (const file of files) fs.mkdirSync(path.dirname(file), { recursive: true });
    const known = new KnownFolders();
    const answers = files.map((file) => realpathOfLongestPrefix(file, known));
    expect(known.keptChars).toBeLessThanOrEqual(MAX_KEPT_CHARS);
    // It kept up to its cap, and the paths past it resolve as without any kept.
    expect(known.keptChars).toBeGreaterThan(MAX_KEPT_CHARS * 0.9);
    expect(answers).toEqual(files.map((file) => realpathOfLongestPrefix(file)));
  });

  it('lets rule files be read in a rule area, never through a symlink that leaves it, and never as a workspace path', () => {
    const parent = tempDir();
    const root = writeTree(path.join(parent, 'project'), { 'a.ts': '' });
    const outside = writeTree(tempDir(), { 'secret.md': 'no' });
    writeTree(path.join(parent, '.clinerules'), { 'style.md': 'tabs' });
    const c = new Confinement([root], [path.join(parent, '.clinerules'), path.join(root, '.agents', 'rules')]);
    expect(c.allowsRuleFile(path.join(parent, '.clinerules', 'style.md'))).toBe(true);
    expect(c.allows(path.join(parent, '.clinerules', 'style.md'))).toBe(false);
    expect(c.escapeTarget(path.join(parent, '.clinerules'))).toBeUndefined();

    // `<root>/.agents` linking out carries `.agents/rules` with it: refused, and its target named.
    fs.symlinkSync(outside, path.join(root, '.agents'));
    expect(c.allowsRuleFile(path.join(root, '.agents', 'rules', 'secret.md'))).toBe(false);
    fs.mkdirSync(path.join(outside, 'rules'));
    expect(c.escapeTarget(path.join(root, '.agents', 'rules'))).toBe(fs.realpathSync(path.join(outside, 'rules')));

    // A rule area that is itself a link to `/` opens nothing.
    fs.rmSync(path.join(parent, '.clinerules'), { recursive: true });
    fs.symlinkSync('/', path.join(parent, '.clinerules'));
    const again = new Confinement([root], [path.join(parent, '.clinerules')]);
    expect(again.allowsRuleFile(path.join(parent, '.clinerules', 'etc', 'passwd'))).toBe(false);
    expect(again.allowsRuleFile('/etc/passwd')).toBe(false);
    expect(again.allowedAreas.some((area) => area === '/')).toBe(false);
  });
});

describe('NodeFileSystem', () => {
  it('stats a folder\'s entries at once as stat does, never through a symlink that leaves the workspace', async () => {
    const root = writeTree(tempDir(), { 'src/a.ts': 'aaa', 'src/b.ts': 'b', 'src/sub/c.ts': '' });
    const outside = writeTree(tempDir(), { 'secret.txt': 'no' });
    fs.symlinkSync(outside, path.join(root, 'link'));
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'src', 'secret-link'));
    const fsys = new NodeFileSystem(new Confinement([root]));
    const src = path.join(root, 'src');
    const names = ['a.ts', 'gone.ts', 'sub', 'secret-link', '../link', 'b.ts', '..', ''];
    const batch = await fsys.statEntries(src, names);
    // Only names of entries of this folder: '../link', '..' and '' are not.
    expect(batch.map((s) => s?.kind)).toEqual(['file', undefined, 'directory', undefined, undefined, 'file', undefined, undefined]);
    const single = await Promise.all(names.slice(0, 4).map((n) => fsys.stat(path.join(src, n))));
    expect(batch.slice(0, 4)).toEqual(single);
    fs.symlinkSync('a.ts', path.join(src, 'inner-link'));
    expect((await fsys.statEntries(src, ['inner-link']))[0]?.kind).toBe('symlink');
    expect(batch[0]).toEqual(await fsys.stat(path.join(src, 'a.ts')));
    // The folder leads out: nothing in it is looked at.
    expect(await fsys.statEntries(path.join(root, 'link'), ['secret.txt'])).toEqual([undefined]);
  });

  it('reads text and reports binary, invalid UTF-8, too large, missing and outside files as values', async () => {
    const root = writeTree(tempDir(), {
      'ok.md': 'héllo',
      'bin.md': new Uint8Array([104, 0, 105]),
      'latin1.md': new Uint8Array([0x63, 0x61, 0x66, 0xe9]),
      'big.md': 'x'.repeat(2000),
    });
    const fsys = new NodeFileSystem(new Confinement([root]));
    expect(await fsys.readText(path.join(root, 'ok.md'))).toMatchObject({ ok: true, text: 'héllo', size: 6 });
    expect(await fsys.readText(path.join(root, 'bin.md'))).toMatchObject({ ok: false, reason: 'binary' });
    expect(await fsys.readText(path.join(root, 'latin1.md'))).toMatchObject({ ok: false, reason: 'invalid-utf8' });
    expect(await fsys.readText(path.join(root, 'latin1.md'), { lossy: true })).toMatchObject({ ok: true, text: 'caf\uFFFD' });
    expect(await fsys.readText(path.join(root, 'big.md'), { maxBytes: 1000 })).toMatchObject({ ok: false, reason: 'too-large', size: 2000 });
    expect(await fsys.readText(path.join(root, 'nope.md'))).toMatchObject({ ok: false, reason: 'not-found' });
    expect(await fsys.readText(root)).toMatchObject({ ok: false, reason: 'is-directory' });
    expect(await fsys.readText('/etc/hostname')).toMatchObject({ ok: false, reason: 'outside-workspace' });
  });

  it('does not hang on a FIFO named like a document', async () => {
    const root = tempDir();
    const fifo = path.join(root, 'pipe.md');
    const { spawnSync } = await import('node:child_process');
    if (spawnSync('mkfifo', [fifo]).status !== 0) throw new Error('mkfifo failed');
    const read = await new NodeFileSystem(new Confinement([root])).readText(fifo);
    expect(read).toMatchObject({ ok: false, reason: 'unreadable' });
  });

  it('lists directories and stats without following symlinks', async () => {
    const root = writeTree(tempDir(), { 'a.md': 'a', 'd/b.md': 'b' });
    fs.symlinkSync(path.join(root, 'd'), path.join(root, 'link'));
    const fsys = new NodeFileSystem(new Confinement([root]));
    const entries = (await fsys.readDir(root))!.map((e) => `${e.name}:${e.kind}`).sort();
    expect(entries).toEqual(['a.md:file', 'd:directory', 'link:symlink']);
    expect((await fsys.stat(path.join(root, 'link')))?.kind).toBe('symlink');
    expect(await fsys.readDir(path.join(root, 'missing'))).toBeUndefined();
  });

  it('reads no more entries of a folder than `max` asks, of the same kinds, and none that are not there', async () => {
    const tree: Record<string, string> = {};
    for (let i = 0; i < 300; i++) tree[`f${i}.md`] = 'x';
    const root = writeTree(tempDir(), { ...tree, 'd/b.md': 'b' });
    fs.symlinkSync('..', path.join(root, 'up'));
    const fsys = new NodeFileSystem(new Confinement([root]));
    const all = (await fsys.readDir(root))!.map((e) => `${e.name}:${e.kind}`);
    const some = (await fsys.readDir(root, { max: 40 }))!.map((e) => `${e.name}:${e.kind}`);
    expect(some.length).toBe(40);
    expect(all).toEqual(expect.arrayContaining(some));
    expect((await fsys.readDir(root, { max: 1000 }))!.map((e) => `${e.name}:${e.kind}`).sort()).toEqual([...all].sort());
    expect(await fsys.readDir(root, { max: 0 })).toEqual([]);
    expect(await fsys.readDir(path.join(root, 'missing'), { max: 5 })).toBeUndefined();
  });
});

describe('writeFilesAtomically', () => {
  it('writes several files, creating folders and keeping file modes', async () => {
    const root = writeTree(tempDir(), { 'a.sh': 'old' });
    fs.chmodSync(path.join(root, 'a.sh'), 0o755);
    const result = await writeFilesAtomically([
      { path: path.join(root, 'a.sh'), text: 'new', expectedText: 'old' },
      { path: path.join(root, 'sub', 'b.txt'), text: 'created', expectedText: null },
    ], new Confinement([root]));
    expect(result.ok).toBe(true);
    expect(fs.readFileSync(path.join(root, 'a.sh'), 'utf8')).toBe('new');
    expect(fs.statSync(path.join(root, 'a.sh')).mode & 0o777).toBe(0o755);
    expect(fs.readFileSync(path.join(root, 'sub', 'b.txt'), 'utf8')).toBe('created');
    expect(fs.readdirSync(root).filter((n) => n.includes('agentls'))).toEqual([]);
  });

  it('writes through a symbolic link into its target, and the link stays a link', async () => {
    const root = writeTree(tempDir(), { 'AGENTS.md': 'old' });
    fs.symlinkSync('AGENTS.md', path.join(root, 'CLAUDE.md'));
    const result = await writeFilesAtomically([{ path: path.join(root, 'CLAUDE.md'), text: 'new', expectedText: 'old' }], new Confinement([root]));
    expect(result).toEqual({ ok: true, written: [path.join(root, 'CLAUDE.md')] });
    expect(fs.lstatSync(path.join(root, 'CLAUDE.md')).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(path.join(root, 'AGENTS.md'), 'utf8')).toBe('new');
    expect(fs.readdirSync(root).sort()).toEqual(['AGENTS.md', 'CLAUDE.md']);
  });

  it('writes nothing when two targets are one file (a link and what it links to), or a link leads nowhere', async () => {
    const root = writeTree(tempDir(), { 'AGENTS.md': 'old' });
    fs.symlinkSync('AGENTS.md', path.join(root, 'CLAUDE.md'));
    fs.symlinkSync('missing.md', path.join(root, 'GEMINI.md'));
    const twice = await writeFilesAtomically([
      { path: path.join(root, 'AGENTS.md'), text: 'one', expectedText: 'old' },
      { path: path.join(root, 'CLAUDE.md'), text: 'two', expectedText: 'old' },
    ], new Confinement([root]));
    expect(twice).toMatchObject({ ok: false, message: expect.stringContaining('is the same file as') });
    const dangling = await writeFilesAtomically([{ path: path.join(root, 'GEMINI.md'), text: 'x' }], new Confinement([root]));
    expect(dangling).toMatchObject({ ok: false, message: expect.stringContaining('symbolic link to a file that does not exist') });
    expect(fs.readFileSync(path.join(root, 'AGENTS.md'), 'utf8')).toBe('old');
    expect(fs.readdirSync(root).sort()).toEqual(['AGENTS.md', 'CLAUDE.md', 'GEMINI.md']);
  });

  it('writes nothing when one file changed since it was read', async () => {
    const root = writeTree(tempDir(), { 'a.txt': 'A', 'b.txt': 'B-changed' });
    const result = await writeFilesAtomically([
      { path: path.join(root, 'a.txt'), text: 'A2', expectedText: 'A' },
      { path: path.join(root, 'b.txt'), text: 'B2', expectedText: 'B' },
    ]);
    expect(result).toMatchObject({ ok: false, path: path.join(root, 'b.txt') });
    expect(fs.readFileSync(path.join(root, 'a.txt'), 'utf8')).toBe('A');
    expect(fs.readFileSync(path.join(root, 'b.txt'), 'utf8')).toBe('B-changed');
  });

  it('writes nothing when one target lies outside the workspace', async () => {
    const root = writeTree(tempDir(), { 'a.txt': 'A' });
    const outside = tempDir();
    const result = await writeFilesAtomically([
      { path: path.join(root, 'a.txt'), text: 'A2' },
      { path: path.join(outside, 'evil.txt'), text: 'x' },
    ], new Confinement([root]));
    expect(result.ok).toBe(false);
    expect(fs.readFileSync(path.join(root, 'a.txt'), 'utf8')).toBe('A');
    expect(fs.existsSync(path.join(outside, 'evil.txt'))).toBe(false);
  });

  it('writes nothing when a target is a folder, not a file', async () => {
    const root = writeTree(tempDir(), { 'a.txt': 'A' });
    fs.mkdirSync(path.join(root, 'c.txt'));
    const result = await writeFilesAtomically([
      { path: path.join(root, 'a.txt'), text: 'A2' },
      { path: path.join(root, 'c.txt'), text: 'C' },
    ]);
    expect(result.ok).toBe(false);
    expect(fs.readFileSync(path.join(root, 'a.txt'), 'utf8')).toBe('A');
    expect(fs.readdirSync(root).filter((n) => n.includes('agentls'))).toEqual([]);
  });
});
