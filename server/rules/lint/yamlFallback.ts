import { parseDocument } from 'yaml';
import type { Finding } from '../../core/findings';
import type { Range } from '../../core/text';
import { buildRule } from '../build';
import { blockAfter } from '../lineBlocks';
import { finding } from '../codes';
import { bracketDepth, withoutStackTraces } from '../../core/limits';
import { countWork } from '../../workspace/testCounts';
import { fallbackLines, MAX_FLOW_DEPTH, MAX_METADATA_CHARS, MAX_YAML_ALIASES } from '../frontmatter';
import type { Rule } from '../model';
import { placeRule } from '../resolve';
import type { RuleLocator } from './locate';
import { bucketPhrase, show } from './words';

/** The rule fields the xcsh agent derives from frontmatter, and the keys they come from. */
const FIELDS: { field: keyof Rule; keys: string[] }[] = [
  { field: 'description', keys: ['description'] },
  { field: 'globs', keys: ['globs'] },
  { field: 'alwaysApply', keys: ['alwaysApply', 'always-apply'] },
  { field: 'condition', keys: ['condition', 'ttsr_trigger', 'ttsrTrigger', 'ttsr-trigger'] },
  { field: 'scope', keys: ['scope'] },
  { field: 'interruptMode', keys: ['interruptMode', 'interrupt-mode'] },
];

/**
 * Invalid YAML: the xcsh agent logs a warning and reads the frontmatter with its line
 * fallback, where every value is a string. agentls works out what the file means (the
 * YAML with the usual slips repaired: an unquoted `*` glob, a trailing comma) and
 * reports each field the xcsh agent then reads differently, with what the xcsh agent does. When
 * nothing changes (Cursor's own `globs: *.ts`), it says so at information level.
 */
export function yamlFallbackFindings(loc: RuleLocator): Finding[] {
  const analysis = loc.analysis;
  const parsed = analysis.parsed;
  const problem = parsed?.yamlError;
  const meta = parsed?.layout.metadata;
  if (!parsed || !parsed.fallbackUsed || !problem || !meta || !analysis.rule || problem.beyondLimits) return [];
  const out: Finding[] = [];
  const profile = analysis.profile;
  const intendedFm = intendedFrontmatter(meta.text, profile);
  const intended = buildRule(analysis.candidate, intendedFm, parsed.body, profile).rule;
  const actual = analysis.rule;
  const actualBucket = analysis.placement?.bucket ?? 'none';
  const intendedBucket = placeRule(intended, profile, new Set()).bucket;
  const bucketNote = actualBucket !== intendedBucket ? ` The rule ${bucketPhrase(actualBucket)} instead of ${bucketPhrase(intendedBucket, false)}.` : '';

  const aliasGlob = findUnquotedStarValue(meta.text);
  const quoteFix = aliasGlob ? { fix: 'quote-value', line: loc.metaRange(aliasGlob.valueStart, aliasGlob.valueStart).start.line } : undefined;
  let consequences = 0;
  for (const { field, keys } of FIELDS) {
    const a = actual[field];
    const i = intended[field];
    if (JSON.stringify(a) === JSON.stringify(i) || sameEffect(field, a, i)) continue;
    consequences++;
    const where = keyLine(loc, keys);
    const entry = loc.entries().find((e) => keys.includes(e.rawKey) || keys.includes(e.key));
    const dropped = entry === undefined;
    const what = dropped
      ? `ignores \`${where.key}\` (the fallback reads only unindented \`${profile === 'seed' ? 'word' : 'word-or-hyphen'}: value\` lines)`
      : `reads \`${where.key}: ${entry.valueText}\` as the string ${JSON.stringify(entry.valueText)}`;
    out.push(
      finding(
        dropped ? 'frontmatter/fallback-dropped' : 'frontmatter/fallback-string',
        'error',
        where.range,
        `The frontmatter is not valid YAML, so the xcsh agent ${what}: ${field} becomes ${show(a)} instead of ${show(i)}.${bucketNote}`,
        quoteFix ? { data: quoteFix } : {},
      ),
    );
  }

  const range: Range = problem.range ? loc.range(problem.range[0], problem.range[1]) : loc.openerRange();
  // Cursor's docs and editor, and Windsurf's docs (docs.windsurf.com, "Memories & Rules",
  // its glob example), write unquoted globs; a leading `*` in another key is just a slip.
  const globsNote = aliasGlob?.key === 'globs' ? '; Cursor and Windsurf write globs this way' : '';
  const cursorNote = aliasGlob ? ` (\`${aliasGlob.key}: ${aliasGlob.value}\`: YAML reads a leading \`*\` as an alias${globsNote})` : '';
  const tail =
    consequences > 0
      ? ' Other diagnostics say what changes.'
      : ` For this file that gives what it means: ${summarize(actual)}.`;
  out.push(
    finding(
      'frontmatter/yaml-error',
      consequences > 0 ? 'warning' : 'information',
      range,
      `The frontmatter is not valid YAML${cursorNote}: ${problem.message}. The xcsh agent logs a warning and reads every \`key: value\` line as a plain string.${tail}`,
      quoteFix ? { data: quoteFix } : {},
    ),
  );
  return out;
}

