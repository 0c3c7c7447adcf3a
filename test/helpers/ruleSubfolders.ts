import { LIMITS } from '../../server/core/limits';

/*
 * A Cursor rule folder with more subfolders than agentls looks into
 * (`LIMITS.ruleSubfolderEntries`: each subfolder and each entry in it counts one), for the
 * CLI's and the server's tests of that cap.
 */

/** Subfolders `d0001`… of one Markdown file each: two entries apiece, so the first `READ` fit the budget exactly. */
export const READ = LIMITS.ruleSubfolderEntries / 2;
export const SUBFOLDERS = READ + 100;

export const subfolder = (i: number) => `d${String(i).padStart(4, '0')}`;

export const SUBFOLDERS_CAPPED = `This rule folder's subfolders hold more than ${LIMITS.ruleSubfolderEntries.toLocaleString('en-US')} entries; agentls reads up to ${LIMITS.ruleSubfolderEntries.toLocaleString('en-US')} entries: the subfolders past those, by name, are not looked into.`;

/** What `agentls check` adds to the folder's finding: how many files of its listing lie in the subfolders not looked into, not checked one by one. */
export const uncheckedTail = (n: number) => ` ${n === 1 ? '1 file there is' : `${n.toLocaleString('en-US')} files there are`} not checked.`;

/** What a root `.cursor/rules` says where both Cursor's walk (`LIMITS.instructionFolderEntries`) and the look into its subfolders stopped: one finding. */
export const CURSOR_AND_SUBFOLDERS_CAPPED = `This rule folder and its subfolders hold more than ${LIMITS.instructionFolderEntries.toLocaleString('en-US')} entries; agentls reads up to ${LIMITS.instructionFolderEntries.toLocaleString('en-US')} entries: the files of the folder that goes past them, and of those after it in name order, are not read for Cursor, so its rules among them are not counted and their globs not checked. Nor are the subfolders past the first ${LIMITS.ruleSubfolderEntries.toLocaleString('en-US')} entries looked into for the files the xcsh agent never loads.`;

/**
 * A workspace (with `.xcsh`, so that the xcsh agent is targeted and the files it never loads
 * are told of) whose `.cursor/rules` holds one rule and `count` subfolders, each holding `x.md`.
 */
export function manySubfoldersTree(count = SUBFOLDERS): Record<string, string> {
  const tree: Record<string, string> = {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.xcsh/.keep': '',
    '.cursor/rules/a.mdc': '---\ndescription: Style\n---\nUse tokens.\n',
  };
  for (let i = 1; i <= count; i++) tree[`.cursor/rules/${subfolder(i)}/x.md`] = 'Nested.\n';
  return tree;
}
