import { writeTree } from './repo';

/*
 * Rule folders nested deeper than agentls walks an agent's rule folder (8 levels below it:
 * `instructionViews.ts`, `Reader.list`), for the CLI's and the server's tests of that limit.
 */

/** `n` nested folder names, `l1/l2/…/ln`. */
export const levels = (n: number) => Array.from({ length: n }, (_, i) => `l${i + 1}`).join('/');

/** What is said of a folder of `agent`'s (its display name) that nests deeper than agentls reads. */
export const tooDeep = (agent: string) =>
  `This rule folder nests deeper than 8 levels; agentls reads up to 8 levels: the files below them are not read for ${agent}, so its rules among them are not counted and their globs not checked.`;

/** Said after the entries' cap where the walk met a folder too deep before it stopped. */
export const DEEP_TOO = ' It nests deeper than 8 levels; agentls reads up to 8 levels: the files below them are not read either.';

/** Under `rel`: `a.md` at the top, `x.md` 8 levels down (read) and `y.md` 9 levels down (not read). */
export function deepRuleFolder(ws: string, rel: string, ext = '.md'): void {
  writeTree(ws, { [`${rel}/a${ext}`]: 'A.\n', [`${rel}/${levels(8)}/x${ext}`]: 'X.\n', [`${rel}/${levels(9)}/y${ext}`]: 'Y.\n' });
}
