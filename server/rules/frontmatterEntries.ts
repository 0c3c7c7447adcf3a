import { isMap, isScalar, type Document } from 'yaml';

/**
 * The values of a frontmatter block's top-level keys, each as it reads (its aliases resolved):
 * what a fix that quotes some values compares before and after, so that it changes no other
 * key's value (quoting `&x @file` whole turns the anchor into text, and `*x` on another line
 * into an alias to nothing).
 */

/** A top-level entry: its key (the nth of that name), where it lies in the text, and its value as JSON, or `unresolved` when reading it throws. */
export interface Entry {
  id: string;
  start: number;
  end: number;
  value: string;
}

/** Aliases expanded in one entry's value before reading it is given up: the yaml package's own default for a document (`maxAliasCount`). */
const MAX_ALIASES = 100;

/** The top-level entries of `doc` with a scalar key, in order; none when its root is not a mapping. */
export function entriesOf(doc: Document): Entry[] {
  if (!isMap(doc.contents)) return [];
  const seen = new Map<string, number>();
  const out: Entry[] = [];
  for (const pair of doc.contents.items) {
    if (!isScalar(pair.key) || !pair.key.range) continue;
    const name = String(pair.key.value);
    const n = seen.get(name) ?? 0;
    seen.set(name, n + 1);
    const node = pair.value as { range?: [number, number, number]; toJS?: (d: Document, o: object) => unknown } | null;
    let value: string;
    try {
      value = JSON.stringify(node?.toJS ? node.toJS(doc, { maxAliasCount: MAX_ALIASES }) : null) ?? 'undefined';
    } catch {
      // An alias to no anchor (Cursor's own `globs: *.ts`), or too many.
      value = 'unresolved';
    }
    out.push({ id: `${name}#${n}`, start: pair.key.range[0], end: node?.range?.[2] ?? pair.key.range[2], value });
  }
  return out;
}

/**
 * Whether an entry of `before` that parsed (no error of `doc` in its text) reads otherwise in
 * `after`, leaving out the entries of `after` that hold one of the offsets `edited`: those are
 * the values the fix quotes. An entry an error of `before` lies in says nothing of the text's
 * meaning, and is not compared; nor is one the parser's recovery reads into another (after
 * `foo: a: b` it takes the keys below as foo's): a check missed there, not a fix refused.
 */
export function otherEntryChanged(before: Document, after: Document, edited: readonly number[]): boolean {
  const beforeEntries = entriesOf(before);
  const broken = holding(beforeEntries, before.errors.map((e) => e.pos[0]));
  const was = new Map<string, string>();
  beforeEntries.forEach((e, i) => broken.has(i) || was.set(e.id, e.value));
  const afterEntries = entriesOf(after);
  const quoted = holding(afterEntries, edited);
  for (let i = 0; i < afterEntries.length; i++) {
    const e = afterEntries[i];
    const value = was.get(e.id);
    if (!quoted.has(i) && value !== undefined && value !== e.value) return true;
    was.delete(e.id);
  }
  // An entry that parsed before and is gone after (read into another one).
  return was.size > 0;
}

/** The indexes of `entries` (in text order) that hold one of `offsets`: one pass over both, sorted. */
function holding(entries: readonly Entry[], offsets: readonly number[]): Set<number> {
  const sorted = [...offsets].sort((a, b) => a - b);
  const out = new Set<number>();
  let j = 0;
  for (let i = 0; i < entries.length; i++) {
    while (j < sorted.length && sorted[j] < entries[i].start) j++;
    if (j < sorted.length && sorted[j] < entries[i].end) out.add(i);
  }
  return out;
}
