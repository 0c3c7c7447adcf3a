import type { Finding, Severity } from '../../core/findings';
import { formatCount, LIMITS, overLimit } from '../../core/limits';
import { ZERO_RANGE } from '../../core/text';
import type { DocumentKind, NotReadCause } from '../../workspace/classify';
import type { FileSystem } from '../../workspace/fs';
import { linkLeadsToFolder } from '../../workspace/links';
import { displayPath } from '../../workspace/paths';
import { LINKED_FOLDER_ROUNDS } from '../../workspace/ruleLocations';
import type { WorkspaceSession } from '../../workspace/session';
import { finding } from '../codes';
import type { SkippedFile } from '../discovery';
import { agentModel, agentOfLocation, xcshReadsLocation } from '../agents';
import { CLINE_SKIPS_BROKEN_LINKS } from '../agents/cline';
import type { AgentId, AgentModel } from '../agents/types';
import { fileLocationFinding, placeOf } from './fileLocation';
import { fileTargets } from '../targets';

const SEVERITY: Record<NotReadCause | 'symlink' | 'special' | 'ignored', Severity> = {
  legacy: 'warning',
  nested: 'warning',
  'misplaced-folder': 'warning',
  hidden: 'information',
  'extension-case': 'error',
  extension: 'error',
  symlink: 'error',
  special: 'error',
  ignored: 'warning',
};

const FIX: Partial<Record<NotReadCause, string>> = { legacy: 'move-legacy', 'extension-case': 'fix-extension' };

/** The diagnostic for a file that looks like a rule but that the xcsh agent never reads (`kind` from the classifier). */
export function notReadForKind(kind: DocumentKind): Finding | undefined {
  if (kind.kind !== 'rule' || kind.loaded) return undefined;
  const cause = kind.cause;
  const severity = cause ? SEVERITY[cause] : 'warning';
  const fix = cause ? FIX[cause] : undefined;
  return finding('rule/not-read', severity, ZERO_RANGE, `The xcsh agent never reads this file: ${kind.reason}.`, fix ? { data: { fix } } : {});
}

/**
 * Who reads a rule location, by name: its tool, where the tool reads it (`agentOfLocation`:
 * not `~/.cursor/rules`), and the xcsh agent, which reads them all but Cline's global folders
 * (`xcshReadsLocation`). Each follows a location
 * that is a symlink (every tool reads its folder through links; nothing documents otherwise;
 * Cline's `readdir` of `.clinerules` follows a linked folder too), but for the xcsh agent and
 * a `.clinerules` that is a link to a folder, which it takes for a single file and fails to
 * read (discovery.ts, `clineLinkedFolder`, gives the sources). A rule FILE that is a link is
 * another matter: `toolOnly.ts`'s `followsFileLinks`.
 */
function locationReaders(skipped: SkippedFile): string {
  const id = agentOfLocation(skipped.provider, skipped.level);
  if (id === 'xcsh') return 'the xcsh agent';
  return xcshReadsLocation(skipped.provider, skipped.level) ? `${agentModel(id).name} and the xcsh agent` : agentModel(id).name;
}

/**
 * The notice for a rule file that is a link out of the workspace, in the folder of a tool
 * that follows such links (`followsFileLinks`; see `unfollowedLinkFindings` for the others).
 * Its tool reads the target; agentls reads
 * nothing outside the workspace, so the file is not checked, and a check must not pass it in
 * silence.
 */
export function linkedOutFileFinding(target: string, readerName: string): Finding {
  return finding(
    'rule/link-outside',
    'warning',
    ZERO_RANGE,
    `This rule file is a symbolic link to ${target} outside the workspace. ${readerName} follows the link and reads the rule there; agentls does not, so it is not checked.`,
  );
}

/**
 * The notice for a link to a folder outside the workspace inside a rule folder whose agent walks
 * a linked folder as the folder (`LINK_FOLLOWING_RULE_FOLDER` has the sources): the agent reads
 * the rules there; agentls opens nothing outside the workspace, so a check must say they went unchecked.
 */
export function linkedOutFolderFinding(target: string, readerName: string): Finding {
  return finding(
    'rule/link-outside',
    'warning',
    ZERO_RANGE,
    `This entry is a symbolic link to the folder ${target} outside the workspace. ${readerName} follows the link and reads the rules in that folder as its own; agentls does not, so they are not checked.`,
  );
}

