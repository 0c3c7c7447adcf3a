import * as path from 'node:path';
import { LIMITS } from '../core/limits';
import type { PathGuard } from '../workspace/confine';
import type { FileSystem } from '../workspace/fs';
import { relativeInside, toPosix } from '../workspace/paths';
import { countWork } from '../workspace/testCounts';
import { inRanges, markdownCodeRanges } from './markdownCode';
import { isAbsoluteForm, pathForms, pathReadings, pathRefState, type PathReading, type PathReadings, type PathRefState } from './pathReadings';

/**
 * `mdc:` links in Cursor rules: `[the schema](mdc:src/db/schema.ts)`, the form real rule files
 * use to point a rule at a project file.
 *
 * What Cursor does with one is not documented: no page of Cursor's documentation found by a
 * search of stored docs and pages (its rules page, https://cursor.com/docs/context/rules,
 * included) mentions `mdc:` links or what their path is relative to; guides by others (reporails.com's
 * Cursor rules, for one) give `@filename` as the way a rule names a file. Real rule files write both paths from
 * the workspace folder and paths from the rule's own folder. So a link is judged under every
 * reading (`mdcLinkReadings`), and only one that names no file under any of them is reported.
 */
export interface MdcLink {
  /** The path after `mdc:`, backslash escapes removed. */
  target: string;
  /** Offsets of `mdc:PATH` in the text. */
  start: number;
  end: number;
}

const SCHEME = 'mdc:';
/** Characters of one link's path: a path longer than this is no file name. */
const MAX_TARGET_CHARS = 4096;
/**
 * Characters looked back over from a reference definition's `]` to its line's start: CommonMark
 * allows at most 999 characters inside a link label's brackets (https://spec.commonmark.org/0.30/#link-label),
 * then `[` and up to three spaces of indent.
 */
const MAX_LABEL_CHARS = 1003;

/**
 * Every `mdc:` link destination of a Markdown text: after `](` or `](<` (an inline link),
 * inside `<…>` (an autolink), or after a reference definition's `[label]:`, and not inside a
 * code span or fenced block, where it is an example. Linear: each occurrence of `mdc:` is
 * looked at once, its path read to a fixed cap, and each character before it looked back over
 * for at most one occurrence; at most `max` links (`LIMITS.mdcLinks` unless told) of the first
 * `LIMITS.mdcLinkOccurrences` occurrences of the first `LIMITS.mdcLinkScanChars` characters.
 */
export function findMdcLinks(whole: string, max: number = LIMITS.mdcLinks): MdcLink[] {
  return scanMdcLinks(whole, max).links;
}

/**
 * `findMdcLinks`, saying too whether the scan stopped at `LIMITS.mdcLinkOccurrences` with more
 * occurrences of `mdc:` after it (`cut`): links may lie past them, which a caller that must see
 * every link (a rename, that would otherwise move only some) needs to know.
 */
