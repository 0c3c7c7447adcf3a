/**
 * ast-edit over LSP: `agentls/astEditPreview`, `agentls/astEditResolve` and the command
 * twins `agentls.astEdit.preview` / `agentls.astEdit.apply` (the README's "Requests and their commands").
 * Positions are LSP positions (0-based, UTF-16); `line` fields are 1-based as in the
 * preview text.
 */

/** One rewrite: every node matching `pat` becomes `out` (empty `out` deletes the node). */
export interface AstEditOpParams {
  pat: string;
  out: string;
}

/** `agentls/astEditPreview` params, and the argument of the preview command. */
export interface AstEditPreviewParams {
  ops: AstEditOpParams[];
  /** Files, folders or globs, relative to the workspace folder (`root`), or absolute inside it; `file:` URIs; `rule://NAME` (the rule's file, which must lie inside it). */
  paths: string[];
  /** Required when the paths hold several languages (typescript, tsx, javascript, python, go, rust, java, json, yaml, bash, html, css). */
  lang?: string;
  /** URI (or path) of the workspace folder relative paths start from; default the first folder. */
  root?: string;
}

/** The argument of either command for a recipe document: its URI. */
export interface AstEditRecipeArgs {
  recipe: string;
}

export interface AstEditChangeInfo {
  /** Index of the op in the request. */
  op: number;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  /** 1-based line of the match start. */
  line: number;
  before: string;
  after: string;
  /** The two preview lines `-LINEhh|before` and `+LINEhh|after`. */
  preview: [string, string];
}

export interface AstEditFileInfo {
  uri: string;
  /** Relative to the workspace folder, `/` separators. */
  path: string;
  changes: AstEditChangeInfo[];
  /** Pairs of indices into `changes` whose ranges overlap (an apply refuses them). */
  overlaps: [number, number][];
}

/** `agentls/astEditPreview` result. */
export interface AstEditPreviewResult {
  /** Pass to `agentls/astEditResolve`; null when there is nothing to apply. */
  previewId: string | null;
  lang: string;
  files: AstEditFileInfo[];
  totals: { replacements: number; files: number; filesSearched: number };
  /** Invalid patterns and skipped files (`path: reason`). */
  parseErrors: string[];
  limitReached: boolean;
  /** `paths[1]: …`: a path not found or matching no file (or only files of another language than `lang`) beside paths that gave files (alone, it is the request's error), a link not followed. */
  warnings: string[];
  /** The whole preview as the agent's tool prints it. */
  text: string;
}

/** `agentls/astEditResolve` params. */
export interface AstEditResolveParams {
  previewId: string;
  action: 'apply' | 'discard';
}

/** `agentls/astEditResolve` result (a refused apply is an error, code `RequestFailed`, with `AstEditRefusal` data). */
export interface AstEditResolveResult {
  applied: boolean;
  files: { uri: string; changed: boolean; replacements: number }[];
  replacements: number;
  message: string;
}

/** `data` of the error of a refused apply. */
export interface AstEditRefusal {
  reason: 'stale' | 'overlap' | 'nothing' | 'editor';
  details: string[];
}

/** Argument of `agentls.astEdit.apply`: a preview by id, or the preview of a recipe or of these params. */
export type AstEditApplyArgs = { previewId: string } | AstEditRecipeArgs | AstEditPreviewParams;