/**
 * The finding for a link to a folder inside a rule folder whose agent follows such links only so
 * deep (Roo Code: `rooLinkTooDeep` has the source), past that depth: `links`, how many lie on the
 * way, itself included. The agent reads none of the files behind it, so rules kept there are lost.
 */
export function tooDeepLinkFinding(links: number, readerName: string): Finding {
  return finding(
    'rule/not-read',
    'error',
    ZERO_RANGE,
    `${readerName} never reads the folder this symbolic link leads to: it is link ${links} on the way down from the rule folder, and ${readerName} reads the files behind ${LINKED_FOLDER_ROUNDS} links at most, so none of the rules there reach it. Link the folder from nearer the rule folder.`,
  );
}

/**
 * The finding for a rule file that is a link leading to no file: to nothing, to a folder, or
 * round a loop. No tool can read a rule through it, so this replaces what would otherwise be
 * said of the link (that its tool follows it and the xcsh agent does not). `readers`: who
 * would read the rule, by name.
 */
export function brokenLinkFinding(leadsTo: string, readers: string, what: 'file' | 'location' = 'file', files = 'rules'): Finding {
  const read = readers.includes(' and ') ? 'read' : 'reads';
  const message = what === 'file' ? `This rule file is a symbolic link that ${leadsTo}: ${readers} cannot read a rule from it.` : `This ${placeOf(files)} is a symbolic link that ${leadsTo}: ${readers} ${read} no ${files} from it.`;
  return finding('rule/unreadable', 'error', ZERO_RANGE, message);
}

/**
 * The finding for a rule file that is a link to no file or folder where its agent's walk passes
 * over such a link in silence (`AgentModel.skipsBrokenLinks`: who does, and why, with the source):
 * no rule comes from it, but the agent does nothing other than skip it, so a warning. Where the
 * agent reads no link at all (`followsLinks` false: Cline), pointing it elsewhere would not do.
 */
export function skippedBrokenLinkFinding(leadsTo: string, skipper: { who: string; why: string }, followsLinks: boolean): Finding {
  const fix = followsLinks ? 'Point it at the rule file, or remove it.' : 'Put the rule file itself here, or remove it.';
  return finding('rule/unreadable', 'warning', ZERO_RANGE, `This rule file is a symbolic link that ${leadsTo}: ${skipper.who} skips it without a word, so no rule comes from it (${skipper.why}). ${fix}`);
}

/**
 * The finding for a rule folder that is a link to nothing or round a loop where its agent reads
 * no rule from it in silence (`AgentModel.brokenFolderReadsNoRule`: `why`, with the source): the
 * rules kept behind it are lost, but the agent does nothing else, so a warning.
 */
export function silentBrokenFolderFinding(leadsTo: string, agent: string, why: string): Finding {
  return finding('rule/unreadable', 'warning', ZERO_RANGE, `This rule folder is a symbolic link that ${leadsTo}: ${agent} reads no rules from it, without a word (${why}). Point it at the folder of rules, or remove it.`);
}

/**
 * The finding for a rule location that is a link to a folder holding the link itself (the
 * workspace root, an ancestor): a walk of it goes round in a loop. What each tool then reads
 * there is not documented, so only the loop and agentls's own part are said.
 */
export function selfHoldingLocationFinding(written: string, readers: string): Finding {
  return finding(
    'rule/unreadable',
    'error',
    ZERO_RANGE,
    `This rule location is a symbolic link to ${written}, a folder that holds the link itself: a walk of it goes round in a loop, meeting the same files again and again. What ${readers} reads there is not documented; agentls does not follow it, so its rules are not checked.`,
  );
}

/**
 * A symbolic link to a folder in a rule folder whose agent passes over such links
 * (`AGENTS_SKIPPING_LINKED_FOLDERS` in `context/instructionViews.ts` has the sources): its rules
 * never reach the agent. `readers`: the agent, by name.
 */
