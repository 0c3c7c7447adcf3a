import * as path from 'node:path';
import type { FileSystem } from '../workspace/fs';
import {
  agentsProjectFolders,
  agentsUserFolders,
  ancestorsUpTo,
  clineCandidates,
  clineDocumentsFolder,
  clineGlobalRuleFolders,
  CLINE_RULE_EXTENSIONS,
  LEGACY_RULE_FILES,
  nativeConfigDirs,
  PROVIDER_EXTENSIONS,
  providersFor,
  windsurfGlobalRulesFile,
  type ProviderId,
  type RuleLevel,
  type RulesProfile,
} from '../workspace/ruleLocations';
import { LIMITS } from '../core/limits';
import { compareBytes, compareOrder, type RuleCandidate } from './model';
import { isClineRuleName, olderClineReadsGlobalFolder } from './agents/cline';

/** What discovery needs from the workspace; the session provides it in the server and the CLI. */
export interface DiscoveryHost {
  fs: FileSystem;
  home: string;
  profile: RulesProfile;
  piConfigDir: string | undefined;
  disabledProviders: readonly string[];
  /** Whether a file under a workspace root is left out by the ignore files of the workspace (the agent's walker skips it). */
  isIgnored(path: string): Promise<boolean>;
  /**
   * Which of these files, listed from rule folders under the workspace roots, git's ignore
   * rules leave out where the workspace's ignore files do not: the user's global excludes
   * (`core.excludesFile`), which the agent's walker honours too (rules.md §2.1). Asked once
   * for all of a listing's files.
   */
  gitIgnored(paths: readonly string[]): Promise<Set<string>>;
  /** Permits reading one fixed location the agent reads outside the roots (cline and agents walk up). */
  allowArea(path: string): void;
  /** The nearest folder at or above `dir` holding `.git`. */
  findRepoRoot(dir: string): Promise<string | undefined>;
  /**
   * Where an existing rule location really leads when rule files may not be read there (a
   * symlink out of the workspace); undefined when it is readable or absent.
   */
  escapeTarget(path: string): string | undefined;
  /** What a rule location that is a link to nothing (or round a loop) leads to, in words; undefined when it is not such a link (`brokenLinkReason`). */
  brokenLink(path: string, options?: { folderWanted?: boolean }): string | undefined;
  /** A rule location that is a regular file, or a link to one (`link`: as written), or a named pipe, socket or device (`special`): no folder to list (`fileInPlaceOfFolder`). */
  fileInPlaceOfFolder(path: string): { link?: string; special?: string } | undefined;
  /** Whether a place is a folder or a link to one (`isFolderAt`): a stat, nothing read; for a fixed place outside the readable ones, or a rule folder's link that stays in the workspace. */
  isFolder(path: string): boolean;
}

/** A folder whose direct files (with the provider's extensions) are rules. */
export interface ListedFolder {
  dir: string;
  provider: ProviderId;
  level: RuleLevel;
  providerRank: number;
  folderRank: number;
  extensions: readonly string[];
  /** The extensions match in any case (`.MD`), as Cline's loader matches them (rules/agents/cline.ts, `isClineRuleName`). */
  caseless?: true;
  /** Files whose name starts with a dot (`.x.md`) are rules too, as Cline's loader reads them (`isClineRuleName` has the source); the xcsh agent's walker skips them (rules.md §2.1). */
  hidden?: true;
}

