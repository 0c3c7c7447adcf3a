/**
 * The titles of the server's file index progress: protocol/methods.ts `IndexProgressTitles`,
 * copied so that the extension bundles nothing of the server; test/vscode/indexEnds.test.ts
 * holds the two together.
 */
export const INDEX_PROGRESS_TITLES: readonly string[] = ['Indexing files', 'Rebuilding the file index'];

/** A `$/progress` value as the server sends it (begin, report or end). */
export interface ProgressValue {
  kind: string;
  title?: string;
}

/**
 * When the server's file index build ends: what makes a partial search answer (`indexing`)
 * whole. Fed every work-done progress the client sees (the language client's
 * `handleWorkDoneProgress` middleware); nothing polls.
 */
export class IndexEnds {
  private readonly building = new Set<string | number>();
  private listeners: (() => void)[] = [];
  /** Builds ended so far: an answer sent before the last end may have been partial only because it was sent before it. */
  ended = 0;

  observe(token: string | number, value: ProgressValue): void {
    if (value.kind === 'begin' && value.title !== undefined && INDEX_PROGRESS_TITLES.includes(value.title)) {
      this.building.add(token);
    } else if (value.kind === 'end' && this.building.delete(token)) {
      this.ended++;
      const told = this.listeners;
      this.listeners = [];
      for (const listener of told) listener();
    }
  }

  /** Calls `listener` once, at the next end of a build. */
  once(listener: () => void): { dispose(): void } {
    this.listeners.push(listener);
    return {
      dispose: () => {
        this.listeners = this.listeners.filter((l) => l !== listener);
      },
    };
  }
}

/** What of a search answer says whether it is partial (`agentls/fileSearch`, protocol/rawp.ts). */
export interface PartialAnswer {
  indexing?: true;
  indexed_count?: number;
}

/** "Go to file"'s title for an answer: says when the list comes from the part of the tree indexed so far. */
export function goToFileTitle(answer: PartialAnswer): string {
  if (!answer.indexing) return 'agentls: Go to file';
  const n = answer.indexed_count ?? 0;
  return `agentls: Go to file (indexing: ${n} file${n === 1 ? '' : 's'} so far)`;
}

/**
 * Searches again, once, when the index that made an answer partial ends: `sent()` as each
 * search is sent, and the function it returns with that search's answer. Only the latest
 * answer's wait counts.
 */
export class SearchAgainWhenIndexed {
  private waiting: { dispose(): void } | undefined;

  constructor(
    private readonly ends: IndexEnds,
    private readonly again: () => void,
  ) {}

  sent(): (answer: PartialAnswer) => void {
    const endedBefore = this.ends.ended;
    return (answer) => {
      this.dispose();
      if (!answer.indexing) return;
      // The build ended while this search was on its way: its end will not come again.
      if (this.ends.ended > endedBefore) this.again();
      else this.waiting = this.ends.once(this.again);
    };
  }

  dispose(): void {
    this.waiting?.dispose();
    this.waiting = undefined;
  }
}
