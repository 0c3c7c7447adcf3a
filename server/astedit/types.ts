import type { LanguageId } from './languages';

/** One rewrite: every node matching `pat` becomes `out` (empty `out` deletes the node). */
export interface AstEditOp {
  pat: string;
  out: string;
}

/** An ast-edit as the agent's tool takes it, plus the workspace folder relative paths start from. */
export interface AstEditRequest {
  ops: AstEditOp[];
  /** Files, folders or globs; relative to `root`, or absolute inside the workspace; `file:` URIs and `rule://NAME`. */
  paths: string[];
  /** Forces the language (needed when the paths resolve to several). */
  lang?: string;
  /** Absolute workspace folder that relative paths resolve against. */
  root: string;
}

/**
 * A reason the request cannot run at all (nothing is searched): an empty or duplicate
 * pattern, a metavariable mistake, a bad path, mixed languages. `field` names the part of
 * the request (`ops[1].out`, `paths[0]`, `lang`); `start`/`end` locate it inside that
 * string when known.
 */
export interface AstEditProblem {
  code: string;
  message: string;
  field: string;
  start?: number;
  end?: number;
  /** Warnings are reported but do not stop the run. */
  severity: 'error' | 'warning';
}

/** One replacement, positions against the text the preview read. */
export interface AstChange {
  /** Index of the op in the request as the user wrote it. */
  op: number;
  /** UTF-16 offsets; `end` exclusive. */
  start: number;
  end: number;
  /** 1-based line and column (UTF-16 units) of the start and end, as the agent's tool reports them. */
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
  /** The matched text. */
  before: string;
  /** The rendered replacement. */
  after: string;
}

export interface FilePreview {
  /** Absolute path. */
  path: string;
  /** As shown to the user: relative to the root with `/`, or absolute outside it. */
  display: string;
  lang: LanguageId;
  /** The text the changes were computed from (a buffer's text when it is open). */
  text: string;
  /** Sorted by start offset, then by op. */
  changes: AstChange[];
  /** Pairs of indices into `changes` whose ranges overlap: an apply would be ambiguous. */
  overlaps: [number, number][];
}

/** A file that was not searched, and why (syntax errors, unreadable, too large). */
export interface SkippedFile {
  path: string;
  display: string;
  reason: string;
  /** It could not be read at all (binary, not UTF-8, too large, gone): not checked, as opposed to read and not matched. */
  unread?: boolean;
}

export interface AstEditPreview {
  request: AstEditRequest;
  /** The language the files were parsed as. */
  lang: LanguageId;
  /** `paths` named exactly one file (the preview then prints no file headers). */
  singleFile: boolean;
  /** Only files with at least one change, in path order. */
  files: FilePreview[];
  totals: { replacements: number; files: number; filesSearched: number };
  /** Patterns that did not compile or parse (`<pat>: Invalid pattern: …`); the other patterns still ran. */
  patternErrors: string[];
  skipped: SkippedFile[];
  /** Scanning stopped at the files-with-changes cap (or the scan cap): narrow `paths`. */
  limitReached: boolean;
  /** Non-fatal problems (warnings), e.g. paths that do not exist beside ones that do. */
  warnings: AstEditProblem[];
}

export type AstEditOutcome = { ok: true; preview: AstEditPreview } | { ok: false; problems: AstEditProblem[] };
