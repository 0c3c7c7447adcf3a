import * as fs from 'node:fs';
import * as path from 'node:path';
import { LIMITS } from '../../server/core/limits';
import { writeTree } from './repo';

/*
 * Claude Code's and Copilot's rule folders with more entries than agentls reads of them
 * (`LIMITS.instructionFolderEntries`: every file and folder, empty ones too), for the CLI's
 * and the server's tests of that cap.
 */

const N = LIMITS.instructionFolderEntries;
const n = N.toLocaleString('en-US');

/** What is said of such a folder of `agent`'s (its display name). */
export const instructionFolderCapped = (agent: string) =>
  `This rule folder and its subfolders hold more than ${n} entries; agentls reads up to ${n} entries: the files of the folder that goes past them, and of those after it in name order, are not read for ${agent}, so its rules among them are not counted and their globs not checked.`;

/**
 * Under `rel` (`.claude/rules`): `first` (read: its own folder's entries are the first taken),
 * and a folder `deep/` holding `empties` empty folders and `last`, so that the walk takes
 * `2 + empties + 1` entries in all. With the default, one more than the budget: `deep/` does
 * not fit and `last` is not read; with `N - 3`, the walk fits exactly.
 */
export function capInstructionFolder(ws: string, rel: string, first: [string, string], last: [string, string], empties = N - 2): void {
  writeTree(ws, { [`${rel}/${first[0]}`]: first[1], [`${rel}/deep/${last[0]}`]: last[1] });
  for (let i = 0; i < empties; i++) fs.mkdirSync(path.join(ws, rel, 'deep', `e${String(i).padStart(4, '0')}`));
}

/** The number of empty folders that makes the walk of `capInstructionFolder` take the budget exactly. */
export const FITS = N - 3;

/** What is said of a folder of `agent`'s whose own `entries` alone are more than the budget (and no more than `LIMITS.instructionFolderNames`): its first by name are read. */
export const instructionFolderReadByName = (agent: string, entries: number) =>
  `This rule folder holds ${entries.toLocaleString('en-US')} entries; agentls reads up to ${n} entries: its files among the first ${n} by name are read for ${agent}; the files past them and those in its subfolders are not, so its rules there are not counted and their globs not checked.`;

/** `count` files `r00000.md`… at the top of `rel`, file `i` holding `text(i)`; their names, in name order. */
export function fillInstructionTop(ws: string, rel: string, count: number, text: (i: number) => string, suffix = '.md'): string[] {
  const dir = path.join(ws, rel);
  fs.mkdirSync(dir, { recursive: true });
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = `r${String(i).padStart(5, '0')}${suffix}`;
    fs.writeFileSync(path.join(dir, name), text(i));
    names.push(name);
  }
  return names;
}
