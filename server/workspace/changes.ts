import { EventEmitter } from 'node:events';

export type ChangeType = 'created' | 'changed' | 'deleted';

export interface FileChange {
  /** Absolute path. */
  path: string;
  type: ChangeType;
}

/**
 * The one stream of file changes every engine listens to, whatever produced them: the
 * client's `workspace/didChangeWatchedFiles`, the server's own watcher, or documents the
 * user saved. Producers push; the stream coalesces a burst of events into one batch per
 * tick-ish window so a `git checkout` of 1,000 files costs one re-index, not 1,000.
 */
export class ChangeStream {
  private readonly emitter = new EventEmitter();
  private pending = new Map<string, ChangeType>();
  /** Pending paths whose "deleted" was folded from "created" then "deleted" in this window. */
  private cameAndWent = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly delayMs = 50) {
    this.emitter.setMaxListeners(50);
  }

  /** Subscribes; returns the unsubscribe function. */
  onChanges(listener: (changes: FileChange[]) => void): () => void {
    this.emitter.on('changes', listener);
    return () => this.emitter.off('changes', listener);
  }

  push(change: FileChange): void {
    const before = this.pending.get(change.path);
    // created then deleted within one window is a delete: "created" may name a path that was
    // there before (the `fs.watch` fallback reports a rename over a file so, as Node's `rename`
    // event says only that a name appeared or went), and what was known of it must go; a delete
    // of a path nobody knew costs its listeners nothing. Deleted then created is a change.
    // A "deleted" folded from a creation says nothing of the path being known before it: created
    // again, it stays "created", which listeners take for a file that may be new (a "changed"
    // would be taken for a known file's edit, and a new file's arrival missed).
    const folded = this.cameAndWent.delete(change.path);
    if (before === 'created' && change.type === 'deleted') {
      this.pending.set(change.path, 'deleted');
      this.cameAndWent.add(change.path);
    } else if (before === 'deleted' && change.type === 'created') this.pending.set(change.path, folded ? 'created' : 'changed');
    else if (before === 'created' && change.type === 'changed') this.pending.set(change.path, 'created');
    else this.pending.set(change.path, change.type);
    this.timer ??= setTimeout(() => this.flush(), this.delayMs);
  }

  /** Delivers pending changes now (tests and shutdown). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return;
    const batch = [...this.pending].map(([path, type]) => ({ path, type }));
    this.pending = new Map();
    this.cameAndWent = new Set();
    this.emitter.emit('changes', batch);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.emitter.removeAllListeners();
  }
}
