import type { FileSystem } from '../../workspace/fs';

/**
 * Files kept per verdict. The walks behind one read at most 50 files each (`claudeImports.ts`'s
 * budgets) besides the memory files of the folders above; more is not expected, and a
 * verdict that read more is only re-checked for the first ones.
 */
const MAX_READS_KEPT = 256;

/**
 * What each Claude Code verdict (an AGENTS.md kept out or not, a memory file's imports) read
 * when it was last made, and the reverse: who read a file. A verdict depends on every file of
 * the import chains it followed, which need be neither a CLAUDE.md nor an AGENTS.md (a note a
 * CLAUDE.local.md imports); when one of them changes, the verdicts that read it are made again,
 * found by a look-up of the changed path, never by walking the tree.
 */
export class ChainReads {
  /** The verdicts (by the path of the file they are about) that read each file. */
  private readonly readers = new Map<string, Set<string>>();
  /** The files each verdict read. */
  private readonly reads = new Map<string, Set<string>>();

  /** `fs` with each file read through it (that was there to read) added to `into`, up to the cap. */
  static recording(fs: FileSystem, into: Set<string>): FileSystem {
    return {
      readText: async (p, options) => {
        const read = await fs.readText(p, options);
        if (read.ok && into.size < MAX_READS_KEPT) into.add(p);
        return read;
      },
      readBytes: (p, options) => fs.readBytes(p, options),
      stat: (p) => fs.stat(p),
      statEntries: (folder, names) => fs.statEntries(folder, names),
      readDir: (p, options) => fs.readDir(p, options),
    };
  }

  /** `paths` become what the verdict on `file` read, in place of what it read before. Its own file is left out: its changes reach it anyway. */
  set(file: string, paths: ReadonlySet<string>): void {
    this.forget(file);
    const kept = new Set([...paths].filter((p) => p !== file));
    if (kept.size === 0) return;
    this.reads.set(file, kept);
    for (const p of kept) {
      let who = this.readers.get(p);
      if (!who) this.readers.set(p, (who = new Set()));
      who.add(file);
    }
  }

  /** The verdict on `file` is no longer kept (closed, deleted, no longer judged here). */
  forget(file: string): void {
    const read = this.reads.get(file);
    if (!read) return;
    this.reads.delete(file);
    for (const p of read) {
      const who = this.readers.get(p);
      who?.delete(file);
      if (who?.size === 0) this.readers.delete(p);
    }
  }

  /** The files whose verdicts read `p`. */
  readersOf(p: string): string[] {
    return [...(this.readers.get(p) ?? [])];
  }
}
