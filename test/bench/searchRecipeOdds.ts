import { baseName, nameWords, stem } from './searchHeldOut';

/**
 * For each kind of query the recipe of searchHeldOut.ts makes (the recipe the bench's 205
 * queries were made by): how likely each file of the list is to have been the source of a
 * given query string. Each number mirrors one step of the recipe; a change to the recipe
 * must change its twin here, or the ceiling computed from these odds is wrong.
 */

/** What the recipe reads off one path. */
interface RecipeFile {
  segments: string[];
  base: string;
  stem: string;
  lowerStem: string;
  words: string[];
  /** What a folder session types after the folder's start and a slash. */
  sessionName: string;
}

/** One kind of query: P(its query is `q` and its source is file `id`), as the recipe draws them. */
export interface KindOdds {
  /** The files the kind may have made `q` from: all with odds above zero, perhaps more, perhaps repeated. */
  candidates(q: string): Iterable<number>;
  odds(q: string, id: number): number;
}

function readFile(p: string): RecipeFile {
  const base = baseName(p);
  const name = stem(base);
  return { segments: p.split('/'), base, stem: name, lowerStem: name.toLowerCase(), words: nameWords(name), sessionName: name.slice(0, 6).toLowerCase() };
}

const folderCount = (f: RecipeFile) => f.segments.length - 1;

/** The ids of the files under each of their keys (none, one or more a file). */
function groupByKeys(files: readonly RecipeFile[], keysOf: (f: RecipeFile) => Iterable<string>): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  files.forEach((f, id) => {
    for (const key of new Set(keysOf(f))) {
      const group = groups.get(key);
      if (group) group.push(id);
      else groups.set(key, [id]);
    }
  });
  return groups;
}

const oneKey = (key: string | undefined) => (key === undefined ? [] : [key]);

/** Groups of ids by key, the keys in order: the ids under every key that starts with a prefix, in O(log keys + ids). */
class PrefixIndex {
  private readonly keys: string[];

  constructor(private readonly groups: Map<string, number[]>) {
    this.keys = [...groups.keys()].sort();
  }

  *startingWith(prefix: string): Iterable<number> {
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.keys[mid] < prefix) low = mid + 1;
      else high = mid;
    }
    for (let i = low; i < this.keys.length && this.keys[i].startsWith(prefix); i++) yield* this.groups.get(this.keys[i])!;
  }

  exactly(key: string): readonly number[] {
    return this.groups.get(key) ?? [];
  }
}

/** A kind whose query a file determines (or cannot make): its eligible files are equally likely sources. */
function keyedKind(files: readonly RecipeFile[], keyOf: (f: RecipeFile) => string | undefined): KindOdds {
  const byKey = groupByKeys(files, (f) => oneKey(keyOf(f)));
  const eligible = files.filter((f) => keyOf(f) !== undefined).length;
  return {
    candidates: (q) => byKey.get(q) ?? [],
    odds: (q, id) => (keyOf(files[id]) === q ? 1 / eligible : 0),
  };
}

// --- typing sessions -------------------------------------------------------------------

/** Each session types its target one key at a time, ten keys at most, each keystroke a query. */
const SESSION_KEYS = 10;
/** Eight sessions of ten type a name; two type a folder's start, a slash, then the name's. */
const NAME_SESSIONS = 0.8;

const typedKeys = (target: string) => Math.min(SESSION_KEYS, target.length);
const typedOnTheWay = (target: string, q: string) => q.length >= 1 && q.length <= typedKeys(target) && target.startsWith(q);
const nameSessionTarget = (f: RecipeFile) => (f.stem.length >= 4 ? f.lowerStem : undefined);
const hasFolderSessions = (f: RecipeFile) => f.stem.length >= 4 && folderCount(f) >= 2;
const folderSessionTarget = (folder: string, f: RecipeFile) => `${folder.slice(0, 4)}/${f.sessionName}`;
/** One target per folder of the path (the recipe picks the folder at random), or none. */
const folderSessionTargets = (f: RecipeFile) => (hasFolderSessions(f) ? f.segments.slice(0, -1).map((folder) => folderSessionTarget(folder, f)) : []);

/** The share of the file's folder sessions that type `q` on the way. */
function folderSessionsTyping(f: RecipeFile, q: string): number {
  if (!hasFolderSessions(f)) return 0;
  let typing = 0;
  // The first character rules out most folders before a target is built.
  for (let i = 0; i < folderCount(f); i++) {
    const folder = f.segments[i];
    if (folder[0] === q[0] && typedOnTheWay(folderSessionTarget(folder, f), q)) typing++;
  }
  return typing / folderCount(f);
}