/** A file in a rule folder that the agent does not load, and why agentls knows it. */
export interface SkippedFile {
  path: string;
  provider: ProviderId;
  level: RuleLevel;
  /**
   * `symlink`, `special` (a FIFO, a socket…), `ignored`, `outside` (a rule location that
   * links out of the workspace: not followed), `broken-link` (a rule location that is a
   * link to nothing) and `unreadable` (a rule folder that cannot be listed: permissions) are
   * known only here; the others come from the path (`classifyRulePath`). `linked-folder`: a
   * file of a `.clinerules` that is a link to a folder, which Cline lists and the xcsh agent
   * takes for a single file (`clineLinkedFolder`). `file-location`: a rule folder, or the
   * folder above it, that is a file or a link to one (`listFolder`). `tool-global`: a rule
   * of Cline's global rule folders, which Cline reads and the xcsh agent never looks at
   * (`clineGlobalRules`): no finding of the xcsh agent's, read for Cline's view and lint.
   * `tool-extension`: a file of the root's `.clinerules` folder that Cline reads as a rule and
   * the xcsh agent passes over for its extension (`.txt`, `.markdown`, `.MD`), or of the root's
   * `.cline/rules`, which the xcsh agent never lists (`clineOwnFiles`): the same.
   * `too-many`: a rule folder of more rule files than agentls reads (`LIMITS.ruleFolderFiles`;
   * `total` says how many it holds): those past the first by name are not read; or, with
   * `subfolders`, whose subfolders hold more entries than agentls reads of them
   * (`LIMITS.ruleSubfolderEntries`): the subfolders past those are not looked into.
   * `cline-link`: a symbolic link in `.cline/rules` or a global rule folder of Cline's, which
   * Cline never reads and the xcsh agent never looks at, or one in `.clinerules` of a name the
   * xcsh agent's listing passes over (`clineLinks`); `linkedFolder` where it leads to a folder,
   * `target` (what it leads to, in words) where to no file or folder, `olderToo` in a folder Cline 3.x read too.
   */
  why: 'symlink' | 'special' | 'ignored' | 'outside' | 'broken-link' | 'unreadable' | 'by-path' | 'linked-folder' | 'file-location' | 'tool-global' | 'tool-extension' | 'too-many' | 'cline-link';
  /** With `cline-link`: the link leads to a folder. */
  linkedFolder?: true;
  /** With `cline-link`: the link is in `.clinerules` or `~/Documents/Cline/Rules` (`~/Cline/Rules`), which Cline 3.x read too, and passed over the link as Cline 4 does. */
  olderToo?: true;
  /** With `too-many`: the rule files the folder holds. */
  total?: number;
  /** With `too-many`: the folder's own files are all read, its subfolders were not all looked into (no `total`: they were not counted). */
  subfolders?: true;
  /** With `subfolders`: the first subfolder not looked into; it and those after it by name were not (`listNested`). */
  from?: string;
  /** With `outside`: where the link leads. With `broken-link`, and a `cline-link` to no file or folder: what it leads to, in words. With `file-location`: where the link leads, as written (none for a plain file). */
  target?: string;
  /** With `file-location`: the rule folder it stands for (`.cursor/rules` when `.cursor` is the file). */
  folder?: string;
  /** With `file-location`: what special entry it is (`a named pipe (FIFO)`), when it is no file. */
  special?: string;
}

export interface Discovery {
  /** Every file the providers list, in the agent's evaluation order. */
  candidates: RuleCandidate[];
  skipped: SkippedFile[];
  folders: ListedFolder[];
  /**
   * Paths whose creation or removal changes which folders are read (config folders,
   * `.clinerules` candidates, agents folders): a change there means discovering again.
   */
  structural: Set<string>;
  /** The workspace folder has a `.xcsh` folder: its user runs the xcsh agent (targets under `auto`). */
  workspaceHasXcsh: boolean;
  /** A `.clinerules` that is a link to a folder of the workspace (`clineLinkedFolder`): no file of Cline's, its files are. */
  linkedClineFolder?: string;
  /** Cline's global rule folders listed (`clineGlobalRules`): a file coming or going there means discovering again. */
  clineGlobalFolders: string[];
  /** The root's `.cline/rules`, listed for Cline alone (`clineOwnFiles`): a file coming or going there means discovering again. */
  clineRulesFolder?: string;
}