export function scanMdcLinks(whole: string, max: number = LIMITS.mdcLinks): { links: MdcLink[]; cut: boolean } {
  const out: MdcLink[] = [];
  const text = whole.length > LIMITS.mdcLinkScanChars ? whole.slice(0, LIMITS.mdcLinkScanChars) : whole;
  if (!text.includes(SCHEME)) return { links: out, cut: false };
  const code = markdownCodeRanges(text);
  const walk = { steps: 0 };
  let seen = 0;
  let at = text.indexOf(SCHEME);
  for (; at >= 0 && out.length < max && seen < LIMITS.mdcLinkOccurrences; at = text.indexOf(SCHEME, at + SCHEME.length)) {
    seen++;
    const opener = openerBefore(text, at, walk);
    if (!opener || inRanges(code, at)) continue;
    const end = destinationEnd(text, at + SCHEME.length, opener === 'angle');
    const target = text.slice(at + SCHEME.length, end).replace(/\\([!-/:-@[-`{-~])/g, '$1');
    if (target !== '') out.push({ target, start: at, end });
  }
  countWork('mdc-link-scan');
  countWork('mdc-link-steps', seen + walk.steps);
  // `at` is the next occurrence, not looked at, when the loop stopped at the occurrences' limit.
  return { links: out, cut: seen >= LIMITS.mdcLinkOccurrences && at >= 0 };
}

/**
 * How the destination starting at `at` is opened, if it is a link destination at all. For a
 * reference definition (` {0,3}[label]: mdc:…`, CommonMark), the spaces before `mdc:` are
 * skipped and nothing more is looked at unless `]:` precedes them; the label is then walked
 * back to the line's start and stops at any other `]`. Each `]:` leads to at most one `mdc:`
 * (only spaces lie between) and a walk never passes the `]` before it, so every character is
 * looked back over for at most one occurrence. `walk.steps` counts the characters.
 */
function openerBefore(text: string, at: number, walk: { steps: number }): 'plain' | 'angle' | undefined {
  const before = text[at - 1];
  if (before === '(' && text[at - 2] === ']') return 'plain';
  if (before === '<') return 'angle';
  let i = at;
  while (i > 0 && (text[i - 1] === ' ' || text[i - 1] === '\t')) i--;
  walk.steps += at - i;
  if (text[i - 1] !== ':' || text[i - 2] !== ']') return undefined;
  // The label: back from its `]` to the `[` that opens the line, after at most three spaces.
  const close = i - 2;
  let j = close;
  while (j > 0 && close - j < MAX_LABEL_CHARS && text[j - 1] !== '\n' && text[j - 1] !== ']') j--;
  walk.steps += close - j;
  if (j > 0 && text[j - 1] !== '\n') return undefined;
  return /^ {0,3}\[[^\]]+$/.test(text.slice(j, close)) ? 'plain' : undefined;
}

/**
 * Where a destination ends, after CommonMark: inside `<…>` at `>` or the line's end; else at
 * whitespace or the `)` that closes the link (balanced parentheses belong to the path, as in
 * Next.js's `app/(group)/page.tsx`). A backslash escapes the character after it.
 */
function destinationEnd(text: string, from: number, angle: boolean): number {
  const cap = Math.min(text.length, from + MAX_TARGET_CHARS);
  let depth = 0;
  let i = from;
  for (; i < cap; i++) {
    const c = text[i];
    if (c === '\\' && i + 1 < cap && text[i + 1] !== '\n') {
      i++;
      continue;
    }
    if (c === '\n' || c === '\r') break;
    if (angle) {
      if (c === '>' || c === '<') break;
      continue;
    }
    if (c === ' ' || c === '\t') break;
    if (c === '(') depth++;
    else if (c === ')') {
      if (depth === 0) break;
      depth--;
    }
  }
  return i;
}

/** Whether `p` is a rule file of a Cursor rule folder (`.cursor/rules`, at any depth of the workspace folder `root`). */
export function isCursorRuleFile(p: string, root: string): boolean {
  const rel = relativeInside(root, p);
  return rel !== undefined && /(?:^|\/)\.cursor\/rules\/(?:.+\/)?[^/]+\.mdc$/.test(rel);
}

/** Whether the file `p` of text `text` may hold an `mdc:` link agentls judges: a cheap test, no workspace folder needed. */
export function mayHoldMdcLinks(p: string, text: string): boolean {
  return p.endsWith('.mdc') && toPosix(p).includes('/.cursor/rules/') && text.includes(SCHEME);
}

/**
 * Which reading of a link's path found it: from the workspace folder (root-relative), from the
 * folder holding the rule's `.cursor` (a package's own rules), from the rule's own folder
 * (file-relative), or an absolute path.
 */
export type MdcReading = PathReading;

export type MdcReadings = PathReadings;

/**
 * The files a link of the rule `file` may name (`pathReadings`): its path as written,
 * percent-decoded, and without a `#fragment` or `?query`, each from the workspace folder
 * `root`, from the folder holding the rule's `.cursor` (a package's own rules), and from the
 * rule's folder; an absolute path as it is.
 */
export function mdcLinkReadings(file: string, root: string, target: string, guard: PathGuard): MdcReadings {
  const base = mdcLinkBases(file, root);
  return pathReadings([[base.root, 'workspace'], [base.project, 'project'], [base.folder, 'rule']], root, target, guard);
}

export { pathForms as mdcLinkForms, isAbsoluteForm };

/** The folders a relative link of the rule `file` is read from: the workspace folder, the folder holding the rule's `.cursor`, the rule's folder. */
export function mdcLinkBases(file: string, root: string): { root: string; project: string; folder: string } {
  const rel = relativeInside(root, file) ?? '';
  const cursorAt = rel.lastIndexOf('.cursor/rules/');
  return { root, project: cursorAt > 0 ? path.join(root, rel.slice(0, cursorAt)) : root, folder: path.dirname(file) };
}

/** The folder holding the rule's `.cursor` (a package's own rules), the workspace folder `root` for its own. */
export function cursorProjectOf(file: string, root: string): string {
  return mdcLinkBases(file, root).project;
}

export type MdcLinkState = PathRefState;

/** What a link names (`pathRefState`): the first reading that exists, else `outside`, `missing` or `unknown`. */
export function mdcLinkState(fs: FileSystem, guard: PathGuard, file: string, root: string, target: string): Promise<MdcLinkState> {
  return pathRefState(fs, guard, mdcLinkReadings(file, root, target, guard));
}
