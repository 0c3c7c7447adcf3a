import type { TimeSlicer } from '../../core/slices';
import type { PathMatcher } from '../../workspace/glob';
import { ownerOf } from '../agents';
import { deadGlobIsTheLints } from '../agents/globs';
import type { GlobDialect } from './agentView';
import { dialectMatcher, globShape, namePattern, type GlobShape } from './globMatcher';
import { PathList } from './pathList';

/** The files on disk the index leaves out under one folder, and whether the listing reached every one of them (it stopped at none). */
export interface OffIndexList {
  files: readonly string[];
  whole: boolean;
}

/** A glob "matches nearly every file" from this share of the files on. */
export const BROAD_SHARE = 0.9;
/** Candidates tested to rule out broadness before counting. */
const SAMPLE = 256;
/** Below this many files no glob is called broad (a tiny workspace proves nothing). */
export const BROAD_MIN_FILES = 20;

/** What the index says about one glob. */
export interface GlobStatus {
  glob: string;
  dialect: string;
  dead: boolean;
  broad: boolean;
  /** Files matched, when counted (globs that could be broad); otherwise undefined ("some" or none). */
  count?: number;
  /** One file it matches. */
  witness?: string;
  /** Files in the index when evaluated. */
  total: number;
  /** Whether the ignore files have been asked about what the glob aims into (`ignoredGlobs.ts`), and the part of the folder they leave out of the index, if any. */
  ignoreJudged: boolean;
  ignoredPart?: string;
  /** The folder (`''`: the root) whose files the index leaves out were not all looked through for it on disk (the look's budget ran out). */
  unlooked?: string;
}

interface GlobState {
  key: string;
  glob: string;
  dialect: GlobDialect;
  shape: GlobShape;
  /** For globs matching a file name at any depth: searched in the sorted file names instead of the paths. */
  byName?: { re: RegExp; literal: string };
  matcher: PathMatcher;
  witness?: string;
  count?: number;
  broad: boolean;
  /** Whether `judgeIgnoredGlobs` has looked at it, and the ignored part it found. */
  ignoreJudged?: boolean;
  ignoredPart?: string;
  /** A file on disk the glob matches that the index leaves out (ignored: `.env`, a generated file), found when judged. */
  ignoredWitness?: string;
  /** The folder (`''`: the root) whose files the index leaves out were not all looked through when judged (the budget ran out). */
  unlooked?: string;
  /** Said dead by the lint, never by a dead-glob finding (`deadGlobIsTheLints`): not judged against the ignore files nor looked for on disk. */
  lintsDead: boolean;
}

/**
 * Dead and broad globs of one workspace folder, evaluated against the file index (never a
 * walk of its own) and kept current from file events: a created file is tested against
 * the globs that matched nothing or are counted; a deleted file re-evaluates only the
 * globs it was the witness of. Each glob is tested only on the paths under its literal
 * folder with its extension; `**\/*.ts`-like globs are counted without a test at all.
 */
export class GlobReach {
  private list = new PathList();
  /** File events that arrived while a new list was being built in slices: applied to it once it is in. */
  private pending: { type: 'added' | 'removed'; rel: string }[] | undefined;
  private readonly globs = new Map<string, GlobState>();
  /** The files on disk the index leaves out, by the folder listed (`''`: the root), listed once per judgement of the ignore rules (`ignoredGlobs.ts`). */
  offIndex: Map<string, Promise<OffIndexList>> | undefined;
  /** What is left of the files those listings may list (`judgeIgnoredGlobs`), shared by every judgement until the ignore rules or the index change. */
  diskLookLeft: { files: number } | undefined;
  /** Files when every glob was last evaluated: a large drift re-evaluates all (broadness is relative). */
  private sizeAtFullEvaluation = 0;

  static key(glob: string, dialect: GlobDialect): string {
    return `${dialect.id}\u0000${glob}`;
  }

  /** The folder's files, sorted (replaced whole by `setPathsInSlices`). */
  get paths(): PathList {
    return this.list;
  }

  /** Replaces the files (from the index) and re-evaluates every glob. */
  setPaths(paths: Iterable<string>): void {
    this.paths.reset(paths);
    this.evaluateAll();
  }

