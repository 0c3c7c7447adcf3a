import * as path from 'node:path';
import { LIMITS } from '../core/limits';
import type { DirEntry, FileStat, FileSystem } from '../workspace/fs';
import { isInside } from '../workspace/paths';
import { rooUserRuleFolder } from '../workspace/ruleLocations';
import { isClineFallbackName, isClineModeFallbackName, isRooFallbackName, rooModeOf, ROO_BUILT_IN_MODES } from './agents/roo';
import { readRooModes, ROOMODES, type RooModesRefusal } from './rooModes';
import { showsAgent, type AgentSelection } from './context/selection';

/** What a workspace folder's root holds of Roo Code's (`agents/roo.ts` has the sources). */
export interface RooRoot {
  /** The entries of the root's `.roo` folder (capped as a rule folder's names are); none where there is no such folder. */
  configEntries: DirEntry[];
  /** The names of the root's `.roorules` and `.roorules-{mode}` files. */
  fallbacks: string[];
  /** The names of the root's `.clinerules` and `.clinerules-{mode}` that are no folders: Cline's files, Roo Code's last fallbacks (`rooView`). */
  clineFallbacks: string[];
  /** The root has a `.roo` folder, a fallback file or a `.roomodes` (Roo Code's own files): Roo Code is in use there (what `auto` shows it by). */
  inUse: boolean;
  /** The custom modes of the root's `.roomodes` (`readRooModes`: undefined where it could not be read, or Roo Code refuses it). */
  customModes: string[] | undefined;
  /** Why Roo Code refuses the root's `.roomodes`, taking none of its modes (`readRooModes`); none where it takes it or there is none. */
  modesRefused?: RooModesRefusal;
  /** Why agentls did not read the root's `.roomodes` (`RooModesRead.unread`: too large, …); none where it read it or there is none. */
  modesUnread?: string;
  /** The slugs of the root's mode folders, `.roorules-{mode}` and `.clinerules-{mode}` files, other than the built-in modes', whose `~/.roo/rules-{slug}/` exists: evidence of a global custom mode (`AgentPlaces.rooUserModes`). */
  userModes: string[];
}

/** The home, and the confinement's door to one fixed area of it: what `readRooRoot` needs to look for the user's mode folders. */
export interface RooUser {
  home: string;
  allowArea(p: string): void;
}

/**
 * Reads what of Roo Code's the root holds: two listings (the root's names and its `.roo`'s,
 * each capped), a stat and its `.roomodes` (capped), never a walk; with `user`, one look
 * (`lookUpUserModeFolders`) at `~/.roo/rules-{slug}/` of each mode folder of the root's `.roo`
 * that is no built-in mode's (as many as that capped listing holds). Roo Code's view passes no
 * `user`: it looks up those folders with the rest it lists, in the same one look.
 * One reading for Roo Code's view (`rooView`) and for the owner of its files below the root
 * (`RooInUse`), so both say Roo Code is in use alike.
 */
export async function readRooRoot(fs: FileSystem, root: string, user?: RooUser): Promise<RooRoot> {
  const config = path.join(root, '.roo');
  const configEntries = (await fs.readDir(config, { max: LIMITS.instructionFolderNames })) ?? [];
  const rootEntries = (await fs.readDir(root, { max: LIMITS.instructionFolderNames })) ?? [];
  const fallbacks = rootEntries.filter((e) => e.kind !== 'directory' && isRooFallbackName(e.name)).map((e) => e.name);
  const clineFallbacks = rootEntries.filter((e) => e.kind !== 'directory' && isClineFallbackName(e.name)).map((e) => e.name);
  const modes = await readRooModes(fs, root);
  const inUse = configEntries.length > 0 || fallbacks.length > 0 || modes.found || (await fs.stat(config))?.kind === 'directory';
  const refused = { ...(modes.refused ? { modesRefused: modes.refused } : {}), ...(modes.unread !== undefined ? { modesUnread: modes.unread } : {}) };
  return { configEntries, fallbacks, clineFallbacks, inUse, customModes: modes.modes, ...refused, userModes: user ? await userModesOf(fs, { configEntries, fallbacks, clineFallbacks }, user) : [] };
}