export function unwalkedLinkedFolderFinding(agent: AgentModel, link: string): Finding {
  const readers = agent.name;
  // Named as a rule file (`x.md`), the link itself is taken for one, which reads as empty (`AgentModel.readsLinkedFolderAsEmptyRule`).
  const emptyRule = agent.readsLinkedFolderAsEmptyRule !== undefined && link.endsWith('.md');
  const empty = emptyRule ? ` Named as a rule file, the link itself is loaded as an empty rule, \`${agent.ruleName?.({}, link) ?? link}\`, applied always and sending nothing (${agent.readsLinkedFolderAsEmptyRule}).` : '';
  return finding(
    'rule/not-read',
    'warning',
    ZERO_RANGE,
    `${readers} in VS Code does not read the rules in this folder: it is a symbolic link to a folder, and ${readers}'s walk of its rule folder reads linked files but never goes into a linked folder (continuedev/continue, core/indexing/walkDir.ts).${empty} Put the folder itself here, or link its files one by one. ${readers} in JetBrains or its CLI may differ.`,
  );
}

/** A rule folder's entry that is a pipe, socket or device: opening one can block, or take what a writer meant for someone else. */
export function specialEntryFinding(readers: string, what: 'rule' | 'prompt' = 'rule'): Finding {
  return finding('rule/unreadable', 'error', ZERO_RANGE, `This ${what} file is not a regular file but a pipe, socket or device: ${readers} cannot read a ${what} from it, and agentls does not open it.`);
}

/**
 * The diagnostic for a file discovery saw in a rule folder but left out. `readsTarget`: for a
 * link, the workspace-relative path of the rule file it leads to when the xcsh agent reads
 * that file itself (one rule kept in its folder and linked into the other tools' folders): the
 * rule reaches the agent all the same, so that is said, not an error.
 */
export async function notReadFinding(skipped: SkippedFile, session: WorkspaceSession, _fs: FileSystem, readsTarget?: string): Promise<Finding | undefined> {
  if (skipped.why === 'symlink' && readsTarget !== undefined) {
    return finding('rule/not-read', 'information', ZERO_RANGE, `The xcsh agent never reads this file: it is a symlink; the xcsh agent reads the rule it leads to, ${readsTarget}, from there.`);
  }
  if (skipped.why === 'symlink') {
    return finding('rule/not-read', SEVERITY.symlink, ZERO_RANGE, 'The xcsh agent never reads this file: it is a symlink, and the xcsh agent loads regular files only. Put the file itself here.');
  }
  if (skipped.why === 'special') {
    return finding('rule/not-read', SEVERITY.special, ZERO_RANGE, 'The xcsh agent never reads this entry: it is not a regular file (a pipe, socket or device).');
  }
  if (skipped.why === 'outside') {
    const where = `This rule location is a symbolic link to ${skipped.target ?? 'a place'} outside the workspace.`;
    // Whether it leads to a folder is a stat through the link, never a listing of the target.
    if (skipped.provider === 'cline' && skipped.level === 'project' && linkLeadsToFolder(skipped.path)) {
      return finding(
        'rule/link-outside',
        'warning',
        ZERO_RANGE,
        `${where} Cline follows the link and reads the rules there; the xcsh agent takes a linked .clinerules for a single file and fails to read it; agentls does not follow it, so they are not checked.`,
      );
    }
    return linkedOutLocationFinding(where, locationReaders(skipped));
  }
  if (skipped.why === 'broken-link') return brokenLinkFinding(skipped.target ?? 'leads nowhere', locationReaders(skipped), 'location');
  if (skipped.why === 'file-location') {
    // Named as users know it: from the home for a user-level folder, else from its workspace root.
    const folder = skipped.folder ?? skipped.path;
    const shown = displayPath(folder, skipped.level === 'user' ? undefined : session.rootOf(folder), session.home);
    return fileLocationFinding(locationReaders(skipped), agentOfLocation(skipped.provider, skipped.level), shown, { link: skipped.target, special: skipped.special });
  }
  if (skipped.why === 'unreadable') return unlistableFolderFinding(locationReaders(skipped));
  if (skipped.why === 'too-many') return skipped.subfolders ? tooManySubfolderEntriesFinding(cursorWalks(skipped, session)) : tooManyFilesFinding(skipped.total ?? 0);
  if (skipped.why === 'linked-folder') {
    // discovery.ts, `clineLinkedFolder`: the sources for both agents.
    return finding(
      'rule/not-read',
      SEVERITY.ignored,
      ZERO_RANGE,
      'The xcsh agent never reads this file: `.clinerules` is a symbolic link to a folder, which the xcsh agent takes for a single rule file and fails to read.',
    );
  }
  if (skipped.why === 'ignored') {
    return finding('rule/not-read', SEVERITY.ignored, ZERO_RANGE, "The xcsh agent never reads this file: it is ignored by the ignore files (.gitignore, .ignore, git's exclude files), and the xcsh agent skips ignored rule files.");
  }
  return notReadForKind(session.classify(skipped.path));
}

