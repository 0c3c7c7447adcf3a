/** What a pull client was last answered for an open document: the version and the diagnostics' JSON. */
export interface Served {
  version: number;
  json: string;
}

/** Changes landing this close together are told in one refresh. */
const GATHER_MS = 50;

/**
 * When a client that pulls diagnostics is asked to pull again (`workspace/diagnostic/refresh`):
 * only for an open document whose diagnostics differ from what its last pull answered, for the
 * same version (after its own edits the client pulls by itself), and only once for one change.
 *
 * One change outside the documents comes as several notifications (VS Code's didSave of
 * `.vscode/settings.json`, then its watcher's didChangeWatchedFiles for it, 100-200 ms apart),
 * each re-diagnosing the open documents. A refresh was asked again wherever the second landed
 * before the client's pull of the first answered (or during that pull, which re-diagnoses the
 * document itself), though that pull gives the client the newest set: two refreshes for one
 * change, a second pull of everything. So a document stays told from the refresh that named
 * it until its next pull, a document being pulled is answered with what changed meanwhile, and
 * whether a refresh is still owed is asked again when it is due.
 */
export class PullRefresh {
  private readonly served = new Map<string, Served>();
  /** Pulls of each document being answered. */
  private readonly pulling = new Map<string, number>();
  /** Documents a refresh named that the client has not pulled since. */
  private readonly told = new Set<string>();
  /** Documents that may owe a refresh when the timer runs out. */
  private readonly due = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  /** `current`: the open document's version and diagnostics now (undefined when not open). */
  constructor(
    private readonly current: (key: string) => Served | undefined,
    private readonly send: () => void,
  ) {}

  /** An open document's diagnostics may have changed. */
  changed(key: string): void {
    if (!this.owes(key)) return;
    this.due.add(key);
    this.timer ??= setTimeout(() => this.sendIfOwed(), GATHER_MS);
  }

  /** Answers a pull of `key`: what `answer` gives is what the client holds from then on. */
  async pull<T extends { items: unknown[] }>(key: string, answer: () => Promise<T>, version: () => number | undefined): Promise<T> {
    this.pulling.set(key, (this.pulling.get(key) ?? 0) + 1);
    let result: T;
    try {
      result = await answer();
      const v = version();
      if (v !== undefined) this.served.set(key, { version: v, json: JSON.stringify(result.items) });
      this.told.delete(key);
    } finally {
      const left = (this.pulling.get(key) ?? 1) - 1;
      if (left > 0) this.pulling.set(key, left);
      else this.pulling.delete(key);
    }
    // A change between the answer and now was passed over as the pull's: asked again.
    this.changed(key);
    return result;
  }

  /** The document is closed or pushed to now: nothing it was served stands. */
  forget(key: string): void {
    this.served.delete(key);
    this.told.delete(key);
  }

  private owes(key: string): boolean {
    const served = this.served.get(key);
    if (!served || this.told.has(key) || this.pulling.has(key)) return false;
    const now = this.current(key);
    return now !== undefined && now.version === served.version && now.json !== served.json;
  }

  private sendIfOwed(): void {
    this.timer = undefined;
    const owed = [...this.due].filter((key) => this.owes(key));
    this.due.clear();
    if (owed.length === 0) return;
    for (const key of owed) this.told.add(key);
    this.send();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
  }
}
