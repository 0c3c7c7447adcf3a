import { lineHash } from './hash';
import { anchorOf } from './validate';
import type { LineList } from './text';
import type { Cursor, PrimitiveEdit } from './types';

/**
 * Duplicate-boundary absorption (`hashline.md` §5 step 3), an upstream heuristic that
 * changes results and is therefore reproduced: a replacement whose payload repeats two or
 * more lines just outside its range swallows them; a single repeated closing bracket is
 * swallowed when that fixes the bracket balance; pure inserts drop a repeated closer, and
 * (only with the setting) repeated neighbour lines.
 */

export interface AbsorbOptions {
  /** `edit.hashlineAutoDropPureInsertDuplicates`. */
  autoDropPureInsertDuplicates?: boolean;
}

const CLOSER = /^\s*[\])}]+[;,]?\s*$/;

function isCloser(line: string): boolean {
  return CLOSER.test(line);
}

type Balance = [number, number, number];

/** Net `()`, `[]`, `{}` counts; naive on purpose (see upstream): noise biases towards not absorbing. */
function balance(lines: readonly string[]): Balance {
  const b: Balance = [0, 0, 0];
  for (const line of lines) {
    for (let i = 0; i < line.length; i++) {
      switch (line.charCodeAt(i)) {
        case 40: b[0]++; break; // (
        case 41: b[0]--; break; // )
        case 91: b[1]++; break; // [
        case 93: b[1]--; break; // ]
        case 123: b[2]++; break; // {
        case 125: b[2]--; break; // }
      }
    }
  }
  return b;
}

function sliceLines(lines: LineList, from: number, to: number): string[] {
  const out: string[] = [];
  for (let i = from; i < to; i++) out.push(lines.at(i)!);
  return out;
}

function sameBalance(a: Balance, b: Balance): boolean {
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
}

/** Dropping the boundary line restores `expected` while keeping it would not. */
function dropFixesBalance(full: readonly string[], kept: readonly string[], expected: Balance): boolean {
  return sameBalance(balance(kept), expected) && !sameBalance(balance(full), expected);
}

/** The largest k ≥ 2 for which `payload[0..k)` equals the k file lines ending at index `lastIdx`. */
function leadingBlock(payload: readonly string[], lines: LineList, lastIdx: number): number {
  for (let k = Math.min(payload.length, lastIdx + 1); k >= 2; k--) {
    let ok = true;
    for (let o = 0; o < k && ok; o++) ok = payload[o] === lines.at(lastIdx - k + 1 + o);
    if (ok) return k;
  }
  return 0;
}

/** The largest k ≥ 2 for which the last k payload lines equal the k file lines starting at index `firstIdx`. */
function trailingBlock(payload: readonly string[], lines: LineList, firstIdx: number, limit = payload.length): number {
  for (let k = Math.min(limit, lines.length - firstIdx); k >= 2; k--) {
    let ok = true;
    for (let o = 0; o < k && ok; o++) ok = payload[payload.length - k + o] === lines.at(firstIdx + o);
    if (ok) return k;
  }
  return 0;
}

export function absorbDuplicates(
  edits: readonly PrimitiveEdit[],
  lines: LineList,
  opLines: readonly number[],
  options: AbsorbOptions,
  warnings: string[],
): PrimitiveEdit[] {
  const targets = new Set<number>();
  for (const e of edits) {
    const a = anchorOf(e);
    if (a) targets.add(a.line);
  }
  const emitted = new Set<string>();
  const warn = (key: string, text: string) => {
    if (!emitted.has(key)) {
      emitted.add(key);
      warnings.push(text);
    }
  };
  const out: PrimitiveEdit[] = [];
  let i = 0;
  while (i < edits.length) {
    const op = edits[i].op;
    let j = i;
    while (j < edits.length && edits[j].op === op) j++;
    const group = edits.slice(i, j);
    i = j;
    const inserts = group.filter((e): e is Extract<PrimitiveEdit, { kind: 'insert' }> => e.kind === 'insert');
    const deletes = group.filter((e): e is Extract<PrimitiveEdit, { kind: 'delete' }> => e.kind === 'delete');
    const opLine = opLines[op];
    const absorbed = inserts.length && deletes.length ? absorbReplacement(inserts, deletes, lines, targets, opLine, warn) : inserts.length ? absorbInsert(inserts, lines, options, opLine, warn) : group;
    for (const e of absorbed) out.push(e);
  }
  return out;
}