/** Lists the rule files of one workspace folder (the agent's cwd), in the agent's order. */
export async function discoverRules(cwd: string, host: DiscoveryHost): Promise<Discovery> {
  const out: Discovery = { candidates: [], skipped: [], folders: [], structural: new Set(), workspaceHasXcsh: false, clineGlobalFolders: [] };
  out.workspaceHasXcsh = (await host.fs.stat(path.join(cwd, '.xcsh')))?.kind === 'directory';
  out.structural.add(path.join(cwd, '.xcsh'));
  const providers = providersFor(host.profile).filter((p) => !host.disabledProviders.includes(p));
  // Files read by name, not listed from a folder by the walker: no ignore rule is asked of them.
  const named = new Set<string>();
  for (const [providerRank, provider] of providers.entries()) {
    const folders = await providerFolders(provider, cwd, host, out);
    for (const [folderRank, folder] of folders.entries()) {
      if ('file' in folder) {
        out.candidates.push({ path: folder.file, provider, level: folder.level, name: folder.name, order: [providerRank, folderRank, ''] });
        named.add(folder.file);
        continue;
      }
      const listed: ListedFolder = { dir: folder.dir, level: folder.level, provider, providerRank, folderRank, extensions: PROVIDER_EXTENSIONS[provider] };
      out.folders.push(listed);
      await listFolder(listed, host, out);
      if (provider === 'cline' && listed.dir === path.join(cwd, '.clinerules')) {
        await clineOwnFiles(listed, host, out);
        // The links of names the xcsh agent's listing passes over (a `.txt`, a folder): that listing has told of the others.
        const told = new Set(out.skipped.map((s) => s.path));
        await clineLinks(listed.dir, 'project', host, out, { told, olderToo: true });
      }
    }
  }
  if (providers.includes('cline')) await clineRulesFolder(cwd, host, out);
  await leaveOutGitIgnored(out, named, host);
  out.candidates.sort(compareOrder);
  // Legacy single files the tools advertise: never read, reported so that users know.
  for (const [name, provider] of Object.entries(LEGACY_RULE_FILES)) {
    const file = path.join(cwd, name);
    out.structural.add(file);
    const st = await host.fs.stat(file);
    if (st?.kind === 'file') out.skipped.push({ path: file, provider, level: 'project', why: 'by-path' });
  }
  if (!host.disabledProviders.includes('cline')) await clineGlobalRules(host, out);
  return out;
}

/**
 * Cline's global rules (`clineGlobalRuleFolders`, with the sources), which the xcsh agent's
 * discovery does not list (rules.md §2.6: `.clinerules` only): each folder is listed as the
 * agent's folders are (`listFolder`, into a listing of its own), and its rule files become
 * `tool-global` files, Cline's alone: those of the extensions Cline reads, in any case
 * (`CLINE_RULE_EXTENSIONS`: its loader, `discoverRulesLikeFiles`, lists every folder of
 * `resolveRulesConfigSearchPaths`, global ones too, as it lists `.clinerules`; rules/agents/cline.ts
 * has the sources). A file below it Cline 4 passes over is judged where named or opened
 * (`clineGlobalPlacementOf`). What the
 * listing finds of the folder itself (a link out of the places agentls reads, to nothing, a
 * file in its place, no permission) is kept, as for the other user-level folders; a link in it,
 * which Cline never reads (it keeps regular files only), is told of by `clineLinks`.
 */
