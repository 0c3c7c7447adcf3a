import { lineIndentBefore, type Template } from './metavars';

/** A captured span of the source: UTF-16 offsets, `end` exclusive. */
export interface Span {
  start: number;
  end: number;
}

/** What one match captured: a span per single name; per multi name the span from the first to the last node (undefined when it captured nothing). */
export interface MatchCaptures {
  singles: ReadonlyMap<string, Span>;
  multis: ReadonlyMap<string, Span | undefined>;
}

/**
 * Renders `out` for one match the way ast-grep's replacer does, so a rewrite previewed
 * here is the rewrite the agent's tool makes:
 *
 * 1. each captured text that spans several lines is de-indented by the indentation of the
 *    source line it starts on, then re-indented (lines after its first) by the indentation
 *    of the template line the variable sits on;
 * 2. the whole rendered text, when it spans several lines, is indented (lines after its
 *    first) by the indentation of the source line the match starts on.
 *
 * A variable that captured nothing renders as empty text.
 */
export function renderReplacement(source: string, matchStart: number, template: Template, captures: MatchCaptures): string {
  let out = template.fragments[0];
  for (let i = 0; i < template.vars.length; i++) {
    const v = template.vars[i];
    const span = v.multi ? captures.multis.get(v.name) : captures.singles.get(v.name);
    if (span) out += reindent(extractDeindented(source, span), v.indent);
    out += template.fragments[i + 1];
  }
  return reindent(out, lineIndentBefore(source, matchStart) ?? 0);
}

/** The captured text; when it spans lines, with the indentation of its first source line removed from every line. */
function extractDeindented(source: string, span: Span): string {
  const text = source.slice(span.start, span.end);
  if (!text.includes('\n')) return text;
  const indent = lineIndentBefore(source, span.start);
  if (indent === undefined) return text;
  const prefix = ' '.repeat(indent);
  return text
    .split('\n')
    .map((line) => (line.startsWith(prefix) ? line.slice(indent) : line))
    .join('\n');
}

/** Prefixes every line but the first with `indent` spaces. */
function reindent(text: string, indent: number): string {
  if (indent === 0 || !text.includes('\n')) return text;
  return text.split('\n').join('\n' + ' '.repeat(indent));
}

