import { compileExcludes } from '../workspace/glob';
import { decode, type PathTable } from './pathTable';

/** A search's filters, normalised (`normaliseExtensions`). */
export interface SearchFilters {
  /** Lower-case, with their dot; empty = any. */
  extensions: string[];
  /** Globs on the workspace-relative path, on top of the ignore rules. */
  excludes: string[];
}

/** `["TS", ".tsx"]` → `[".ts", ".tsx"]`: case-insensitive, the dot optional. */
export function normaliseExtensions(extensions: readonly string[]): string[] {
  return [...new Set(extensions.map((e) => e.trim().toLowerCase()).filter((e) => e !== '' && e !== '.').map((e) => (e.startsWith('.') ? e : '.' + e)))];
}

const cache = new WeakMap<PathTable, { structure: number; key: string; allowed: Uint8Array }[]>();
const CACHED_PER_TABLE = 4;

/**
 * Which files of a table pass the filters, as one byte per file id (undefined = all).
 * Folders are judged once each (an excluded folder excludes its subtree) and a file only
 * when a pattern can exclude single files; the answer is cached per table until files
 * are added or removed, so every keystroke of a search session after the first pays
 * nothing for its filters.
 */
export function allowedFiles(table: PathTable, filters: SearchFilters): Uint8Array | undefined {
  if (filters.extensions.length === 0 && filters.excludes.length === 0) return undefined;
  const key = JSON.stringify([filters.extensions, filters.excludes]);
  const entries = cache.get(table) ?? [];
  const hit = entries.find((e) => e.key === key && e.structure === table.structure);
  if (hit) return hit.allowed;
  const allowed = computeAllowed(table, filters);
  const fresh = entries.filter((e) => e.structure === table.structure && e.key !== key);
  fresh.unshift({ structure: table.structure, key, allowed });
  cache.set(table, fresh.slice(0, CACHED_PER_TABLE));
  return allowed;
}

function hasCompound(name: string, compound: string[]): boolean {
  return compound.some((ext) => name.length > ext.length && name.endsWith(ext));
}

function computeAllowed(table: PathTable, filters: SearchFilters): Uint8Array {
  const allowed = new Uint8Array(table.slotCount);
  let extOk: Uint8Array | undefined;
  // `.d.ts`-style extensions are compared with the end of the name; the rest by the table's extension ids.
  const compound = filters.extensions.filter((e) => e.indexOf('.', 1) > 0);
  if (filters.extensions.length) {
    extOk = new Uint8Array(table.extensions.length);
    for (const ext of filters.extensions) {
      const id = table.extensionId(ext);
      if (id !== undefined) extOk[id] = 1;
    }
  }
  let folderOut: Uint8Array | undefined;
  let fileTest: ((path: string) => boolean) | undefined;
  if (filters.excludes.length) {
    const excludes = compileExcludes(filters.excludes);
    folderOut = new Uint8Array(table.dirCount);
    const paths: string[] = new Array(table.dirCount);
    paths[0] = '';
    // Parents come before children, so one pass settles every folder.
    for (let d = 1; d < table.dirCount; d++) {
      const parent = table.dirParent[d];
      paths[d] = paths[parent] + decode(table.chars, table.segStart[d], table.segLen[d]);
      if (folderOut[parent]) folderOut[d] = 1;
      else folderOut[d] = excludes.folder(paths[d].slice(0, -1)) ? 1 : 0;
    }
    fileTest = excludes.file;
  }
  for (let id = 0; id < table.slotCount; id++) {
    if (!table.isAlive(id)) continue;
    if (extOk && extOk[table.extId[id]] !== 1 && !(compound.length && hasCompound(table.name(id).toLowerCase(), compound))) continue;
    if (folderOut && folderOut[table.fileDir[id]]) continue;
    if (fileTest && fileTest(table.path(id))) continue;
    allowed[id] = 1;
  }
  return allowed;
}