async function clineGlobalRules(host: DiscoveryHost, out: Discovery): Promise<void> {
  const documents = clineDocumentsFolder(host.home);
  out.structural.add(documents);
  // A stat of ~/Documents, never a listing: agentls reads nothing there but Cline's folder.
  const documentsExists = host.isFolder(documents);
  for (const [folderRank, dir] of clineGlobalRuleFolders(host.home, documentsExists).entries()) {
    out.structural.add(dir);
    out.clineGlobalFolders.push(dir);
    const own: Discovery = { candidates: [], skipped: [], folders: [], structural: new Set(), workspaceHasXcsh: false, clineGlobalFolders: [] };
    await listFolder({ dir, provider: 'cline', level: 'user', providerRank: 0, folderRank, extensions: CLINE_RULE_EXTENSIONS, caseless: true, hidden: true }, host, own);
    for (const c of own.candidates) out.skipped.push({ path: c.path, provider: 'cline', level: 'user', why: 'tool-global' });
    for (const s of own.skipped) if (s.why !== 'symlink' && s.why !== 'special' && s.why !== 'by-path') out.skipped.push(s);
    // Cline 3.x listed `~/Documents/Cline/Rules` (or `~/Cline/Rules`) with the same `isFile()` filter as `.clinerules` (`clineLinks`).
    await clineLinks(dir, 'user', host, out, { olderToo: olderClineReadsGlobalFolder(dir, host.home) });
  }
}

/**
 * The symbolic links of a rule folder Cline reads that the xcsh agent does not tell of (`.cline/rules`,
 * the global ones; in `.clinerules`, those but `told`, the entries the xcsh agent's listing said):
 * Cline 4 and the Cline CLI list the folder with `readdir(…, { withFileTypes: true })` and keep
 * the entries whose `isFile()` is true (cline/cline,
 * sdk/packages/core/src/extensions/config/user-instruction-config-loader.ts,
 * `discoverRulesLikeFiles`), and Node's `fs.Dirent` describes the link itself (Node's fs
 * documentation, "Class: fs.Dirent"), so neither a linked rule file nor a linked folder is read;
 * Cline 3.x, in the folders it read (`olderToo`: `.clinerules`, `~/Documents/Cline/Rules`), alike: its `readDirectory`
 * (src/utils/fs.ts) keeps the entries whose `isFile()` is true (agents/cline.ts, `CLINE_SKIPS_BROKEN_LINKS`, has its source).
 * Those of Cline's extensions, or leading to a folder (a stat through the link, nothing opened),
 * become `cline-link` entries; others (a linked `.json`) Cline would not read as files either. Not
 * `AGENTS.md`: the loader also stats that name in each folder, following a link (same function).
 */
async function clineLinks(dir: string, level: RuleLevel, host: DiscoveryHost, out: Discovery, seen: { told?: ReadonlySet<string>; olderToo?: boolean } = {}): Promise<void> {
  const entries = await host.fs.readDir(dir);
  if (!entries) return;
  const links = entries.filter((e) => e.kind === 'symlink' && e.name !== 'AGENTS.md' && !seen.told?.has(path.join(dir, e.name))).sort((a, b) => compareBytes(a.name, b.name));
  let told = 0;
  for (const entry of links) {
    const full = path.join(dir, entry.name);
    const folder = host.isFolder(full);
    if (!folder && !isClineRuleName(entry.name)) continue;
    if (++told > LIMITS.ruleFolderFiles) return;
    // To nothing, round a loop, or to a pipe: no rule stands behind it (a stat through the link, nothing opened).
    const broken = folder ? undefined : host.brokenLink(full);
    out.skipped.push({ path: full, provider: 'cline', level, why: 'cline-link', ...(folder ? { linkedFolder: true as const } : {}), ...(broken !== undefined ? { target: broken } : {}), ...(seen.olderToo ? { olderToo: true as const } : {}) });
  }
}

/**
 * The files of a root rule folder of Cline's that Cline reads and the xcsh agent does not: in
 * `.clinerules`, those of Cline's extensions (`CLINE_RULE_EXTENSIONS`, in any case, with the
 * source) beyond the xcsh agent's `.md` (`PROVIDER_EXTENSIONS.cline`): `.txt`, `.markdown`, `.MD`,
 * and the hidden ones (`.x.md`, `ListedFolder.hidden`); in `.cline/rules`, which the xcsh agent never lists, all of them. Listed as the folder is
 * (`listFolder`, its caps), into a listing of its own: Cline's alone (`tool-extension`). Cline
 * knows no ignore file (toolOnly.ts, `readByItsToolOnly`), so an ignored one is Cline's as well;
 * a link or special entry it never reads (its loader keeps regular files): in `.clinerules` the
 * main listing has said so, as it has what it says of the folder itself; in `.cline/rules`,
 * `clineLinks` tells of the links.
 */
