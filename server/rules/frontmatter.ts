import { Document, isAlias, parseDocument, visit } from 'yaml';
import { bracketDepth, formatCount, LIMITS, overLimit, withoutStackTraces } from '../core/limits';
import { KEYS_AGENTS_READ } from './agents';
import { blockAfter } from './lineBlocks';
import { chainMaps, OffsetMapBuilder, shiftMap, type OffsetMapper } from './offsetMap';
import { MAX_FLOW_DEPTH, MAX_METADATA_CHARS } from './yamlDefaults';

/**
 * The agent's frontmatter parser (`rules.md` §3), in the two variants agentls predicts:
 * `seed` (the seed document's parser: keys as written, fallback `^(\w+):`) and `xcsh`
 * (current upstream: fallback `^([\w-]+):`, kebab-case keys turned into camelCase).
 * Besides the agent's result it returns the layout (where the delimiters, metadata and
 * body lie in the text the user typed) so that lints can point at it.
 */
export type ParserVariant = 'seed' | 'xcsh';

// The sizes past which no YAML is parsed, kept beside the parse other readings share (`yamlDefaults.ts`).
export { MAX_FLOW_DEPTH, MAX_METADATA_CHARS };
/** Alias expansions allowed while turning YAML into values: stops alias bombs. */
export const MAX_YAML_ALIASES = 100;

export interface YamlProblem {
  /** The parser's message. */
  message: string;
  /** `yaml`'s error code, or `ALIAS_LIMIT` / `TOO_LARGE` / `TOO_DEEP` / `UNRESOLVED_ALIAS` / `PARSER_FAILURE`. */
  code: string;
  /** Source offsets of the offending text, when known. */
  range?: [number, number];
  /** agentls could not decide what the agent's parser does (a cap was hit): predictions are guesses. */
  beyondLimits: boolean;
}

export interface FrontmatterLayout {
  /** The text after the agent's normalisation (line endings, HTML comments). */
  normalized: string;
  /** `normalized` offsets back to source offsets. */
  map: OffsetMapper;
  /** HTML comments the agent deletes, as source ranges. */
  htmlComments: [number, number][];
  /** Present when the agent sees a frontmatter block. Offsets into `normalized`. */
  block?: {
    /** End of the opening line (the `\n`, or the text end). */
    openerLineEnd: number;
    /** Metadata is `normalized.slice(metaStart, metaEnd)`. */
    metaStart: number;
    metaEnd: number;
    /** Start of the closing line (just after the `\n` of `\n---`). */
    closerStart: number;
    /** End of the closing line. */
    closerLineEnd: number;
    /** Where the body begins before trimming (just after `\n---`). */
    bodyStart: number;
  };
  /** The metadata after tab replacement, as YAML saw it, and its map back to the source. */
  metadata?: { text: string; map: OffsetMapper };
}

export interface ParsedFrontmatter {
  frontmatter: Record<string, unknown>;
  body: string;
  /** YAML failed and the line fallback produced `frontmatter`. */
  fallbackUsed: boolean;
  yamlError?: YamlProblem;
  /** The YAML document when the parse succeeded (lints locate values in it). */
  yamlDocument?: Document;
  /**
   * Why agentls did not read the frontmatter. `frontmatter` is then `{}`, which is not what
   * any agent reads: no key, activation or bucket may be judged from it.
   */
  unread?: UnreadFrontmatter;
  layout: FrontmatterLayout;
}

/** A frontmatter agentls did not read, in the words its finding and the agents' views say it. */
export interface UnreadFrontmatter {
  /** The finding's cause, lower-case ("this frontmatter has …"): over `LIMITS.ruleFrontmatterChars`, a value the line reading cannot read, or an alias bomb. */
  said: string;
  /** The views' `uncounted` reason ("not read: …"). */
  notRead: string;
  /** The finding's code: `frontmatter/yaml-error` for aliases past `MAX_YAML_ALIASES`, whose reading by the agent's own parser is not known. */
  code: 'frontmatter/too-large' | 'frontmatter/yaml-error';
}

/**
 * Why the agents' views give a file no rule (no mode, no bucket) when agentls did not read its
 * frontmatter (`unread`): their `uncounted` entries and the first-line hover say it in these
 * words. Undefined when the frontmatter was read.
 */
export function frontmatterNotRead(parsed: ParsedFrontmatter | undefined): string | undefined {
  return parsed?.unread?.notRead;
}

