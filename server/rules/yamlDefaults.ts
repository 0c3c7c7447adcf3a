import { parseDocument } from 'yaml';
import { bracketDepth, withoutStackTraces } from '../core/limits';

/** Metadata larger than this is not parsed as YAML, only line by line (a rule's frontmatter is a few lines); past `LIMITS.ruleFrontmatterChars` not at all. */
export const MAX_METADATA_CHARS = 64 * 1024;
/** Flow collections nested deeper than this are not parsed (the parser's cost grows fast with depth). */
export const MAX_FLOW_DEPTH = 64;

/** Whether a block is past what agentls parses as YAML (`MAX_METADATA_CHARS`, `MAX_FLOW_DEPTH`): no reading of it is judged then. */
export function pastYamlParseLimits(meta: string): boolean {
  return meta.length > MAX_METADATA_CHARS || bracketDepth(meta, true) > MAX_FLOW_DEPTH;
}

/**
 * What `YAML.parse` of the `yaml` package throws on a text, given no options, as the tools that
 * call it so read their frontmatter (Continue: `continueReading.ts`; Cline 4: `agents/clineDrops.ts`):
 * keys must be unique (`uniqueKeys` defaults to true), aliases expand to 100 values at most, and
 * a document it reports an error in throws. agentls's own parse (`frontmatter.ts`) lets a key
 * written twice pass, so this is how a reading that rejects it is told apart.
 */
export type YamlDefaultsResult = { value: unknown } | { error: { message: string; code: string; pos?: [number, number] } };

/** `YAML.parse` with its defaults, never throwing: the value, or the error it would throw (the first the document holds, or the alias limit's). */
export function parseWithYamlDefaults(meta: string): YamlDefaultsResult {
  return withoutStackTraces(() => {
    try {
      // `prettyErrors` only adds the line and a caret to the message; what throws is the same.
      const doc = parseDocument(meta, { prettyErrors: false });
      const first = doc.errors[0];
      if (first) return { error: { message: first.message, code: first.code, pos: first.pos } };
      return { value: doc.toJS() };
    } catch (err) {
      return { error: { message: (err as Error).message, code: 'THROWN' } };
    }
  });
}

/** The key a `DUPLICATE_KEY` error of `parseWithYamlDefaults` stands on, read from `text` at the error's start (an offset into `text`). */
export function duplicateKeyAt(text: string, at: number): string | undefined {
  return /^[^\s:]+/.exec(text.slice(at))?.[0];
}
