import type { Cancellation } from '../core/cancel';
import { YieldClock } from './lift';
import type { PathTable } from './pathTable';
import { currentFolderTree, folderTreeInSlices } from './tree';

/** What a folder holds, from the index alone: for completing a glob as it is typed. */
export interface FolderOutline {
  /** Its subfolders' names, sorted, at most `MAX_OUTLINE_FOLDERS`: those holding a live file, or that the cap left unread. */
  folders: string[];
  /** The extensions of the files below it (lower-case, with the dot), most frequent first, at most `MAX_OUTLINE_EXTENSIONS`. */
  extensions: { ext: string; files: number }[];
  /** The files counted; past `MAX_OUTLINE_FILES` the counting stopped and the counts are lower bounds. */
  counted: number;
  capped: boolean;
}

export const MAX_OUTLINE_FOLDERS = 50;
export const MAX_OUTLINE_EXTENSIONS = 20;
/** Files counted per outline: a keystroke in a folder of a 92k-file tree reads this many at most. */
export const MAX_OUTLINE_FILES = 20_000;

/**
 * What an outline leaves out: `folders` by name (`.cursor`, at any depth; `.github/prompts`, a
 * folder in one so named), neither offered nor entered; `files` by name in the same way
 * (`AGENTS.md`; `.github/copilot-instructions.md`), not counted.
 */
export interface OutlineLeaveOut {
  folders?: readonly string[];
  files?: readonly string[];
}

/**
 * The outline of folder `relDir` (`src/components/`, or "" for the root) of a table, or
 * undefined when the index has no file under it. Reads the folder tree (built a slice at a
 * time, as a search builds it): the subfolders of one folder, and the files below it up to a cap.
 * The folders `leaveOut` names are neither offered nor entered, and the files it names are not
 * counted (`OutlineLeaveOut`).
 */
export async function folderOutline(table: PathTable, relDir: string, cancel: Cancellation, leaveOut: OutlineLeaveOut = {}): Promise<FolderOutline | undefined> {
  const clock = new YieldClock(cancel);
  await folderTreeInSlices(table, () => clock.check());
  const tree = currentFolderTree(table);
  const dir = table.folderId(relDir);
  if (dir < 0 || dir >= tree.childStart.length - 1) return undefined;
  // Per subfolder, its name, whether a live file was counted below it, and whether the walk
  // finished its subtree: the tree keeps every folder the table has ever seen (a folder renamed
  // away stays), so only folders shown to hold a file, or that the cap left unread, are offered.
  const left = leftOut(table, leaveOut.folders ?? []);
  const leftFile = leftOutFile(table, leaveOut.files ?? []);
  const subfolders: { name: string; live: boolean; walked: boolean }[] = [];
  // Subfolders left out keep their place (the walk names them by index) and are never entered.
  const dirName = table.segment(dir).slice(0, -1);
  for (let i = tree.childStart[dir]; i < tree.childStart[dir + 1]; i++) subfolders.push({ name: table.segment(tree.children[i]).slice(0, -1), live: false, walked: false });
  const perExt = new Map<number, number>();
  let counted = 0;
  let capped = false;
  // Depth first over the folders below, with a stack: the files of each folder are a range of
  // the tree's array. Folders entered count against the cap too (a tree of empty folders).
  // Each entry carries the subfolder of `dir` it lies in (-1 for `dir` itself); a stack walks
  // one subfolder's subtree whole before the next, so moving on to another finishes the last.
  const stack = [dir];
  const under = [-1];
  let current = -1;
  let entered = 0;
  while (stack.length > 0 && !capped) {
    const d = stack.pop()!;
    const top = under.pop()!;
    if (top !== current) {
      if (current >= 0) subfolders[current].walked = true;
      current = top;
    }
    if (++entered > MAX_OUTLINE_FILES) capped = true;
    for (let i = tree.fileStart[d]; i < tree.fileStart[d + 1]; i++) {
      if (counted === MAX_OUTLINE_FILES) {
        capped = true;
        break;
      }
      if (leftFile?.(tree.files[i], d)) continue;
      const ext = table.extId[tree.files[i]];
      perExt.set(ext, (perExt.get(ext) ?? 0) + 1);
      counted++;
      if (top >= 0) subfolders[top].live = true;
    }
    const parent = d === dir ? dirName : left ? table.segment(d).slice(0, -1) : '';
    for (let i = tree.childStart[d]; i < tree.childStart[d + 1]; i++) {
      if (left?.(parent, tree.children[i])) continue;
      stack.push(tree.children[i]);
      under.push(d === dir ? i - tree.childStart[dir] : top);
    }
  }
  if (!capped && current >= 0) subfolders[current].walked = true;
  // A folder whose files are all gone has no outline, as one never indexed has none.
  if (counted === 0 && !capped) return undefined;
  const folders = subfolders
    .filter((f, i) => (f.live || !f.walked) && !left?.(dirName, tree.children[tree.childStart[dir] + i]))
    .map((f) => f.name)
    .sort();
  // Files with no extension get no `**/*.EXT` pattern.
  const extensions = [...perExt]
    .filter(([id]) => id !== 0)
    .map(([id, files]) => ({ ext: table.extensions[id], files }))
    .sort((a, b) => b.files - a.files || (a.ext < b.ext ? -1 : 1))
    .slice(0, MAX_OUTLINE_EXTENSIONS);
  return { folders: folders.slice(0, MAX_OUTLINE_FOLDERS), extensions, counted, capped };
}

/**
 * Whether a folder (`child`, in the folder named `parent`) is one `leaveOut` names: by its
 * own name (`.cursor`) or by its parent's and its own (`.github/prompts`). Undefined when
 * nothing is left out, so that the walk decodes no folder names for it.
 */
function leftOut(table: PathTable, leaveOut: readonly string[]): ((parent: string, child: number) => boolean) | undefined {
  if (leaveOut.length === 0) return undefined;
  const names = new Set(leaveOut);
  return (parent, child) => {
    const name = table.segment(child).slice(0, -1);
    return names.has(name) || names.has(`${parent}/${name}`);
  };
}

/**
 * Whether a file (`file`, in folder `dir`) is one `leaveOut` names: by its own name
 * (`AGENTS.md`) or by its folder's and its own (`.github/copilot-instructions.md`). The names
 * are looked up once, so a file is one array read and a map look-up, its folder's name decoded
 * only for a file of a named name. Undefined when no such name was ever indexed.
 */
function leftOutFile(table: PathTable, leaveOut: readonly string[]): ((file: number, dir: number) => boolean) | undefined {
  // The folder names a file name is left out in ('' for any).
  const parents = new Map<number, string[]>();
  for (const entry of leaveOut) {
    const slash = entry.lastIndexOf('/');
    const id = table.nameIdOf(entry.slice(slash + 1));
    if (id < 0) continue;
    const list = parents.get(id) ?? [];
    list.push(slash < 0 ? '' : entry.slice(0, slash));
    parents.set(id, list);
  }
  if (parents.size === 0) return undefined;
  return (file, dir) => {
    const list = parents.get(table.nameId[file]);
    return list !== undefined && (list.includes('') || list.includes(table.segment(dir).slice(0, -1)));
  };
}
