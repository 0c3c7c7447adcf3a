import { inRanges, markdownCodeRanges } from './markdownCode';

/**
 * `rule://NAME` references in Markdown: where they are, for lints, hovers, links,
 * definitions and completion.
 */
export interface RuleRef {
  /** The name as written (sentence punctuation after it excluded). */
  name: string;
  /** Offsets of the whole `rule://NAME`. */
  start: number;
  end: number;
  /** Offset where the name starts. */
  nameStart: number;
}

const REF = /rule:\/\/([^\s)\]>"'`,;<*|{}]*)/g;
const MAX_REFS = 1000;

/**
 * Every reference in `text`, except the `rule://<name>` placeholder of docs and prompts
 * and those in code spans and fenced code blocks: there Markdown shows `rule://NAME` as an
 * example, not a link, and no agent follows it.
 */
export function findRuleRefs(text: string, max = MAX_REFS): RuleRef[] {
  const out: RuleRef[] = [];
  if (!text.includes('rule://')) return out;
  const code = markdownCodeRanges(text);
  REF.lastIndex = 0;
  for (let m = REF.exec(text); m && out.length < max; m = REF.exec(text)) {
    const after = text[m.index + m[0].length];
    if (m[1] === '' && after === '<') continue;
    if (inRanges(code, m.index)) continue;
    const name = m[1].replace(/[.:!?]+$/, '');
    const nameStart = m.index + 'rule://'.length;
    out.push({ name, start: m.index, end: nameStart + name.length, nameStart });
  }
  return out;
}

/** The reference whose span contains `offset` (its end included, for a cursor right after it). */
export function refAt(text: string, offset: number): RuleRef | undefined {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const nl = text.indexOf('\n', offset);
  const line = text.slice(lineStart, nl < 0 ? text.length : nl);
  return findRuleRefs(line).map((r) => ({ ...r, start: r.start + lineStart, end: r.end + lineStart, nameStart: r.nameStart + lineStart })).find((r) => offset >= r.start && offset <= r.end);
}