/** How a reader other than the xcsh agent's parser takes the text. */
export interface ParseOptions {
  /**
   * A UTF-8 byte-order mark at the very start is not part of the text (`TOOL_READING`
   * says which readers do this); offsets still point into the text as written, BOM included.
   */
  skipBom?: boolean;
  /**
   * Where, in the text as written, the reader's opening `---` line lies when it is not the
   * file's first line: the reader drops the text above it and reads the block from there
   * (Continue, `continueReading.ts`). Offsets still point into the text as written.
   */
  blockAt?: number;
}

/**
 * How the other tools read a rule file of theirs: a UTF-8 BOM before `---` is not part of
 * the text, so the frontmatter is read. What is known of each reader:
 * - the xcsh agent does not do this (`rules.md` §3 step 2 and the `bom-before-delimiter`
 *   vector: under `seed` and `xcsh` a BOM means no frontmatter), so its parse keeps the
 *   BOM and `lint/delimiters.ts` reports it;
 * - Cline drops one leading BOM before reading frontmatter since cline/cline#12277 (merged
 *   2026-07-14, fixing cline/cline#12151);
 * - GitHub Copilot in VS Code reads an open file from the editor's text model, which holds
 *   no BOM; microsoft/vscode#336155 (open) reports a BOM'd SKILL.md whose frontmatter is
 *   missed while the file has no open model. Nothing is reported for instructions files,
 *   and GitHub's documentation says nothing of a BOM for the cloud agent or code review;
 * - Cursor, Windsurf and Claude Code: nothing documents it either way.
 * Where nothing documents it, the reading the file plainly means (the frontmatter is
 * there) is taken: no false alarm on a file an editor saved with a BOM.
 */
export const TOOL_READING: ParseOptions = { skipBom: true };

/** Parses a rule file as the agent does. Never throws. */
export function parseFrontmatter(source: string, variant: ParserVariant, options: ParseOptions = {}): ParsedFrontmatter {
  const skipped = options.blockAt ?? (options.skipBom && source.charCodeAt(0) === 0xfeff ? 1 : 0);
  const lines = normalizeLineEndings(skipped ? source.slice(skipped) : source);
  const written: OffsetMapper = skipped ? { toSource: (o) => lines.map.toSource(o) + skipped } : lines.map;
  const stripped = stripHtmlComments(lines.text);
  const text = stripped.text;
  const map = chainMaps(stripped.map, written);
  const htmlComments = stripped.comments.map(([s, e]) => [written.toSource(s), written.toSource(e)] as [number, number]);
  const layout: FrontmatterLayout = { normalized: text, map, htmlComments };

  if (!text.startsWith('---')) return { frontmatter: {}, body: text, fallbackUsed: false, layout };
  const close = text.indexOf('\n---', 3);
  if (close < 0) return { frontmatter: {}, body: text, fallbackUsed: false, layout };

  const openerNl = text.indexOf('\n');
  const closerNl = text.indexOf('\n', close + 1);
  layout.block = {
    openerLineEnd: openerNl < 0 ? text.length : openerNl,
    metaStart: Math.min(4, close),
    metaEnd: close,
    closerStart: close + 1,
    closerLineEnd: closerNl < 0 ? text.length : closerNl,
    bodyStart: close + 4,
  };
  const body = text.slice(close + 4).trim();
  // Checked before any parse (tabs, YAML, line fallback): each grows with the text, and the file is parsed again per view.
  const metaChars = Math.max(0, close - 4);
  if (metaChars > LIMITS.ruleFrontmatterChars) {
    const unread: UnreadFrontmatter = {
      said: overLimit('this frontmatter has', metaChars, LIMITS.ruleFrontmatterChars, 'characters'),
      notRead: overLimit('not read: its frontmatter has', metaChars, LIMITS.ruleFrontmatterChars, 'characters'),
      code: 'frontmatter/too-large',
    };
    return { frontmatter: {}, body, fallbackUsed: false, layout, unread };
  }
  const rawMeta = close >= 4 ? text.slice(4, close) : '';
  const tabs = replaceTabs(rawMeta);
  const metaMap = chainMaps(tabs.map, shiftMap(4, map));
  layout.metadata = { text: tabs.text, map: metaMap };

  const yaml = parseYaml(tabs.text, metaMap);
  if (yaml.ok) {
    let value = spreadRoot(yaml.value);
    if (variant === 'xcsh') value = camelizeKeys(value) as Record<string, unknown>;
    return { frontmatter: value, body, fallbackUsed: false, yamlDocument: yaml.document, layout };
  }
  const read = fallbackLines(tabs.text, variant);
  const unread = unreadBeyondLimits(yaml.problem, tabs.text, read);
  if (unread) return { frontmatter: {}, body, fallbackUsed: false, yamlError: yaml.problem, layout, unread };
  const fallback: Record<string, unknown> = {};
  for (const line of read) fallback[line.key] = line.value;
  return { frontmatter: fallback, body, fallbackUsed: true, yamlError: yaml.problem, layout };
}

