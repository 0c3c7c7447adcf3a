import * as path from 'node:path';
import type { FileCandidatesPayload } from '../../protocol/rawp';
import { throwIfCancelled, type Cancellation } from '../core/cancel';
import { yieldToRequests } from '../core/foreground';
import { TimeSlicer } from '../core/slices';
import type { Logger } from '../core/log';
import type { FileChange } from '../workspace/changes';
import { changesIgnoreRules } from '../workspace/ignore';
import { isInside, joinRelative, relativeInside, toPosix, uriToPath } from '../workspace/paths';
import type { RuleFolderLinks } from '../workspace/linkedRuleFolders';
import { indexRefusal } from '../workspace/roots';
import type { WorkspaceSession } from '../workspace/session';
import { makeCandidate } from './candidates';
import { allowedFiles } from './filters';
import { FolderIndex, type BuildReport } from './folderIndex';
import { folderOutline, type FolderOutline, type OutlineLeaveOut } from './outline';
import { ROOT_DIR, type PathTable } from './pathTable';
import { queryReadings } from './query';
import { matchPositions, rankTable, type RankedFile } from './rank';
import type { SearchRequest } from './request';
import type { IndexStore } from './store';

export interface SearchEngineOptions {
  store?: IndexStore;
  log: Logger;
  now?: () => number;
  /** How long a search waits for a folder's first files (or all its names, if they come first) before answering with what there is. */
  waitForNamesMs?: number;
  /** Read every file's size and time after the walk (default true; the one-shot CLI reads only its answer's). */
  statFiles?: boolean;
  /** Delay between answering from a stored list and checking it against the disk (default 1 s; the CLI checks at once). */
  reconcileDelayMs?: number;
  /** List work trees with git (default true). */
  useGit?: boolean;
  /** Awaited before a folder's listing lists anything (with 0) and between its batches (a test holds a first index with it). */
  between?: (root: string, filesSoFar: number) => Promise<void> | undefined;
  /** Told of each workspace folder whose listing has settled its names (`FolderIndexOptions.onListed`). */
  onListed?: (root: string) => void;
}

/** A folder to index: `key` tells apart a rule file indexed alone from its folder. */
interface Wanted {
  key: string;
  root: string;
  shallow: boolean;
  only?: string;
  refused?: string;
}

/** How many times a search drops files it finds missing and runs again before it answers without them. */
const MAX_GONE_ROUNDS = 3;

function groupBy(gone: { index: FolderIndex; rel: string }[]): Map<FolderIndex, string[]> {
  const out = new Map<FolderIndex, string[]>();
  for (const { index, rel } of gone) out.set(index, [...(out.get(index) ?? []), rel]);
  return out;
}

/** Builds in flight, for `$/progress`: called with the folder and the files found so far. */
export type BuildProgress = (root: string, files: number) => void;

/**
 * The file search of a workspace session: one `FolderIndex` per workspace folder (and,
 * for scope `global`, per user-level rule folder), fed by the session's change stream,
 * answering RAWP `control.file.search` requests with `session.file.candidates`.
 */