function absorbReplacement(
  inserts: Extract<PrimitiveEdit, { kind: 'insert' }>[],
  deletes: Extract<PrimitiveEdit, { kind: 'delete' }>[],
  lines: LineList,
  targets: Set<number>,
  opLine: number,
  warn: (key: string, text: string) => void,
): PrimitiveEdit[] {
  const payload = inserts.map((e) => e.text);
  const start = deletes[0].anchor.line;
  const end = deletes[deletes.length - 1].anchor.line;
  const op = deletes[0].op;
  const deleted = balance(sliceLines(lines, start - 1, end));

  let prefix = leadingBlock(payload, lines, start - 2);
  if (!prefix && start > 1 && isCloser(payload[0]) && lines.at(start - 2) === payload[0] && dropFixesBalance(payload, payload.slice(1), deleted)) prefix = 1;
  let suffix = trailingBlock(payload, lines, end);
  const last = payload[payload.length - 1];
  if (!suffix && end < lines.length && isCloser(last) && lines.at(end) === last && dropFixesBalance(payload, payload.slice(0, -1), deleted)) suffix = 1;

  const owned = (from: number, count: number) => {
    for (let n = from; n < from + count; n++) if (targets.has(n)) return true;
    return false;
  };
  if (owned(start - prefix, prefix)) prefix = 0;
  if (owned(end + 1, suffix)) suffix = 0;

  const synthetic = (line: number): PrimitiveEdit => ({ kind: 'delete', anchor: { line, hash: lineHash(lines.at(line - 1)!) }, op });
  const out: PrimitiveEdit[] = [];
  if (prefix) {
    warn(
      `prefix:${start - prefix}..${start - 1}`,
      `Auto-absorbed ${prefix} duplicate line(s) above replacement at line ${opLine} (file lines ${start - prefix}..${start - 1} matched the payload's leading lines; widened the deletion to absorb them).`,
    );
    for (let n = start - prefix; n < start; n++) out.push(synthetic(n));
  }
  for (const e of inserts) out.push(e);
  for (const e of deletes) out.push(e);
  if (suffix) {
    warn(
      `suffix:${end + 1}..${end + suffix}`,
      `Auto-absorbed ${suffix} duplicate line(s) below replacement at line ${opLine} (file lines ${end + 1}..${end + suffix} matched the payload's trailing lines; widened the deletion to absorb them).`,
    );
    for (let n = end + 1; n <= end + suffix; n++) out.push(synthetic(n));
  }
  return out;
}

/** The file lines just above and below an insertion point (0-based indices). */
function neighbourhood(cursor: Cursor, lines: LineList): { above: number; below: number } {
  switch (cursor.kind) {
    case 'bof':
      return { above: -1, below: 0 };
    case 'eof':
      return { above: lines.length - 1, below: lines.length };
    case 'before':
      return { above: cursor.anchor.line - 2, below: cursor.anchor.line - 1 };
    case 'after':
      return { above: cursor.anchor.line - 1, below: cursor.anchor.line };
  }
}

const ZERO: Balance = [0, 0, 0];

function absorbInsert(
  inserts: Extract<PrimitiveEdit, { kind: 'insert' }>[],
  lines: LineList,
  options: AbsorbOptions,
  opLine: number,
  warn: (key: string, text: string) => void,
): PrimitiveEdit[] {
  const payload = inserts.map((e) => e.text);
  const cursor = inserts[0].cursor;
  const generic = options.autoDropPureInsertDuplicates === true;
  const { above, below } = neighbourhood(cursor, lines);

  let lead = generic ? leadingBlock(payload, lines, above) : 0;
  if (!lead && generic && cursor.kind === 'after' && above >= 0 && !isCloser(payload[0]) && payload[0] === lines.at(above)) lead = 1;
  if (!lead && above >= 0 && isCloser(payload[0]) && payload[0] === lines.at(above) && dropFixesBalance(payload, payload.slice(1), ZERO)) lead = 1;

  const rest = payload.slice(lead);
  let trail = generic ? trailingBlock(payload, lines, below, rest.length) : 0;
  const last = rest[rest.length - 1];
  if (!trail && generic && cursor.kind === 'before' && rest.length > 0 && below < lines.length && !isCloser(last) && last === lines.at(below)) trail = 1;
  if (!trail && rest.length > 0 && below < lines.length && isCloser(last) && last === lines.at(below) && dropFixesBalance(rest, rest.slice(0, -1), ZERO)) trail = 1;

  if (!lead && !trail) return inserts;
  if (lead) {
    warn(
      `pure-insert-leading:${above - lead + 2}..${above + 1}`,
      `Auto-dropped ${lead} duplicate line(s) at the start of insert at line ${opLine} (file lines ${above - lead + 2}..${above + 1} already match the payload's leading lines).`,
    );
  }
  if (trail) {
    warn(
      `pure-insert-trailing:${below + 1}..${below + trail}`,
      `Auto-dropped ${trail} duplicate line(s) at the end of insert at line ${opLine} (file lines ${below + 1}..${below + trail} already match the payload's trailing lines).`,
    );
  }
  return inserts.slice(lead, inserts.length - trail);
}
