import * as path from 'node:path';
import type { PathGuard } from '../workspace/confine';
import type { FileStat, FileSystem } from '../workspace/fs';
import { isInside } from '../workspace/paths';

/**
 * A path written in a rule file that names another file (Cursor's `mdc:` links, Kiro's
 * `#[[file:…]]` references) where the agent's documentation does not say what the path is
 * relative to: it is read from each folder it may be read from, and judged missing only when
 * none of them holds it.
 */

/**
 * Which reading of a path found it: from the workspace folder (root-relative), from the folder
 * holding the rule's tool folder (a package's own rules), from the rule's own folder
 * (file-relative), or an absolute path.
 */
export type PathReading = 'workspace' | 'project' | 'rule' | 'absolute';

export interface PathReadings {
  /** The absolute paths the path may name inside the workspace folder, to be looked up, each with the first reading that gives it. */
  inside: { path: string; from: PathReading }[];
  /** Some spelling of the path leads out of the workspace folder under every reading (`../../../etc/passwd`, `/etc/passwd`, `~/…`): never looked up. */
  outside: boolean;
  /** The folders every relative spelling of the path leads out of the workspace from (`../../docs/x.md` from the workspace folder): never looked up from them. */
  left: PathReading[];
}

/**
 * The files a path may name: as written, percent-decoded, and without a `#fragment` or
 * `?query`, each from every folder of `bases` (the first reading of a folder named twice
 * wins); an absolute path as it is. A reading out of the workspace folder `root`, or one the
 * guard does not cover (links not followed), is never looked up; a spelling none of whose
 * readings stays makes the path `outside`.
 */
export function pathReadings(bases: readonly (readonly [string, PathReading])[], root: string, target: string, guard: PathGuard): PathReadings {
  const unique = new Map<string, PathReading>();
  for (const [b, from] of bases) if (!unique.has(b)) unique.set(b, from);
  const inside = new Map<string, PathReading>();
  let outside = false;
  const stayedFrom = new Set<PathReading>();
  let relative = false;
  for (const form of pathForms(target)) {
    const candidates: [string, PathReading][] = form.startsWith('~') ? [] : isAbsoluteForm(form) ? [[path.normalize(form), 'absolute']] : [...unique].map(([b, from]) => [path.resolve(b, form), from]);
    // A form leaves only when no reading of it stays: `../../src/x.ts` of `.cursor/rules/a.mdc`
    // always leaves read from the workspace folder, and is a file-relative link all the same.
    let stays = false;
    for (const [c, from] of candidates) {
      if (!isInside(root, c) || !guard.covers(c)) continue;
      stays = true;
      stayedFrom.add(from);
      if (!inside.has(c)) inside.set(c, from);
    }
    if (!stays) outside = true;
    if (!form.startsWith('~') && !isAbsoluteForm(form)) relative = true;
  }
  const left = relative ? [...new Set(unique.values())].filter((from) => !stayedFrom.has(from)) : [];
  return { inside: [...inside].map(([p, from]) => ({ path: p, from })), outside, left };
}

/** The spellings of a path that are tried, in order: as written, percent-decoded, and each without a `#fragment` or `?query`. */
export function pathForms(target: string): string[] {
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

export function isAbsoluteForm(form: string): boolean {
  return path.isAbsolute(form) || /^[A-Za-z]:[\\/]/.test(form);
}

/** `found` carries what `stat` said the path is (`FileStat.kind`: a link is not followed), so a caller needs no second look. */
export type PathRefState = { kind: 'found'; path: string; from: PathReading; is: FileStat['kind'] } | { kind: 'missing'; left: PathReading[] } | { kind: 'outside' } | { kind: 'unknown' };

/**
 * What a path names: the first reading that exists (a file, a folder or a link: any of them
 * is there to be renamed), else `outside` when some spelling of the path leaves the workspace
 * folder under every reading (a file there is not looked for), else `missing`. A reading the
 * guard refuses after following links (a folder linked out of the workspace) is not looked
 * into: the path is then `unknown`, never reported.
 */
export async function pathRefState(fs: FileSystem, guard: PathGuard, readings: PathReadings): Promise<PathRefState> {
  let refused = false;
  for (const { path: p, from } of readings.inside) {
    const st = await fs.stat(p);
    if (st) return { kind: 'found', path: p, from, is: st.kind };
    // Asked only of a path not found: `fs.stat` answers undefined for a refused path too.
    if (!guard.allows(p)) refused = true;
  }
  if (refused) return { kind: 'unknown' };
  // A path out of the workspace under every reading may name a file there: not looked up, so not said to be missing.
  return readings.outside ? { kind: 'outside' } : { kind: 'missing', left: readings.left };
}

/**
 * Which readings of a missing path were looked up, said after "No file at …,": `all` (every
 * reading, with why each was tried) when none led out of the workspace; else the ones tried,
 * and the ones not, which lead out of it. `words` names each reading's folder, in order.
 */
export function triedReadingsSaid(words: readonly (readonly [PathReading, string])[], left: readonly PathReading[], undocumented: string, all: string): string {
  if (left.length === 0) return all;
  const tried = words.filter(([from]) => !left.includes(from)).map(([, w]) => w);
  const out = words.filter(([from]) => left.includes(from)).map(([, w]) => w);
  return `read from ${orList(tried)} (${undocumented}; read from ${orList(out)} it leads out of the workspace, where agentls does not look)`;
}

function orList(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}
