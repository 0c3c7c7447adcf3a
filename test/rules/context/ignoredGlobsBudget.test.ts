import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEED_DIALECT } from '../../../server/rules/context/agentView';
import { GlobReach } from '../../../server/rules/context/globReach';
import { DISK_LOOK_FILES, judgeIgnoredGlobs } from '../../../server/rules/context/ignoredGlobs';
import type { DirEntry, FileSystem } from '../../../server/workspace/fs';
import { IgnoreRules } from '../../../server/workspace/ignore';

const ROOT = path.resolve('/virtual-tree');

/**
 * A tree held in memory (tens of thousands of files, never written to disk) that counts the
 * file entries its folder listings hand out: the work of the look on disk, without a clock.
 */
class CountingTree implements FileSystem {
  readonly folders = new Map<string, DirEntry[]>([['', []]]);
  filesRead = 0;

  /** `count` files named `f<i>.txt` in `folder`, its parents made as needed. */
  addFiles(folder: string, count: number): void {
    this.folder(folder).push(...Array.from({ length: count }, (_, i) => ({ name: `f${i}.txt`, kind: 'file' as const })));
  }

  addFile(rel: string): void {
    const slash = rel.lastIndexOf('/');
    this.folder(slash < 0 ? '' : rel.slice(0, slash)).push({ name: rel.slice(slash + 1), kind: 'file' });
  }

  private folder(rel: string): DirEntry[] {
    let entries = this.folders.get(rel);
    if (entries) return entries;
    entries = [];
    this.folders.set(rel, entries);
    const slash = rel.lastIndexOf('/');
    this.folder(slash < 0 ? '' : rel.slice(0, slash)).push({ name: rel.slice(slash + 1), kind: 'directory' });
    return entries;
  }

  async readDir(p: string): Promise<DirEntry[] | undefined> {
    const entries = this.folders.get(path.relative(ROOT, p).split(path.sep).join('/'));
    if (!entries) return undefined;
    this.filesRead += entries.filter((e) => e.kind === 'file').length;
    return entries.map((e) => ({ ...e }));
  }

  async readText() {
    return { ok: false as const, reason: 'not-found' as const, message: 'absent' };
  }

  async readBytes() {
    return { ok: false as const, reason: 'not-found' as const, message: 'absent' };
  }

  async stat() {
    return undefined;
  }

  async statEntries(_folder: string, names: readonly string[]) {
    return names.map(() => undefined);
  }
}

/** `folder` holding `files` files in sub-folders of ten, as a real tree spreads them. */
function spread(tree: CountingTree, folder: string, files: number): void {
  for (let i = 0; i < files / 10; i++) tree.addFiles(`${folder}/s${i}`, 10);
}

function reachOf(globs: string[]): GlobReach {
  const reach = new GlobReach();
  // The index holds none of the files on disk: every glob is dead until a file on disk is found.
  reach.setPaths(['indexed.md']);
  reach.setGlobs(globs.map((glob) => ({ glob, dialect: SEED_DIALECT })));
  return reach;
}

describe('the look on disk for ignored files a dead glob matches', () => {
  it('lists no more files for 20 dead globs under 20 folders than one capped walk of the tree would', async () => {
    const tree = new CountingTree();
    const globs: string[] = [];
    for (let i = 0; i < 20; i++) {
      spread(tree, `d${i}`, 3_000);
      globs.push(`d${i}/**/*.nope`);
    }
    const reach = reachOf(globs);
    expect(await judgeIgnoredGlobs(reach, new IgnoreRules(ROOT, tree), tree)).toBe(20);
    // A walk lists whole folders and reads several at once, so it may read a few folders'
    // files (ten each here) past the cap before it stops: 100 covers them, and is far less
    // than the 60,000 files of one walk per folder.
    expect(tree.filesRead).toBeLessThanOrEqual(DISK_LOOK_FILES + 100);
    expect(reach.all().every((s) => s.ignoreJudged && s.dead)).toBe(true);
    // The folders the budget did not reach are said not looked through, never dead for sure: d16 onwards at least (16 × 3,000 files fill it).
    expect(reach.status('d19/**/*.nope', SEED_DIALECT)?.unlooked).toBe('d19');
  });

  it('on a tree under the cap, reads it once and finds what a walk of the whole tree finds, whatever order the globs come in', async () => {
    const tree = new CountingTree();
    spread(tree, 'a/b', 20_000);
    spread(tree, 'a/c', 10_000);
    spread(tree, 'z', 5_000);
    tree.addFile('z/deep/witness.y');
    // Deepest first: a walk of each folder in turn would list a/b three times over, and
    // a budget spent on a/b and a would leave the root unlisted and `**/*.y` dead.
    const reach = reachOf(['a/b/**/*.nope', 'a/**/*.nope', '**/*.y', 'z/deep/*.y']);
    expect(await judgeIgnoredGlobs(reach, new IgnoreRules(ROOT, tree), tree)).toBe(4);
    expect(tree.filesRead).toBe(35_001);
    expect(reach.status('**/*.y', SEED_DIALECT)).toMatchObject({ dead: false, witness: 'z/deep/witness.y' });
    expect(reach.status('z/deep/*.y', SEED_DIALECT)).toMatchObject({ dead: false, witness: 'z/deep/witness.y' });
    expect(reach.status('a/b/**/*.nope', SEED_DIALECT)?.dead).toBe(true);
    expect(reach.status('a/**/*.nope', SEED_DIALECT)?.dead).toBe(true);
  });
});
