import * as path from 'node:path';
import { LIMITS } from '../core/limits';
import type { PathGuard } from '../workspace/confine';
import type { FileStat, FileSystem } from '../workspace/fs';
import { isInside, relativeInside, toPosix } from '../workspace/paths';
import { countWork } from '../workspace/testCounts';
import { inRanges, markdownCodeRanges } from './markdownCode';

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
export type MdcReading = 'workspace' | 'project' | 'rule' | 'absolute';

export interface MdcReadings {
  /** The absolute paths the link may name inside the workspace folder, to be looked up, each with the first reading that gives it. */
  inside: { path: string; from: MdcReading }[];
  /** Some spelling of the path leads out of the workspace folder under every reading (`../../../etc/passwd`, `/etc/passwd`, `~/…`): never looked up. */
  outside: boolean;
}

/**
 * The files a link of the rule `file` may name: its path as written, percent-decoded, and
 * without a `#fragment` or `?query`, each from the workspace folder `root`, from the folder
 * holding the rule's `.cursor` (a package's own rules), and from the rule's folder; an
 * absolute path as it is. A reading out of the workspace folder, or one the guard does not
 * cover (links not followed), is never looked up; a spelling none of whose readings stays
 * makes the link `outside`.
 */
export function mdcLinkReadings(file: string, root: string, target: string, guard: PathGuard): MdcReadings {
  const base = mdcLinkBases(file, root);
  // One label a folder: for a rule of the root's `.cursor`, the project is the workspace folder.
  const bases = new Map<string, MdcReading>();
  for (const [b, from] of [[base.root, 'workspace'], [base.project, 'project'], [base.folder, 'rule']] as const) if (!bases.has(b)) bases.set(b, from);
  const inside = new Map<string, MdcReading>();
  let outside = false;
  for (const form of mdcLinkForms(target)) {
    const candidates: [string, MdcReading][] = form.startsWith('~') ? [] : isAbsoluteForm(form) ? [[path.normalize(form), 'absolute']] : [...bases].map(([b, from]) => [path.resolve(b, form), from]);
    // A form leaves only when no reading of it stays: `../../src/x.ts` of `.cursor/rules/a.mdc`
    // always leaves read from the workspace folder, and is a file-relative link all the same.
    let stays = false;
    for (const [c, from] of candidates) {
      if (!isInside(root, c) || !guard.covers(c)) continue;
      stays = true;
      if (!inside.has(c)) inside.set(c, from);
    }
    if (!stays) outside = true;
  }
  return { inside: [...inside].map(([p, from]) => ({ path: p, from })), outside };
}

/** The spellings of a link's path that are tried, in order: as written, percent-decoded, and each without a `#fragment` or `?query`. */
export function mdcLinkForms(target: string): string[] {
  const forms = new Set([target]);
  try {
    forms.add(decodeURIComponent(target));
  } catch {
    // Not percent-encoded after all (`100%.md`): the path as written is the only reading.
  }
  for (const form of [...forms]) forms.add(form.replace(/[#?].*$/, ''));
  forms.delete('');
  return [...forms];
}

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

export function isAbsoluteForm(form: string): boolean {
  return path.isAbsolute(form) || /^[A-Za-z]:[\\/]/.test(form);
}

/** `found` carries what `stat` said the path is (`FileStat.kind`: a link is not followed), so a caller needs no second look. */
export type MdcLinkState = { kind: 'found'; path: string; from: MdcReading; is: FileStat['kind'] } | { kind: 'missing' } | { kind: 'outside' } | { kind: 'unknown' };

/**
 * What a link names: the first reading that exists (a file, a folder or a link: any of them
 * is there to be renamed), else `outside` when some spelling of the path leaves the workspace
 * folder under every reading (a file there is not looked for), else `missing`. A reading the guard refuses after following links (a folder linked out of the
 * workspace) is not looked into: the link is then `unknown`, never reported.
 */
export async function mdcLinkState(fs: FileSystem, guard: PathGuard, file: string, root: string, target: string): Promise<MdcLinkState> {
  const readings = mdcLinkReadings(file, root, target, guard);
  let refused = false;
  for (const { path: p, from } of readings.inside) {
    const st = await fs.stat(p);
    if (st) return { kind: 'found', path: p, from, is: st.kind };
    // Asked only of a path not found: `fs.stat` answers undefined for a refused path too.
    if (!guard.allows(p)) refused = true;
  }
  if (refused) return { kind: 'unknown' };
  // A path out of the workspace under every reading may name a file there: not looked up, so not said to be missing.
  return readings.outside ? { kind: 'outside' } : { kind: 'missing' };
}