/** The slugs of the mode folders among `entries` (a root `.roo`'s): its folders named `rules-{mode}`. */
export function modeFoldersOf(entries: readonly DirEntry[]): string[] {
  const slugs: string[] = [];
  for (const e of entries) {
    const slug = e.kind === 'directory' ? rooModeOf(e.name, 'rules-') : undefined;
    if (slug !== undefined) slugs.push(slug);
  }
  return slugs;
}

/**
 * The modes whose folders Roo Code's view reads (`rooView`), sorted: those the root names by a mode
 * folder of its `.roo`, a `.roorules-{mode}` or `.clinerules-{mode}` file (each a fallback of that mode's
 * rules in Roo Code's source, `agents/roo.ts`) or a custom mode of its `.roomodes`, and Roo
 * Code's built-in ones. A mode named by a file or folder alone may exist nowhere (`rooUnseenModeNote` says so). Their `~/.roo/rules-{mode}/` are the user's mode folders agentls reads, and
 * `check` accepts named. A `.roomodes` slug Roo Code's schema refuses (`rooModeOf`: `../x`) is no
 * mode, and never a path.
 */
export function rooModesRead(roo: Pick<RooRoot, 'configEntries' | 'fallbacks' | 'clineFallbacks' | 'customModes'>): string[] {
  const modes = new Set<string>(modeFoldersOf(roo.configEntries));
  for (const name of roo.fallbacks) {
    const mode = rooModeOf(name, '.roorules-');
    if (mode !== undefined) modes.add(mode);
  }
  for (const name of roo.clineFallbacks) {
    const mode = rooModeOf(name, '.clinerules-');
    if (mode !== undefined) modes.add(mode);
  }
  for (const slug of roo.customModes ?? []) {
    const mode = rooModeOf(`rules-${slug}`, 'rules-');
    if (mode !== undefined) modes.add(mode);
  }
  for (const mode of ROO_BUILT_IN_MODES) modes.add(mode);
  return [...modes].sort();
}

/**
 * The user's mode folder of Roo Code's, `~/.roo/rules-{mode}` of any mode (a built-in one, among
 * `userRuleAreas`, or one the workspace names: `rooModesRead`), that is `p` or holds it; undefined
 * for a path in none. O(path length).
 */
export function rooUserModeFolderOf(p: string, home: string): string | undefined {
  const config = path.dirname(rooUserRuleFolder(home));
  const rel = isInside(config, p) ? path.relative(config, p) : '';
  const mode = rooModeOf(rel.split(path.sep)[0], 'rules-');
  return mode === undefined ? undefined : rooUserRuleFolder(home, mode);
}

/**
 * What stands at the user's mode folder `~/.roo/rules-{mode}` of each of `modes` (undefined:
 * nothing), in one look at their names in `~/.roo`: a stat of each, never a listing of `~/.roo`
 * nor a read of what else it holds (Roo Code's settings). Each folder is let in as an area first.
 */
export async function lookUpUserModeFolders(fs: FileSystem, user: RooUser, modes: readonly string[]): Promise<Map<string, FileStat['kind'] | undefined>> {
  if (modes.length === 0) return new Map();
  for (const mode of modes) user.allowArea(rooUserRuleFolder(user.home, mode));
  const there = await fs.statEntries(path.join(user.home, '.roo'), modes.map((mode) => `rules-${mode}`));
  return new Map(modes.map((mode, i) => [mode, there[i]?.kind]));
}

/** The slugs the root names by a mode folder of its `.roo`, a `.roorules-{mode}` or a `.clinerules-{mode}` that are no built-in mode's and have a folder in `~/.roo` (`RooRoot.userModes`), from what `lookUpUserModeFolders` found there. */
export function userModesAmong(roo: NamingModes, found: ReadonlyMap<string, FileStat['kind'] | undefined>): string[] {
  return otherModesNamed(roo).filter((slug) => found.get(slug) === 'directory');
}

async function userModesOf(fs: FileSystem, roo: NamingModes, user: RooUser): Promise<string[]> {
  return userModesAmong(roo, await lookUpUserModeFolders(fs, user, otherModesNamed(roo)));
}

type NamingModes = Pick<RooRoot, 'configEntries' | 'fallbacks' | 'clineFallbacks'>;

/** The slugs of the root's mode folders, `.roorules-{mode}` and `.clinerules-{mode}` files that are no built-in mode's, each once. */
function otherModesNamed(roo: NamingModes): string[] {
  return rooModesRead({ ...roo, customModes: [] }).filter((slug) => !ROO_BUILT_IN_MODES.some((m) => m === slug));
}