async function clineOwnFiles(folder: ListedFolder, host: DiscoveryHost, out: Discovery, all = false): Promise<void> {
  const own: Discovery = { candidates: [], skipped: [], folders: [], structural: new Set(), workspaceHasXcsh: false, clineGlobalFolders: [] };
  await listFolder({ ...folder, extensions: CLINE_RULE_EXTENSIONS, caseless: true, hidden: true }, host, own);
  // The xcsh agent lists the `.md` files of `.clinerules`, never a hidden one (`.x.md`: rules.md §2.1).
  const listedByXcsh = (file: string) => !all && !path.basename(file).startsWith('.') && PROVIDER_EXTENSIONS.cline.some((ext) => file.endsWith(`.${ext}`));
  const files = [...own.candidates.map((c) => c.path), ...own.skipped.filter((s) => s.why === 'ignored').map((s) => s.path)].filter((file) => !listedByXcsh(file));
  for (const file of files) out.skipped.push({ path: file, provider: 'cline', level: 'project', why: 'tool-extension' });
}

/**
 * Cline's other workspace rule folder, `.cline/rules` at the root, which its current loader reads
 * beside `.clinerules` (rules/agents/cline.ts has the source) and the xcsh agent never lists: its
 * files are Cline's alone (`clineOwnFiles`).
 */
async function clineRulesFolder(cwd: string, host: DiscoveryHost, out: Discovery): Promise<void> {
  const dir = path.join(cwd, '.cline', 'rules');
  out.structural.add(path.dirname(dir));
  out.structural.add(dir);
  out.clineRulesFolder = dir;
  if ((await host.fs.stat(dir))?.kind !== 'directory') return;
  await clineOwnFiles({ dir, provider: 'cline', level: 'project', providerRank: 0, folderRank: 0, extensions: CLINE_RULE_EXTENSIONS }, host, out, true);
  await clineLinks(dir, 'project', host, out);
}

/** Moves the listed files git's ignore rules leave out (the global excludes: `gitIgnored`) from the candidates to the skipped. */
async function leaveOutGitIgnored(out: Discovery, named: ReadonlySet<string>, host: DiscoveryHost): Promise<void> {
  const ignored = await host.gitIgnored(out.candidates.filter((c) => !named.has(c.path)).map((c) => c.path));
  if (ignored.size === 0) return;
  for (const c of out.candidates) if (ignored.has(c.path)) out.skipped.push({ path: c.path, provider: c.provider, level: c.level, why: 'ignored' });
  out.candidates = out.candidates.filter((c) => !ignored.has(c.path));
}

type FolderSpec = { dir: string; level: RuleLevel } | { dir: string; level: RuleLevel; file: string; name: string };

