import { NEVER_CANCELLED } from '../core/cancel';
import { applyLevel, type Finding } from '../core/findings';
import type { Settings } from '../core/settings';
import { MAX_LINTED_FILES, namedScope, type CheckedKind, type LintNotes, type LintScope, type WorkspaceLinter } from '../workspace/linter';
import { displayPath, foldersHolding, isInside, joinRelative, relativeInside } from '../workspace/paths';
import { WorkspaceSession } from '../workspace/session';
import { listFolderFiles } from '../workspace/listFiles';
import { listingGaps } from './listingGaps';
import { projectIgnoreGlobs } from '../workspace/projectConfig';
import { walkFiles } from '../workspace/walk';
import type { CheckTargets } from './checkTargets';
import type { CommonOptions } from './command';
import type { FileFindings } from './output';
import { countByKind, strongerKind, type CheckedByKind } from './checkedKinds';

/** One lint of the targets: the findings, how many files were looked at, and what could not be. */
export interface CheckRun {
  results: FileFindings[];
  /** Files looked at (after ignore rules), user-level rule files named among them. */
  filesChecked: number;
  /** Of those, the files a linter took for one of its documents: rule files and look-alikes, prompt documents, patches, recipes. */
  agentFiles: number;
  /** The `agentFiles`, by what each was taken for. */
  byKind: CheckedByKind;
  /** Rule files a cap left unread (named, or in a folder walked): agent files, though not checked. */
  agentFilesUnread: number;
  /**
   * Findings in user-level rule files (under the home directory) that were not named: not
   * the project's, so not reported (a pre-commit hook must not fail every repository on
   * one person's `~/.cursor/rules`); the run says how many there are.
   */
  userLevelLeft: FileFindings[];
  /** Folders that could not be read, and walks stopped at the file cap: each makes the run incomplete. */
  incomplete: string[];
  /** Named folders (root-relative) of which no file was checked, and whether the ignore globs leave the folder itself out (else it is empty, or all of it ignored): each fails the run. */
  nothingChecked: { rel: string; ignored: boolean }[];
  /** Named files the project's `ignore` leaves out (not checked; said, as ESLint warns of them). */
  ignoredFiles: string[];
}

/**
 * Lints what `targets` names with every linter over one session. `show` writes a root-relative
 * path of a listing's gap, or of a folder a linter left unchecked, as the report writes its paths (text: from the shell's folder; none: from the root). Folders are walked with
 * the ignore rules (`.gitignore`, `.ignore`, `search.exclude` and the project's `ignore`);
 * named files are linted by what they are, unless the project's `ignore` leaves them out.
 */
