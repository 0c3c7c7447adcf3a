import { isMap, isScalar, isSeq, type Node } from 'yaml';
import type { Range } from '../../core/text';
import type { FileAnalysis } from '../analysis';
import { fallbackLines } from '../frontmatter';

/** Keys located per file; frontmatter beyond that many keys is not worth pointing into. */
const MAX_ENTRIES = 1000;

/** One top-level frontmatter key as written, with where its parts lie (source ranges). */
export interface KeyEntry {
  /** The key as the agent sees it (camelCase under xcsh). */
  key: string;
  /** The key as written. */
  rawKey: string;
  keyRange: Range;
  /** The value as written (empty range right after the colon when there is none). */
  valueRange: Range;
  /** The whole line (or lines, for block values). */
  lineRange: Range;
  valueText: string;
  /** The YAML node of the value when the YAML parse succeeded. */
  node?: Node | null;
}

/**
 * Positions in a rule file for lints and code actions: everything the parser reports in
 * offsets of its normalised text is mapped back to what the user typed.
 */
export class RuleLocator {
  private entriesCache: KeyEntry[] | undefined;
  private byKey: Map<string, KeyEntry> | undefined;

  constructor(readonly analysis: FileAnalysis) {}

  get text(): string {
    return this.analysis.text;
  }

  range(start: number, end: number): Range {
    return this.analysis.lines.range(start, Math.max(start, end));
  }

  /** Source offsets of a metadata span. */
  metaRange(start: number, end: number): Range {
    const map = this.analysis.parsed?.layout.metadata?.map;
    if (!map) return this.firstLine();
    return this.range(map.toSource(start), map.toSource(end));
  }

  /** Source range of a span of the normalised text. */
  normRange(start: number, end: number): Range {
    const map = this.analysis.parsed!.layout.map;
    return this.range(map.toSource(start), map.toSource(end));
  }

  firstLine(): Range {
    return this.analysis.lines.lineRange(0);
  }

  openerRange(): Range {
    const block = this.analysis.parsed?.layout.block;
    return block ? this.normRange(0, block.openerLineEnd) : this.firstLine();
  }

  closerRange(): Range | undefined {
    const block = this.analysis.parsed?.layout.block;
    return block ? this.normRange(block.closerStart, block.closerLineEnd) : undefined;
  }

  /** The whole frontmatter block (opener to closer), or the first line when there is none. */
  blockRange(): Range {
    const block = this.analysis.parsed?.layout.block;
    return block ? this.normRange(0, block.closerLineEnd) : this.firstLine();
  }

  /** Top-level keys as written, in order; from the YAML document, else from the fallback's view. */
  entries(): KeyEntry[] {
    if (this.entriesCache) return this.entriesCache;
    const out: KeyEntry[] = [];
    const parsed = this.analysis.parsed;
    const meta = parsed?.layout.metadata;
    if (parsed && meta) {
      const camel = this.analysis.profile === 'xcsh';
      const doc = parsed.yamlDocument;
      if (doc && isMap(doc.contents)) {
        for (const pair of doc.contents.items.slice(0, MAX_ENTRIES)) {
          const keyNode = pair.key as Node | null;
          if (!isScalar(keyNode) || !keyNode.range) continue;
          const rawKey = String(keyNode.value);
          const valueNode = pair.value as Node | null;
          const [ks, ke] = keyNode.range;
          const [vs, ve] = valueNode?.range ?? [ke + 1, ke + 1];
          const vEnd = Math.max(vs, ve);
          out.push({
            key: camel ? rawKey.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()) : rawKey,
            rawKey,
            keyRange: this.metaRange(ks, ke),
            valueRange: this.metaRange(vs, vEnd),
            lineRange: this.metaRange(lineStartOf(meta.text, ks), lineEndOf(meta.text, vEnd > ks ? vEnd - 1 : ks)),
            valueText: meta.text.slice(vs, vEnd).trim(),
            node: valueNode,
          });
        }
      } else if (!doc) {
        for (const line of fallbackLines(meta.text, this.analysis.profile).slice(0, MAX_ENTRIES)) {
          out.push({
            key: line.key,
            rawKey: line.rawKey,
            keyRange: this.metaRange(line.lineStart, line.lineStart + line.rawKey.length),
            valueRange: this.metaRange(line.valueStart, line.valueStart + line.value.length),
            lineRange: this.metaRange(line.lineStart, line.lineEnd),
            valueText: line.value,
          });
        }
      }
    }
    this.entriesCache = out;
    return out;
  }

  /** The entry the agent uses for a key (the last one: duplicates overwrite). */
  entry(key: string): KeyEntry | undefined {
    if (!this.byKey) {
      this.byKey = new Map();
      for (const e of this.entries()) this.byKey.set(e.key, e);
    }
    return this.byKey.get(key);
  }

  /** Source ranges of the elements of a list value. */
  elementRanges(entry: KeyEntry): Range[] {
    if (!isSeq(entry.node)) return [];
    const meta = this.analysis.parsed?.layout.metadata;
    if (!meta) return [];
    return entry.node.items.map((item) => {
      const r = (item as Node | null)?.range;
      return r ? this.metaRange(r[0], r[1]) : entry.valueRange;
    });
  }

  /** Where a new `key: value` line goes: before the closing `---`. */
  insertionPoint(): { line: number; character: number } | undefined {
    const closer = this.closerRange();
    return closer ? { line: closer.start.line, character: 0 } : undefined;
  }
}

function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', Math.max(0, offset - 1)) + 1;
}

function lineEndOf(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  return nl < 0 ? text.length : nl;
}
