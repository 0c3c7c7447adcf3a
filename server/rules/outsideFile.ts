import * as path from 'node:path';
import { isMarkdownPath, MARKDOWN_EXTENSIONS } from '../workspace/classify';
import type { FileSystem, ReadFailure } from '../workspace/fs';
import { brokenLinkReason, linkHoldingItself, linkLeadsToFolder } from '../workspace/links';
import { LINK_FOLLOWING_RULE_FOLDER } from '../workspace/ruleLocations';
import { toPosix } from '../workspace/paths';
import type { WorkspaceSession } from '../workspace/session';
import type { OutsideFile } from './agentFiles';
import { ownerBehindLink, ownerOf, type AgentModel, type Placement } from './agents';
import { isClineTextRule } from './agents/cline';
import { mayBeRooFile, ROO_RULE_FOLDER, rooLinkTooDeep } from './agents/roo';
import { ZED_OWN_FILE } from './agents/zed';
import { MAX_RULE_FILE_BYTES, type ReadProblem } from './analysis';
import type { RulesEngine } from './engine';
import { mayBeGeminiContextFile } from './lint/geminiImports';

/** Rule files without a Markdown extension, which may sit in any folder. */
const SINGLE_FILE_RULES = new Set(['.cursorrules', '.windsurfrules', '.clinerules']);

/**
 * Whether a file's name may make it a rule file (Markdown, a single-file rule, Zed's `.rules`,
 * Cline's `.clinerules/*.txt`, or Roo Code's files, which may have any name: `mayBeRooFile`): the
 * files a workspace lint reads. Zed reads `.rules` at the root alone (agents/zed.ts), which its
 * model owns; a subfolder's has no owner and is then passed over in silence, not reported as a
 * misplaced rule: `.rules` is a plain name other tools' files may have, Zed documents no nested
 * reading to expect, and it reads one file per worktree, whose root's `.rules` the model judges.
 * And a link to a folder, whatever its name, in a rule folder whose agent reads such a folder as
 * part of it (`mayBeLinkedRuleFolder`).
 */
export function mayBeRuleFile(p: string): boolean {
  const name = path.basename(p);
  return isMarkdownPath(p) || SINGLE_FILE_RULES.has(name) || name === ZED_OWN_FILE || isClineTextRule(p) || mayBeRooFile(p) || mayBeLinkedRuleFolder(p);
}

/**
 * Whether `p` is a link to a folder inside Claude Code's `.claude/rules` or Roo Code's
 * `.roo/rules(-{mode})`, whose agents read a linked folder there whatever the link's name
 * (`LINK_FOLLOWING_RULE_FOLDER` has the sources; Roo Code's `shouldIncludeRuleFile` judges the
 * name of each file behind it, not the link's): `.claude/rules/shared` → a folder out of the
 * workspace must be said as `.claude/rules/shared.md` is. The path is tested first, so only
 * the few entries of those folders that no name lets through cost a stat (through the link,
 * never a listing: it may lead out of the workspace).
 */
function mayBeLinkedRuleFolder(p: string): boolean {
  return LINK_FOLLOWING_RULE_FOLDER.test(toPosix(p)) && linkLeadsToFolder(p);
}

/**
 * Every file `mayBeRuleFile` accepts has one of these extensions (lower-case) or one of
 * these names, which have none, or is one `also` picks: Roo Code's `.roorules-{mode}` and
 * `.clinerules-{mode}` by their prefix, and every file under a `.roo/rules(-{mode})` folder, whatever its extension. The file
 * index hands over only those (a few thousand of a 92k-file tree) instead of every path, and
 * `mayBeRuleFile` judges them, so the server's lint of closed rule files takes the files `check` does.
 */
export const RULE_FILE_CANDIDATES = {
  extensions: [...MARKDOWN_EXTENSIONS, '.txt'],
  names: [...SINGLE_FILE_RULES, ZED_OWN_FILE, '.roorules'],
  also: { namePrefixes: ['.roorules-', '.clinerules-'], folders: ROO_RULE_FOLDER },
} as const;

/** A file seen from the rule linters: its kind for the xcsh agent, its workspace folder, and its path as the tools match it. */
export function placeOf(session: WorkspaceSession, engine: RulesEngine, file: string): Pick<OutsideFile, 'kind' | 'root' | 'rel' | 'places'> {
  const root = session.rootOf(file) ?? engine.rootFor(file);
  return { kind: session.classify(file), root, ...engine.toolPlace(file, root) };
}

