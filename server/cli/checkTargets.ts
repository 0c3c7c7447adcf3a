import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { UNDECODABLE_NAME, undecodableNameMessage } from '../workspace/fs';
import { LIMITS } from '../core/limits';
import { looksMarkdown } from '../rules/discovery';
import { compareBytes } from '../rules/model';
import { realpathOfLongestPrefix } from '../workspace/confine';
import { linkLeadsTo, linkLeadsToFolder } from '../workspace/links';
import { displayPath, isInside } from '../workspace/paths';
import { agentModel } from '../rules/agents';
import { cappedInstructionFinding } from '../rules/context/cappedFolders';
import { sessionInstructionHost, type CappedInstructionFolder } from '../rules/context/instructionViews';
import { userAreaReading, userFolderFiles } from '../rules/context/userAreaReading';
import { readRooRoot, rooModesRead, rooUserModeFolderOf } from '../rules/rooRoot';
import { rooUserRuleFolder } from '../workspace/ruleLocations';
import type { WorkspaceSession } from '../workspace/session';
import { CliError } from './command';

/** What `agentls check PATH…` was asked to look at. */
export interface CheckTargets {
  /** No path, or the root itself named: the whole workspace. */
  whole: boolean;
  /** Folders to walk (absolute, under the root). */
  folders: string[];
  /** Files named one by one (absolute, under the root, or user-level rule files, or a user-level location that is a link to nothing). */
  files: string[];
  /**
   * Of a user-level rule folder named whole, the first file past what agentls reads of it
   * (`userAreaFiles`): given to the lint, which says the folder's cap and makes the run
   * incomplete, but not counted as checked.
   */
  pastCap: string[];
  /** Of a user-level rule folder walked as its agent reads it, where the walk stopped short (`userFolderFiles`): the run is incomplete. */
  incomplete: string[];
  /** User-level rule folders named beyond `userRuleAreas` (a Roo Code mode's the workspace names: `rooModeFolderNamed`), for the run's session to let in. */
  areas: string[];
  /** What check took a folder named to mean (`~/.claude`: the places Claude Code reads in it), said on stderr. */
  notes: string[];
}

/**
 * Sorts the paths of the command line into folders and files. A path that does not
 * exist, cannot be read, or lies outside the root is an error (exit 2): `check` never
 * answers "no problems" for something it did not look at.
 */