/**
 * The notice for a rule location that is a symbolic link out of the workspace (`where` says
 * which link, and to where), naming who reads it: agentls reads nothing outside the workspace,
 * so its rules are not checked, and a check must not pass it in silence.
 */
export function linkedOutLocationFinding(where: string, readers: string, files = 'rules'): Finding {
  const read = readers.includes(' and ') ? 'read' : 'reads';
  return finding('rule/link-outside', 'warning', ZERO_RANGE, `${where} ${followers(readers)} the link and ${read} the ${files} there; agentls does not, so they are not checked.`);
}


/** "Cursor and the xcsh agent follow", "The xcsh agent follows". */
function followers(names: string): string {
  return `${names.charAt(0).toUpperCase()}${names.slice(1)} ${names.includes(' and ') ? 'follow' : 'follows'}`;
}

/**
 * A rule file that is a link, in the folder of a tool that reads regular files only
 * (`followsFileLinks`): that tool never reads it, wherever the link leads, so neither its
 * lint of the target's text nor "it follows the link" is said; the xcsh agent's own "never
 * reads" stands as it is. For the agents targeted (`targets.ts`). An error: the rule behind the
 * link is never sent, as in Cline's other folders (`clineLinkFinding`).
 */
export function unfollowedLinkFindings(xcsh: Finding[], tool: Pick<AgentModel, 'id' | 'name'>, targets: ReadonlySet<AgentId>): Finding[] {
  const out = targets.has('xcsh') ? [...xcsh] : [];
  if (targets.has(tool.id)) out.push(unfollowedLinkFinding(tool.name));
  return out;
}

/** `readers` never read a rule file that is a symbolic link (`unfollowedLinkFindings`). */
function unfollowedLinkFinding(readers: string): Finding {
  return finding('rule/not-read', 'error', ZERO_RANGE, `${readers} never reads this file: it is a symbolic link, and ${readers} reads only the regular files of its rules folder. Put the file itself here.`);
}

/** Where Cline 4 and the Cline CLI keep the regular files of a rule folder and nothing else (discovery.ts, `clineLinks`). */
const CLINE_REGULAR_FILES_ONLY = '(cline/cline, sdk/packages/core/src/extensions/config/user-instruction-config-loader.ts, `discoverRulesLikeFiles`, which keeps the entries whose `isFile()` is true)';

/** How Cline 3.x walked `.clinerules`: into the entries that are folders, never into a link (src/utils/fs.ts has the source). */
const CLINE_3_WALKS_NO_LINK =
  "(cline/cline, src/utils/fs.ts, `readDirectory`: `readdir` with `recursive: true`, which goes into the entries whose `isDirectory()` is true, a link's never, as nodejs/node's lib/internal/fs/promises.js, `readdirRecursive`, shows)";

/**
 * A symbolic link in a rule folder of Cline's that the xcsh agent's listing does not tell of
 * (discovery.ts, `clineLinks`, has the source): Cline's loaders keep the regular files of `folder`
 * (as shown to the user) and nothing else, so the rule or rules behind the link never reach it. An
 * error, as a link to a `.md` file in `.clinerules/` is (`unfollowedLinkFindings`) and the xcsh
 * agent's own links are: the rule written behind the link is never sent, so Cline does other than
 * the file says. `readByOlder`: Cline 3.x read the folder too (`.clinerules`), and dropped the link
 * as well; else only Cline 4 and the Cline CLI read it. A link to no file or folder (`brokenTo`: what
 * it leads to, in words) has no rule behind it to lose, and Cline passes over it without a word: a
 * warning, as one in `.clinerules/` is (`CLINE_SKIPS_BROKEN_LINKS`, `brokenLinkFindings`).
 */
