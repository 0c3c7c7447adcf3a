import { applyEdits, type Applied } from './apply';
import type { AbsorbOptions } from './absorb';
import { hunksOf, splicesFromOrigins, type HunkLine } from './diff';
import { lineHash } from './hash';
import type { Generation } from './snapshots';
import { sameLines } from './text';
import { INTERIOR_HASH, type PrimitiveEdit } from './types';
import { anchorOf } from './validate';

/**
 * Stale-anchor recovery (`hashline.md` §6): when the anchors match a version of the file
 * the author saw, replay the edits on that version and carry the resulting hunks over to
 * the current text, but only where each hunk's old side occurs exactly once in both, with
 * no fuzz. Anything doubtful refuses; the caller then reports the mismatch.
 */

export const RECOVERY_WARNING = 'Recovered from stale anchors using a previous read snapshot (file changed between read and edit).';

/** At most this many earlier versions are tried. */
const MAX_ATTEMPTS = 12;

export function recoverFromGenerations(
  current: readonly string[],
  edits: readonly PrimitiveEdit[],
  opLines: readonly number[],
  options: AbsorbOptions,
  generations: readonly Generation[],
): Applied | undefined {
  for (const g of generations.slice(0, MAX_ATTEMPTS)) {
    const result = recoverFrom(current, edits, opLines, options, g);
    if (result) return result;
  }
  return undefined;
}

function anchorsVouchedFor(edits: readonly PrimitiveEdit[], g: Generation): boolean {
  for (const e of edits) {
    const a = anchorOf(e);
    if (!a) continue;
    const seen = g.get(a.line);
    if (seen === undefined) return false;
    if (a.hash !== INTERIOR_HASH && lineHash(seen) !== a.hash) return false;
  }
  return true;
}

/** The version the author saw: the current lines overlaid with what the generation recorded. */
function authoredVersion(current: readonly string[], g: Generation): string[] {
  const authored = current.slice();
  for (const [n, t] of g.entries()) {
    while (authored.length < n) authored.push('');
    authored[n - 1] = t;
  }
  if (g.lineCount !== undefined && authored.length > g.lineCount) authored.length = g.lineCount;
  return authored;
}

interface Piece {
  old: string[];
  next: string[];
}

/** Hunk lines split at context the generation never showed; removed lines must all be covered. */
function piecesOf(lines: readonly HunkLine[], g: Generation): Piece[] | undefined {
  const pieces: Piece[] = [];
  let cur: Piece = { old: [], next: [] };
  let changed = false;
  const close = () => {
    if (changed) pieces.push(cur);
    cur = { old: [], next: [] };
    changed = false;
  };
  for (const l of lines) {
    if (l.type === '-' && g.get(l.old! + 1) === undefined) return undefined;
    if (l.type === ' ' && g.get(l.old! + 1) === undefined) {
      close();
      continue;
    }
    if (l.type !== '+') cur.old.push(l.text);
    if (l.type !== '-') cur.next.push(l.text);
    if (l.type !== ' ') changed = true;
  }
  close();
  return pieces;
}

/** Start indices of `block` in `lines`, stopping after two. */
function occurrences(lines: readonly string[], block: readonly string[]): number[] {
  const found: number[] = [];
  for (let i = 0; i + block.length <= lines.length && found.length < 2; i++) {
    let k = 0;
    while (k < block.length && lines[i + k] === block[k]) k++;
    if (k === block.length) found.push(i);
  }
  return found;
}

function recoverFrom(current: readonly string[], edits: readonly PrimitiveEdit[], opLines: readonly number[], options: AbsorbOptions, g: Generation): Applied | undefined {
  if (!anchorsVouchedFor(edits, g)) return undefined;
  const authored = authoredVersion(current, g);
  if (sameLines(authored, current)) return undefined;
  const applied = applyEdits(authored, edits, opLines, options);
  if (!applied.ok || sameLines(applied.lines, authored)) return undefined;

  const placed: { at: number; piece: Piece }[] = [];
  for (const hunk of hunksOf(authored, splicesFromOrigins(authored.length, applied.lines, applied.origins))) {
    const pieces = piecesOf(hunk.lines, g);
    if (!pieces) return undefined;
    for (const piece of pieces) {
      if (piece.old.length === 0) return undefined;
      if (occurrences(authored, piece.old).length !== 1) return undefined;
      const inCurrent = occurrences(current, piece.old);
      if (inCurrent.length !== 1) return undefined;
      placed.push({ at: inCurrent[0], piece });
    }
  }
  placed.sort((a, b) => a.at - b.at);
  const lines: string[] = [];
  const origins: number[] = [];
  let next = 0;
  for (const { at, piece } of placed) {
    if (at < next) return undefined; // overlapping hunks: refuse rather than guess
    for (; next < at; next++) {
      lines.push(current[next]);
      origins.push(next);
    }
    // Context lines stay the current lines they matched; changed lines are new.
    const common = commonEnds(piece.old, piece.next);
    for (let k = 0; k < piece.next.length; k++) {
      lines.push(piece.next[k]);
      const fromStart = k < common.head;
      const fromEnd = k >= piece.next.length - common.tail;
      origins.push(fromStart ? at + k : fromEnd ? at + piece.old.length - (piece.next.length - k) : -1);
    }
    next = at + piece.old.length;
  }
  for (; next < current.length; next++) {
    lines.push(current[next]);
    origins.push(next);
  }
  if (sameLines(lines, current)) return undefined;
  return { ok: true, lines, origins, warnings: [RECOVERY_WARNING, ...applied.warnings] };
}

/** How many lines two blocks share at their start and (not overlapping that) at their end. */
function commonEnds(a: readonly string[], b: readonly string[]): { head: number; tail: number } {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { head, tail };
}