/** Lines of a frontmatter parsed one by one, and the longest value parsed so: a real block is a handful of short lines. */
const MAX_LINE_PARSES = 1000;
const MAX_PARSED_VALUE_CHARS = 4096;

/**
 * Frontmatter read by `intendedFrontmatter` lately, by profile and text: each file's is asked
 * for by several lints, the tools' views and the hover. At most `RECENT_INTENDED` blocks and
 * `RECENT_INTENDED_CHARS` characters of them are kept (a rule file is up to 2 MiB).
 */
const recentlyIntended = new Map<string, Record<string, unknown>>();
const RECENT_INTENDED = 32;
const RECENT_INTENDED_CHARS = 4 * 1024 * 1024;
let recentChars = 0;

/** What the file means: the YAML with the usual slips repaired, else each line parsed on its own. */
export function intendedFrontmatter(metadata: string, profile: 'seed' | 'xcsh'): Record<string, unknown> {
  // The tool lints, the context views, the rule model and the hover each ask for the same
  // file's: a broken block of 50 KB takes the YAML parser 0.2 s a time, and one over the
  // parser's limit (6,000 keys) its budget of line parses, 60 ms, a time.
  if (metadata.length > RECENT_INTENDED_CHARS) return readIntended(metadata, profile);
  const key = profile + metadata;
  let found = recentlyIntended.get(key);
  if (!found) {
    found = readIntended(metadata, profile);
    recentlyIntended.set(key, found);
    recentChars += key.length;
    while (recentlyIntended.size > RECENT_INTENDED || recentChars > RECENT_INTENDED_CHARS) {
      const oldest = recentlyIntended.keys().next().value!;
      recentlyIntended.delete(oldest);
      recentChars -= oldest.length;
    }
  }
  return { ...found };
}

function readIntended(metadata: string, profile: 'seed' | 'xcsh'): Record<string, unknown> {
  countWork('intended-frontmatter');
  // Over the size the agent's own parse reads, the block is not parsed whole again; its lines are, up to a budget.
  const fits = metadata.length <= MAX_METADATA_CHARS;
  const repaired = fits ? metadata.split('\n').map(repairLine).join('\n') : '';
  const whole = fits ? parseQuietly(repaired) : ({ ok: false } as const);
  const camel = (k: string) => (profile === 'xcsh' ? k.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()) : k);
  if (whole.ok && whole.value !== null && typeof whole.value === 'object' && !Array.isArray(whole.value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(whole.value)) out[camel(k)] = v;
    return out;
  }
  const out: Record<string, unknown> = {};
  let budget = MAX_LINE_PARSES;
  for (const line of fallbackLines(metadata, profile)) {
    // `key:` with a block list below it (`  - "src/**"`), read without a parse; a value the lines cannot give left the frontmatter unread (`parseFrontmatter`).
    const block = blockAfter(metadata, line.lineEnd, line.value);
    if (block.kind === 'list' || block.kind === 'text') {
      out[line.key] = block.kind === 'list' ? block.items : block.text;
      continue;
    }
    // A line of a few keys' length parses in microseconds; past the budget, or a very long value, stays a string.
    const parses = line.value.length <= MAX_PARSED_VALUE_CHARS && budget-- > 0;
    // Words the parser would read as the same text need no parse (the budget still counts the line, so the result is the same).
    if (parses && isPlainText(line.value)) {
      out[line.key] = line.value;
      continue;
    }
    const one = parses ? parseQuietly(`${line.rawKey}: ${line.value}`) : ({ ok: false } as const);
    const value = one.ok && one.value && typeof one.value === 'object' ? (one.value as Record<string, unknown>)[line.rawKey] : undefined;
    out[line.key] = value === undefined ? line.value : value;
  }
  return out;
}