export async function resolveCheckTargets(paths: string[], cwd: string, root: string, session: WorkspaceSession): Promise<CheckTargets> {
  const targets: CheckTargets = { whole: paths.length === 0, folders: [], files: [], pastCap: [], incomplete: [], areas: [], notes: [] };
  const problems: string[] = [];
  // A folder of the home holding user-level rule places (`~/.claude`) adds those places it holds to the paths checked.
  const queue = [...paths];
  for (let i = 0; i < queue.length; i++) {
    const written = queue[i];
    const abs = await underRoot(path.resolve(cwd, written), root);
    // The root: the whole workspace (it exists, and is a folder).
    if (abs === root) {
      targets.whole = true;
      continue;
    }
    // A folder above it (`/`, `..` at the top) asks for more than the project: checking the
    // project alone would answer "clean" for what it did not look at.
    if (isInside(abs, root)) {
      problems.push(`${written} is a folder above the workspace root ${root}: agentls checks one project, so it did not check it (run agentls check in the project, name folders inside it, or give --root)`);
      continue;
    }
    // Where a path lies is settled before it is looked at: a stat of a path outside would
    // tell whether it exists, what it is and whether it can be read, of files that are none
    // of the workspace's (the answer is the same for every one of them).
    const inRoot = isInside(root, abs);
    // The user-level rule folders are read beside the root; named, their files are checked.
    const modeFolder = inRoot ? undefined : await rooModeFolderNamed(abs, root, session);
    if (modeFolder?.named && !targets.areas.includes(modeFolder.folder)) targets.areas.push(modeFolder.folder);
    const area = inRoot ? undefined : session.userRuleAreas().find((a) => isInside(a, abs));
    // A user-level location that is a link to nothing (or a folder above one, `~/.cline`):
    // its finding, on the link, is reported when it is named, as the note of a project's check says.
    if (!inRoot && (await userLevelDanglingLink(abs, area, session))) {
      targets.files.push(abs);
      continue;
    }
    // Roo Code reads a mode's folder in that mode alone; agentls reads those of the modes the workspace names (`rooModesRead`).
    if (modeFolder && !modeFolder.named) {
      const mode = path.basename(modeFolder.folder).slice('rules-'.length);
      problems.push(`${written}: Roo Code reads ${modeFolder.folder} in its mode ${mode}, which this workspace does not name (no .roo/rules-${mode}/ nor .roorules-${mode} at ${root}, and its .roomodes defines no such mode), so agentls does not read it`);
      continue;
    }
    const held = !inRoot && area === undefined ? userAreasHeldBy(abs, session) : [];
    if (held.length > 0) {
      // A place that is a link to nothing is there all the same: named, its finding says so (`userLevelDanglingLink`).
      const there = held.filter((a) => fs.existsSync(a) || linkLeadsTo(a) !== undefined);
      if (there.length === 0) problems.push(`${written}: agentls checks only what ${placesByAgent(held, session)}, and none of it is there`);
      else {
        // Only the places there: `~/.claude` without a CLAUDE.md is not said to check one.
        targets.notes.push(`${written}: checking only what ${placesByAgent(there, session)} (the rest of the folder holds no rules)`);
        queue.push(...there.filter((a) => !queue.includes(a)));
      }
      continue;
    }
    if (!inRoot && area === undefined) {
      problems.push(`${written} lies outside the workspace root ${root} (give --root a folder that holds it)`);
      continue;
    }
    // Inside, but a symbolic link on the way leads out: the confinement resolves the links
    // and never opens what they lead to, so a dangling link is told as one to a file.
    if (inRoot && !session.allows(abs)) {
      if (realpathOfLongestPrefix(abs) === undefined) problems.push(`${written}: cannot be read (a symbolic link loop, or a folder on the way that cannot be searched)`);
      else problems.push(`${written} leads outside the workspace root ${root} through a symbolic link, so it is not checked`);
      continue;
    }
    // A link to a folder in Continue's rule folder, at any depth: Continue in VS Code never walks it (and loads one named `x.md`
    // as an empty rule), so it is checked as the link it is, the lint saying so (`unwalkedLinkedFolderFinding`), never walked.
    if (area !== undefined && abs !== area && linkLeadsToFolder(abs) && userAreaReading(area, session.home, session.settings.rules.profile, session.settings.rules.piConfigDir).agent === 'continue') {
      targets.files.push(abs);
      continue;
    }
    // In a user-level rule folder, a folder on the way (or the one named) is a link out of the user-level places: not
    // followed, so not checked. A rule file that is itself such a link is left to the lint, which says so (`rule/link-outside`).
    if (area !== undefined && !session.allowsRuleFile(abs) && ((abs !== area && !session.allowsRuleFile(path.dirname(abs))) || linkLeadsToFolder(abs))) {
      const reading = userAreaReading(area, session.home, session.settings.rules.profile, session.settings.rules.piConfigDir);
      // A link to a folder directly in a global rule folder of Cline's, which never reads it: the lint says so of the link (discovery.ts, `clineLinks`).
      if (reading.agent === 'cline' && path.dirname(abs) === area) {
        targets.files.push(abs);
        continue;
      }
      problems.push(linkedOutOfUserAreas(written, agentModel(reading.agent).name, abs === area || reading.walk?.followsLinks === true));
      continue;
    }
    let isDir: boolean;
    try {
      const st = await fsp.stat(abs);
      isDir = st.isDirectory();
      if (!isDir && !st.isFile()) {
        problems.push(`${written}: not a file or a folder`);
        continue;
      }
      await fsp.access(abs, fsp.constants.R_OK);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && written.includes(UNDECODABLE_NAME)) problems.push(undecodableNameMessage(written));
      else problems.push(code === 'ENOENT' ? `${written}: no such file or folder` : `${written}: cannot be read (${code ?? (err as Error).message})`);
      continue;
    }
    if (area === undefined) (isDir ? targets.folders : targets.files).push(abs);
    else if (!isDir) targets.files.push(abs);
    else await addUserFolder(targets, problems, written, abs, area, session);
  }
  if (problems.length) throw new CliError(problems.join('\n'));
  return targets;
}

/**
 * A user-level rule folder named (`area`, or `abs` inside it): the files its agent reads there,
 * as it reads them (`userAreaReading`: the subfolders too where it walks them), with the same
 * caps as the views' walk or discovery's listing; a folder inside one its agent reads flat is
 * refused, naming that agent. A folder of which the agent reads nothing is a problem too: `check`
 * never answers "no problems" for nothing looked at.
 */
