import { LIMITS } from '../../core/limits';
import { readRuleFile, toolOfPath, type RuleTool } from './convert';

/** Longest middle part (after common first and last lines) diffed line by line; longer ones are shown as replaced whole. */
const MAX_DIFF_LINES = 400;
/** Diff lines shown in a message. */
const MAX_SHOWN = 12;

export interface DiffLine {
  op: ' ' | '-' | '+';
  text: string;
}

/**
 * A line diff of `a` into `b`: common first and last lines are kept out, the middle is
 * diffed by longest common subsequence when both sides have at most 400 lines (quadratic,
 * so capped), else shown as removed and added whole.
 */
export function lineDiff(a: string, b: string): DiffLine[] {
  const x = a.split('\n');
  const y = b.split('\n');
  let head = 0;
  while (head < x.length && head < y.length && x[head] === y[head]) head++;
  let tail = 0;
  while (tail < x.length - head && tail < y.length - head && x[x.length - 1 - tail] === y[y.length - 1 - tail]) tail++;
  const xm = x.slice(head, x.length - tail);
  const ym = y.slice(head, y.length - tail);
  const out: DiffLine[] = [];
  if (xm.length > MAX_DIFF_LINES || ym.length > MAX_DIFF_LINES) {
    for (const t of xm) out.push({ op: '-', text: t });
    for (const t of ym) out.push({ op: '+', text: t });
    return out;
  }
  // lcs[i][j] = length of the LCS of xm[i..] and ym[j..].
  const w = ym.length + 1;
  const lcs = new Uint16Array((xm.length + 1) * w);
  for (let i = xm.length - 1; i >= 0; i--) {
    for (let j = ym.length - 1; j >= 0; j--) {
      lcs[i * w + j] = xm[i] === ym[j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
    }
  }
  let i = 0;
  let j = 0;
  while (i < xm.length || j < ym.length) {
    if (i < xm.length && j < ym.length && xm[i] === ym[j]) {
      out.push({ op: ' ', text: xm[i] });
      i++;
      j++;
    } else if (i < xm.length && (j === ym.length || lcs[(i + 1) * w + j] >= lcs[i * w + j + 1])) {
      out.push({ op: '-', text: xm[i++] });
    } else {
      out.push({ op: '+', text: ym[j++] });
    }
  }
  return out;
}

/** The changed lines of a diff as short text (`- old` / `+ new`), capped. */
export function diffSummary(diff: readonly DiffLine[]): string {
  const changed = diff.filter((d) => d.op !== ' ');
  const shown = changed.slice(0, MAX_SHOWN).map((d) => `${d.op} ${d.text.length > 100 ? d.text.slice(0, 100) + '…' : d.text}`);
  if (changed.length > MAX_SHOWN) shown.push(`… ${changed.length - MAX_SHOWN} more changed lines`);
  return shown.join('\n');
}

export interface RuleCopy {
  path: string;
  tool: RuleTool;
  text: string;
}

export interface Drift {
  /** The file the finding is on. */
  path: string;
  other: RuleCopy;
  /** Diff from this file's body to the other's. */
  diff: DiffLine[];
  /** The other tool's further files of the name, compared with this one less closely (not reported). */
  alsoOfTool?: string[];
  /**
   * Set when a body is longer than `LIMITS.driftComparedChars`: `diff` is then of the first
   * `limit` characters of each, and `longest` is the longer body's length. An empty diff says
   * those are alike and the bodies differ past them.
   */
  cut?: { longest: number; limit: number };
}

/**
 * Bodies by tool and text: publishing the workspace's findings reads every copy once per copy.
 * Keyed by the text itself, one map per tool: a key joining tool and text was a copy of each
 * text, megabytes for a large rule.
 */
const bodies = new Map<RuleTool, Map<string, string>>();
const BODY_CACHE_LIMIT = 4096;

function bodyOf(text: string, tool: RuleTool): string {
  let ofTool = bodies.get(tool);
  if (!ofTool) bodies.set(tool, (ofTool = new Map()));
  let body = ofTool.get(text);
  if (body === undefined) {
    if (ofTool.size >= BODY_CACHE_LIMIT) ofTool.clear();
    ofTool.set(text, (body = readRuleFile(text, tool).body));
  }
  return body;
}

/**
 * The part of a body compared with other copies: its first `LIMITS.driftComparedChars`
 * characters (never half of a surrogate pair). Collecting words and lines and diffing them
 * grows with the text: a rule is a few kilobytes, and a copy of megabytes must not hold the
 * server.
 */
function comparedPart(body: string): string {
  const limit = LIMITS.driftComparedChars;
  if (body.length <= limit) return body;
  const last = body.charCodeAt(limit - 1);
  return body.slice(0, last >= 0xd800 && last <= 0xdbff ? limit - 1 : limit);
}

/** Non-blank lines both bodies need before they may be told apart as separate rules. */
const MIN_LINES_OF_SEPARATE_RULES = 4;
/** Lines of a body read to judge whether two files are copies: a rule file may be huge. */
const MAX_JUDGED_LINES = 2000;
/** Letters and digits a line needs to say something of its own (`Do:`, `</rules>` do not). */
const MIN_LINE_LETTERS = 8;
/**
 * Telling lines the shorter body needs before sharing few of them marks two files as separate
 * rules: with one, changing it is all a copy edited in one line can show (a heading, a fence
 * and the one command they hold), so such a pair is compared.
 */
const MIN_TELLING_LINES = 2;

/** Distinct words a body needs before sharing few words with another marks them as separate rules. */
const MIN_WORDS_TO_TELL = 8;
/** Distinct words of a body kept for the comparison: the lines read are capped, and so is this. */
const MAX_JUDGED_WORDS = 5000;
/**
 * The share of the smaller body's distinct words a copy keeps at least. A copy edited in places
 * or grown keeps most of them; two rules written apart share only common words ("use", "the").
 */
const MIN_SHARED_WORDS_OF_A_COPY = 1 / 3;

interface BodyLines {
  /** Non-blank lines read (up to MAX_JUDGED_LINES). */
  nonBlank: number;
  /** Distinct words (letters and digits, lower case) of those lines, at most MAX_JUDGED_WORDS. */
  words: Set<string>;
  /**
   * The lines that carry the rule, trimmed: not headings (`# Testing` is what any rule on
   * testing starts with), fences or short labels. A body made of those alone keeps them all.
   */
  telling: Set<string>;
}

/**
 * A line holding MIN_LINE_LETTERS letters or digits: the match stops at the eighth, where
 * collecting every letter made an array as long as the line. The two classes are disjoint,
 * so it never backtracks.
 */
const ENOUGH_LETTERS = new RegExp(`^(?:[^\\p{L}\\p{N}]*[\\p{L}\\p{N}]){${MIN_LINE_LETTERS}}`, 'u');

function bodyLines(body: string): BodyLines {
  const all = new Set<string>();
  const telling = new Set<string>();
  const words = new Set<string>();
  let nonBlank = 0;
  let from = 0;
  for (let n = 0; n < MAX_JUDGED_LINES && from <= body.length; n++) {
    const nl = body.indexOf('\n', from);
    const line = body.slice(from, nl < 0 ? body.length : nl).trim();
    from = nl < 0 ? body.length + 1 : nl + 1;
    if (line === '') continue;
    nonBlank++;
    all.add(line);
    for (const w of line.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) if (words.size < MAX_JUDGED_WORDS) words.add(w);
    if (!/^#{1,6}(?:\s|$)/.test(line) && !/^(?:```|~~~)/.test(line) && ENOUGH_LETTERS.test(line)) telling.add(line);
  }
  return { nonBlank, words, telling: telling.size > 0 ? telling : all };
}

/**
 * Two bodies that keep less than half of the telling lines of the shorter one in common
 * (spaces at either end aside), each of a few lines at least: separate rules that share a
 * common file name, not copies. Real shapes: `.clinerules/rules.md` and
 * `.windsurf/rules/rules.md` written for each tool, or `.cursor/rules/testing.mdc` and
 * `.windsurf/rules/testing.md` that both start with `# Testing`, where reporting drift (and
 * offering to copy one body over the other) cries wolf. A copy edited in places keeps most
 * lines of the body it came from, and one that grew keeps all of them; a short rule changed
 * whole is still compared (too little text to tell).
 */
function separateRules(a: BodyLines, b: BodyLines): boolean {
  if (fewWordsShared(a, b)) return true;
  if (a.nonBlank < MIN_LINES_OF_SEPARATE_RULES || b.nonBlank < MIN_LINES_OF_SEPARATE_RULES) return false;
  if (a.telling.size < MIN_TELLING_LINES || b.telling.size < MIN_TELLING_LINES) return false;
  const [small, large] = a.telling.size <= b.telling.size ? [a.telling, b.telling] : [b.telling, a.telling];
  let shared = 0;
  for (const l of small) if (large.has(l)) shared++;
  return shared * 2 < small.size;
}

/** Distinct words both bodies hold. */
function sharedWords(a: BodyLines, b: BodyLines): number {
  const [small, large] = a.words.size <= b.words.size ? [a.words, b.words] : [b.words, a.words];
  let shared = 0;
  for (const w of small) if (large.has(w)) shared++;
  return shared;
}

/**
 * Two bodies of a few words each at least, of which the smaller keeps less than a third in the
 * other: rules written apart, however short. A user's `.cursor/rules/style.mdc` on React
 * components and `.windsurf/rules/style.md` on commit messages (two lines each) were reported
 * as drifted copies. Bodies of fewer words are still compared: `Use two spaces.` and `Prefer
 * tabs.` may be one rule changed whole, and there is too little text to tell.
 */
function fewWordsShared(a: BodyLines, b: BodyLines): boolean {
  if (a.words.size < MIN_WORDS_TO_TELL || b.words.size < MIN_WORDS_TO_TELL) return false;
  return sharedWords(a, b) < MIN_SHARED_WORDS_OF_A_COPY * Math.min(a.words.size, b.words.size);
}

/**
 * Copies of one rule kept for several tools (files of the same name in different tools'
 * folders) whose bodies differ: one entry per file and per other copy. Copies for the
 * same tool (a user and a project file) are shadowing, not drift; files of one name with
 * little in common are separate rules (`separateRules`), not copies.
 */
export function findDrift(copies: readonly { path: string; text: string }[]): Drift[] {
  const known: (RuleCopy & { body: string; compared: string; lines: BodyLines })[] = [];
  for (const c of copies) {
    const tool = toolOfPath(c.path);
    if (!tool) continue;
    const body = bodyOf(c.text, tool);
    const compared = comparedPart(body);
    known.push({ ...c, tool, body, compared, lines: bodyLines(compared) });
  }
  const out: Drift[] = [];
  for (const a of known) {
    // A tool may hold several files of the name (`.cursor/rules/ts.md` and `ts.mdc`): a file is
    // told once of that tool, against the one sharing the most words with it (the first of equals).
    const nearest = new Map<RuleTool, { copy: (typeof known)[number]; shared: number; also: string[] }>();
    for (const b of known) {
      // An empty copy is a problem of its own (the agent drops it), not a diverging copy.
      if (a === b || a.tool === b.tool || a.body === b.body || a.body === '' || b.body === '') continue;
      if (separateRules(a.lines, b.lines)) continue;
      const shared = sharedWords(a.lines, b.lines);
      const best = nearest.get(b.tool);
      if (!best) nearest.set(b.tool, { copy: b, shared, also: [] });
      else if (shared > best.shared) nearest.set(b.tool, { copy: b, shared, also: [...best.also, best.copy.path] });
      else best.also.push(b.path);
    }
    for (const { copy: b, also } of nearest.values()) {
      const longest = Math.max(a.body.length, b.body.length);
      const cut = longest > LIMITS.driftComparedChars ? { cut: { longest, limit: LIMITS.driftComparedChars } } : {};
      out.push({ path: a.path, other: { path: b.path, tool: b.tool, text: b.text }, diff: lineDiff(a.compared, b.compared), ...(also.length ? { alsoOfTool: also } : {}), ...cut });
    }
  }
  return out;
}
