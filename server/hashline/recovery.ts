import { applyEdits, type Applied } from './apply';
import type { AbsorbOptions } from './absorb';
import { hunksOf, tightenSplices, type HunkLine, type Splice } from './diff';
import { lineHash } from './hash';
import type { Generation } from './snapshots';
import { FileLines, type LineList } from './text';
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
  current: LineList,
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
function authoredVersion(current: LineList, g: Generation): FileLines {
  const authored = current instanceof FileLines ? current.toArray() : Array.from({ length: current.length }, (_, i) => current.at(i)!);
  for (const [n, t] of g.entries()) {
    while (authored.length < n) authored.push('');
    authored[n - 1] = t;
  }
  if (g.lineCount !== undefined && authored.length > g.lineCount) authored.length = g.lineCount;
  return FileLines.fromArray(authored);
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
function occurrences(lines: LineList, block: readonly string[]): number[] {
  const found: number[] = [];
  for (let i = 0; i + block.length <= lines.length && found.length < 2; i++) {
    let k = 0;
    while (k < block.length && lines.at(i + k) === block[k]) k++;
    if (k === block.length) found.push(i);
  }
  return found;
}

function recoverFrom(current: LineList, edits: readonly PrimitiveEdit[], opLines: readonly number[], options: AbsorbOptions, g: Generation): Applied | undefined {
  if (!anchorsVouchedFor(edits, g)) return undefined;
  const authored = authoredVersion(current, g);
  if (authored.text === FileLines.fromArray(Array.from({ length: current.length }, (_, i) => current.at(i)!)).text) return undefined;
  const applied = applyEdits(authored, edits, opLines, options);
  if (!applied.ok) return undefined;
  const hunks = hunksOf(authored, applied.splices);
  if (hunks.length === 0) return undefined;

  const placed: Splice[] = [];
  for (const hunk of hunks) {
    const pieces = piecesOf(hunk.lines, g);
    if (!pieces) return undefined;
    for (const piece of pieces) {
      if (piece.old.length === 0) return undefined;
      if (occurrences(authored, piece.old).length !== 1) return undefined;
      const inCurrent = occurrences(current, piece.old);
      if (inCurrent.length !== 1) return undefined;
      placed.push({ start: inCurrent[0], deleteCount: piece.old.length, lines: piece.next });
    }
  }
  placed.sort((a, b) => a.start - b.start);
  for (let i = 1; i < placed.length; i++) {
    if (placed[i].start < placed[i - 1].start + placed[i - 1].deleteCount) return undefined; // overlapping hunks: refuse rather than guess
  }
  const splices = tightenSplices(current, placed);
  if (splices.length === 0) return undefined;
  const length = current.length + splices.reduce((n, s) => n + s.lines.length - s.deleteCount, 0);
  return { ok: true, splices, length, warnings: [RECOVERY_WARNING, ...applied.warnings] };
}
