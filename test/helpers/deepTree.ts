import * as fs from 'node:fs';
import * as path from 'node:path';

/** Folders `d1/d2/…/dN` below `root`: the deepest one's path. */
export function deepFolders(root: string, depth: number): string {
  const names = Array.from({ length: depth }, (_, i) => `d${i + 1}`);
  const deepest = path.join(root, ...names);
  fs.mkdirSync(deepest, { recursive: true });
  return deepest;
}

/** Each folder from `root` down to `deepest`, `root` first. */
export function foldersDownTo(root: string, deepest: string): string[] {
  const out = [root];
  for (const name of path.relative(root, deepest).split(path.sep)) out.push(path.join(out[out.length - 1], name));
  return out;
}
