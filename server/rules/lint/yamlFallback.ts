import { parseDocument } from 'yaml';
import type { Finding } from '../../core/findings';
import type { Range } from '../../core/text';
import { buildRule } from '../build';
import { finding } from '../codes';
import { fallbackLines, MAX_YAML_ALIASES } from '../frontmatter';
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

/** What the file means: the YAML with the usual slips repaired, else each line parsed on its own. */
export function intendedFrontmatter(metadata: string, profile: 'seed' | 'xcsh'): Record<string, unknown> {
  const repaired = metadata
    .split('\n')
    .map((line) => {
      const star = /^(\s*(?:-\s+|[\w-]+:\s+))(\*\S.*?)\s*$/.exec(line);
      if (star) return star[1] + JSON.stringify(star[2]);
      const comma = /^([\w-]+:\s*)("(?:[^"\\]|\\.)*"|'[^']*'|[^\s[{|>][^,]*?)\s*,\s*$/.exec(line);
      if (comma) return comma[1] + comma[2];
      return line;
    })
    .join('\n');
  const whole = parseQuietly(repaired);
  const camel = (k: string) => (profile === 'xcsh' ? k.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()) : k);
  if (whole.ok && whole.value !== null && typeof whole.value === 'object' && !Array.isArray(whole.value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(whole.value)) out[camel(k)] = v;
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const line of fallbackLines(metadata, profile)) {
    const one = parseQuietly(`${line.rawKey}: ${line.value}`);
    const value = one.ok && one.value && typeof one.value === 'object' ? (one.value as Record<string, unknown>)[line.rawKey] : undefined;
    out[line.key] = value === undefined ? line.value : value;
  }
  return out;
}

function parseQuietly(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    const doc = parseDocument(text, { version: '1.2', schema: 'core', uniqueKeys: false });
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
