/**
 * Hashline over the protocol: `agentls/hashlineRead`, `agentls/hashlineApply` and their
 * command twins for clients that drop results (the README's "Requests and their commands").
 */

export const HashlineCommands = {
  /** `{ input, uri?, path?, dryRun?, section?, version? }` (or the patch text alone): validates and applies a patch (`section`: only the file at this absolute path; `version`: refused unless the open patch at `uri` is at this version); shows the outcome. */
  apply: 'agentls.hashline.apply',
  /** `{ uri, startLine?, endLine? }`: anchored lines in a report; records what was seen, like the request. */
  read: 'agentls.hashline.read',
} as const;

/** `agentls/hashlineRead` params. Lines are 1-based and inclusive. */
export interface HashlineReadParams {
  uri: string;
  startLine?: number;
  endLine?: number;
}

/** `agentls/hashlineRead` result: rows from the live buffer (or the disk when not open). */
export interface HashlineReadResult {
  /** `41th|def alpha():` rows. */
  lines: string[];
  /** First and last line shown (1-based). */
  startLine: number;
  endLine: number;
  /** Lines in the document. */
  lineCount: number;
  /** The answer stopped at the cap; ask for a range. */
  truncated: boolean;
  /** Version of the open document read, or null when read from disk. */
  version: number | null;
  /** Why these anchors cannot be used in a patch, when they cannot (a file with lone CR line breaks). */
  note?: string;
}

/** `agentls/hashlineApply` params. */
export interface HashlineApplyParams {
  /** The patch text. */
  input: string;
  /** Validate and report what would change, without changing anything. */
  dryRun?: boolean;
  /** The patch document, when there is one: its workspace folder anchors relative paths (default: the first folder). */
  uri?: string;
  /** The file a patch without a `§PATH` header edits. */
  path?: string;
}

export interface HashlineFileResult {
  uri: string;
  /** Path as the patch names it. */
  path: string;
  changed: boolean;
  created: boolean;
  /** Anchors were stale and the edit was replayed from an earlier seen version. */
  recovered: boolean;
  /** Dry run: the unified diff of the change. */
  diff?: string;
}

/** `agentls/hashlineApply` result. */
export interface HashlineApplyResult {
  applied: boolean;
  files: HashlineFileResult[];
  warnings: string[];
}

/**
 * The `data` of the `RequestFailed` error answered when a patch is refused: the error
 * kind (`hash_mismatch`, `parse_error`, …, as the vectors name them) and, for stale
 * anchors, the current ones (`remaps`: `"2zz"` → `"2kt"`). `message` is the full text,
 * including the current rows around each stale anchor.
 */
export interface HashlineErrorData {
  kind: string;
  message: string;
  uri?: string;
  path?: string;
  /** 0-based line of the patch text the problem is written on. */
  patchLine?: number;
  remaps?: Record<string, string>;
}
