/** One file the user picked: how often and when last (ms since the epoch). */
export interface PickRecord {
  /** Relative to the folder, `/`-separated. */
  path: string;
  count: number;
  lastMs: number;
}

/**
 * Where the file index persists, keyed by workspace folder: the file list as a snapshot
 * in chunks (see `snapshot.ts`: each well under 128 KiB) and the pick history. Failures are the store's business: it logs
 * and degrades to "nothing stored", the index keeps working from the disk.
 */
export interface IndexStore {
  /** The chunks of the last saved file list of a folder, in order, or undefined. */
  loadSnapshot(root: string): Uint8Array[] | undefined;
  /** Replaces a folder's file list in one write (at shutdown, and wherever holding the thread is fine). */
  saveSnapshot(root: string, chunks: readonly Uint8Array[]): void;
  /** Starts replacing a folder's file list a few chunks per write; the old list stays the saved one until `commit`. */
  beginSnapshot(root: string): SnapshotWrite;
  /** Removes up to `rows` chunks of file lists replaced or abandoned; true when some may be left. */
  sweepSnapshots(root: string, rows: number): boolean;
  loadPicks(root: string): PickRecord[];
  savePick(root: string, pick: PickRecord): void;
  close(): void;
}

/** A file list being saved a piece at a time (see `IndexStore.beginSnapshot`). */
export interface SnapshotWrite {
  /** Appends the next chunks, in one short write; false when the store failed (this save is over). */
  add(chunks: readonly Uint8Array[]): boolean;
  /** Makes the chunks added the folder's saved file list; false when that did not happen. */
  commit(): boolean;
}

/** A store that keeps everything in memory (the CLI's `--no-cache`, and tests). */
export class MemoryStore implements IndexStore {
  private readonly snapshots = new Map<string, Uint8Array[]>();
  private readonly picks = new Map<string, Map<string, PickRecord>>();

  loadSnapshot(root: string): Uint8Array[] | undefined {
    return this.snapshots.get(root);
  }

  saveSnapshot(root: string, chunks: readonly Uint8Array[]): void {
    this.snapshots.set(root, chunks.map((c) => c.slice()));
  }

  beginSnapshot(root: string): SnapshotWrite {
    const staged: Uint8Array[] = [];
    return {
      add: (chunks) => (staged.push(...chunks.map((c) => c.slice())), true),
      commit: () => (this.saveSnapshot(root, staged), true),
    };
  }

  sweepSnapshots(): boolean {
    return false;
  }

  loadPicks(root: string): PickRecord[] {
    return [...(this.picks.get(root)?.values() ?? [])];
  }

  savePick(root: string, pick: PickRecord): void {
    let map = this.picks.get(root);
    if (!map) this.picks.set(root, (map = new Map()));
    map.set(pick.path, { ...pick });
  }

  close(): void {}
}