/**
 * Why a frontmatter past agentls's own YAML limits is not read at all, when it is not. Aliases
 * that expand past `MAX_YAML_ALIASES` (a billion-laughs block): the agent's parser may throw
 * (the `yaml` package's own default limit is 100, its `maxAliasCount` option) or expand them, and
 * which is not known, so no value of it is made up (the star repair of `intendedFrontmatter`
 * once read `globs: *j` as the glob `*j`). Over `MAX_METADATA_CHARS`, the lines are read one by
 * one (`intendedFrontmatter`); a value on the lines below its key that is not a plain block list
 * (`lineBlocks.ts`) cannot be read so, and the rule's activation would be made up without it;
 * only a key some agent reads (`AgentModel.keys`, of every agent: this parse does not know the
 * file's) leaves it unread. A block scalar (`description: |`) is read as its text.
 */
function unreadBeyondLimits(problem: YamlProblem, metadata: string, lines: readonly FallbackLine[]): UnreadFrontmatter | undefined {
  if (problem.code === 'ALIAS_LIMIT') {
    const aliases = `its YAML aliases expand to more than ${MAX_YAML_ALIASES} values, past what agentls reads`;
    return { said: `the frontmatter's ${aliases.slice(4)}`, notRead: `not read: ${aliases}`, code: 'frontmatter/yaml-error' };
  }
  if (problem.code !== 'TOO_LARGE') return undefined;
  for (const line of lines) {
    // A key no agent reads (`meta:` holding a map of the author's own) decides nothing: its value is not needed.
    if (!KEYS_AGENTS_READ.has(line.key)) continue;
    const block = blockAfter(metadata, line.lineEnd, line.value);
    if (block.kind !== 'unreadable') continue;
    const why = `${formatCount(metadata.length)} characters, more than the ${formatCount(MAX_METADATA_CHARS)} agentls parses as YAML, and the value of \`${line.rawKey}\` is not one agentls reads line by line (${block.why})`;
    return { said: `this frontmatter has ${why}`, notRead: `not read: its frontmatter has ${why}`, code: 'frontmatter/too-large' };
  }
  return undefined;
}

/** One metadata line the fallback parser reads: key (camelCased under xcsh) and string value. */
export interface FallbackLine {
  key: string;
  /** The key as written. */
  rawKey: string;
  value: string;
  /** Offsets into the metadata text. */
  lineStart: number;
  lineEnd: number;
  valueStart: number;
}

/** The lines the fallback parser turns into keys, in order (later duplicates win). */
export function fallbackLines(metadata: string, variant: ParserVariant): FallbackLine[] {
  const pattern = variant === 'seed' ? /^(\w+):\s*(.*)$/ : /^([\w-]+):\s*(.*)$/;
  const out: FallbackLine[] = [];
  let start = 0;
  while (start <= metadata.length) {
    let end = metadata.indexOf('\n', start);
    if (end < 0) end = metadata.length;
    const line = metadata.slice(start, end);
    const m = pattern.exec(line);
    if (m) {
      const rest = m[2];
      const lead = rest.length - rest.trimStart().length;
      out.push({
        key: variant === 'xcsh' ? camelize(m[1]) : m[1],
        rawKey: m[1],
        value: rest.trim(),
        lineStart: start,
        lineEnd: end,
        valueStart: start + line.length - rest.length + lead,
      });
    }
    start = end + 1;
  }
  return out;
}

type YamlOutcome = { ok: true; value: unknown; document: Document } | { ok: false; problem: YamlProblem };