export class SearchEngine {
  private readonly folders = new Map<string, FolderIndex>();
  /** Per workspace folder, the nested workspace folders its last build left out. */
  private readonly nestedAtBuild = new Map<FolderIndex, string>();
  private readonly refused = new Map<string, string>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly session: WorkspaceSession,
    private readonly options: SearchEngineOptions,
  ) {
    this.unsubscribe = session.changes.onChanges((batch) => void this.onChanges(batch));
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** The folders that should be indexed: the workspace folders, then the user-level rule folders. */
  private wanted(): Wanted[] {
    const out: Wanted[] = [];
    for (const root of this.session.roots.paths) out.push({ key: root, root, shallow: false, refused: indexRefusal(root, this.session.home) });
    for (const area of this.session.userRuleAreas()) {
      // A rule area is a folder of rule files, or one rule file (indexed alone: its folder is not ours to read).
      const only = path.extname(area) === '.md' ? path.basename(area) : undefined;
      const root = only ? path.dirname(area) : area;
      const key = only ? area : root;
      if (!out.some((o) => o.key === key)) out.push({ key, root, shallow: true, only });
    }
    return out;
  }

  /**
   * Brings the indexes in line with the session (roots added or removed, settings
   * changed): new folders are built (from their snapshot when there is one), removed
   * ones saved and dropped. Resolves when every new build is done.
   */
  async sync(onProgress?: BuildProgress): Promise<BuildReport[]> {
    const wanted = this.wanted();
    for (const [key, index] of this.folders) {
      if (!wanted.some((w) => w.key === key)) {
        index.dispose();
        this.folders.delete(key);
        this.nestedAtBuild.delete(index);
      }
    }
    this.refused.clear();
    const started: Promise<BuildReport | undefined>[] = [];
    for (const w of wanted) {
      if (w.refused) {
        this.refused.set(w.root, w.refused);
        continue;
      }
      const existing = this.folders.get(w.key);
      if (existing) {
        // A workspace folder added inside (or removed from inside) this one: list it again without (with) it.
        if (!w.shallow && this.nestedAtBuild.get(existing) !== this.nestedIn(w.root).join('\0')) {
          this.nestedAtBuild.set(existing, this.nestedIn(w.root).join('\0'));
          started.push(existing.relist((n) => onProgress?.(w.root, n)));
        }
        continue;
      }
      const index = new FolderIndex({
        root: w.root,
        fs: this.session.diskFs,
        ignore: () => this.session.ignoreFor(w.root),
        maxFiles: () => this.session.settings.search.maxFiles,
        store: w.shallow ? undefined : this.options.store,
        log: this.options.log,
        now: this.options.now,
        shallow: w.shallow,
        only: w.only,
        statFiles: this.options.statFiles,
        reconcileDelayMs: this.options.reconcileDelayMs,
        nested: w.shallow ? undefined : () => this.nestedIn(w.root),
        useGit: this.options.useGit,
        between: this.options.between ? (n) => this.options.between?.(w.root, n) : undefined,
        onListed: w.shallow ? undefined : () => this.options.onListed?.(w.root),
      });
      this.folders.set(w.key, index);
      if (!w.shallow) this.nestedAtBuild.set(index, this.nestedIn(w.root).join('\0'));
      started.push(index.build({ useSnapshot: true, onProgress: (n) => onProgress?.(w.root, n) }));
    }
    const reports = await Promise.all(started);
    return reports.filter((r): r is BuildReport => r !== undefined);
  }

  /**
   * Workspace folders inside `root` (relative, `/`-separated): each is indexed once, on
   * its own, and left out of the listing of the folder around it.
   */
  private nestedIn(root: string): string[] {
    const out: string[] = [];
    for (const other of this.session.roots.paths) {
      const rel = other === root ? undefined : relativeInside(root, other);
      if (rel) out.push(toPosix(rel));
    }
    return out.sort();
  }

  /** Why folders are not indexed (to tell the user once). */
  refusals(): string[] {
    return [...this.refused.values()];
  }

  /** Re-walks every folder keeping what is there (after ignore rules or settings changed). */
  async refresh(onProgress?: BuildProgress): Promise<BuildReport[]> {
    const reports = await Promise.all([...this.folders.values()].map((index) => index.build({ useSnapshot: false, onProgress: (n) => onProgress?.(index.root, n) })));
    return reports.filter((r): r is BuildReport => r !== undefined);
  }

  /** Forgets every index and builds them again from the disk (`agentls.index.rebuild`). */
  async rebuild(onProgress?: BuildProgress): Promise<BuildReport[]> {
    const reports = await Promise.all([...this.folders.values()].map((index) => index.rebuild((n) => onProgress?.(index.root, n))));
    return reports.filter((r): r is BuildReport => r !== undefined);
  }

  private async onChanges(batch: FileChange[]): Promise<void> {
    const perIndex = new Map<FolderIndex, { rel: string; type: FileChange['type'] }[]>();
    for (const change of batch) {
      const index = this.indexOf(change.path);
      if (!index) continue;
      const rel = relativeInside(index.root, change.path);
      if (rel === undefined || rel === '') continue;
      // What is ignored changed: the listing again settles every file, this one too (it may ignore itself, or be `.git/info/exclude`, never indexed).
      if (changesIgnoreRules(change.path)) {
        this.refreshSoon(index);
        continue;
      }
      const list = perIndex.get(index) ?? [];
      list.push({ rel, type: change.type });
      perIndex.set(index, list);
    }
    await Promise.all([...perIndex].map(([index, changes]) => index.applyChanges(changes)));
  }

  private refreshTimers = new Map<FolderIndex, NodeJS.Timeout>();

  /** An ignore file changed: what is indexed may change; re-walk once the burst is over. */
  private refreshSoon(index: FolderIndex): void {
    clearTimeout(this.refreshTimers.get(index));
    const timer = setTimeout(() => {
      this.refreshTimers.delete(index);
      if (index.phase !== 'disposed') void index.build({ useSnapshot: false });
    }, 1000);
    timer.unref?.();
    this.refreshTimers.set(index, timer);
  }

  /** The innermost indexed folder holding a path. */
  private indexOf(p: string): FolderIndex | undefined {
    let best: FolderIndex | undefined;
    for (const index of this.folders.values()) {
      if (isInside(index.root, p) && (!best || index.root.length > best.root.length)) best = index;
    }
    return best;
  }

  /** The nested rule folders behind links of a workspace folder, once it was listed (at most `waitMs`); undefined when it is not indexed. */
  async ruleFolderLinksOf(root: string, waitMs: number): Promise<RuleFolderLinks | undefined> {
    const index = this.folders.get(root);
    if (!index || !(await index.whenListed(waitMs))) return undefined;
    return index.ruleFolderLinks;
  }

  /**
   * The nested rule folders behind links of a workspace folder at once: `listed` false while its
   * first listing (or the one that checks a stored list) has not ended, when none are known yet;
   * those known once a listing threw instead (`FolderIndex.whenListed`): no more come, and an
   * answer must not say it waits for them; undefined when the folder is not indexed.
   */
  async ruleFolderLinksNow(root: string): Promise<{ listed: true; links: RuleFolderLinks } | { listed: false } | undefined> {
    const index = this.folders.get(root);
    if (!index) return undefined;
    return (await index.whenListed(0)) ? { listed: true, links: index.ruleFolderLinks } : { listed: false };
  }

  /** Every file indexed for a workspace folder (relative, `/`-separated) once the names are known (at most `waitMs`); undefined when it is not indexed. */
  async filesOf(root: string, waitMs: number): Promise<string[] | undefined> {
    const index = this.folders.get(root);
    if (!index || !(await index.whenNamesKnown(waitMs))) return undefined;
    return spellPaths(index, () => true);
  }

  /**
   * The files of a folder (relative, `/`-separated) whose extension is one of `extensions`
   * (lower-case, with the dot: `.json`), once the index knows its names; undefined when the
   * folder is not indexed. Reads the extension column: only the files it keeps are spelt out.
   * `names`: files with no extension (as the index reads one: `.cursorrules` has none) kept by
   * their exact name too; `also`: files kept whatever their extension (`PathPick`).
   */
  async filesWithExtensions(root: string, extensions: readonly string[], waitMs: number, names: readonly string[] = [], also?: PathPick): Promise<string[] | undefined> {
    const index = this.folders.get(root);
    if (!index || !(await index.whenNamesKnown(waitMs))) return undefined;
    return pathsWithExtensions(index, extensions, names, also);
  }

  /**
   * The files of a folder named exactly `name` (relative, `/`-separated), from the index as it
   * is, only once it knows every name (else undefined: a file not listed yet would make one
   * candidate of two). Compares a number per file (its distinct-name id): no path is spelt but theirs.
   */
  async filesNamedNow(root: string, name: string): Promise<string[] | undefined> {
    const index = this.folders.get(root);
    if (!index || !index.namesComplete) return undefined;
    const table = index.table;
    const uid = table.nameIdOf(name);
    return uid < 0 ? [] : spellPaths(index, (id) => table.nameId[id] === uid);
  }

  /**
   * `filesWithExtensions` at once: the files the index holds now, and whether it knows every
   * name (`complete`): a first index of a large tree is seconds of listing, which an answer
   * that can be made again later need not wait for.
   */
  async filesWithExtensionsNow(root: string, extensions: readonly string[]): Promise<{ paths: string[]; complete: boolean; truncated: boolean } | undefined> {
    const index = this.folders.get(root);
    if (!index) return undefined;
    // Read before the spelling: names completed meanwhile are called partial, and asked again.
    // A listing that threw brings no more names: what the table holds is all there is to say.
    const complete = index.namesComplete || index.listingFailed;
    return { paths: await pathsWithExtensions(index, extensions), complete, truncated: complete && index.namesTruncated };
  }

  /**
   * What folder `relDir` of a workspace folder holds (`folderOutline`), from the index as it is
   * now, never waiting for a listing: `complete` false while the first one runs (the outline may
   * miss files), with the files indexed so far; undefined when the workspace folder is not indexed.
   * What `leaveOut` names is neither offered nor counted (`OutlineLeaveOut`).
   */
  async outline(root: string, relDir: string, cancel: Cancellation, leaveOut: OutlineLeaveOut = {}): Promise<{ outline: FolderOutline | undefined; complete: boolean; indexed: number } | undefined> {
    const index = this.folders.get(root);
    if (!index) return undefined;
    const complete = index.namesComplete || index.listingFailed;
    const searched = index.startSearch();
    try {
      return { outline: await folderOutline(index.table, relDir, cancel, leaveOut), complete, indexed: index.table.liveCount };
    } finally {
      searched();
    }
  }

  /** Resolves true once the folder's index knows every name, through relists; false once the folder is no longer indexed, or its listing failed. */
  async whenNamesKnown(root: string): Promise<boolean> {
    for (;;) {
      const index = this.folders.get(root);
      if (!index) return false;
      // A relist or rebuild replaces what is waited on: it is asked again each second.
      // A disposed index is taken out of `folders` (and its wait ends).
      if (await index.whenNamesSettled(1000)) return !index.listingFailed && this.folders.get(root) === index;
    }
  }

  /** Keeps every index in another store from now on (`agentls.cacheDir` changed). */
  moveTo(store: IndexStore): void {
    this.options.store = store;
    for (const index of this.folders.values()) index.moveTo(store);
  }

  /** The user picked a file (absolute path): it ranks higher from now on. */
  recordPick(p: string): void {
    const index = this.indexOf(p);
    const rel = index ? relativeInside(index.root, p) : undefined;
    if (index && rel) index.recordPick(rel);
  }

  /** Answers a validated search. Throws `CancelledError` when `cancel` fires. */
  async search(request: SearchRequest, cancel: Cancellation, round = 0): Promise<FileCandidatesPayload> {
    const fromPath = request.fromUri ? uriToPath(request.fromUri) : undefined;
    const primary = (fromPath && this.session.roots.folderOf(fromPath)?.path) ?? this.session.roots.paths[0];
    const targets = this.targets(request.scope, primary);
    const readings = queryReadings(request.query);
    const query = readings[0];
    const now = this.now();
    const found: { index: FolderIndex; file: RankedFile; query: typeof query }[] = [];
    let total = 0;
    let indexed = 0;
    // A folder still being listed with nothing in its table yet gets a short while (together with
    // the others) for its first files; the empty query ranks by time, any other by name.
    const byTime = query.terms.length === 0;
    const wait = this.options.waitForNamesMs ?? 5000;
    // Then, a table still being listed once a search has ranked it, the listing's share of the thread.
    await Promise.all(targets.map((index) => index.whenAnswerable(wait, cancel).then(() => index.leaveListingItsShare(wait, cancel))));
    throwIfCancelled(cancel);
    const complete = targets.map((index) => index.rankedWhole(byTime));
    const unfinished: Ranked[] = [];
    for (const [i, index] of targets.entries()) {
      const searched = index.startSearch();
      try {
        const table = index.table;
        if (!complete[i] || this.awaitsRelist(index)) unfinished.push({ index, table, stamp: rankedStamp(table, byTime) });
        const allowed = allowedFiles(table, request.filters);
        const filters = JSON.stringify(request.filters);
        for (const [r, reading] of readings.entries()) {
          // Each reading narrows by its own text: `back\x` never scans only what `back/` matched.
          const narrow = index.keystrokes.narrowFor(table, filters, reading.text);
          const structure = table.structure;
          const result = await rankTable(table, reading, { limit: request.maxResults, allowed, cancel, now, narrow, remember: true });
          // A reading found only near misses (or nothing): the next one may match cleanly.
          if (r < readings.length - 1 && !result.ranked.some((f) => !f.typo)) continue;
          // Files added while the scan ran (a listing batch, a change) may be missing from its matches: never narrow the next keystroke to them.
          index.keystrokes.remember(table, filters, reading.text, table.structure === structure ? result.narrowing : undefined);
          total += result.total;
          for (const file of result.ranked) found.push({ index, file, query: result.query });
          break;
        }
      } finally {
        searched();
      }
      // Counted once ranked: a first listing's batches land while the ranking lets the thread go, and
      // the count said with the answer must cover every file it ranked (never fewer than `total_count`).
      indexed += index.table.liveCount;
    }
    throwIfCancelled(cancel);
    found.sort((a, b) => b.file.score - a.file.score);
    const chosen = found.slice(0, request.maxResults);
    const gone: { index: FolderIndex; rel: string }[] = [];
    const answered = await Promise.all(
      chosen.map(async ({ index, file, query: matched }) => {
        const table = index.table;
        const rel = table.path(file.id);
        const prefix = prefixFor(primary, index.root);
        let size = table.hasMeta(file.id) ? table.size[file.id] : undefined;
        let mtimeMs = table.hasMeta(file.id) ? table.mtime[file.id] : undefined;
        if (size === undefined) {
          const st = await this.session.diskFs.stat(joinRelative(index.root, rel));
          if (st?.kind === 'file') {
            size = st.size;
            mtimeMs = st.mtimeMs;
          } else if (st === undefined) {
            gone.push({ index, rel });
            return undefined;
          }
        }
        const positions = matched.terms.length ? matchPositions(table, file.id, matched, file.typo).map((p) => p + prefix.length) : undefined;
        return makeCandidate({ path: prefix + rel, size, mtimeMs, quality: file.quality, positions });
      }),
    );
    throwIfCancelled(cancel);
    // Listed but not on disk: git lists a tracked file deleted from the work tree (and one a sparse
    // checkout leaves out) until the index says otherwise, and names without sizes were never
    // stat'ed (a search with a query from the command line; the first index). Dropped from the
    // index, and the search run again so the answer is still full; a few rounds at most.
    if (gone.length > 0 && round < MAX_GONE_ROUNDS) {
      for (const [index, rels] of groupBy(gone)) await index.applyChanges(rels.map((rel) => ({ rel, type: 'deleted' as const })));
      return this.search(request, cancel, round + 1);
    }
    const candidates = answered.filter((c): c is NonNullable<typeof c> => c !== undefined);
    const answer: FileCandidatesPayload = { query_id: request.queryId, candidates, total_count: total, truncated: total > candidates.length };
    // Answered from part of the tree: say so, and how much of it (the first index is still running).
    // Decided now, not when the ranking began: a listing that ended meanwhile adding nothing left
    // the table ranked whole, and an editor asking again until the answer is complete waits a
    // search less (the bench's first index, in a git work tree, ends while a search ranks).
    if (unfinished.some((ranked) => !this.wholeNow(ranked, byTime))) {
      answer.indexing = true;
      answer.indexed_count = indexed;
    }
    return answer;
  }

  /**
   * Whether a table ranked while its folder was being listed is now the whole index: every name
   * (every time, for the empty query) is known, the folder awaits no listing again, and no file
   * came or went since it was ranked (nor a size or time, ranking by time).
   */
  private wholeNow(ranked: Ranked, byTime: boolean): boolean {
    const { index, table, stamp } = ranked;
    const known = byTime ? index.timesComplete : index.namesComplete;
    return known && index.table === table && rankedStamp(table, byTime) === stamp && !this.awaitsRelist(index);
  }

  /**
   * A workspace folder was added inside (or removed from inside) this one and `sync` has not
   * listed it again yet: its table still leaves out (holds) the nested folder's files.
   */
  private awaitsRelist(index: FolderIndex): boolean {
    const atBuild = this.nestedAtBuild.get(index);
    return atBuild !== undefined && atBuild !== this.nestedIn(index.root).join('\0');
  }

  /** The indexes a scope covers, the requesting folder first. */
  private targets(scope: SearchRequest['scope'], primary: string | undefined): FolderIndex[] {
    const roots = this.session.roots.paths;
    const out: FolderIndex[] = [];
    const add = (index: FolderIndex | undefined) => {
      if (index && !out.includes(index)) out.push(index);
    };
    if (primary) {
      add(this.folders.get(primary));
      // Folders nested in the requesting one are part of it, though indexed on their own.
      for (const rel of this.nestedIn(primary)) add(this.folders.get(joinRelative(primary, rel)));
    }
    if (scope === 'project' || scope === 'global') for (const r of roots) add(this.folders.get(r));
    if (scope === 'global') for (const [key, index] of this.folders) if (!roots.includes(key)) add(index);
    return out;
  }

  /** Saves what changed (shutdown) and stops listening. */
  dispose(): void {
    this.unsubscribe();
    for (const t of this.refreshTimers.values()) clearTimeout(t);
    for (const index of this.folders.values()) index.dispose();
    this.folders.clear();
  }
}

