import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Cancellation } from '../core/cancel';
import type { IgnoreRules } from './ignore';
import { changeLeftOut } from './keptRuleFolders';
import { relativeInside } from './paths';

/** Entries of a new folder that are listed and announced at most. */
export const NEW_FOLDER_ENTRY_CAP = 10_000;

export interface NewFolderListing {
  /** Kept sub-folders met below the folder (absolute). */
  folders: string[];
  /** Sub-folders the ignore rules skip (absolute): never watched. */
  ignored: string[];
}

/**
 * Lists what a folder that just appeared already holds (it was written before anyone
 * could watch it: `mkdir -p a/b && echo > a/b/f`, a checkout, an unpacked archive, a
 * folder moved in) and hands each kept entry to `announce`, folders before what they hold.
 * Breadth first, capped at `NEW_FOLDER_ENTRY_CAP` entries.
 */
export async function listNewFolder(
  root: string,
  dir: string,
  ignore: () => IgnoreRules,
  cancel: Cancellation,
  announce: (abs: string, isDir: boolean) => void,
): Promise<NewFolderListing> {
  const listing: NewFolderListing = { folders: [], ignored: [] };
  const queue = [dir];
  let seen = 0;
  while (queue.length > 0 && seen < NEW_FOLDER_ENTRY_CAP && !cancel.isCancellationRequested) {
    const current = queue.shift()!;
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (++seen > NEW_FOLDER_ENTRY_CAP) break;
      const full = path.join(current, entry.name);
      const rel = relativeInside(root, full);
      const isDir = entry.isDirectory();
      if (rel === undefined || (!isDir && !entry.isFile())) continue;
      if (await changeLeftOut(ignore(), rel, isDir)) {
        if (isDir) listing.ignored.push(full);
        continue;
      }
      announce(full, isDir);
      if (isDir) {
        listing.folders.push(full);
        queue.push(full);
      }
    }
  }
  return listing;
}
