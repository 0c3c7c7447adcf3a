import * as fs from 'node:fs';
import * as path from 'node:path';
import { isInside } from './paths';

/**
 * Decides whether a path may be read or written: it must lie, after every symlink is
 * resolved, inside one of the allowed areas (the workspace roots, the user-level rule
 * folders and the few fixed rule locations the agent itself reads). The check resolves
 * the longest existing prefix, so a path to a file that does not exist yet is judged by
 * the real location of its parent; a symlink pointing out of the workspace is refused.
 */
export class Confinement {
  private areas: string[] = [];

  constructor(areas: Iterable<string> = []) {
    this.setAreas(areas);
  }

  /** Replaces the allowed areas (absolute paths; resolved through symlinks here). */
  setAreas(areas: Iterable<string>): void {
    const unique = new Set<string>();
    for (const area of areas) {
      const abs = path.resolve(area);
      unique.add(abs);
      const real = realpathOrUndefined(abs);
      if (real) unique.add(real);
    }
    this.areas = [...unique];
  }

  get allowedAreas(): readonly string[] {
    return this.areas;
  }

  /** True when `target` (absolute) lies inside an allowed area, also after resolving symlinks. */
  allows(target: string): boolean {
    const abs = path.resolve(target);
    if (!this.areas.some((area) => isInside(area, abs))) return false;
    const real = realpathOfLongestPrefix(abs);
    return real !== undefined && this.areas.some((area) => isInside(area, real));
  }
}

function realpathOrUndefined(p: string): string | undefined {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return undefined;
  }
}

/**
 * Real path of `p`, resolving the longest prefix that exists and appending the rest.
 * Undefined when a component cannot be resolved for another reason than absence (a
 * symlink loop, a permission error): such paths are refused.
 */
export function realpathOfLongestPrefix(p: string): string | undefined {
  let current = p;
  const rest: string[] = [];
  for (;;) {
    try {
      const real = fs.realpathSync.native(current);
      return rest.length ? path.join(real, ...rest.reverse()) : real;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') return undefined;
      const parent = path.dirname(current);
      if (parent === current) return undefined;
      rest.push(path.basename(current));
      current = parent;
    }
  }
}