  /**
   * `setPaths` a slice at a time (the editor: a 92k-file list held the thread about 300 ms
   * from the index's answer to here). The old list answers until the new one is complete;
   * file events meanwhile are kept and applied to the new one.
   */
  async setPathsInSlices(paths: readonly string[], slicer: TimeSlicer): Promise<void> {
    const next = new PathList();
    this.pending = [];
    try {
      await next.resetInSlices(paths, slicer);
    } catch (err) {
      this.pending = undefined;
      throw err;
    }
    const missed = this.pending;
    this.pending = undefined;
    this.list = next;
    for (const e of missed) {
      if (e.type === 'added') this.paths.add(e.rel);
      else this.paths.remove(e.rel);
    }
    this.evaluateAll();
  }

  /** The globs to follow; new ones are evaluated, unused ones dropped. Returns the keys of new globs. */
  setGlobs(globs: readonly { glob: string; dialect: GlobDialect }[]): string[] {
    const wanted = new Map(globs.map((g) => [GlobReach.key(g.glob, g.dialect), g]));
    for (const key of [...this.globs.keys()]) if (!wanted.has(key)) this.globs.delete(key);
    const added: string[] = [];
    for (const [key, g] of wanted) {
      if (this.globs.has(key)) continue;
      const state: GlobState = { key, glob: g.glob, dialect: g.dialect, shape: globShape(g.glob, g.dialect), byName: namePattern(g.glob, g.dialect), matcher: dialectMatcher(g.glob, g.dialect), broad: false, lintsDead: deadGlobIsTheLints(g.glob) };
      this.globs.set(key, state);
      this.evaluate(state);
      added.push(key);
    }
    return added;
  }

  /** Keys of the followed globs `judgeIgnoredGlobs` has not looked at, but those whose deadness is the lint's to say (no finding would use the look). */
  unjudgedIgnoreKeys(): string[] {
    return [...this.globs.values()].filter((s) => !s.ignoreJudged && !s.lintsDead).map((s) => s.key);
  }

  globOf(key: string): string | undefined {
    return this.globs.get(key)?.glob;
  }

  /** The matcher of a glob that matches no file of the index, to test the files the index leaves out; undefined for a live glob. */
  deadMatcher(key: string): PathMatcher | undefined {
    const s = this.globs.get(key);
    return s && s.witness === undefined ? s.matcher : undefined;
  }

  /** The literal folder every match of a glob lies under (`globShape`: the index is searched there alone); `''` for the root. */
  baseOf(key: string): string {
    return this.globs.get(key)?.shape.base ?? '';
  }

  /** Records what the ignore files say of a glob's target, and an ignored file it matches; false when the glob is no longer followed. */
  judgedIgnore(key: string, part: string | undefined, ignoredWitness?: string, unlooked?: string): boolean {
    const s = this.globs.get(key);
    if (!s) return false;
    s.ignoreJudged = true;
    s.ignoredPart = part;
    s.ignoredWitness = ignoredWitness;
    s.unlooked = unlooked;
    return true;
  }

  /** The ignore files changed: every glob is judged again, over a new listing of what the index leaves out. */
  forgetIgnored(): void {
    this.offIndex = undefined;
    this.diskLookLeft = undefined;
    for (const s of this.globs.values()) {
      s.ignoreJudged = false;
      s.ignoredWitness = undefined;
    }
  }

  status(glob: string, dialect: GlobDialect): GlobStatus | undefined {
    const s = this.globs.get(GlobReach.key(glob, dialect));
    return s && this.toStatus(s);
  }

  all(): GlobStatus[] {
    return [...this.globs.values()].map((s) => this.toStatus(s));
  }

  /** A file was created; returns the keys of globs whose dead/broad status changed. */
  added(rel: string): string[] {
    this.pending?.push({ type: 'added', rel });
    if (!this.paths.add(rel)) return [];
    return this.afterChange((s) => {
      if (s.count === undefined && s.witness !== undefined) return;
      if (!this.matches(s, rel)) return;
      if (s.count !== undefined) s.count++;
      s.witness ??= rel;
    });
  }

  /** A file or folder was deleted; returns the keys of globs whose dead/broad status changed. */
  removed(rel: string): string[] {
    this.pending?.push({ type: 'removed', rel });
    // An ignored witness gone (a deleted folder is reported even when its files are ignored):
    // the glob is looked for on disk again (`judgeIgnoredGlobs`), dead meanwhile.
    const lost: string[] = [];
    for (const s of this.globs.values()) {
      if (s.ignoredWitness === undefined || (s.ignoredWitness !== rel && !s.ignoredWitness.startsWith(`${rel}/`))) continue;
      s.ignoredWitness = undefined;
      s.ignoreJudged = false;
      if (s.witness === undefined) lost.push(s.key);
    }
    // The listing it was found in is out of date.
    if (lost.length) this.offIndex = undefined;
    const gone = this.paths.remove(rel);
    if (gone.length === 0) return lost;
    const goneSet = new Set(gone);
    return this.afterChange((s) => {
      if (s.count !== undefined) {
        for (const p of gone) if (this.matches(s, p)) s.count--;
      }
      if (s.witness !== undefined && goneSet.has(s.witness)) this.evaluate(s);
    }).concat(lost);
  }

