import type { LineList } from './text';

/**
 * What the user or an agent has seen of each file ("read snapshots", `hashline.md` §6):
 * per path (LRU of 30 paths) up to 4 generations, newest first, each a map from line
 * number to text. An observation that agrees with the newest generation extends it; one
 * that disagrees starts a new generation, keeping the older ones for recovery.
 */

export interface Generation {
  /** The text of a 1-based line as seen (LF-normalised), or undefined when it was not seen. */
  get(line: number): string | undefined;
  /** Every line seen, in any order. */
  entries(): Iterable<readonly [number, string]>;
  /** The line count when the whole file was seen. */
  readonly lineCount?: number;
}

/** A generation built up from reads. */
class SeenLines implements Generation {
  constructor(
    readonly lines: Map<number, string>,
    public lineCount?: number,
  ) {}
  get(line: number): string | undefined {
    return this.lines.get(line);
  }
  entries(): Iterable<readonly [number, string]> {
    return this.lines.entries();
  }
}

const MAX_PATHS = 30;
const MAX_GENERATIONS = 4;

export class SnapshotStore {
  private readonly byPath = new Map<string, SeenLines[]>();

  /** Generations of a path, newest first. */
  generations(path: string): readonly Generation[] {
    return this.byPath.get(path) ?? [];
  }

  /** Lines `start`, `start+1`, … as seen (a ranged read). */
  recordContiguous(path: string, start: number, lines: readonly string[]): void {
    if (lines.length === 0) return;
    this.record(
      path,
      lines.map((t, i) => [start + i, t] as const),
    );
  }

  /** The whole file as seen (a full read, or what an apply just wrote). */
  recordFull(path: string, lines: readonly string[]): void {
    this.record(
      path,
      lines.map((t, i) => [i + 1, t] as const),
      lines.length,
    );
  }

  forget(path: string): void {
    this.byPath.delete(path);
  }

  private record(path: string, entries: readonly (readonly [number, string])[], lineCount?: number): void {
    const generations = this.byPath.get(path) ?? [];
    this.byPath.delete(path); // re-inserted below: most recently used last
    const newest = generations[0];
    if (newest && !conflicts(newest, entries, lineCount)) {
      for (const [n, t] of entries) newest.lines.set(n, t);
      if (lineCount !== undefined) newest.lineCount = lineCount;
      this.byPath.set(path, generations);
    } else {
      this.byPath.set(path, [new SeenLines(new Map(entries), lineCount), ...generations].slice(0, MAX_GENERATIONS));
    }
    while (this.byPath.size > MAX_PATHS) this.byPath.delete(this.byPath.keys().next().value as string);
  }
}

function conflicts(existing: SeenLines, incoming: readonly (readonly [number, string])[], lineCount: number | undefined): boolean {
  for (const [n, t] of incoming) {
    const prior = existing.lines.get(n);
    if (prior !== undefined && prior !== t) return true;
    if (existing.lineCount !== undefined && n > existing.lineCount) return true;
  }
  if (lineCount !== undefined) {
    if (existing.lineCount !== undefined && existing.lineCount !== lineCount) return true;
    for (const n of existing.lines.keys()) if (n > lineCount) return true;
  }
  return false;
}

/** A whole earlier version (of an open buffer), as LF-normalised lines. */
export function fullGeneration(lines: LineList): Generation {
  return {
    lineCount: lines.length,
    get: (line) => (line >= 1 && line <= lines.length ? lines.at(line - 1) : undefined),
    *entries() {
      for (let i = 0; i < lines.length; i++) yield [i + 1, lines.at(i)!] as const;
    },
  };
}

/** A generation from seen lines (tests and callers that keep their own records). */
export function seenGeneration(lines: Iterable<readonly [number, string]>, lineCount?: number): Generation {
  return new SeenLines(new Map(lines), lineCount);
}
