import * as path from 'node:path';
import type { FileStat, FileSystem, ReadOptions, ReadResult } from '../../workspace/fs';

/** Answers kept per open document: the import chains behind one verdict read at most 50 files (`claudeImports.ts`), each stat'ed and read. */
const MAX_KEPT = 256;

interface Kept {
  /** The path the answer is about. */
  path: string;
  answer: Promise<FileStat | undefined> | Promise<ReadResult>;
}

/**
 * What the Claude Code verdicts on each open document (its import chains) last asked of the
 * files, kept from one keystroke to the next: typing in a CLAUDE.md that does not touch an
 * import line reads none of the chain again, and a new import reads what it names alone. An
 * answer goes when its file changes: on disk (`changed`, from the change stream: at or under a
 * created, changed or deleted path), or in its open buffer (`changed` too). Only paths whose
 * changes reach the stream are kept (`watched`): a file outside the workspace folders, or one
 * the ignore files leave out (the watchers drop its events), is asked again each time, as before.
 */
export class ChainMemo {
  private readonly byDocument = new Map<string, Map<string, Kept>>();

  constructor(private readonly watched: (p: string) => Promise<boolean>) {}

  /** `fs` answering the verdict on `doc` from what was kept for it. */
  fsFor(doc: string, fs: FileSystem): FileSystem {
    let kept = this.byDocument.get(doc);
    if (!kept) this.byDocument.set(doc, (kept = new Map()));
    const store = kept;
    const remembered = async <T extends Kept['answer']>(p: string, key: string, ask: () => T): Promise<Awaited<T>> => {
      const known = store.get(key);
      if (known) return known.answer as Awaited<T>;
      // The document's own file is its buffer's to say, never kept.
      if (p === doc || store.size >= MAX_KEPT || !(await this.watched(p))) return ask() as Awaited<T>;
      // Asked while the look at `watched` ran: that answer serves both.
      const raced = store.get(key);
      if (raced) return raced.answer as Awaited<T>;
      const answer = ask();
      store.set(key, { path: p, answer });
      return answer as Awaited<T>;
    };
    return {
      readText: (p: string, options?: ReadOptions) => remembered(p, `text\0${p}\0${options?.maxBytes ?? ''}\0${options?.lossy ?? false}`, () => fs.readText(p, options)),
      stat: (p: string) => remembered(p, `stat\0${p}`, () => fs.stat(p)),
      readBytes: (p, options) => fs.readBytes(p, options),
      statEntries: (folder, names) => fs.statEntries(folder, names),
      readDir: (p, options) => fs.readDir(p, options),
    };
  }

  /** `p` changed (created, edited, deleted, on disk or in a buffer): every answer about it, or about a path under it (a folder), goes. */
  changed(p: string): void {
    const under = p + path.sep;
    for (const kept of this.byDocument.values()) {
      for (const [key, k] of kept) if (k.path === p || k.path.startsWith(under)) kept.delete(key);
    }
  }

  /** Everything kept goes: what the watchers see changed (an ignore file, a setting). */
  clear(): void {
    this.byDocument.clear();
  }

  /**
   * All kept for the document goes: it was closed, or its file changed on disk (saved), so
   * saving a memory file asks its whole chain afresh, whatever the watcher missed (a folder
   * past the server watcher's cap).
   */
  forget(doc: string): void {
    this.byDocument.delete(doc);
  }
}