function parseYaml(metadata: string, map: OffsetMapper): YamlOutcome {
  const range = (a: number, b: number): [number, number] => [map.toSource(a), map.toSource(Math.max(a, b))];
  if (metadata.length > MAX_METADATA_CHARS) {
    return {
      ok: false,
      problem: { message: `the frontmatter is over ${MAX_METADATA_CHARS / 1024} KiB`, code: 'TOO_LARGE', range: range(0, 0), beyondLimits: true },
    };
  }
  if (bracketDepth(metadata, true) > MAX_FLOW_DEPTH) {
    return {
      ok: false,
      problem: { message: `flow collections nested more than ${MAX_FLOW_DEPTH} deep`, code: 'TOO_DEEP', range: range(0, 0), beyondLimits: true },
    };
  }
  let document: Document;
  try {
    document = withoutStackTraces(() => parseDocument(metadata, { version: '1.2', schema: 'core', uniqueKeys: false, prettyErrors: false, keepSourceTokens: false }));
  } catch (err) {
    return { ok: false, problem: { message: (err as Error).message, code: 'PARSER_FAILURE', range: range(0, 0), beyondLimits: true } };
  }
  const first = document.errors[0];
  if (first) {
    return { ok: false, problem: { message: first.message, code: first.code, range: range(first.pos[0], first.pos[1]), beyondLimits: false } };
  }
  const unresolved = findUnresolvedAlias(document);
  if (unresolved) {
    return {
      ok: false,
      problem: { message: `Unresolved alias: *${unresolved.source}`, code: 'UNRESOLVED_ALIAS', range: range(unresolved.start, unresolved.end), beyondLimits: false },
    };
  }
  try {
    return { ok: true, value: document.toJS({ maxAliasCount: MAX_YAML_ALIASES }), document };
  } catch (err) {
    const message = (err as Error).message;
    const limit = /alias/i.test(message) && /exhaustion|excessive/i.test(message);
    return {
      ok: false,
      problem: {
        message: limit ? `more than ${MAX_YAML_ALIASES} alias expansions` : message,
        code: limit ? 'ALIAS_LIMIT' : 'PARSER_FAILURE',
        range: range(0, 0),
        beyondLimits: true,
      },
    };
  }
}


function findUnresolvedAlias(document: Document): { source: string; start: number; end: number } | undefined {
  let found: { source: string; start: number; end: number } | undefined;
  visit(document, {
    Alias(_key, node) {
      if (!isAlias(node)) return undefined;
      if (node.resolve(document) === undefined) {
        const [start, end] = node.range ?? [0, 0];
        found = { source: node.source, start, end };
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/** The parsed root spread into an object, as the agent does (`{...value}`): lists and strings become index keys. */
function spreadRoot(value: unknown): Record<string, unknown> {
  if (value === null || value === undefined) return {};
  return Object.assign({}, value) as Record<string, unknown>;
}

function camelize(key: string): string {
  return key.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

function camelizeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelizeKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[camelize(k)] = camelizeKeys(v);
    return out;
  }
  return value;
}

/** `\r\n` and lone `\r` become `\n`. */
export function normalizeLineEndings(text: string): { text: string; map: OffsetMapBuilder } {
  const map = new OffsetMapBuilder();
  if (!text.includes('\r')) {
    map.copy(text.length);
    return { text, map };
  }
  let out = '';
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) !== 13) {
      run++;
      continue;
    }
    map.copy(run);
    out += text.slice(i - run, i) + '\n';
    run = 0;
    const crlf = text.charCodeAt(i + 1) === 10;
    map.replace(crlf ? 2 : 1, 1);
    if (crlf) i++;
  }
  map.copy(run);
  out += text.slice(text.length - run);
  return { text: out, map };
}

/** Deletes every `<!-- … -->` (non-greedy, across lines), as the agent does everywhere in the file. */
export function stripHtmlComments(text: string): { text: string; map: OffsetMapBuilder; comments: [number, number][] } {
  const map = new OffsetMapBuilder();
  const comments: [number, number][] = [];
  let out = '';
  let cursor = 0;
  for (;;) {
    const open = text.indexOf('<!--', cursor);
    if (open < 0) break;
    const close = text.indexOf('-->', open + 4);
    if (close < 0) break;
    out += text.slice(cursor, open);
    map.copy(open - cursor);
    map.drop(close + 3 - open);
    comments.push([open, close + 3]);
    cursor = close + 3;
  }
  out += text.slice(cursor);
  map.copy(text.length - cursor);
  return { text: out, map, comments };
}

function replaceTabs(text: string): { text: string; map: OffsetMapBuilder } {
  const map = new OffsetMapBuilder();
  if (!text.includes('\t')) {
    map.copy(text.length);
    return { text, map };
  }
  let out = '';
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) !== 9) {
      run++;
      continue;
    }
    map.copy(run);
    out += text.slice(i - run, i) + '  ';
    run = 0;
    map.replace(1, 2);
  }
  map.copy(run);
  out += text.slice(text.length - run);
  return { text: out, map };
}