  /** Applies `update` to every glob, re-evaluates when the file count drifted, and reports what flipped. */
  private afterChange(update: (s: GlobState) => void): string[] {
    const before = new Map([...this.globs.values()].map((s) => [s.key, flags(s)]));
    const drifted = Math.abs(this.paths.size - this.sizeAtFullEvaluation) > Math.max(50, this.sizeAtFullEvaluation * 0.05);
    if (drifted) this.evaluateAll();
    else
      for (const s of this.globs.values()) {
        update(s);
        if (s.count !== undefined) s.broad = s.count >= this.broadThreshold();
      }
    return [...this.globs.values()].filter((s) => before.get(s.key) !== flags(s)).map((s) => s.key);
  }

  private evaluateAll(): void {
    this.sizeAtFullEvaluation = this.paths.size;
    for (const s of this.globs.values()) this.evaluate(s);
  }

  private broadThreshold(): number {
    const n = this.paths.size;
    return n < BROAD_MIN_FILES ? Infinity : Math.ceil(n * BROAD_SHARE);
  }

  /** Finds a witness; counts every match only when the glob's candidates could make it broad. */
  private evaluate(s: GlobState): void {
    const ranges = this.paths.lists(s.shape.extensions).map((list) => ({ list, range: PathList.range(list, s.shape.base) }));
    const candidates = ranges.reduce((n, r) => n + (r.range[1] - r.range[0]), 0);
    const threshold = this.broadThreshold();
    s.witness = undefined;
    s.count = undefined;
    if (s.shape.trivial) {
      s.count = candidates;
      s.witness = ranges.find((r) => r.range[1] > r.range[0]) ? firstOf(ranges) : undefined;
      s.broad = candidates >= threshold;
      return;
    }
    if (s.byName) {
      this.evaluateByName(s, s.byName, threshold);
      return;
    }
    // Counted only while the glob could still reach the broad threshold; a witness is all a narrow glob needs.
    let counting = candidates >= threshold && this.mayBeBroad(s, ranges, candidates);
    let count = 0;
    let misses = 0;
    const maxMisses = candidates - threshold;
    for (const { list, range } of ranges) {
      for (let i = range[0]; i < range[1]; i++) {
        if (!s.matcher(list[i])) {
          if (counting && ++misses > maxMisses) counting = false;
          if (!counting && s.witness !== undefined) break;
          continue;
        }
        s.witness ??= list[i];
        count++;
        if (!counting) break;
      }
      if (!counting && s.witness !== undefined) break;
    }
    if (counting) s.count = count;
    s.broad = counting && count >= threshold;
  }

  /** A file-name glob: the matching names (a range of the sorted names when it starts with a literal) and their paths counted. */
  private evaluateByName(s: GlobState, byName: { re: RegExp; literal: string }, threshold: number): void {
    const { names, from, to, count } = this.paths.namesStarting(byName.literal);
    let first: string | undefined;
    let matched = 0;
    for (let i = from; i < to; i++) {
      if (!byName.re.test(names[i])) continue;
      first ??= names[i];
      matched += count(names[i]);
    }
    s.count = matched;
    s.witness = first === undefined ? undefined : this.paths.pathNamed(first);
    s.broad = matched >= threshold;
  }

  /** An even sample of the candidates: a glob matching clearly fewer than the broad share of it is not counted. */
  private mayBeBroad(s: GlobState, ranges: { list: string[]; range: [number, number] }[], candidates: number): boolean {
    const step = Math.max(1, Math.floor(candidates / SAMPLE));
    let tested = 0;
    let hits = 0;
    let offset = 0;
    for (const { list, range } of ranges) {
      for (let i = range[0] + ((step - (offset % step)) % step); i < range[1]; i += step) {
        tested++;
        if (s.matcher(list[i])) hits++;
      }
      offset += range[1] - range[0];
    }
    return tested === 0 || hits / tested >= BROAD_SHARE - 0.1;
  }

