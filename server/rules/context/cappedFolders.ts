import type { UnreadRuleFolderInfo } from '../../../protocol/rulesContext';
import type { Finding } from '../../core/findings';
import { LIMITS, overLimit } from '../../core/limits';
import { ZERO_RANGE } from '../../core/text';
import { displayPath, isInside } from '../../workspace/paths';
import { agentModel } from '../agents';
import { finding } from '../codes';
import type { CappedInstructionFolder } from './instructionViews';

/*
 * Claude Code's and Copilot's rule folders walked only as far as
 * `LIMITS.instructionFolderEntries` (`instructionViews.ts`, `Reader.list`), said through the
 * channels of the other rule folders read in part: a finding on the folder (`agentls check`,
 * the server's diagnostics), `unread` of `agentls rules` and `agentls/ruleBuckets`.
 */

/**
 * What is said of such a folder. Both agents read every file of theirs there, subfolders
 * included (`agents/claude.ts`, `agents/copilot.ts`), so those past the cap are rules they
 * load that agentls leaves out of their views: not counted in what they send, their globs
 * not judged (their frontmatter is still checked, file by file, by check's own listing). An
 * error, as a rule folder of more files than agentls reads is (`rule/too-large`). How many
 * more there are is not known: they were not read.
 */
export function cappedInstructionFinding(folder: CappedInstructionFolder): Finding {
  const limit = LIMITS.instructionFolderEntries;
  const head = overLimit('This rule folder and its subfolders hold more than', limit, limit, 'entries');
  // Past the cap, a folder is not read at all (`Reader.list`): the rule folder itself, when its own entries are more.
  const tail = `the files of the folder that goes past them, and of those after it in name order, are not read for ${agentModel(folder.agent).name}, so its rules among them are not counted and their globs not checked.`;
  return finding('rule/too-large', 'error', ZERO_RANGE, `${head}: ${tail}`);
}

/** The folders as `unread` lists them (`unreadRuleFolders`): read in part, with what check says of each. */
export function cappedInstructionUnread(capped: readonly CappedInstructionFolder[], root: string): UnreadRuleFolderInfo[] {
  return capped.map((c) => {
    const f = cappedInstructionFinding(c);
    return { path: displayPath(c.path, root), code: f.code, message: f.message, readInPart: true };
  });
}

/** The capped folder of which `p` is one of the agent's files past the cap (none read it for the views), if any. */
export function cappedFolderMissing(capped: readonly CappedInstructionFolder[], p: string): CappedInstructionFolder | undefined {
  return capped.find((c) => p !== c.path && isInside(c.path, p) && c.suffixes.some((s) => p.endsWith(s)) && !c.listed.has(p));
}