export async function runCheck(common: CommonOptions, targets: CheckTargets, linters: WorkspaceLinter[], show?: (rel: string) => string): Promise<CheckRun> {
  const root = common.root;
  // The project's `ignore` globs join the walk's excludes, so ignored folders are never entered
  // (`pgdata/` as much as `pgdata`: an unreadable folder left out must not fail the run).
  const settings: Settings = { ...common.settings, search: { ...common.settings.search, exclude: [...common.settings.search.exclude, ...projectIgnoreGlobs(common.config)] } };
  // A check reads file after file with nothing else to do: on the spot, not through the thread pool.
  const session = new WorkspaceSession(settings, undefined, { blockingReads: true });
  session.addFolder(root);
  for (const area of targets.areas) session.addUserRuleArea(area);
  const incomplete: string[] = [...targets.incomplete];
  const nothingChecked: CheckRun['nothingChecked'] = [];
  const isIgnored = (p: string) => {
    const rel = relativeInside(root, p);
    return rel !== undefined && rel !== '' && common.ignored(rel);
  };
  try {
    // One analysis: each folder's real path resolved once for the whole run (`Confinement.resolvingOnce`).
    return await session.confinement.resolvingOnce(async () => {
      // Root-relative; `gaps`: told why the listing is not whole (a run of its own says so; the listing behind a few named files' globs, as the walk it replaced, does not).
      const list = async (start: string | undefined, gaps: string[] = incomplete): Promise<string[]> => {
        const listed: string[] = [];
        const ignore = session.ignoreFor(root);
        // The whole folder is listed as the file index lists it (git's listing in a work tree,
        // seconds faster than a walk of a large one); a subfolder is walked. Links are listed
        // either way, as git lists them: a rule file shared by a link is checked through it.
        const walked =
          start === undefined
            ? await listFolderFiles({ fs: session.diskFs, root, ignore, maxFiles: MAX_LINTED_FILES, cancel: NEVER_CANCELLED, onBatch: (batch) => listed.push(...batch.map((f) => f.rel)), includeSymlinks: true })
            : await walkFiles({ fs: session.diskFs, root, ignore, start, maxFiles: MAX_LINTED_FILES, cancel: NEVER_CANCELLED, includeSymlinks: true });
        if ('files' in walked) listed.push(...walked.files.map((f) => f.rel));
        // A rule folder that is a link seen through a linked folder above it (packages/web/.cursor → shared/cursor, whose rules leads nowhere) is not among the entries listed: the listing hands it on, to be said of.
        if ('ruleFolderLinks' in walked && walked.ruleFolderLinks.unfollowed.length > 0) {
          const seen = new Set(listed);
          listed.push(...walked.ruleFolderLinks.unfollowed.filter((rel) => !seen.has(rel)));
        }
        gaps.push(...listingGaps(walked, MAX_LINTED_FILES, start, show));
        // The listing gives each file's relative path: the ignore globs test it as it is.
        return listed.filter((rel) => !common.ignored(rel));
      };
      const walk = async (start: string | undefined): Promise<string[]> => (await list(start)).map((rel) => joinRelative(root, rel));

      // What a check of part of the tree judges globs against: the whole run's listing (git's in a work tree), so a file reads alike in both, taken once and only when a check asks.
      let whole: Promise<string[]> | undefined;
      const everyFileOf = (r: string) => (r === root ? (whole ??= list(undefined, [])) : undefined);
      // A run of part of the tree keeps the findings of its files and of the folders holding them
      // (a rule folder read up to a cap says so on itself: `check .clinerules` must say it too).
      const top = (f: string) => (isInside(root, f) ? root : isInside(session.home, f) ? session.home : undefined);
      // `leave`: findings a run does not report, another run reporting them (a whole run's of the user-level files named beside the root).
      const runs: { scope: LintScope; keep?: Set<string>; holding?: Set<string>; leave?: Set<string> }[] = [];
      const looked = new Set<string>();
      let unique: string[];
      if (targets.whole) {
        unique = (await walk(undefined)).sort();
        runs.push({ scope: { files: unique, named: false, whole: true } });
      } else {
        const walked: string[] = [];
        for (const folder of targets.folders) {
          const rel = relativeInside(root, folder)!;
          const files = await walk(rel);
          if (files.length === 0) nothingChecked.push({ rel, ignored: common.ignored(rel) });
          walked.push(...files);
        }
        unique = [...new Set(walked)].sort();
        // A walk of part of the tree: workspace-wide linters report every rule file, so keep the walked ones.
        if (unique.length) runs.push({ scope: { files: unique, named: false, everyFileOf }, keep: new Set(unique), holding: foldersHolding(unique, top) });
      }
      // Files named beside the folders walked (a user-level rule file beside the root, `check . ~/.cline/rules`) are checked as named, and counted.
      const walkedSet = new Set(unique);
      const namedFiles = [...new Set([...targets.files, ...targets.pastCap])].filter((f) => !isIgnored(f) && !walkedSet.has(f));
      if (namedFiles.length) {
        const holding = foldersHolding(namedFiles, top);
        // A whole run reads the user-level rules too: what it finds in those named is reported once, by their own run.
        if (targets.whole) runs[0].leave = new Set([...namedFiles, ...holding]);
        runs.push({ scope: { ...namedScope(namedFiles), everyFileOf }, keep: new Set(namedFiles), holding });
      }
      // A file past a folder's cap is named for the lint to say the cap, not checked.
      const pastCap = new Set(targets.pastCap);
      for (const f of [...unique, ...namedFiles]) if (!pastCap.has(f)) looked.add(f);

      const byPath = new Map<string, Finding[]>();
      const judged = new Map<string, CheckedKind | undefined>();
      const unread = new Set<string>();
      for (const run of runs) {
        const kept = (p: string) => !run.leave?.has(p) && (!run.keep || run.keep.has(p) || run.holding?.has(p) === true);
        // A line said twice (two runs, two roots) is said once; a file judged counts where its findings would.
        const notes: LintNotes = {
          incomplete: (message, folder) => {
            // A folder of the project as the listing's gaps say theirs (`show`), else as JSON says a path: from the root, a user-level one from `~`.
            const rel = folder === undefined ? undefined : relativeInside(root, folder);
            const line = folder === undefined ? message : `${show && rel !== undefined ? show(rel) : displayPath(folder, root, session.home)}: ${message}`;
            if (!incomplete.includes(line)) incomplete.push(line);
          },
          judged: (p, kind) => void ((run.keep && !run.keep.has(p)) || isIgnored(p) || judged.set(p, strongerKind(judged.get(p), kind))),
          leftUnread: (p) => void unread.add(p),
        };
        for (const linter of linters) {
          const found = await linter.lint(session, session.diskFs, run.scope, NEVER_CANCELLED, notes);
          for (const [p, findings] of found) {
            if (!kept(p) || isIgnored(p)) continue;
            const list = byPath.get(p) ?? [];
            for (const f of findings) {
              const leveled = applyLevel(f, common.settings.diagnostics.severity);
              if (leveled) list.push(leveled);
            }
            byPath.set(p, list);
          }
        }
      }
      const named = new Set(targets.files);
      // A user-level folder holding files named (`~/.cline/rules`, named whole) is theirs: its finding is reported with them.
      const namedHolding = foldersHolding(named, top);
      const reported = (p: string) => relativeInside(root, p) !== undefined || named.has(p) || namedHolding.has(p);
      // Files only: a finding on a folder holding them counts no file more; one left unread past a cap is not checked.
      const folders = foldersHolding(looked, top);
      // A folder with a finding of its own and no file looked at under it (one that cannot be listed) is a folder all the same.
      for (const p of byPath.keys()) if (!folders.has(p) && (await session.diskFs.stat(p))?.kind === 'directory') folders.add(p);
      for (const p of byPath.keys()) if (reported(p) && !folders.has(p)) looked.add(p);
      for (const p of unread) looked.delete(p);
      const withFindings = [...byPath].filter(([, f]) => f.length > 0).map(([path, findings]) => ({ path, findings }));
      const results = withFindings.filter((r) => reported(r.path));
      const userLevelLeft = withFindings.filter((r) => !reported(r.path));
      const ignoredFiles = [...named].filter(isIgnored).map((f) => relativeInside(root, f)!);
      // Of the files checked: not a folder with a finding, nor a file left unread past a cap. A file
      // with a finding was checked whatever no linter took it for (a `.vscode/settings.json` naming
      // Copilot's prompt folders, a `.gemini/settings.json` Gemini CLI refuses): "found none" beside it would be false.
      for (const r of results) if (!folders.has(r.path) && !judged.has(r.path)) judged.set(r.path, undefined);
      const agentFiles = [...judged].filter(([p]) => reported(p) && !folders.has(p) && !unread.has(p));
      const byKind = countByKind(agentFiles, (p) => relativeInside(root, p) === undefined);
      return { results, filesChecked: looked.size, agentFiles: agentFiles.length, byKind, agentFilesUnread: [...unread].filter(reported).length, userLevelLeft, incomplete, nothingChecked, ignoredFiles };
    });
  } finally {
    session.dispose();
  }
}
