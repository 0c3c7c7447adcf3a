import type { ConvertPromptResult, FileReference, PromptAdapter, UnconvertedToken } from '../../protocol/refs';
import { throwIfCancelled, type Cancellation } from '../core/cancel';
import type { ReadResult } from '../workspace/fs';
import { resolveReference, type RefEnvironment, type Resolution } from './resolve';
import { isValidRefId, parsePromptText } from './token';

export interface ConvertOptions {
  adapter: PromptAdapter;
  /** `generic`: inline file contents instead of `[File: …]` labels. */
  inline?: boolean;
  env: RefEnvironment;
  /** Largest file inlined (bytes); larger ones get a label. */
  maxInlineBytes?: number;
  /** Inlined bytes over the whole prompt; later files get labels. */
  maxTotalInlineBytes?: number;
  cancel?: Cancellation;
}

export const DEFAULT_MAX_INLINE_BYTES = 64 * 1024;
export const DEFAULT_MAX_TOTAL_INLINE_BYTES = 256 * 1024;

/** The `ref_id` → path map of a list of entries (the first entry of a repeated id wins). */
export function referenceMap(references: readonly FileReference[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const r of references) if (isValidRefId(r.ref_id) && !map.has(r.ref_id)) map.set(r.ref_id, r.path);
  return map;
}

/**
 * Converts a prompt for an adapter (`file-refs.md` §3). A token that cannot be
 * converted (its file is missing or outside the workspace) becomes its display path as
 * literal text; nothing is ever dropped.
 */
export async function convertPrompt(text: string, references: readonly FileReference[], options: ConvertOptions): Promise<ConvertPromptResult> {
  const map = referenceMap(references);
  const { segments } = parsePromptText(text, (id) => map.get(id));
  const files: string[] = [];
  const listed = new Set<string>();
  const unconverted: UnconvertedToken[] = [];
  const maxInline = options.maxInlineBytes ?? DEFAULT_MAX_INLINE_BYTES;
  let inlineBudget = options.maxTotalInlineBytes ?? DEFAULT_MAX_TOTAL_INLINE_BYTES;
  let out = '';
  // A path is looked up and read once however many tokens name it: a 2 MB prompt of one
  // token repeated took 7 s (80,000 look-ups), 30 s inlined, with the server busy throughout.
  const resolutions = new Map<string, Promise<Resolution>>();
  const reads = new Map<string, Promise<ReadResult>>();
  const once = <T>(cache: Map<string, Promise<T>>, key: string, get: () => Promise<T>): Promise<T> => {
    let v = cache.get(key);
    if (!v) cache.set(key, (v = get()));
    return v;
  };
  for (const segment of segments) {
    throwIfCancelled(options.cancel);
    if (segment.kind === 'text') {
      out += segment.text;
      continue;
    }
    const resolution = await once(resolutions, segment.path, () => resolveReference(segment.path, options.env));
    if (resolution.status !== 'found') {
      const reason = resolution.status === 'missing' ? `${segment.path} does not exist` : resolution.reason;
      unconverted.push({ ref_id: segment.ref_id, display_path: segment.display_path, reason });
      out += segment.display_path;
      continue;
    }
    if (!listed.has(segment.path)) {
      listed.add(segment.path);
      files.push(segment.path);
    }
    if (options.adapter === 'script') out += segment.path;
    else if (options.adapter === 'generic') {
      let inlined: string | undefined;
      if (options.inline && resolution.stat.size <= Math.min(maxInline, inlineBudget)) {
        const read = await once(reads, resolution.abs, () => options.env.fs.readText(resolution.abs, { maxBytes: maxInline }));
        if (read.ok) {
          inlineBudget -= read.size;
          inlined = fencedFile(segment.path, read.text);
        }
      }
      out += inlined ?? `[File: ${segment.path}]`;
    }
    // claude-code: the token leaves the text; the agent loads the file from context_files.
  }
  const result: ConvertPromptResult = { adapter: options.adapter, prompt_text: out, unconverted };
  if (options.adapter === 'claude-code') result.context_files = files;
  if (options.adapter === 'script') result.args = files.map(scriptArgument);
  return result;
}

/**
 * A path as a process argument. `file-refs.md` §3 says only "pass the paths from the tokens as
 * process arguments"; a workspace path like `-rf` would be read as an option by nearly every
 * command (POSIX.1-2017 XBD 12.2, Utility Syntax Guideline 4: options are preceded by `-`),
 * so it goes as `./-rf`, which names the same file and starts with no `-`. The prompt text
 * keeps the path as written: it is text for the script to read, not an argument.
 */
function scriptArgument(file: string): string {
  return file.startsWith('-') ? `./${file}` : file;
}

/** A file's content as a fenced block under a `[File: …]` label; the fence outgrows any backtick run inside. */
function fencedFile(path: string, content: string): string {
  const longest = Math.max(2, ...[...content.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `[File: ${path}]\n${fence}\n${content}${content.endsWith('\n') ? '' : '\n'}${fence}\n`;
}
