import * as fs from 'node:fs';
import type { Cancellation } from '../core/cancel';
import { yieldToRequests } from '../core/foreground';
import type { IgnoreRules } from './ignore';
import { ruleFolderHolderOf } from './keptRuleFolders';
import { joinRelative } from './paths';

/**
 * What a watcher knows of one folder: the entries it had and when it was listed. A
 * folder's time moves whenever an entry is created, deleted or renamed in it, so a
 * folder whose time is not after its listing needs no second look.
 */
export interface FolderState {
  /**
   * Entry names joined by NUL (no file name holds one), in the order the folder lists
   * them; folders end with `/`. Files are not judged by the ignore rules here (changes
   * reported for ignored ones are dropped downstream); ignored folders are left out.
   */
  entries: string;
  /** When it was listed (`Date.now()`). */
  listedAt: number;
}

/** The kept folders of one root, by path relative to it (`''` is the root). */
export interface FolderScan {
  folders: Map<string, FolderState>;
  /** Folders the ignore rules skip (relative), found on the way: never watched. */
  ignored: string[];
  /** Folders that could not be read. */
  unreadable: number;
  ms: number;
}

/** Longest stretch of listing before requests get their turn (ms). */
export const SCAN_SLICE_MS = 2;

/**
 * Lists every folder of a root the ignore rules keep (symlinks never followed), with its
 * entries, in slices of a few milliseconds between which queued requests run. The reads
 * are synchronous on purpose: at start-up the index walk fills libuv's four I/O threads
 * with thousands of `stat`s, and a scan queued behind them took ten times as long.
 */
export async function scanFolders(root: string, ignore: IgnoreRules, start = '', cancel?: Cancellation): Promise<FolderScan> {
  const t0 = performance.now();
  const scan: FolderScan = { folders: new Map(), ignored: [], unreadable: 0, ms: 0 };
  const queue = [start];
  // Each folder's rules are read as it is listed; those of the folders above the start first.
  if (start !== '') await ignore.load(start.includes('/') ? start.slice(0, start.lastIndexOf('/')) : '');
  let slice = performance.now();
  while (queue.length && !cancel?.isCancellationRequested) {
    const rel = queue.pop()!;
    const read = await listFolder(root, rel, ignore);
    if (!read) scan.unreadable++;
    else {
      scan.folders.set(rel, read.state);
      for (const f of read.folders) queue.push(f);
      for (const f of read.ignored) scan.ignored.push(f);
    }
    if (performance.now() - slice >= SCAN_SLICE_MS) {
      await yieldToRequests();
      slice = performance.now();
    }
  }
  scan.ms = performance.now() - t0;
  return scan;
}

export interface ListedFolder {
  state: FolderState;
  /** Kept sub-folders (relative to the root). */
  folders: string[];
  /** Ignored sub-folders (relative to the root). */
  ignored: string[];
}

/** One folder's entries; undefined when it cannot be read (gone, no permission). */
export async function listFolder(root: string, rel: string, ignore: IgnoreRules): Promise<ListedFolder | undefined> {
  // Taken before reading: a change during the read then shows as a time after the listing.
  const listedAt = Date.now();
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(joinRelative(root, rel), { withFileTypes: true });
  } catch {
    return undefined;
  }
  await ignore.loadFolder(rel, entries.map((e) => e.name));
  const kept: string[] = [];
  const folders: string[] = [];
  const ignored: string[] = [];
  for (const e of entries) {
    const childRel = rel === '' ? e.name : `${rel}/${e.name}`;
    if (e.isDirectory()) {
      // An ignored agent rule folder (`.cursor` of `.cursor/rules`) is watched: the listing keeps its rules.
      if (ignore.isIgnored(childRel, true, true) && ruleFolderHolderOf(childRel) === undefined) ignored.push(childRel);
      else {
        folders.push(childRel);
        kept.push(e.name + '/');
      }
    } else if (e.isFile()) {
      kept.push(e.name);
    }
  }
  return { state: { entries: kept.join('\0'), listedAt }, folders, ignored };
}

/** What changed in a folder between two listings: names (folders end with `/`). */
export function entryChanges(before: string, after: string): { added: string[]; removed: string[] } {
  if (before === after) return { added: [], removed: [] };
  const a = new Set(before === '' ? [] : before.split('\0'));
  const b = after === '' ? [] : after.split('\0');
  const added = b.filter((n) => !a.delete(n));
  return { added, removed: [...a] };
}
