import type { UnreadRuleFolderInfo } from '../../../protocol/rulesContext';
import type { Finding } from '../../core/findings';
import { ZERO_RANGE } from '../../core/text';
import { displayPath, isInside, relativeInside } from '../../workspace/paths';
import { agentModel } from '../agents';
import { finding } from '../codes';
import { readInPartMessage } from '../lint/notRead';
import type { CappedInstructionFolder } from './instructionViews';

/*
 * The rule folders of Claude Code, Copilot, Cursor (its subfolders, nested `.cursor/rules`)
 * and Devin Desktop (`.devin/rules`) walked only as far as
 * `LIMITS.instructionFolderEntries` (`instructionViews.ts`, `Reader.list`), said through the
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
 * more there are is not known: they were not read.
 */
export function cappedInstructionFinding(folder: CappedInstructionFolder): Finding {
  return finding('rule/too-large', 'error', ZERO_RANGE, readInPartMessage(agentModel(folder.agent).name));
}

/**
 * The capped folders whose finding is said here: not one the rules engine already says of
 * (`saidByEngine`: a root `.cursor/rules` whose subfolders passed discovery's budget too, whose
 * one finding covers both, `lint/notRead.ts`).
 */
export function cappedToSay(capped: readonly CappedInstructionFolder[], saidByEngine: (p: string) => boolean): CappedInstructionFolder[] {
  return capped.filter((c) => !saidByEngine(c.path));
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
  return capped.find((c) => p !== c.path && isInside(c.path, p) && c.suffixes.some((s) => p.endsWith(s)) && !c.listed.has(p) && depthIn(c.path, p) >= c.from);
}

/** How many folders down from `folder` the file `p` lies (0: directly in it). */
function depthIn(folder: string, p: string): number {
  return (relativeInside(folder, p) ?? '').split('/').length - 1;
}