/**
 * Words that YAML 1.2's core schema reads as exactly this text: a plain scalar of letters,
 * digits and `_ . / -` in words split by single spaces, starting with a letter or `_` (so no
 * number, `.inf` or `.nan`), with none of the characters that start syntax (`:`, `#`,
 * quotes, brackets, `&`, `*`, `!`, `|`, `>`, `,`), and not one of the schema's null and
 * boolean words (YAML 1.2.2, §10.3.2 "Tag Resolution"). Anything else is parsed.
 */
const PLAIN_TEXT = /^[A-Za-z_][\w./-]*(?: [\w./-]+)*$/;
const CORE_WORDS = new Set(['null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE']);

function isPlainText(value: string): boolean {
  return PLAIN_TEXT.test(value) && !CORE_WORDS.has(value);
}

/**
 * A line with the usual slips repaired: an unquoted value that starts with `*` (an alias
 * to YAML) quoted, a trailing comma dropped. The line is trimmed first and each pattern is
 * anchored at both ends without a lazy part before trailing spaces: a pattern ending
 * `.*?\s*$` retried the spaces at every position (40,000 spaces took a second).
 */
function repairLine(line: string): string {
  const trimmed = line.trimEnd();
  const star = /^(\s*(?:-\s+|[\w-]+:\s+))(\*\S.*)$/.exec(trimmed);
  if (star) return star[1] + JSON.stringify(star[2]);
  if (!trimmed.endsWith(',')) return line;
  const comma = /^([\w-]+:\s*)("(?:[^"\\]|\\.)*"|'[^']*'|[^\s[{|>][^,]*)$/.exec(trimmed.slice(0, -1).trimEnd());
  return comma ? comma[1] + comma[2] : line;
}

/**
 * The YAML of `text`, or not ok, within the limits the agent's own parse is read with
 * (`frontmatter.ts`): this runs on frontmatter that already failed once, and a broken
 * block of 500 KB took the parser minutes.
 */
function parseQuietly(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.length > MAX_METADATA_CHARS || bracketDepth(text, true) > MAX_FLOW_DEPTH) return { ok: false };
  try {
    const doc = withoutStackTraces(() => parseDocument(text, { version: '1.2', schema: 'core', uniqueKeys: false, prettyErrors: false }));
    if (doc.errors.length) return { ok: false };
    return { ok: true, value: doc.toJS({ maxAliasCount: MAX_YAML_ALIASES }) };
  } catch {
    return { ok: false };
  }
}

/** The line of the first of `keys` written in the metadata (dropped keys included). */
function keyLine(loc: RuleLocator, keys: string[]): { key: string; range: Range } {
  const meta = loc.analysis.parsed!.layout.metadata!;
  let offset = 0;
  for (const line of meta.text.split('\n')) {
    const m = /^\s*(["']?)([^"':#]+)\1\s*:/.exec(line);
    if (m && keys.includes(m[2].trim())) {
      const start = offset + line.indexOf(m[2]);
      return { key: m[2].trim(), range: loc.metaRange(start, offset + line.length) };
    }
    offset += line.length + 1;
  }
  return { key: keys[0], range: loc.openerRange() };
}

function findUnquotedStarValue(metadata: string): { key: string; value: string; valueStart: number } | undefined {
  let offset = 0;
  for (const line of metadata.split('\n')) {
    const m = /^([\w-]+):(\s+)(\*\S.*?)\s*$/.exec(line);
    if (m) return { key: m[1], value: m[3], valueStart: offset + m[1].length + 1 + m[2].length };
    offset += line.length + 1;
  }
  return undefined;
}

function summarize(rule: Rule): string {
  const parts: string[] = [];
  if (rule.description !== undefined) parts.push(`description ${show(rule.description)}`);
  if (rule.globs !== undefined) parts.push(`globs ${show(rule.globs)}`);
  if (rule.alwaysApply === true) parts.push('always-apply');
  if (rule.condition) parts.push(`condition ${show(rule.condition)}`);
  return parts.length ? parts.join(', ') : 'no keys the xcsh agent uses';
}

/** Empty and unset behave the same for the agent: an empty description or an empty glob is no finding. */
function sameEffect(field: keyof Rule, actual: unknown, intended: unknown): boolean {
  const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.every((x) => x === '' || x === null));
  if (field === 'description' || field === 'globs') return empty(actual) && empty(intended);
  return false;
}