/** Whether a change at `p` may change what `readRooRoot` says of `root`: the root's `.roo` (or anything in it), a root `.roorules*` or `.clinerules*`, its `.roomodes`, or (with `home`) a user's mode folder `~/.roo/rules-*`. O(path length). */
export function changesRooRoot(root: string, p: string, home?: string): boolean {
  const config = path.join(root, '.roo');
  if (home !== undefined && isInside(path.join(home, '.roo'), p) && /^rules-/.test(path.relative(path.join(home, '.roo'), p))) return true;
  const name = path.basename(p);
  return p === config || isInside(config, p) || (path.dirname(p) === root && (name.startsWith('.roorules') || name.startsWith('.clinerules') || name === ROOMODES));
}

/**
 * Whether each workspace folder has Roo Code in use on disk (`RooRoot.inUse`), and the custom
 * modes of its `.roomodes`, read once per folder and again when its root `.roo`, `.roorules*` or
 * `.roomodes` changes (`noteChanges`): what the owner of a package's `.roo/rules` files and of
 * the root's mode folders depends on (`AgentPlaces.rooShown`, `AgentPlaces.rooModes`).
 */
export class RooInUse {
  private readonly byRoot = new Map<string, Picked>();

  /** `user`: the home and its door, to look for the user's mode folders (`RooRoot.userModes`); none: no such folder is looked for. */
  constructor(
    private readonly fs: FileSystem,
    private readonly user?: () => RooUser,
  ) {}

  /** Reads every root afresh (the rules engine's refresh). */
  async refresh(roots: readonly string[]): Promise<void> {
    this.byRoot.clear();
    for (const root of roots) this.byRoot.set(root, pick(await readRooRoot(this.fs, root, this.user?.())));
  }

  /** Reads again the roots a change touches (`changesRooRoot`); returns those whose answer (in use, or the custom modes) changed. */
  async noteChanges(paths: readonly string[]): Promise<string[]> {
    const flipped: string[] = [];
    const user = this.user?.();
    for (const [root, before] of [...this.byRoot]) {
      if (!paths.some((p) => changesRooRoot(root, p, user?.home))) continue;
      const now = pick(await readRooRoot(this.fs, root, user));
      this.byRoot.set(root, now);
      if (JSON.stringify(now) !== JSON.stringify(before)) flipped.push(root);
    }
    return flipped;
  }

  /** Whether Roo Code's view is shown for the root (`showsAgent`): named in `rules.agents`, or in use there under `auto`. */
  shown(root: string, agents: AgentSelection): boolean {
    return agents === 'auto' ? this.byRoot.get(root)?.inUse === true : showsAgent(agents, 'roo');
  }

  /** The custom modes of the root's `.roomodes` (`AgentPlaces.rooModes`); undefined where unknown. */
  customModes(root: string): readonly string[] | undefined {
    return this.byRoot.get(root)?.customModes;
  }

  /** The root's mode folders' slugs that `~/.roo` has a folder of (`AgentPlaces.rooUserModes`). */
  userModes(root: string): readonly string[] {
    return this.byRoot.get(root)?.userModes ?? [];
  }

  /** The modes whose `~/.roo/rules-{mode}` Roo Code's view reads for the root (`rooModesRead`); the built-in ones where the root is unknown. */
  modesRead(root: string): readonly string[] {
    return this.byRoot.get(root)?.modesRead ?? ROO_BUILT_IN_MODES;
  }

  /** The root's `.clinerules-{mode}` files, each of a mode its view reads (`AgentPlaces.rooClineModeFiles`). */
  clineModeFiles(root: string): readonly string[] {
    return this.byRoot.get(root)?.clineModeFiles ?? [];
  }
}

type Picked = Pick<RooRoot, 'inUse' | 'customModes' | 'userModes'> & { modesRead: string[]; clineModeFiles: string[] };

function pick(r: RooRoot): Picked {
  const modesRead = rooModesRead(r);
  // Each names a mode Roo Code's view reads (`rooModesRead`), which tries its `.clinerules-{mode}` (`rooView`): those files are its own.
  const clineModeFiles = r.clineFallbacks.filter(isClineModeFallbackName);
  return { inUse: r.inUse, customModes: r.customModes, userModes: r.userModes, modesRead, clineModeFiles };
}
