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
  saveSnapshot(root: string, chunks: readonly Uint8Array[]): void;
  loadPicks(root: string): PickRecord[];
  savePick(root: string, pick: PickRecord): void;
  close(): void;
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
