import * as path from 'node:path';
import { LIMITS } from '../core/limits';
import type { PathGuard } from '../workspace/confine';
import type { FileSystem } from '../workspace/fs';
import { relativeInside, toPosix } from '../workspace/paths';
import { countWork } from '../workspace/testCounts';
import { kiro } from './agents/kiro';
import { inRanges, markdownCodeRanges } from './markdownCode';
import { pathReadings, pathRefState, type PathRefState } from './pathReadings';

/**
 * Kiro's file references in a steering file, `#[[file:api/openapi.yaml]]`: Kiro puts the named
 * file's text in the steering file's place. Kiro's steering docs, "File references"
 * (https://kiro.dev/docs/steering/#file-references, the anchor kirodotdev/Kiro#4438 links),
 * give the form as `#[[file:<relative_file_name>]]` without saying what the path is relative
 * to: kirodotdev/Kiro#4904 asks exactly that ("Is it from current loaded file or from
 * workspace"), unanswered; the reports of #9531 and #11081 write paths from the workspace
 * folder, and #11081 absolute ones too. So a reference is read from the workspace folder and
 * from the steering file's folder (`pathReadings`), and only one that names no file under
 * either is reported. What Kiro does with a reference to no file is not documented either: it
 * has nothing to put there.
 */
export interface KiroFileRef {
  /** The path between `#[[file:` and `]]`. */
  target: string;
  /** Offsets of the whole `#[[file:…]]` in the text. */
  start: number;
  end: number;
}

const OPEN = '#[[file:';
const CLOSE = ']]';
/** Characters of one reference's path: a path longer than this is no file name. */
const MAX_TARGET_CHARS = 4096;

/**
 * Every `#[[file:…]]` of a Markdown text closed on its line, not inside a code span or fenced
 * block, where it is an example of the form. Linear: a reference's path is read once, and the
 * next one is looked for after it; at most `LIMITS.kiroFileRefs`.
 */
export function findKiroFileRefs(text: string): KiroFileRef[] {
  const out: KiroFileRef[] = [];
  if (!text.includes(OPEN)) return out;
  const code = markdownCodeRanges(text);
  let at = text.indexOf(OPEN);
  while (at >= 0 && out.length < LIMITS.kiroFileRefs) {
    const from = at + OPEN.length;
    const cap = Math.min(text.length, from + MAX_TARGET_CHARS);
    let i = from;
    while (i < cap && text[i] !== '\n' && text[i] !== '\r' && !text.startsWith(CLOSE, i)) i++;
    const closed = text.startsWith(CLOSE, i);
    const target = text.slice(from, i).trim();
    if (closed && target !== '' && !inRanges(code, at)) out.push({ target, start: at, end: i + CLOSE.length });
    at = text.indexOf(OPEN, closed ? i + CLOSE.length : i);
  }
  countWork('kiro-file-ref-scan');
  return out;
}

/** Whether `p` is a steering file Kiro reads from the workspace folder `root` (its `.kiro/steering/*.md`): Kiro's user-level files are judged by no workspace. */
export function isKiroSteeringFile(p: string, root: string): boolean {
  const rel = relativeInside(root, p);
  return rel !== undefined && kiro.owns(rel)?.read === true;
}

/** Whether the file `p` of text `text` may hold a reference agentls judges: a cheap test, no workspace folder needed. */
export function mayHoldKiroFileRefs(p: string, text: string): boolean {
  return p.endsWith('.md') && toPosix(p).includes('/.kiro/steering/') && text.includes(OPEN);
}

/** What a reference of the steering file `file` names, read from the workspace folder `root` and from the file's folder (`pathRefState`). */
export function kiroFileRefState(fs: FileSystem, guard: PathGuard, file: string, root: string, target: string): Promise<PathRefState> {
  const readings = pathReadings([[root, 'workspace'], [path.dirname(file), 'rule']], root, target, guard);
  return pathRefState(fs, guard, readings);
}