const mean = (xs: readonly number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

/**
 * A query drawn from the sessions' keystrokes: a session's source is drawn, then each of
 * its keystrokes is a query, so a file's odds are its chance of being a session's source
 * times whether `q` is one of its keystrokes, over the keystrokes a session makes on average.
 */
function typingKind(files: readonly RecipeFile[]): KindOdds {
  const names = new PrefixIndex(groupByKeys(files, (f) => oneKey(nameSessionTarget(f))));
  // A folder session's query before any slash is the start of a folder's first four characters, all of them when it goes on past the slash.
  const folders = new PrefixIndex(groupByKeys(files, (f) => (hasFolderSessions(f) ? f.segments.slice(0, -1).map((folder) => folder.slice(0, 4)) : [])));
  const nameKeys: number[] = [];
  const folderKeys: number[] = [];
  for (const f of files) {
    const name = nameSessionTarget(f);
    if (name !== undefined) nameKeys.push(typedKeys(name));
    const targets = folderSessionTargets(f);
    if (targets.length > 0) folderKeys.push(mean(targets.map(typedKeys)));
  }
  const keysPerSession = NAME_SESSIONS * mean(nameKeys) + (1 - NAME_SESSIONS) * mean(folderKeys);
  return {
    *candidates(q) {
      yield* names.startingWith(q);
      const slash = q.indexOf('/');
      yield* slash < 0 ? folders.startingWith(q) : folders.exactly(q.slice(0, slash));
    },
    odds(q, id) {
      const name = nameSessionTarget(files[id]);
      const byName = name !== undefined && typedOnTheWay(name, q) ? 1 / nameKeys.length : 0;
      // With no file to type a folder of, the recipe's folder sessions draw nothing: the name sessions are all.
      const byFolder = folderKeys.length === 0 ? 0 : folderSessionsTyping(files[id], q) / folderKeys.length;
      return (NAME_SESSIONS * byName + (1 - NAME_SESSIONS) * byFolder) / keysPerSession;
    },
  };
}

// --- path fragments --------------------------------------------------------------------

/** The chance that a segment's first 3, 4 or 5 characters (each length equally likely) read `part`. */
function cutChance(segment: string, part: string): number {
  let ways = 0;
  for (let length = 3; length <= 5; length++) if (segment.slice(0, length) === part) ways++;
  return ways / 3;
}

/**
 * The name's start after one folder's (`javas/jsc`) or two folders' in order (`ide/nbpro/proje`),
 * two or three parts equally often, the folders drawn at random among the path's.
 */
function pathFragmentKind(files: readonly RecipeFile[]): KindOdds {
  const eligible = (f: RecipeFile) => f.segments.length >= 3;
  const byName = new PrefixIndex(groupByKeys(files, (f) => (eligible(f) ? [f.base.toLowerCase()] : [])));
  const count = files.filter(eligible).length;
  return {
    candidates(q) {
      const name = q.slice(q.lastIndexOf('/') + 1);
      return q.includes('/') && name !== '' ? byName.startingWith(name) : [];
    },
    odds(q, id) {
      const f = files[id];
      const parts = q.split('/');
      if (!eligible(f) || parts.length < 2 || parts.length > 3) return 0;
      const nameChance = cutChance(f.base.toLowerCase(), parts[parts.length - 1]);
      if (nameChance === 0) return 0;
      const folders = f.segments.slice(0, -1);
      let foldersChance: number;
      if (parts.length === 2) {
        foldersChance = mean(folders.map((folder) => cutChance(folder, parts[0])));
      } else {
        // Over every pair of folders in order, in one pass: the first part's chances so far times the second's here.
        let pairs = 0;
        let firstSoFar = 0;
        for (const folder of folders) {
          pairs += firstSoFar * cutChance(folder, parts[1]);
          firstSoFar += cutChance(folder, parts[0]);
        }
        foldersChance = pairs / ((folders.length * (folders.length - 1)) / 2);
      }
      return (0.5 * nameChance * foldersChance) / count;
    },
  };
}

// --- typos -----------------------------------------------------------------------------

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const NAME_CHARACTERS = LETTERS + '0123456789';
const isLetter = (c: string) => c >= 'a' && c <= 'z';
/** The recipe slips only in lower-cased names of six or more letters and digits. */
const slippable = (name: string) => name.length >= 6 && /^[a-z0-9]+$/.test(name);

function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

function commonSuffix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

/** Where `a` and `b` (of one length) differ; three places at most, enough to tell one slip. */
function differences(a: string, b: string): number[] {
  const at: number[] = [];
  for (let i = 0; i < a.length && at.length < 3; i++) if (a[i] !== b[i]) at.push(i);
  return at;
}

/** The positions `[from, to]` whose deletion from `longer` leaves `shorter` (one character shorter). */
function deletions(longer: string, shorter: string): [number, number] {
  return [longer.length - 1 - commonSuffix(longer, shorter), Math.min(commonPrefix(longer, shorter), longer.length - 1)];
}

type Slip = 'typo-transpose' | 'typo-drop' | 'typo-substitute' | 'typo-insert';

/**
 * The chance that the recipe's slip turns `name` into `q`: it slips at a position from 1 to
 * length - 3, each equally likely, a substitute or inserted character any letter equally likely.
 * A transposition of two equal letters is drawn again with another file: it scales the
 * kind's odds of every file alike, so it is left out here.
 */
function slipChance(slip: Slip, name: string, q: string): number {
  const first = 1;
  const last = name.length - 3;
  const inRange = (at: number) => at >= first && at <= last;
  let chance = 0;
  if (slip === 'typo-transpose' || slip === 'typo-substitute') {
    if (q.length !== name.length) return 0;
    const at = differences(name, q);
    if (slip === 'typo-transpose' && at.length === 2 && at[1] === at[0] + 1 && inRange(at[0]) && name[at[0]] === q[at[1]] && name[at[1]] === q[at[0]]) chance = 1;
    if (slip === 'typo-substitute' && at.length === 1 && inRange(at[0]) && isLetter(q[at[0]])) chance = 1 / (isLetter(name[at[0]]) ? 25 : 26);
  } else if (slip === 'typo-drop') {
    if (q.length !== name.length - 1) return 0;
    const [from, to] = deletions(name, q);
    chance = Math.max(0, Math.min(to, last) - Math.max(from, first) + 1);
  } else {
    if (q.length !== name.length + 1) return 0;
    // Every position of the range deletes the same character (a run of it), so one test serves.
    const [from, to] = deletions(q, name);
    if (from <= to && isLetter(q[from])) chance = Math.max(0, Math.min(to, last) - Math.max(from, first) + 1) / 26;
  }
  return chance / (last - first + 1);
}

/** The names one slip of the kind could have turned into `q`: `q` with the slip undone every way. */
function* unslipped(slip: Slip, q: string): Iterable<string> {
  for (let at = 0; at <= q.length; at++) {
    if (slip === 'typo-transpose' && at + 1 < q.length) yield q.slice(0, at) + q[at + 1] + q[at] + q.slice(at + 2);
    else if (slip === 'typo-insert' && at < q.length) yield q.slice(0, at) + q.slice(at + 1);
    else if (slip === 'typo-drop') for (const c of NAME_CHARACTERS) yield q.slice(0, at) + c + q.slice(at);
    else if (slip === 'typo-substitute' && at < q.length) for (const c of NAME_CHARACTERS) yield q.slice(0, at) + c + q.slice(at + 1);
  }
}

function slipKind(files: readonly RecipeFile[], slip: Slip, byName: Map<string, number[]>, count: number): KindOdds {
  return {
    *candidates(q) {
      if (!/^[a-z0-9]+$/.test(q)) return;
      for (const name of unslipped(slip, q)) yield* byName.get(name) ?? [];
    },
    odds: (q, id) => (slippable(files[id].lowerStem) ? slipChance(slip, files[id].lowerStem, q) / count : 0),
  };
}

// --- the whole recipe ------------------------------------------------------------------

const SLIPS: Slip[] = ['typo-transpose', 'typo-drop', 'typo-substitute', 'typo-insert'];

export interface RecipeOdds {
  fileCount: number;
  /** Every kind of query the recipe makes, by the `kind` its queries carry. */
  kinds: ReadonlyMap<string, KindOdds>;
}

/** The recipe's odds over `paths`, the files numbered in the list's order. */
export function recipeOdds(paths: readonly string[]): RecipeOdds {
  const files = paths.map(readFile);
  const bySlippableName = groupByKeys(files, (f) => (slippable(f.lowerStem) ? [f.lowerStem] : []));
  const slippableCount = files.filter((f) => slippable(f.lowerStem)).length;
  const camel = (f: RecipeFile) => f.words.length >= 3 && f.words.length <= 5;
  const kinds = new Map<string, KindOdds>([
    ['typing-prefix', typingKind(files)],
    ['path-fragment', pathFragmentKind(files)],
    ['camel-initials', keyedKind(files, (f) => (camel(f) ? f.words.map((w) => w[0].toLowerCase()).join('') : undefined))],
    ['camel-humps', keyedKind(files, (f) => (camel(f) ? f.words.map((w) => w.slice(0, 2)).join('') : undefined))],
    ['exact-basename', keyedKind(files, (f) => f.base)],
    // The start of the module folder (the second segment), a space, the start of the name.
    ['multi-word', keyedKind(files, (f) => (f.segments.length >= 3 && f.stem.length >= 6 ? `${f.segments[1].slice(0, 5)} ${f.stem.slice(0, 6).toLowerCase()}` : undefined))],
  ]);
  for (const slip of SLIPS) kinds.set(slip, slipKind(files, slip, bySlippableName, slippableCount));
  return { fileCount: files.length, kinds };
}
