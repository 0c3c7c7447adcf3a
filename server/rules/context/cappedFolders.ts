import type { UnreadRuleFolderInfo } from '../../../protocol/rulesContext';
import type { Finding } from '../../core/findings';
import { formatCount, LIMITS, overLimit } from '../../core/limits';
import { ZERO_RANGE } from '../../core/text';
import { displayPath, isInside, relativeInside } from '../../workspace/paths';
import { agentModel } from '../agents';
import { finding } from '../codes';
import { MAX_FOLDER_DEPTH, type CappedInstructionFolder } from './instructionViews';

/*
 * The rule folders of Claude Code, Copilot, Cursor (its subfolders, nested `.cursor/rules`)
 * and Devin Desktop (`.devin/rules`) walked only as far as
 * `LIMITS.instructionFolderEntries` or `MAX_FOLDER_DEPTH` (`instructionViews.ts`, `Reader.list`), said through the
 * channels of the other rule folders read in part: a finding on the folder (`agentls check`,
 * the server's diagnostics), `unread` of `agentls rules` and `agentls/ruleBuckets`.
 */

/**
 * What is said of such a folder. Each agent reads every file of its own there, subfolders
 * included where it walks them (`agents/claude.ts`, `agents/copilot.ts`, `agents/cursor.ts`;
 * Devin Desktop reads `.devin/rules/*.md`, `agents/windsurf.ts`), so those past the cap are rules they
 * load that agentls leaves out of their views: not counted in what they send, their globs
 * not judged (their frontmatter is still checked, file by file, by check's own listing). An
 * error, as a rule folder of more files than agentls reads is (`rule/too-large`). How many
 * more there are is not known: they were not read. A folder nested deeper than the walk goes
 * (`MAX_FOLDER_DEPTH`) is a warning: the folder there was not looked into, and what it holds
 * (maybe nothing) may be rules the agent loads. One finding says all of it.
 * `xcshSubfolders`: discovery's look into the folder's subfolders stopped too
 * (`LIMITS.ruleSubfolderEntries`, for the files the xcsh agent never loads) and the xcsh agent
 * is targeted (`RulesEngine.xcshSubfoldersCapped`), said here so that the folder has one finding.
 */
export function cappedInstructionFinding(folder: CappedInstructionFolder, xcshSubfolders = false): Finding {
  const agent = agentModel(folder.agent).name;
  const levels = overLimit('nests deeper than', MAX_FOLDER_DEPTH, MAX_FOLDER_DEPTH, 'levels');
  const parts = folder.topEntries !== undefined ? [readByNameMessage(agent, folder.topEntries)] : folder.entries ? [readInPartMessage(agent)] : [];
  if (folder.deep) parts.push(folder.entries ? `It ${levels}: the files below them are not read either.` : `This rule folder ${levels}: the files below them are not read for ${agent}, ${NOT_COUNTED}`);
  if (xcshSubfolders) parts.push(`Nor are the subfolders past the first ${formatCount(LIMITS.ruleSubfolderEntries)} entries looked into for the files the xcsh agent never loads.`);
  return finding('rule/too-large', folder.entries ? 'error' : 'warning', ZERO_RANGE, parts.join(' '));
}

const NOT_COUNTED = 'so its rules among them are not counted and their globs not checked.';

/** Past the entries' cap a folder is not read at all: a subfolder, or the rule folder itself when its own entries are more than `LIMITS.instructionFolderNames`. */
function readInPartMessage(agent: string): string {
  const limit = LIMITS.instructionFolderEntries;
  const head = overLimit('This rule folder and its subfolders hold more than', limit, limit, 'entries');
  return `${head}: the files of the folder that goes past them, and of those after it in name order, are not read for ${agent}, ${NOT_COUNTED}`;
}

/** A folder whose own entries alone were more than the cap (`topEntries`): its first by name were read, how many it holds is known. */
function readByNameMessage(agent: string, entries: number): string {
  const limit = LIMITS.instructionFolderEntries;
  const head = overLimit('This rule folder holds', entries, limit, 'entries');
  return `${head}: its files among the first ${formatCount(limit)} by name are read for ${agent}; the files past them and those in its subfolders are not, so its rules there are not counted and their globs not checked.`;
}

/** The folders as `unread` lists them (`unreadRuleFolders`): read in part, with what check says of each. */
export function cappedInstructionUnread(capped: readonly CappedInstructionFolder[], root: string, xcshSubfolders: ReadonlySet<string>): UnreadRuleFolderInfo[] {
  return capped.map((c) => {
    const f = cappedInstructionFinding(c, xcshSubfolders.has(c.path));
    return { path: displayPath(c.path, root), code: f.code, message: f.message, readInPart: true };
  });
}

/**
 * The capped folder of which `p` is one of the agent's files past the cap or below the depth
 * walked (none read it for the views), if any. A file deeper than the agent itself reads
 * (`through`: Devin Desktop's subfolders) is none of its files: nothing is missing.
 */
export function cappedFolderMissing(capped: readonly CappedInstructionFolder[], p: string): CappedInstructionFolder | undefined {
  return capped.find((c) => {
    if (p === c.path || !isInside(c.path, p) || !c.suffixes.some((s) => p.endsWith(s)) || c.listed.has(p)) return false;
    const depth = depthIn(c.path, p);
    return depth >= c.from && (c.through === undefined || depth <= c.through);
  });
}

/** How many folders down from `folder` the file `p` lies (0: directly in it). */
function depthIn(folder: string, p: string): number {
  return (relativeInside(folder, p) ?? '').split('/').length - 1;
}
