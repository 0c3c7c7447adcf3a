import type { AgentId } from './agents';
import { parseWithYamlDefaults, pastYamlParseLimits } from './yamlDefaults';

/**
 * A Continue rule file read as Continue reads it, which its source gives exactly
 * (continuedev/continue, `parseMarkdownRule`: packages/config-yaml/src/markdown/markdownToRule.ts,
 * and core/config/markdown/parseMarkdownRule.ts alike):
 * - `\r\n` becomes `\n`, nothing else (no HTML comment or tab is touched);
 * - the text is split at every line that is `---` and white space (`split(/^---\s*$/m)`), wherever
 *   it is: with two such lines or more, the text between the first two is the frontmatter, even
 *   below other text, and the rule's text is all after the second (the later parts joined by
 *   `---` again), trimmed; the text above the first is never sent;
 * - the frontmatter is parsed by `YAML.parse` of the `yaml` package, no options given: its keys
 *   must be unique (`uniqueKeys` defaults to true), aliases expand to 100 values at most, and a
 *   document it reports an error in throws. `parseMarkdownRule` catches the throw and takes no
 *   frontmatter and the whole file as the rule's text;
 * - `YAML.parse(...) || {}`: a block that parses to no mapping (a paragraph between two
 *   horizontal rules) gives no key, and the text after it is still the rule's text alone.
 * A leading UTF-8 BOM is skipped, as agentls's reading of every tool's file takes it (`TOOL_READING`).
 */
export interface ContinueReading {
  /** The keys Continue reads: the block's mapping, else none. */
  frontmatter: Record<string, unknown>;
  /** The text Continue sends as the rule. */
  sent: string;
  /** The first two `---` lines, as offsets into the text as written (each line's start, and its end). */
  block?: { opener: [number, number]; closer: [number, number] };
  /** Continue's parser threw on the block: its first error, with the offsets into the text as written where it has them. Continue then reads no key and sends the whole file. */
  rejected?: { message: string; code: string; range?: [number, number] };
  /** The block parsed to something other than a mapping (a paragraph, a list): no key is read from it. */
  notMapping?: boolean;
}

/** Where Continue's reading of a rule file is given, as findings name it (the notes above). */
export const CONTINUE_PARSE_SOURCE = 'continuedev/continue, `parseMarkdownRule` in packages/config-yaml/src/markdown/markdownToRule.ts';

/** The `---` line Continue splits a rule file at (`parseMarkdownRule`). */
const CONTINUE_SEPARATOR = /^---\s*$/m;

/**
 * How the agent reads `text` where agentls follows its source exactly (Continue); undefined for
 * the other agents, and where the block is past what agentls parses (`MAX_METADATA_CHARS`,
 * `MAX_FLOW_DEPTH`): the shared reading (`frontmatter.ts`) then stands, as for every tool.
 */
export function ownReading(agent: AgentId, text: string): ContinueReading | undefined {
  return agent === 'continue' ? continueReading(text) : undefined;
}

export function continueReading(written: string): ContinueReading | undefined {
  const bom = written.charCodeAt(0) === 0xfeff ? 1 : 0;
  const source = bom ? written.slice(bom) : written;
  const text = source.replace(/\r\n/g, '\n');
  const whole: ContinueReading = { frontmatter: {}, sent: text };
  const parts = text.split(CONTINUE_SEPARATOR);
  if (parts.length < 3) return whole;
  const meta = parts[1];
  if (pastYamlParseLimits(meta)) return undefined;
  const toWritten = writtenOffsets(source, bom);
  const opener = separatorAt(text, 0);
  const closer = separatorAt(text, opener.matchEnd);
  const block = { opener: [toWritten(opener.start), toWritten(opener.lineEnd)] as [number, number], closer: [toWritten(closer.start), toWritten(closer.lineEnd)] as [number, number] };
  const parsed = parseWithYamlDefaults(meta);
  if ('error' in parsed) {
    // The block is the text from the end of the opener's match (its `\s*` may take the line breaks after it).
    const range = parsed.error.pos?.map((o) => toWritten(opener.matchEnd + o)) as [number, number] | undefined;
    return { ...whole, block, rejected: { message: parsed.error.message.split('\n')[0], code: parsed.error.code, ...(range ? { range } : {}) } };
  }
  const value = parsed.value || {};
  const mapping = typeof value === 'object' && !Array.isArray(value);
  return { frontmatter: mapping ? (value as Record<string, unknown>) : {}, sent: parts.slice(2).join('---').trim(), block, ...(mapping ? {} : { notMapping: true }) };
}

/**
 * The next `---` line at or after `from` in the normalised text: its start, the end of its line
 * (`---` and the spaces after it), and the end of the match, which may take blank lines after it.
 */
function separatorAt(text: string, from: number): { start: number; lineEnd: number; matchEnd: number } {
  const found = new RegExp(CONTINUE_SEPARATOR.source, 'gm');
  found.lastIndex = from;
  const m = found.exec(text)!;
  return { start: m.index, lineEnd: m.index + /^---[^\S\n]*/.exec(m[0])![0].length, matchEnd: m.index + m[0].length };
}

/** Offsets into the text with `\r\n` made `\n` back to offsets into the text as written (a BOM of `bom` characters before it). */
function writtenOffsets(source: string, bom: number): (offset: number) => number {
  const removed: number[] = [];
  for (let at = source.indexOf('\r\n'); at >= 0; at = source.indexOf('\r\n', at + 2)) removed.push(at - removed.length);
  return (offset) => {
    let lo = 0;
    let hi = removed.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (removed[mid] < offset) lo = mid + 1;
      else hi = mid;
    }
    return offset + lo + bom;
  };
}