async function addUserFolder(targets: CheckTargets, problems: string[], written: string, abs: string, area: string, session: WorkspaceSession): Promise<void> {
  const { profile, piConfigDir } = session.settings.rules;
  const reading = userAreaReading(area, session.home, profile, piConfigDir);
  const agent = agentModel(reading.agent).name;
  if (abs !== area && reading.file) return void problems.push(`${written}: ${agent} reads ${area} as one file, not the files of a folder`);
  if (abs !== area && (!reading.walk || reading.walk.through === 0)) return void problems.push(`${written}: ${agent} reads the files of ${area} itself, not of its subfolders`);
  let listed: { read: string[]; pastCap?: string; capped?: CappedInstructionFolder; unlisted?: string[]; linkedFolders?: string[] };
  try {
    if (reading.walk) {
      const walked = await userFolderFiles(sessionInstructionHost(session), abs, reading.agent, reading.walk);
      listed = { read: walked.files, unlisted: walked.unlisted, linkedFolders: walked.linkedFolders, ...(walked.capped ? { capped: walked.capped } : {}) };
    } else listed = await userAreaFiles(abs);
  } catch (err) {
    return void problems.push(`${written}: cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  // A linked folder its agent walks as a folder, leading out of the user-level places: agentls does not follow it.
  const linkedOut = (listed.linkedFolders ?? []).filter((link) => !session.allowsRuleFile(link));
  if (reading.walk?.followsLinks) for (const link of linkedOut) targets.incomplete.push(linkedOutOfUserAreas(displayPath(link, undefined, session.home), agent, true));
  // A subfolder that cannot be read may hold rules its agent reads: the run is incomplete, never clean.
  for (const folder of listed.unlisted ?? []) targets.incomplete.push(`cannot read folder ${displayPath(folder, undefined, session.home)} (${await whyUnlistable(folder)}): ${agent} reads the rules there, so they are not checked`);
  if (listed.read.length === 0 && listed.capped === undefined && !listed.unlisted?.length && !(reading.walk?.followsLinks && linkedOut.length)) problems.push(`${written}: no file there was checked: it holds none that ${agent} reads`);
  targets.files.push(...listed.read);
  // Cline reads no linked folder there: the lint says so of each link directly in the folder (discovery.ts, `clineLinks`).
  if (reading.agent === 'cline') targets.files.push(...(listed.linkedFolders ?? []).filter((link) => path.dirname(link) === area));
  // Continue in VS Code walks into no linked folder, at any depth, and loads one named `x.md` as an empty rule: the lint says so of each (`unwalkedLinkedFolderFinding`).
  if (reading.agent === 'continue') targets.files.push(...(listed.linkedFolders ?? []));
  if (listed.pastCap !== undefined) targets.pastCap.push(listed.pastCap);
  if (listed.capped) targets.incomplete.push(`${displayPath(listed.capped.path, undefined, session.home)}: ${cappedInstructionFinding(listed.capped).message}`);
}

/**
 * The user-level rule places (`userRuleAreas`) inside `abs`, a folder of the home other than the
 * home itself (`~/.claude` holds `~/.claude/CLAUDE.md` and `~/.claude/rules`); none for any other path.
 */
function userAreasHeldBy(abs: string, session: WorkspaceSession): string[] {
  if (abs === session.home || !isInside(session.home, abs)) return [];
  return session.userRuleAreas().filter((a) => a !== abs && isInside(abs, a));
}

/** `areas` in words, by the agent that reads each: "Claude Code reads there: ~/.claude/CLAUDE.md and ~/.claude/rules". */
function placesByAgent(areas: readonly string[], session: WorkspaceSession): string {
  const { profile, piConfigDir } = session.settings.rules;
  const byAgent = new Map<string, string[]>();
  for (const a of areas) {
    const agent = agentModel(userAreaReading(a, session.home, profile, piConfigDir).agent).name;
    byAgent.set(agent, [...(byAgent.get(agent) ?? []), displayPath(a, undefined, session.home)]);
  }
  return [...byAgent].map(([agent, places]) => `${agent} reads there: ${places.join(' and ')}`).join('; ');
}

/**
 * What check says of a place in a user-level rule folder reached through a symbolic link out of
 * the user-level places (`shown`): agentls never opens what such a link leads to (the confinement's
 * rule, as for a link out of the workspace), so its rules are not checked; `follows`, where the
 * agent reads through it (`UserAreaReading.walk.followsLinks`, or the named folder is itself the link).
 */
function linkedOutOfUserAreas(shown: string, agent: string, follows: boolean): string {
  const reads = follows ? `, which ${agent} follows to read the rules there` : ` (${agent}'s rule folder)`;
  return `${shown} leads outside the user-level rule folders through a symbolic link${reads}, so it is not checked`;
}

/** Why a folder the walk listed as one could not be read: the error code of opening it (EACCES), as check says of other paths it cannot read. */
async function whyUnlistable(folder: string): Promise<string> {
  try {
    await (await fsp.opendir(folder)).close();
    return 'it changed while it was read';
  } catch (err) {
    return (err as NodeJS.ErrnoException).code ?? (err as Error).message;
  }
}

/**
 * The user's Roo Code mode folder (`~/.roo/rules-{mode}`) holding `abs`, or `abs` itself, and
 * whether the workspace names that mode (`rooModesRead`: Roo Code's view then reads that folder,
 * and `agentls rules` lists its files as user-level), where it is let in as a user-level rule
 * folder. Undefined for any other path: the root's `.roo` is read only for a path there.
 */
async function rooModeFolderNamed(abs: string, root: string, session: WorkspaceSession): Promise<{ folder: string; named: boolean } | undefined> {
  const folder = rooUserModeFolderOf(abs, session.home);
  if (folder === undefined) return undefined;
  const named = rooModesRead(await readRooRoot(session.ruleFs, root)).some((mode) => folder === rooUserRuleFolder(session.home, mode));
  if (named) session.addUserRuleArea(folder);
  return { folder, named };
}

/**
 * Whether `abs`, outside the root, is a user-level rule location (`area`: the one it lies in)
 * or a folder between the home and one (`~/.cline` of `~/.cline/rules`), and a symbolic link
 * to nothing. Told by `lstat` and by the link's target being missing: nothing is read through
 * it, wherever it leads.
 */
async function userLevelDanglingLink(abs: string, area: string | undefined, session: WorkspaceSession): Promise<boolean> {
  const home = session.home;
  const located = area === abs || (area === undefined && isInside(home, abs) && abs !== home && session.userRuleAreas().some((a) => isInside(abs, a)));
  if (!located) return false;
  const st = await fsp.lstat(abs).catch(() => undefined);
  if (!st?.isSymbolicLink()) return false;
  // A link to nothing, or in a loop: its target cannot be stat'ed. One that leads to a folder is named as that folder is.
  return fsp.stat(abs).then(
    () => false,
    (err: NodeJS.ErrnoException) => err.code === 'ENOENT' || err.code === 'ELOOP',
  );
}

/**
 * `abs` spelt under `root` when it reaches the root's folder through another spelling of
 * it: a link to the project (`cd` into it, where the shell keeps the link's name and Node's
 * cwd is the real folder), or `--root` given as the link. Only the folders above the last
 * part are resolved, so a rule file that is itself a link stays the link it is.
 */
export async function underRoot(abs: string, root: string): Promise<string> {
  if (isInside(root, abs)) return abs;
  try {
    const [realRoot, realParent] = await Promise.all([fsp.realpath(root), fsp.realpath(path.dirname(abs))]);
    // The project itself named through its link is the whole project.
    if ((await fsp.realpath(abs).catch(() => undefined)) === realRoot) return root;
    const real = path.join(realParent, path.basename(abs));
    return isInside(realRoot, real) ? path.join(root, path.relative(realRoot, real)) : abs;
  } catch {
    return abs; // said as it is written: missing, unreadable or outside
  }
}

/**
 * The files directly in a user-level rule folder of the xcsh agent's (it reads no deeper), as far as
 * discovery reads it: in name order (`compareBytes`, the order discovery reads a folder in,
 * so the same files whatever order the file system lists them in), to the
 * `LIMITS.ruleFolderFiles`th of those that count toward its cap (`looksMarkdown`: every
 * provider's extensions are Markdown's); `pastCap`, the first counted file after those.
 */
async function userAreaFiles(dir: string): Promise<{ read: string[]; pastCap?: string }> {
  const entries = await fsp.readdir(dir, { withFileTypes: true });
  // Every entry but a folder counts, as in discovery's `listFolder` (a FIFO with a Markdown name too).
  const files = entries.filter((e) => !e.isDirectory()).sort((a, b) => compareBytes(a.name, b.name));
  const read: string[] = [];
  let counted = 0;
  for (const e of files) {
    const full = path.join(dir, e.name);
    if (looksMarkdown(e.name) && ++counted > LIMITS.ruleFolderFiles) return { read, pastCap: full };
    read.push(full);
  }
  return { read };
}