/** A table ranked before its folder's names (or times) were all known, and its `rankedStamp` then. */
interface Ranked {
  index: FolderIndex;
  table: PathTable;
  stamp: number;
}

/** What a ranking read of a table, as a count that moves when it changes: files by name, sizes and times too for the empty query. */
function rankedStamp(table: PathTable, byTime: boolean): number {
  return byTime ? table.generation : table.structure;
}

/** How paths of `root` are written for a search typed in `primary`: relative to it, `/`-separated. */
function prefixFor(primary: string | undefined, root: string): string {
  if (!primary || primary === root) return '';
  const rel = toPosix(path.relative(primary, root));
  return rel === '' ? '' : rel + '/';
}

/**
 * The paths of a folder's live files that `keep` accepts, spelt out a slice at a time
 * (each folder's path once, not once a file): all 92k of a large tree took 170-220 ms in
 * one go. The index counts as busy meanwhile, so that no compaction renumbers its files.
 * Only background work asks for them (the glob reach, the recipe list): the slicer also
 * waits while a request is being answered.
 */
/** The files of an index whose extension is one of `extensions` (lower-case, with the dot), or with none and named one of `names`: only those are spelt out. */
/**
 * Files kept beside those an extension or exact name picks, for names a fixed list cannot hold
 * (Roo Code's `.roorules-{mode}`, any file of its `.roo/rules/`): `namePrefixes`, of the files
 * with no extension; `folders`, tested once per folder on its relative path (`/`-separated, with
 * a trailing `/`), every file under a folder it matches.
 */
