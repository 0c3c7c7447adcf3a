import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir, writeTree } from './repo';

/**
 * Rule folders agentls cannot read, the root's and two packages': the root's `.cursor/rules`
 * and `packages/web/.cursor/rules` linked out of the workspace, `packages/api/.windsurf/rules`
 * linked to nothing and `packages/api/.claude/rules` written as a file. For
 * `packages/web/src/b.tsx` (`FILE`), only the root's and `packages/web`'s could reach it.
 */
export function unreadFoldersTree(): { ws: string; outside: string } {
  const outside = fs.realpathSync(writeTree(tempDir('agentls-elsewhere-'), { 'shared.mdc': '---\nalwaysApply: true\n---\nShared.\n' }));
  const ws = writeTree(tempDir(), { 'packages/web/src/b.tsx': 'x\n', 'packages/api/src/a.ts': 'x\n', 'packages/api/.claude/rules': 'Some notes.\n' });
  fs.mkdirSync(path.join(ws, 'packages/web/.cursor'));
  fs.symlinkSync(outside, path.join(ws, 'packages/web/.cursor/rules'));
  fs.mkdirSync(path.join(ws, '.cursor'));
  fs.symlinkSync(outside, path.join(ws, '.cursor/rules'));
  fs.mkdirSync(path.join(ws, 'packages/api/.windsurf'));
  fs.symlinkSync('../gone', path.join(ws, 'packages/api/.windsurf/rules'));
  return { ws, outside };
}

/** The file of the package whose rule folder is linked out. */
export const FILE = 'packages/web/src/b.tsx';

/** Every unread folder of the tree, as [path, code], sorted by path: what bare `agentls rules` lists. */
export const ALL_UNREAD = [
  ['.cursor/rules', 'rule/link-outside'],
  ['packages/api/.claude/rules', 'rule/unreadable'],
  ['packages/api/.windsurf/rules', 'rule/unreadable'],
  ['packages/web/.cursor/rules', 'rule/link-outside'],
];

/** Those that could reach `FILE`: the root's and its package's. */
export const UNREAD_FOR_FILE = [
  ['.cursor/rules', 'rule/link-outside'],
  ['packages/web/.cursor/rules', 'rule/link-outside'],
];

/** What the rules for `FILE` say of the others, in text. */
export const ELSEWHERE_LINE = '2 other rule folders agentls could not read are in packages that do not hold this file, so their rules cannot reach it: `agentls rules` lists them.';