  private matches(s: GlobState, rel: string): boolean {
    return s.matcher(rel);
  }

  /**
   * The existing paths closest to a glob that matches nothing: those sharing the longest literal
   * prefix of the path or, for a glob of a file name (no `/`: it matches the name too), of the
   * name; for a path glob that starts with a wildcard (`**\/Dockerfile.*`), files whose name
   * starts like its last segment. A path that shares nothing with the glob is not near it: the
   * neighbours in the sorted list would be the first paths of the workspace (the agents' own
   * rule folders, `.cursor/…`, `.github/…`), named for `*_test.py` or `global_rules.md`.
   * Nor are the agents' own files (rules, instructions, CLAUDE.md), unless the glob ends in
   * their extension: `docker-compose*.yml` was shown the Windsurf rules `docker.md` and
   * `docker2.md` beside it, while a rule about rules (`global_rules.md`) is near `global-rules.md`.
   */
  nearest(glob: string, dialect: GlobDialect, n = 3): { paths: string[]; noExtension?: string } {
    const shape = globShape(glob, dialect);
    const literal = glob.replace(/^\.\//, '').split(/[*?[{]/)[0];
    const lists = this.paths.lists(shape.extensions).filter((l) => l.length > 0);
    const noExtension = shape.extensions && lists.length === 0 ? shape.extensions.join(', ') : undefined;
    // Asked for more than shown: some may be the agents' own files.
    const wide = n * 3;
    const extension = /\.[A-Za-z0-9]+$/.exec(glob)?.[0];
    const shown = (paths: string[]) => [...new Set(paths)].filter((p) => ownerOf(p) === undefined || (extension !== undefined && p.endsWith(extension))).slice(0, n);
    if (!glob.includes('/')) return { paths: literal === '' ? [] : shown(this.paths.nameNeighbours(literal, wide)), noExtension };
    if (literal === '') return { paths: shown(this.sameNameStart(glob, wide)), noExtension };
    const pool = lists.length ? lists : this.paths.lists(undefined);
    return { paths: shown([...this.deeperFolder(literal, pool, wide), ...pool.flatMap((l) => PathList.neighbours(l, literal, wide))]), noExtension };
  }

  /**
   * For a glob whose literal folder (`lib/` of `lib/**\/*.ts`) the workspace has nowhere at its
   * top, the paths under a folder of that name deeper down (`src/lib/util.ts`): what the glob
   * most likely meant, while the paths sorted next to `lib/` may share not a letter with it.
   */
  private deeperFolder(literal: string, pool: readonly string[][], n: number): string[] {
    const folder = literal.slice(0, literal.lastIndexOf('/'));
    if (folder === '') return [];
    const all = this.paths.lists(undefined)[0];
    const [from, to] = PathList.range(all, folder);
    if (to > from) return [];
    return pool.flatMap((l) => PathList.underDeeperFolder(l, folder, n)).sort().slice(0, n);
  }

  /** Paths whose file name starts with the literal start of the glob's last segment (none when that is empty). */
  private sameNameStart(glob: string, n: number): string[] {
    // `Dockerfile.*` is near `Dockerfile`: the separator before the wildcard is not required.
    const nameLiteral = glob.slice(glob.lastIndexOf('/') + 1).split(/[*?[{]/)[0].replace(/[._-]+$/, '');
    if (nameLiteral === '') return [];
    const { names, from, to } = this.paths.namesStarting(nameLiteral);
    const out: string[] = [];
    for (let i = from; i < to && out.length < n; i++) {
      const p = this.paths.pathNamed(names[i]);
      if (p !== undefined) out.push(p);
    }
    return out;
  }

  private toStatus(s: GlobState): GlobStatus {
    const witness = s.witness ?? s.ignoredWitness;
    return { glob: s.glob, dialect: s.dialect.id, dead: witness === undefined, broad: s.broad, count: s.count, witness, total: this.paths.size, ignoreJudged: s.ignoreJudged === true, ignoredPart: s.ignoredPart, unlooked: s.witness === undefined ? s.unlooked : undefined };
  }
}

function flags(s: GlobState): string {
  return `${s.witness === undefined && s.ignoredWitness === undefined}|${s.broad}`;
}

function firstOf(ranges: { list: string[]; range: [number, number] }[]): string | undefined {
  const r = ranges.find((x) => x.range[1] > x.range[0]);
  return r ? r.list[r.range[0]] : undefined;
}