export interface PathPick {
  namePrefixes?: readonly string[];
  folders?: RegExp;
}

function pathsWithExtensions(index: FolderIndex, extensions: readonly string[], names: readonly string[] = [], also: PathPick = {}): Promise<string[]> {
  const table = index.table;
  const wanted = new Set(extensions.map((e) => table.extensionId(e)).filter((id): id is number => id !== undefined));
  const named = new Set(names);
  const prefixes = also.namePrefixes ?? [];
  if (wanted.size === 0 && named.size === 0 && prefixes.length === 0 && !also.folders) return Promise.resolve([]);
  // A name is read only of the files with no extension (id 0), not of every file.
  const byName = (id: number) => table.extId[id] === 0 && (named.has(table.name(id)) || prefixes.some((p) => table.name(id).startsWith(p)));
  // Whether each folder matches `also.folders`, by folder id: one test per folder, not per file.
  const matched: (boolean | undefined)[] = [];
  const inFolder = (id: number, folderPath: (d: number) => string) => (matched[table.fileDir[id]] ??= also.folders!.test(folderPath(table.fileDir[id])));
  return spellPaths(index, (id, folderPath) => wanted.has(table.extId[id]) || ((named.size > 0 || prefixes.length > 0) && byName(id)) || (also.folders !== undefined && inFolder(id, folderPath)));
}

async function spellPaths(index: FolderIndex, keep: (id: number, folderPath: (d: number) => string) => boolean): Promise<string[]> {
  const slicer = new TimeSlicer(undefined, yieldToRequests);
  const table = index.table;
  const folders: (string | undefined)[] = [];
  const folderPath = (d: number): string => (folders[d] ??= d === ROOT_DIR || table.dirParent[d] < 0 ? table.dirPath(d) : folderPath(table.dirParent[d]) + table.segment(d));
  const out: string[] = [];
  index.busy++;
  try {
    for (let id = 0; id < table.slotCount; id++) {
      if (table.isAlive(id) && keep(id, folderPath)) out.push(folderPath(table.fileDir[id]) + table.name(id));
      if (id % 1024 === 1023) await slicer.breathe();
    }
  } finally {
    index.busy--;
  }
  return out;
}
