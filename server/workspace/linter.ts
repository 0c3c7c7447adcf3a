import type { Cancellation } from '../core/cancel';
import type { Finding } from '../core/findings';
import type { FileSystem } from './fs';
import { joinRelative } from './paths';
import type { WorkspaceSession } from './session';
import { walkFiles } from './walk';

/** What a batch lint looks at: every file of the workspace, or the files the user named. */
export interface LintScope {
  /** Absolute paths. */
  files: readonly string[];
  /** The user named these files: lint each one even when its name does not say what it is. */
  named: boolean;
  /** The files are every file of the roots (a whole-workspace run): checks that need the whole tree use them as they are. */
  whole?: boolean;
  /**
   * Every file of a root, relative to it, listed as a whole-workspace run lists them: what a
   * check of a few files judges their globs against, so a file reads the same in a run of
   * its own (a format-on-save or pre-commit hook) as in the whole. Listed once, when first
   * asked; undefined (or absent) for a root it does not list: a walk of it (`workspaceScope`).
   */
  everyFileOf?: (root: string) => Promise<readonly string[]> | undefined;
}

/**
 * Most files a workspace lint lists per root: the one cap on a check's work, and one a run
 * says it met (it is then incomplete). The linters check every file of the scope they are
 * given: a cap of their own would leave files unchecked under a run that says "no problems".
 */
export const MAX_LINTED_FILES = 200_000;

/** Every file of the workspace's roots (ignore rules applied), listed once for all linters. */
export async function workspaceScope(session: WorkspaceSession, fs: FileSystem, cancel: Cancellation): Promise<LintScope> {
  const files: string[] = [];
  for (const root of session.roots.paths) {
    // Links too, as git lists them: the linters read through them where the confinement lets them.
    const walked = await walkFiles({ fs, root, ignore: session.ignoreFor(root), maxFiles: MAX_LINTED_FILES, cancel, includeSymlinks: true });
    for (const f of walked.files) files.push(joinRelative(root, f.rel));
  }
  return { files: files.sort(), named: false, whole: true };
}

/**
 * What a linter took a file for (`LintNotes.judged`): `check` counts the files it checked by
 * these, so that its last line says what it checked ("2 rule files and 1 patch"), not only how
 * many files it listed. `rule-links`: a Markdown file checked only for its `rule://` links.
 */
export type CheckedKind = 'rule' | 'prompt' | 'copilot-prompt' | 'patch' | 'recipe' | 'rule-links' | 'settings';

/**
 * What a linter says beside its findings: a part of the scope it left unchecked (a cap of
 * its own), in the words of a capped listing. `agentls check` says each line and fails the
 * run as incomplete: findings alone would read as the whole.
 */
export interface LintNotes {
  /** `folder`: the folder (absolute) the line is about, which `check` writes before it as it writes its other paths (text: from the shell's folder). */
  incomplete(line: string, folder?: string): void;
  /**
   * A file of the scope the linter took for one of its documents (a rule file or look-alike,
   * a prompt document, a patch, a recipe), clean or not: `check` says when it found none, so a
   * run pointed at the wrong folder does not pass as a clean one.
   */
  judged?(path: string, kind: CheckedKind): void;
  /** A file of the scope the linter left unread (past a rule folder's cap, which its folder's finding says): not counted as checked. */
  leftUnread?(path: string): void;
}

export function namedScope(files: readonly string[]): LintScope {
  return { files, named: true };
}

/**
 * A domain's batch linter, for `agentls check`: every finding of its documents within
 * the scope. The CLI runs all of them over one session and one listing of the files; the
 * language server runs the same engines per document. Ranges address each file's text as
 * read from disk, a leading BOM counted (fixes are computed and applied on that text); the
 * CLI reports them as editors show the file (`editorRangeOf`).
 */
export interface WorkspaceLinter {
  id: string;
  lint(session: WorkspaceSession, fs: FileSystem, scope: LintScope, cancel: Cancellation, notes?: LintNotes): Promise<Map<string, Finding[]>>;
  /** A one-line description of a code, for SARIF's rule list. */
  describe?(code: string): string | undefined;
  /** Every code it reports (for telling a severity set for no such code). */
  codes: readonly string[];
}