async function providerFolders(provider: ProviderId, cwd: string, host: DiscoveryHost, out: Discovery): Promise<FolderSpec[]> {
  switch (provider) {
    case 'native': {
      // The agent uses a config folder only when it exists and is not empty; a folder
      // holding `rules/` is never empty, so listing `rules/` alone gives the same result.
      return nativeConfigDirs(cwd, host.home, host.profile, host.piConfigDir).map((config) => {
        out.structural.add(config.dir);
        out.structural.add(path.join(config.dir, 'rules'));
        return { dir: path.join(config.dir, 'rules'), level: config.level };
      });
    }
    case 'agents': {
      const repo = await host.findRepoRoot(cwd);
      const home = path.resolve(host.home);
      const stop = repo ?? (ancestorsUpTo(cwd, undefined).includes(home) ? home : undefined);
      const project = agentsProjectFolders(cwd, stop);
      for (const dir of project) {
        host.allowArea(dir);
        out.structural.add(dir);
      }
      const user = agentsUserFolders(host.home);
      for (const dir of user) out.structural.add(dir);
      return [...project.map((dir) => ({ dir, level: 'project' as const })), ...user.map((dir) => ({ dir, level: 'user' as const }))];
    }
    case 'cursor':
      return [
        { dir: path.join(host.home, '.cursor', 'rules'), level: 'user' },
        { dir: path.join(cwd, '.cursor', 'rules'), level: 'project' },
      ];
    case 'windsurf': {
      const folders: FolderSpec[] = [];
      const global = windsurfGlobalRulesFile(host.home);
      out.structural.add(global);
      const st = await host.fs.stat(global);
      if (st && st.kind === 'file' && st.size > 0) folders.push({ dir: path.dirname(global), level: 'user', file: global, name: 'global_rules' });
      folders.push({ dir: path.join(cwd, '.windsurf', 'rules'), level: 'project' });
      return folders;
    }
    case 'cline': {
      for (const candidate of clineCandidates(cwd)) {
        host.allowArea(candidate);
        out.structural.add(candidate);
        const st = await host.fs.stat(candidate);
        const escape = st ? undefined : host.escapeTarget(candidate);
        // Cline takes the nearest `.clinerules`; one that links out is reported, never followed.
        if (escape) {
          out.skipped.push({ path: candidate, provider, level: 'project', why: 'outside', target: escape });
          return [];
        }
        if (!st) continue;
        // A link to nothing is the nearest `.clinerules` all the same, and leads nowhere.
        const broken = st.kind === 'symlink' ? host.brokenLink(candidate, { folderWanted: true }) : undefined;
        if (broken !== undefined) {
          out.skipped.push({ path: candidate, provider, level: 'project', why: 'broken-link', target: broken });
          return [];
        }
        if (st.kind === 'directory') return [{ dir: candidate, level: 'project' }];
        if (st.kind === 'symlink') await clineLinkedFolder(candidate, host, out);
        return [{ dir: path.dirname(candidate), level: 'project', file: candidate, name: 'clinerules' }];
      }
      return [];
    }
  }
}

/** Entries of a linked `.clinerules` folder looked at: Cline's rules there are a handful. */
const MAX_LINKED_FOLDER_ENTRIES = 200;

/**
 * A `.clinerules` that is a link to a folder (one the confined file system lists: in the
 * workspace; one out of it is refused there and reported by the caller). The xcsh agent takes
 * it for a single file: its cline provider (f5-sales-demo/xcsh, src/discovery/cline.ts,
 * `findClinerules`: `isDir: entry.isDirectory()`) tells a folder from a file by the Dirent
 * of the parent's listing (src/capability/fs.ts, `readDirEntries`: `readdir` with file
 * types), and a Dirent describes the link itself, not its target (Node's fs documentation,
 * "Class: fs.Dirent"; that Bun's agrees is taken, not checked). Its `readFile` then stats
 * through the link, finds no file and returns null: "Failed to read .clinerules at …", no
 * rule (the file candidate the caller keeps). rules.md §2.6 says only "a directory" or
 * "otherwise (file)". Cline lists the folder: its loader (cline/cline,
 * sdk/packages/core/src/extensions/config/user-instruction-config-loader.ts, `discoverRulesLikeFiles`)
 * `stat`s and `readdir`s the path, which follow the link (Cline 3.x's `readDirectory` alike). Those files are listed
 * here as Cline names them (through the link), for Cline's own view and lint.
 */
