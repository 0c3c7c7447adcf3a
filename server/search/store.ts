import { ChunkReader, type SnapshotBytes } from './snapshot';

/** One file the user picked: how often and when last (ms since the epoch). */
export interface PickRecord {
  /** Relative to the folder, `/`-separated. */
  path: string;
  count: number;
  lastMs: number;
}

/**
 * Where the file index persists, keyed by workspace folder: the file list as a snapshot
 * (see `snapshot.ts`) and the pick history. Failures are the store's business: it logs
 * and degrades to "nothing stored", the index keeps working from the disk.
 */
export interface IndexStore {
  /** The last saved file list of a folder, to be read once and closed, or undefined. */
  loadSnapshot(root: string): StoredList | undefined;
  /** Replaces a folder's file list in one write (at shutdown, and wherever holding the thread is fine). */
  saveSnapshot(root: string, chunks: readonly Uint8Array[]): void;
  /** Starts replacing a folder's file list a few chunks per write; the old list stays the saved one until `commit`. */
  beginSnapshot(root: string): SnapshotWrite;
  loadPicks(root: string): PickRecord[];
  savePick(root: string, pick: PickRecord): void;
  close(): void;
}

/** A stored file list being read: its bytes in order, then closed. */
export interface StoredList extends SnapshotBytes {
  close(): void;
}

/** A file list being saved a piece at a time (see `IndexStore.beginSnapshot`). */
export interface SnapshotWrite {
  /** Appends the next chunks; false when the store failed (this save is over). */
  add(chunks: readonly Uint8Array[]): boolean;
  /** Makes the chunks added the folder's saved file list; false when that did not happen. */
  commit(): Promise<boolean>;
  /** Drops what was added; the saved list stays. */
  abandon(): void;
}

/** A store that keeps everything in memory (the CLI's `--no-cache`, and tests). */
export class MemoryStore implements IndexStore {
  private readonly snapshots = new Map<string, Uint8Array[]>();
  private readonly picks = new Map<string, Map<string, PickRecord>>();

  loadSnapshot(root: string): StoredList | undefined {
    const chunks = this.snapshots.get(root);
    return chunks && Object.assign(new ChunkReader(chunks), { close() {} });
  }

  saveSnapshot(root: string, chunks: readonly Uint8Array[]): void {
    this.snapshots.set(root, chunks.map((c) => c.slice()));
  }

  beginSnapshot(root: string): SnapshotWrite {
    const staged: Uint8Array[] = [];
    return {
      add: (chunks) => (staged.push(...chunks.map((c) => c.slice())), true),
      commit: async () => (this.saveSnapshot(root, staged), true),
      abandon: () => void staged.splice(0),
    };
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
