/**
 * File references in prompts: the `file_references` entries, and the params and results
 * of `agentls/parsePrompt` and `agentls/convertPrompt`. Offsets are UTF-16 code units
 * into the `text` that was sent (the escaped prompt text).
 *
 * What a client writes: picking a file in the `@` popup inserts `<@file:REF_ID|DISPLAY_PATH>`
 * and adds `{ ref_id: REF_ID, path }` to `file_references`. REF_ID is letters, digits, `_`
 * and `-` (new ones are `ref_N`, the smallest N free); DISPLAY_PATH is what the user sees
 * and holds no `>`. What the user typed is escaped (`\` as `\\`, `<@` as `\<@`) and what a
 * pick inserted is not, so typed text never forms a token. A reader finds the tokens that
 * no `\` precedes, looks each REF_ID up (one with no entry stays text, never dropped), and
 * only then unescapes the rest: `\\` to `\`, then `\<@` to `<@`.
 */

/** One `file_references` entry. Other fields of an entry are kept as they are. */
export interface FileReference {
  /** Matches `[a-zA-Z0-9_-]+`. */
  ref_id: string;
  /** Workspace-relative, `/` separators. */
  path: string;
  [field: string]: unknown;
}

/** `agentls/parsePrompt` params. */
export interface ParsePromptParams {
  /** `prompt_text` as sent: typed spans escaped, tokens not. */
  text: string;
  file_references: FileReference[];
}

/** A run of literal text, after the decode of §2.2 step 3. */
export interface PromptTextSegment {
  kind: 'text';
  /** The text as the user typed it (unescaped). */
  text: string;
  start: number;
  /** Exclusive. */
  end: number;
}

/** A token whose `ref_id` has an entry. */
export interface PromptFileSegment {
  kind: 'file';
  ref_id: string;
  display_path: string;
  /** The entry's `path`: what the agent gets. */
  path: string;
  start: number;
  end: number;
}

export type PromptSegment = PromptTextSegment | PromptFileSegment;

/** A token-shaped span whose `ref_id` has no entry: it stays literal text (inside a text segment). */
export interface UnmappedToken {
  ref_id: string;
  display_path: string;
  start: number;
  end: number;
}

/** `agentls/parsePrompt` result: the segments in order, after the RAWP parse order (§2.2). */
export interface ParsePromptResult {
  segments: PromptSegment[];
  unmapped: UnmappedToken[];
}

export type PromptAdapter = 'claude-code' | 'generic' | 'script';
export const PROMPT_ADAPTERS: readonly PromptAdapter[] = ['claude-code', 'generic', 'script'];

/** `agentls/convertPrompt` params. */
export interface ConvertPromptParams {
  text: string;
  file_references: FileReference[];
  adapter: PromptAdapter;
  /** `generic` only: inline each file's content (size-capped) instead of a `[File: …]` label. */
  inline?: boolean;
  /** The document the prompt belongs to: paths resolve against its workspace folder (default the first). */
  uri?: string;
}

/** A token that could not be converted: its display path took its place as literal text. */
export interface UnconvertedToken {
  ref_id: string;
  display_path: string;
  reason: string;
}

/**
 * `agentls/convertPrompt` result, by adapter:
 * - `claude-code`: tokens removed from `prompt_text`, their paths in `context_files`;
 * - `generic`: each token replaced by `[File: PATH]` or, with `inline`, by the file's content;
 * - `script`: each token replaced by its path, the paths also in `args`.
 */
export interface ConvertPromptResult {
  adapter: PromptAdapter;
  prompt_text: string;
  /** `claude-code`: workspace-relative paths, first mention order, no duplicates. */
  context_files?: string[];
  /** `script`: process arguments (workspace-relative paths), first mention order, no duplicates. */
  args?: string[];
  unconverted: UnconvertedToken[];
}

/** Commands of the prompt feature: the twins of the requests, for clients that drop results. */
export const PromptCommands = {
  /** `[{ uri }]`: writes the parse of a prompt document as a report. */
  parse: 'agentls.prompt.parse',
  /** `[{ uri, adapter, inline? }]`: writes the converted prompt as a report. */
  convert: 'agentls.prompt.convert',
  /**
   * `[{ uri, ref_id, path }]`: adds the `file_references` entry of a token an `@` completion
   * just inserted, when the token is there and its entry is not (the completion's own edits
   * could not carry it: see `completion.ts`). Sent as the completion item's command.
   */
  addReference: 'agentls.prompt.addReference',
} as const;