async function clineLinkedFolder(link: string, host: DiscoveryHost, out: Discovery): Promise<void> {
  const entries = await host.fs.readDir(link);
  if (!entries) return;
  out.linkedClineFolder = link;
  for (const entry of entries.slice(0, MAX_LINKED_FOLDER_ENTRIES)) {
    // The files Cline's loader reads (rules/agents/cline.ts, `isClineRuleName`), hidden names too, as in a real `.clinerules` folder (`clineOwnFiles`).
    if (entry.kind !== 'file' || !isClineRuleName(entry.name)) continue;
    out.skipped.push({ path: path.join(link, entry.name), provider: 'cline', level: 'project', why: 'linked-folder' });
  }
}

/** `*.ext` over one folder, non-recursive: regular files only, no hidden ones (unless `hidden`), case-sensitive extensions (unless `caseless`), ignore rules honoured. */
async function listFolder(folder: ListedFolder, host: DiscoveryHost, out: Discovery): Promise<void> {
  const entries = await host.fs.readDir(folder.dir);
  if (!entries) {
    const escape = host.escapeTarget(folder.dir);
    if (escape) {
      out.skipped.push({ path: folder.dir, provider: folder.provider, level: folder.level, why: 'outside', target: escape });
      return;
    }
    // The folder itself, or the folder above it (`.cursor` of `.cursor/rules`), may be the link to
    // nothing, or a file: `.cursor/rules` written as one file, as the legacy `.cursorrules` was, or
    // a link to one, or a named pipe, socket or device (never opened: a pipe's open blocks). No tool lists a file as a folder (`fileInPlaceOfFolder`); the xcsh agent lists
    // its folders with a `readdir` too (its src/capability/fs.ts, `readDirEntries`, as
    // `clineLinkedFolder` quotes it), which fails there: it reads no rules from it. A link to a
    // folder above is fine (`folderWanted`): its `rules` is merely absent.
    for (const at of [folder.dir, path.dirname(folder.dir)]) {
      const broken = host.brokenLink(at, { folderWanted: true });
      const file = broken === undefined ? host.fileInPlaceOfFolder(at) : undefined;
      if (broken === undefined && file === undefined) continue;
      if (out.skipped.some((s) => s.path === at)) return;
      const base = { path: at, provider: folder.provider, level: folder.level };
      out.skipped.push(file === undefined ? { ...base, why: 'broken-link', target: broken } : { ...base, why: 'file-location', target: file.link, folder: folder.dir, special: file.special });
      return;
    }
    // There but not listed (no read permission): its rules are unknown, which is not the same as none.
    // So too a link to such a folder: `escapeTarget` said above that it stays in the workspace,
    // and the links to nothing or to a file were told of, so the stat through it reads nothing else.
    const kind = (await host.fs.stat(folder.dir))?.kind;
    if (kind === 'directory' || (kind === 'symlink' && host.isFolder(folder.dir))) out.skipped.push({ path: folder.dir, provider: folder.provider, level: folder.level, why: 'unreadable' });
    return;
  }
  // In name order, the agents' order within a folder (`compareOrder`): past the cap, the
  // files left out are the same at every listing, whatever order the file system lists in.
  const sorted = [...entries].sort((a, b) => compareBytes(a.name, b.name));
  // A name that is an extension alone (`.md`) has none to Cline's loader (`isClineRuleName`): no rule.
  const ruleNamed = (name: string) => !['', name].includes(stripExtension(name, folder.extensions, folder.caseless));
  const hiddenSkipped = (name: string) => name.startsWith('.') && !folder.hidden;
  // The files this listing reports, each read or told of: rule files, and Markdown the agent passes over.
  const reported = (entry: { name: string; kind: string }) => entry.kind !== 'directory' && (ruleNamed(entry.name) || looksMarkdown(entry.name));
  let files = 0;
  const nested: SubfolderBudget = { left: LIMITS.ruleSubfolderEntries, over: false };
  for (const [i, entry] of sorted.entries()) {
    if (reported(entry) && ++files > LIMITS.ruleFolderFiles) {
      const total = LIMITS.ruleFolderFiles + sorted.slice(i).filter(reported).length;
      out.skipped.push({ path: folder.dir, provider: folder.provider, level: folder.level, why: 'too-many', total });
      return;
    }
    const full = path.join(folder.dir, entry.name);
    const matches = ruleNamed(entry.name);
    if (entry.kind === 'directory') {
      if (!entry.name.startsWith('.')) await listNested(full, folder, host, out, nested);
      continue;
    }
    if (hiddenSkipped(entry.name) || !matches) {
      if (looksMarkdown(entry.name)) out.skipped.push({ path: full, provider: folder.provider, level: folder.level, why: 'by-path' });
      continue;
    }
    if (entry.kind !== 'file') {
      out.skipped.push({ path: full, provider: folder.provider, level: folder.level, why: entry.kind === 'symlink' ? 'symlink' : 'special' });
      continue;
    }
    if (await host.isIgnored(full)) {
      out.skipped.push({ path: full, provider: folder.provider, level: folder.level, why: 'ignored' });
      continue;
    }
    out.candidates.push({
      path: full,
      provider: folder.provider,
      level: folder.level,
      name: stripExtension(entry.name, folder.extensions, folder.caseless),
      order: [folder.providerRank, folder.folderRank, entry.name],
    });
  }
  // Past the rule files' cap the folder's word is that one (an error: rules not checked), and the subfolders after it were not listed anyway.
  if (nested.over) out.skipped.push({ path: folder.dir, provider: folder.provider, level: folder.level, why: 'too-many', subfolders: true, from: nested.stoppedAt });
}