/**
 * A rule file the engine does not list, not open anywhere, as a tool reads it from disk
 * in the language server: in a place some agent reads (its own tool's or the xcsh agent's),
 * as `agentls check` lints every such file of the tree.
 */
export function isUnlistedRuleFile(session: WorkspaceSession, engine: RulesEngine, file: string): boolean {
  // A context file of Gemini CLI's by another name (`context.fileName`): no model owns the name, and its imports are judged.
  if (mayBeGeminiContextFile(file, session)) return true;
  if (!mayBeRuleFile(file)) return false;
  const place = placeOf(session, engine, file);
  return place.kind.kind === 'rule' || ownerOfEntry(file, place) !== undefined;
}

/** The agent that reads the file at `file`, or, for a link to a folder its agent reads as part of a rule folder (whatever its name), the files behind it (`ownerBehindLink`). */
export function ownerOfEntry(file: string, place: Pick<OutsideFile, 'rel' | 'places'>): { agent: AgentModel; placement: Placement } | undefined {
  return ownerOf(place.rel, place.places) ?? (mayBeLinkedRuleFolder(file) ? ownerBehindLink(place.rel, place.places) : undefined);
}

/** Reads a file the engine does not list, as `outsideFindings` judges it: its text, or why there is none. */
export async function readOutsideFile(
  session: WorkspaceSession,
  fs: FileSystem,
  engine: RulesEngine,
  file: string,
  named: boolean,
  place = placeOf(session, engine, file),
): Promise<OutsideFile> {
  const strict = await fs.readText(file, { maxBytes: MAX_RULE_FILE_BYTES });
  // Bytes that are not UTF-8 are said (rule/invalid-utf8); the text is still decoded lossily, as an agent decodes whatever bytes are there.
  const invalid: ReadProblem | undefined = !strict.ok && strict.reason === 'invalid-utf8' ? { kind: 'invalid-utf8', message: strict.message } : undefined;
  const read = invalid ? await fs.readText(file, { maxBytes: MAX_RULE_FILE_BYTES, lossy: true }) : strict;
  const text = read.ok ? read.text : undefined;
  // In a rule folder whose agent walks a linked folder as the folder, a link to one is no broken rule file:
  // its files are listed through it (`LinkedRuleFolders`), or, out of the workspace, said not checked.
  const folderLink = !read.ok && LINK_FOLLOWING_RULE_FOLDER.test(place.rel) && linkLeadsToFolder(file);
  // A link to no file is that first, wherever it points: a link out to a folder reads no rule either.
  const brokenLink = !read.ok ? brokenLinkReason(file, { folderWanted: folderLink }) : undefined;
  const linkedOutTo = !read.ok && brokenLink === undefined && read.reason === 'outside-workspace' ? session.confinement.escapeTarget(file) : undefined;
  const holdsItself = folderLink && linkedOutTo === undefined ? linkHoldingItself(file) : undefined;
  const readProblem = read.ok ? invalid : brokenLink === undefined && linkedOutTo === undefined && !folderLink ? readProblemOf(read) : undefined;
  // Past the links Roo Code follows, whether it leads out or not: Roo Code reads nothing there (`rooLinkTooDeep`).
  const tooDeep = folderLink ? rooLinkTooDeep(file) : undefined;
  const linkedFolder = folderLink ? { linkedFolder: { ...(holdsItself !== undefined ? { holdsItself } : {}), ...(tooDeep !== undefined ? { tooDeep } : {}) } } : {};
  return { path: file, ...place, text, linkedOutTo, brokenLink, readProblem, ...linkedFolder, agents: session.settings.rules.agents, workspaceHasXcsh: engine.workspaceHasXcsh(place.root), named };
}

/** What a failed read means for a rule file's checks; undefined when there is no file to speak of (it went away). */
function readProblemOf(read: { reason: ReadFailure; message: string; size?: number }): ReadProblem | undefined {
  switch (read.reason) {
    case 'too-large':
      return { kind: 'too-large', message: read.message, size: read.size ?? 0 };
    case 'binary':
      return { kind: 'binary', message: read.message };
    case 'unreadable':
    case 'is-directory':
      return { kind: 'unreadable', message: read.message };
    default:
      return undefined;
  }
}
