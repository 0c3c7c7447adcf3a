import * as path from 'node:path';
import { LIMITS } from '../core/limits';
import type { DirEntry, FileSystem } from '../workspace/fs';
import { isInside } from '../workspace/paths';
import { isRooFallbackName } from './agents/roo';
import { readRooModes, ROOMODES } from './rooModes';
import { showsAgent, type AgentSelection } from './context/selection';

/** What a workspace folder's root holds of Roo Code's (`agents/roo.ts` has the sources). */
export interface RooRoot {
  /** The entries of the root's `.roo` folder (capped as a rule folder's names are); none where there is no such folder. */
  configEntries: DirEntry[];
  /** The names of the root's `.roorules` and `.roorules-{mode}` files. */
  fallbacks: string[];
  /** The root has a `.roo` folder or a fallback file: Roo Code is in use there (what `auto` shows it by). */
  inUse: boolean;
  /** The custom modes of the root's `.roomodes` (`readRooModes`: undefined where it could not be read). */
  customModes: string[] | undefined;
}

/**
 * Reads what of Roo Code's the root holds: two listings (the root's names and its `.roo`'s,
 * each capped), a stat and its `.roomodes` (capped), never a walk. One reading for Roo Code's view (`rooView`) and for
 * the owner of its files below the root (`RooInUse`), so both say Roo Code is in use alike.
 */
export async function readRooRoot(fs: FileSystem, root: string): Promise<RooRoot> {
  const config = path.join(root, '.roo');
  const configEntries = (await fs.readDir(config, { max: LIMITS.instructionFolderNames })) ?? [];
  const rootEntries = (await fs.readDir(root, { max: LIMITS.instructionFolderNames })) ?? [];
  const fallbacks = rootEntries.filter((e) => e.kind !== 'directory' && isRooFallbackName(e.name)).map((e) => e.name);
  const inUse = configEntries.length > 0 || fallbacks.length > 0 || (await fs.stat(config))?.kind === 'directory';
  return { configEntries, fallbacks, inUse, customModes: await readRooModes(fs, root) };
}

/** Whether a change at `p` may change what `readRooRoot` says of `root`: the root's `.roo` (or anything in it), a root `.roorules*`, or its `.roomodes`. O(path length). */
export function changesRooRoot(root: string, p: string): boolean {
  const config = path.join(root, '.roo');
  return p === config || isInside(config, p) || (path.dirname(p) === root && (path.basename(p).startsWith('.roorules') || path.basename(p) === ROOMODES));
}

/**
 * Whether each workspace folder has Roo Code in use on disk (`RooRoot.inUse`), and the custom
 * modes of its `.roomodes`, read once per folder and again when its root `.roo`, `.roorules*` or
 * `.roomodes` changes (`noteChanges`): what the owner of a package's `.roo/rules` files and of
 * the root's mode folders depends on (`AgentPlaces.rooShown`, `AgentPlaces.rooModes`).
 */
export class RooInUse {
  private readonly byRoot = new Map<string, { inUse: boolean; customModes: string[] | undefined }>();

  constructor(private readonly fs: FileSystem) {}

  /** Reads every root afresh (the rules engine's refresh). */
  async refresh(roots: readonly string[]): Promise<void> {
    this.byRoot.clear();
    for (const root of roots) this.byRoot.set(root, pick(await readRooRoot(this.fs, root)));
  }

  /** Reads again the roots a change touches (`changesRooRoot`); returns those whose answer (in use, or the custom modes) changed. */
  async noteChanges(paths: readonly string[]): Promise<string[]> {
    const flipped: string[] = [];
    for (const [root, before] of [...this.byRoot]) {
      if (!paths.some((p) => changesRooRoot(root, p))) continue;
      const now = pick(await readRooRoot(this.fs, root));
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
}

function pick(r: RooRoot): { inUse: boolean; customModes: string[] | undefined } {
  return { inUse: r.inUse, customModes: r.customModes };
}