/** What is left to read of a rule folder's subfolders (`LIMITS.ruleSubfolderEntries`), shared by all of them; `over` once a subfolder held more. */
interface SubfolderBudget {
  left: number;
  over: boolean;
  /** Once `over`: the subfolder that did not fit, the first not looked into. */
  stoppedAt?: string;
}

/**
 * The Markdown files of one subfolder of a rule folder, which the agent never loads
 * (`by-path`), one level deep: its own subfolders are not listed, nor is a link to a folder
 * (a link back to the rule folder among them), which the parent's listing gives as a
 * `symlink` entry, never a `directory`; no loop can be walked. The subfolder and each of
 * its entries are taken from `budget`, and at most what is left of it is read (`max`). One
 * holding more is not told of at all, nor are those after it: the subfolders come in name
 * order (`listFolder`), so what is said is the same at every listing, whatever order the
 * system lists a subfolder's entries in.
 */
async function listNested(dir: string, folder: ListedFolder, host: DiscoveryHost, out: Discovery, budget: SubfolderBudget): Promise<void> {
  if (budget.over) return;
  if (budget.left === 0) {
    budget.over = true;
    budget.stoppedAt = dir;
    return;
  }
  budget.left--;
  const entries = (await host.fs.readDir(dir, { max: budget.left + 1 })) ?? [];
  if (entries.length > budget.left) {
    budget.over = true;
    budget.stoppedAt = dir;
    return;
  }
  budget.left -= entries.length;
  for (const entry of entries) {
    if (entry.kind === 'file' && looksMarkdown(entry.name)) out.skipped.push({ path: path.join(dir, entry.name), provider: folder.provider, level: folder.level, why: 'by-path' });
  }
}

/** A Markdown name, of any provider's extensions (`md`, `mdc`) or others: such files count toward a rule folder's cap (`listFolder`). */
export function looksMarkdown(name: string): boolean {
  return /\.(md|mdc|markdown|mdx)$/i.test(name);
}

/** The rule name of a file: its name without the provider's extension (`caseless`: in any case); the name itself when it has none of them. */
export function stripExtension(fileName: string, extensions: readonly string[], caseless = false): string {
  const written = caseless ? fileName.toLowerCase() : fileName;
  for (const ext of extensions) if (written.endsWith('.' + ext)) return fileName.slice(0, -ext.length - 1);
  return fileName;
}