export function clineLinkFinding(folder: string, linkedFolder: boolean, brokenTo?: string, readByOlder = false): Finding {
  if (brokenTo !== undefined) return skippedBrokenLinkFinding(brokenTo, CLINE_SKIPS_BROKEN_LINKS, false);
  if (readByOlder && !linkedFolder) return unfollowedLinkFinding('Cline');
  const message = readByOlder
    ? `Cline never reads the rules this symbolic link leads to: it is a link to a folder; Cline 4 and the Cline CLI read only the regular files directly in \`${folder}\` ${CLINE_REGULAR_FILES_ONLY}, and Cline 3.x, which read its subfolders too, never went into a linked one ${CLINE_3_WALKS_NO_LINK}. Put the rule files themselves here.`
    : linkedFolder
      ? `Cline 4 and the Cline CLI never read the rules this symbolic link leads to: it is a link to a folder, and they read only the regular files directly in \`${folder}\`, never a linked folder or a subfolder ${CLINE_REGULAR_FILES_ONLY}. Put the rule files themselves here.`
      : `Cline 4 and the Cline CLI never read this file: it is a symbolic link, and they read only the regular files of \`${folder}\` ${CLINE_REGULAR_FILES_ONLY}. Put the file itself here.`;
  return finding('rule/not-read', 'error', ZERO_RANGE, message);
}

/**
 * A rule folder of more rule files than agentls reads (`LIMITS.ruleFolderFiles`): the agents
 * read them all, agentls the first by name, so a check must say the rest are not checked.
 * An error, as a rule file too large to analyse is (`rule/too-large`).
 */
function tooManyFilesFinding(total: number): Finding {
  const limit = LIMITS.ruleFolderFiles;
  const rest = total - limit;
  const tail = `the ${formatCount(rest)} past the first ${formatCount(limit)} by name ${rest === 1 ? 'is' : 'are'} not checked.`;
  return finding('rule/too-large', 'error', ZERO_RANGE, `${overLimit('This rule folder holds', total, limit, 'rule files')}: ${tail}`);
}

/**
 * A rule folder whose subfolders hold more entries than agentls reads of them
 * (`LIMITS.ruleSubfolderEntries`; discovery.ts, `listNested`): the files there are no rules
 * of the folder, only told of as files the xcsh agent never loads, so a warning, not the
 * error of unread rules. How many more there are is not known: they were not read. None
 * where Cursor's walk of the folder stopped too (`cursorWalks`): the folder's one finding is
 * then Cursor's, which says this too where the xcsh agent is targeted (`context/cappedFolders.ts`).
 */
function tooManySubfolderEntriesFinding(cursorWalked: boolean): Finding | undefined {
  if (cursorWalked) return undefined;
  const limit = LIMITS.ruleSubfolderEntries;
  const what = `This rule folder's subfolders hold more than`;
  return finding('rule/too-large', 'warning', ZERO_RANGE, `${overLimit(what, limit, limit, 'entries')}: the subfolders past those, by name, are not looked into.`);
}

/**
 * Whether Cursor's walk of the root `.cursor/rules` (`instructionViews.ts`, `Reader.list`, for
 * its rules in subfolders) stopped at `LIMITS.instructionFolderEntries` wherever discovery's
 * look into its subfolders stopped: the walk runs where the settings show Cursor, and it counts
 * every entry discovery counts there (the root's own too, dot-folders, deeper levels: discovery
 * looks one level down, the walk 8), in one budget no smaller, so it goes past its budget first.
 */
function cursorWalks(skipped: SkippedFile, session: WorkspaceSession): boolean {
  return skipped.provider === 'cursor' && skipped.level === 'project' && fileTargets(session.settings.rules.agents, 'cursor', false).has('cursor');
}

/** A rule folder that is there but cannot be listed (no read permission), said for `readers`: an agent run as the same user meets the same refusal, so whatever rules are there reach none of them. */
export function unlistableFolderFinding(readers: string): Finding {
  return finding('rule/unreadable', 'error', ZERO_RANGE, `This rule folder cannot be listed (no read permission): ${readers} ${readers.includes(' and ') ? 'load' : 'loads'} no rules from it when run as this user, and agentls cannot check them.`);
}
