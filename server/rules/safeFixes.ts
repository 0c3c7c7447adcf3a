import type { Finding } from '../core/findings';
import type { LineIndex, Range, TextEdit } from '../core/text';
import type { FixData } from './codes';

/** A fix as plain data: what it does, and its edits against the text it was computed on. */
export interface RuleFix {
  title: string;
  edits: TextEdit[];
}

/**
 * The fixes of rule findings that are safe to apply without a person looking: they make
 * the file say, in a form the agent reads, exactly what it already meant (quote a glob,
 * write comma-separated globs as a list, `"true"` → `true`, close the frontmatter).
 * `agentls check --fix` applies these; the editor offers them as preferred quick fixes.
 */
export const SAFE_FIX_KINDS = ['quote-value', 'set-value', 'listify-globs', 'close-frontmatter'] as const;

export function isSafeRuleFix(f: Finding): boolean {
  const data = f.data as FixData | undefined;
  return !!data && (SAFE_FIX_KINDS as readonly string[]).includes(data.fix) && /^(frontmatter|rule)\//.test(f.code);
}

/** The safe fix of a finding over `text`, or undefined when it has none (or the text no longer fits it). */
export function safeRuleFix(f: Finding, text: string, lines: LineIndex): RuleFix | undefined {
  if (!isSafeRuleFix(f)) return undefined;
  const data = f.data as FixData;
  const slice = (r: Range) => text.slice(lines.offsetAt(r.start), lines.offsetAt(r.end));
  switch (data.fix) {
    case 'quote-value': {
      if (typeof data.line === 'number') {
        if (data.line >= lines.lineCount) return undefined;
        const m = /^([\w-]+:\s+)(\*\S.*?)\s*$/.exec(lines.lineText(data.line));
        if (!m) return undefined;
        const range = { start: { line: data.line, character: m[1].length }, end: { line: data.line, character: m[1].length + m[2].length } };
        return { title: `Quote ${m[2]} so the frontmatter is valid YAML`, edits: [{ range, newText: JSON.stringify(m[2]) }] };
      }
      const value = slice(f.range);
      return { title: `Quote ${value}`, edits: [{ range: f.range, newText: JSON.stringify(value) }] };
    }
    case 'set-value':
      return { title: `Write ${String(data.value)} (a YAML boolean)`, edits: [{ range: f.range, newText: String(data.value) }] };
    case 'listify-globs': {
      const parts = (data.parts as string[]).map((p) => JSON.stringify(p)).join(', ');
      return { title: `Write the globs as a list: [${parts}]`, edits: [{ range: f.range, newText: data.whole ? `[${parts}]` : parts }] };
    }
    case 'close-frontmatter': {
      const line = Number(data.line);
      const at = line < lines.lineCount ? { line, character: 0 } : lines.positionAt(text.length);
      const newText = line < lines.lineCount ? '---\n' : '\n---\n';
      return { title: 'Close the frontmatter with ---', edits: [{ range: { start: at, end: at }, newText }] };
    }
    default:
      return undefined;
  }
}
