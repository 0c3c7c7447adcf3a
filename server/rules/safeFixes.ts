import type { Finding } from '../core/findings';
import { lineBreakOf, type LineIndex, type Range, type TextEdit } from '../core/text';
import type { FixData } from './codes';

/** A fix as plain data: what it does, and its edits against the text it was computed on. */
export interface RuleFix {
  title: string;
  edits: TextEdit[];
  /** Why a person should look before it is applied (the editor offers it, `check --fix` leaves it). */
  needsReview?: string;
}

/**
 * The fixes of rule findings that are safe to apply without a person looking: they make
 * the file say, in a form the agent reads, exactly what it already meant (quote a glob,
 * write comma-separated globs as a list, `"true"` → `true`, open or close the frontmatter, rename
 * a key to the one the agent reads: `always_apply` → `alwaysApply`).
 * `agentls check --fix` applies these; the editor offers them as preferred quick fixes.
 */
export const SAFE_FIX_KINDS = ['quote-value', 'set-value', 'listify-globs', 'close-frontmatter', 'open-frontmatter', 'rename-key'] as const;

/** Frontmatter lines looked at for a key already written (a rule's frontmatter is a few lines). */
const MAX_KEY_LINES = 1000;

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
      // Written with the file's own line break: a CRLF file given a bare `\n` is left mixed.
      const eol = lineBreakOf(text);
      const newText = line < lines.lineCount ? `---${eol}` : `${eol}---${eol}`;
      return { title: 'Close the frontmatter with ---', edits: [{ range: { start: at, end: at }, newText }] };
    }
    case 'open-frontmatter': {
      // The text must still begin with the block's first key.
      if (!/^[A-Za-z][\w-]*\s*:/.test(text)) return undefined;
      const top = { line: 0, character: 0 };
      return { title: 'Add the opening --- line', edits: [{ range: { start: top, end: top }, newText: `---${lineBreakOf(text)}` }] };
    }
    case 'rename-key': {
      const to = String(data.to);
      const key = slice(f.range);
      const after = lines.lineText(f.range.end.line).slice(f.range.end.character);
      // The range must still hold the key.
      if (f.range.start.line !== f.range.end.line || !/^[\w-]+$/.test(key) || !/^\s*:/.test(after) || key === to) return undefined;
      const fix: RuleFix = { title: `Rename the key to ${to}`, edits: [{ range: f.range, newText: to }] };
      // Where the agent reads the new key only as a list (Cline's `paths`), the one-string value is written as the list it means, if the text still holds it.
      if (typeof data.list === 'string' && data.valueRange) {
        const valueRange = data.valueRange as Range;
        if (slice(valueRange) !== data.valueText) return undefined;
        // As the finding wrote it (`listOnlyRenameFinding`): a flow list of the globs.
        const list = data.list;
        fix.title = `Rename the key to ${to}, its globs as a list: ${list}`;
        fix.edits.push({ range: valueRange, newText: list });
      }
      // With the new name already written the file has it twice, and the later one wins: which value was meant is a person's call.
      if (hasTopLevelKey(lines, to)) fix.needsReview = `\`${to}\` is already written: the renamed key would be a second one`;
      return fix;
    }
    default:
      return undefined;
  }
}

/** Whether the frontmatter block at the top of the text already has `key:` at its top level. */
function hasTopLevelKey(lines: LineIndex, key: string): boolean {
  const last = Math.min(lines.lineCount, MAX_KEY_LINES);
  for (let line = 1; line < last; line++) {
    const text = lines.lineText(line);
    if (text.startsWith('---')) return false;
    if (text.startsWith(key) && /^\s*:/.test(text.slice(key.length))) return true;
  }
  return false;
}
