import { isScalar } from 'yaml';
import type { Finding } from '../../core/findings';
import { afterBang, bangAwareGlobIssues, type GlobIssue, shownGlob, splitTopLevelCommas, uncheckedGlobFinding, unknownBangFinding, unquote } from '../agents/globs';
import type { AgentModel } from '../agents';
import { isGlobComment, onlyBlankPatterns } from '../agents/shared';
import { finding } from '../codes';
import type { KeyEntry, RuleLocator } from '../lint/locate';

/**
 * The glob value of an agent's glob key (`globs`, `paths`, `applyTo`) checked in that
 * agent's dialect: each glob's slips (with the repaired value as a quick fix), a list
 * where the agent reads one string, a comma string where it reads a list. `appliedAlways`: the
 * rule's activation applies it always, consulting no glob (Continue's `alwaysApply: true`).
 */
export function globValueFindings(loc: RuleLocator, agent: AgentModel, value: unknown, appliedAlways = false): Finding[] {
  const dialect = agent.globs;
  if (!dialect) return [];
  const entry = loc.entry(dialect.key);
  if (!entry || value === undefined || value === null) return [];
  const key = dialect.key;
  if (dialect.listOnly) {
    const ignored = listOnlyFindings(loc, agent, entry, value);
    // Said of the clients that read the key at all: the others ignore it whatever it holds.
    const note = dialect.ignoredByNote;
    if (ignored) return note ? ignored.map((f) => ({ ...f, message: `${f.message} ${note}` })) : ignored;
  }
  // A blank pattern the agent's matcher matches against no path (Continue's minimatch): said, and whether the rule is then never attached.
  const never = !appliedAlways && onlyBlankPatterns(value, dialect.commentMatchesNothing !== undefined);
  if (typeof value === 'string') {
    if (dialect.blankMatchesNothing && value.trim() === '' && value !== '') return [blankGlobFinding(agent, entry.valueRange, never)];
    const comment = commentGlobFinding(agent, entry.valueRange, value, never);
    return comment ? [comment] : stringValue(loc, agent, entry, value);
  }
  if (!Array.isArray(value)) {
    // Where the agent matches no path against such a value, the rule is not "as without globs": it is never attached.
    const never = dialect.otherValueMatchesNothing !== undefined && !appliedAlways;
    const effect = never ? `it matches no file against this value, so it never attaches this rule (${dialect.otherValueMatchesNothing})` : 'it ignores this value';
    return [finding('frontmatter/wrong-type', 'warning', entry.valueRange, `${agent.name} reads \`${key}\` as ${dialect.lists ? 'globs (a list, or one string)' : 'one string of globs'}, not ${typeof value}: ${effect}.`)];
  }
  if (!dialect.lists) {
    const joined = value.filter((v) => typeof v === 'string').join(', ');
    // An error: the only agent whose dialect takes no list is GitHub Copilot, and VS Code's
    // Copilot reads applyTo as a string only (its prompt header's applyTo getter reads a
    // string attribute; its validator says "The 'applyTo' attribute must be a string."), so
    // the file is never applied by itself.
    return [
      finding('frontmatter/wrong-type', 'error', entry.valueRange, `${agent.name} reads \`${key}\` as one string of comma-separated globs, not a YAML list: in VS Code it ignores this list ("must be a string"), so it never applies these instructions by itself. Write ${JSON.stringify(joined)}.`, {
        data: { fix: 'replace', newText: JSON.stringify(joined), title: `Write ${key} as one string: ${JSON.stringify(joined)}` },
      }),
    ];
  }
  const ranges = loc.elementRanges(entry);
  const out: Finding[] = [];
  value.forEach((g, i) => {
    const range = ranges[i] ?? entry.valueRange;
    if (typeof g !== 'string') {
      // Where the agent's matcher throws on it (Continue), the rule costs every request made with a file in context.
      const throws = dialect.nonTextElementThrows !== undefined && !appliedAlways;
      const said = throws ? `${agent.name} reads \`${key}\` elements as globs, and ${JSON.stringify(g)} is not text: ${dialect.nonTextElementThrows}. Quote it.` : `${agent.name} reads \`${key}\` elements as globs: ${JSON.stringify(g)} is not text.`;
      out.push(finding('frontmatter/wrong-type', throws ? 'error' : 'warning', range, said, { data: { fix: 'quote-value' } }));
      return;
    }
    if (dialect.blankMatchesNothing && g.trim() === '') {
      out.push(blankGlobFinding(agent, range, never));
      return;
    }
    const comment = commentGlobFinding(agent, range, g, never);
    if (comment) {
      out.push(comment);
      return;
    }
    const issues = dialectGlobIssues(g, agent);
    if (unknownBang(g, agent)) out.push(unknownBangFinding(range, g, agent.name));
    if (issues.length === 0) return;
    if (issues.some((x) => x.unchecked)) {
      out.push(uncheckedGlobFinding(range, g, agent.name));
      return;
    }
    const fixed = issues.every((x) => x.fixed !== undefined) ? issues[issues.length - 1].fixed : undefined;
    out.push(globFinding(agent, range, g, issues.map((x) => x.message), fixed === undefined ? undefined : JSON.stringify(fixed)));
  });
  return out;
}

/**
 * An agent that reads its glob key only as a list of non-empty strings ignores any other
 * value whole and applies the rule always (Cline, see `rules/agents/cline.ts`): an error,
 * since the rule goes to every request where the file scopes it. Undefined when the value
 * is such a list.
 */
function listOnlyFindings(loc: RuleLocator, agent: AgentModel, entry: KeyEntry, value: unknown): Finding[] | undefined {
  const key = agent.globs!.key;
  const always = `it ignores \`${key}\` and sends this rule with every request`;
  if (typeof value === 'string') {
    const parts = globListParts(value);
    const list = `[${parts.map((part) => JSON.stringify(part)).join(', ')}]`;
    // An empty list would turn the rule off: no fix where there is no glob to list.
    if (parts.length === 0) return [finding('frontmatter/wrong-type', 'error', entry.valueRange, `${agent.name} reads \`${key}\` only as a YAML list of globs, not one string: ${always}.`)];
    return [
      finding('frontmatter/wrong-type', 'error', entry.valueRange, `${agent.name} reads \`${key}\` only as a YAML list of globs, not one string${parts.length > 1 ? ' (nor does it split one at commas)' : ''}: ${always}. Write a list: ${list}.`, {
        // Safe (`check --fix` applies it): the list says exactly what the string meant.
        data: { fix: 'listify-globs', parts, whole: true },
      }),
    ];
  }
  if (!Array.isArray(value)) return [finding('frontmatter/wrong-type', 'error', entry.valueRange, `${agent.name} reads \`${key}\` only as a YAML list of globs, not ${typeof value}: ${always}.`)];
  const ranges = loc.elementRanges(entry);
  const out: Finding[] = [];
  value.forEach((g, i) => {
    if (typeof g === 'string' && g.length > 0) return;
    const what = typeof g === 'string' ? 'an empty entry' : `${JSON.stringify(g)}, which is not text,`;
    out.push(finding('frontmatter/wrong-type', 'error', ranges[i] ?? entry.valueRange, `${agent.name} reads \`${key}\` only as a list of globs, and ${what} makes the list invalid: ${always}.`, typeof g === 'string' ? {} : { data: { fix: 'quote-value' } }));
  });
  return out.length ? out : undefined;
}

/** The globs one string means, as the list a list-only agent reads (Cline's `paths`): split at top-level commas, unquoted, the blank ones left out. */
export function globListParts(value: string): string[] {
  return splitTopLevelCommas(value).map((part) => unquote(part).trim()).filter(Boolean);
}

function stringValue(loc: RuleLocator, agent: AgentModel, entry: KeyEntry, value: string): Finding[] {
  const dialect = agent.globs!;
  const split = splitTopLevelCommas(value);
  if (!dialect.commaSeparated && split.length > 1) {
    const list = `[${split.map((part) => JSON.stringify(unquote(part))).join(', ')}]`;
    return [
      finding('frontmatter/invalid-glob', 'warning', entry.valueRange, `${agent.name} does not split \`${dialect.key}\` at commas: it reads ${JSON.stringify(value)} as one glob, which matches no file. Write a list: ${list}.`, {
        data: { fix: 'replace', newText: list, title: `Write ${dialect.key} as a list: ${list}` },
      }),
    ];
  }
  const parts = dialect.commaSeparated ? split : [value];
  const unchecked = parts.find((part) => dialectGlobIssues(part, agent).some((x) => x.unchecked));
  if (unchecked !== undefined) return [uncheckedGlobFinding(entry.valueRange, unchecked, agent.name)];
  const messages: string[] = [];
  let repairable = true;
  const repaired = parts.map((part) => {
    const issues = dialectGlobIssues(part, agent);
    messages.push(...issues.map((x) => x.message));
    if (issues.length === 0) return part.trim();
    const fixed = issues[issues.length - 1].fixed;
    if (fixed === undefined || issues.some((x) => x.fixed === undefined)) repairable = false;
    return fixed ?? part.trim();
  });
  // A part with a `!` no source explains is said alone, on the value, when nothing else is wrong with the value.
  const banged = parts.find((part) => unknownBang(part, agent));
  if (messages.length === 0) return banged === undefined ? [] : [unknownBangFinding(entry.valueRange, banged, agent.name)];
  const joined = repaired.join(', ');
  const quoted = isScalar(entry.node) ? entry.node.type === 'QUOTE_DOUBLE' || entry.node.type === 'QUOTE_SINGLE' : /^["']/.test(entry.valueText) && !/^(["']).*\1\s*,/.test(entry.valueText);
  return [globFinding(agent, entry.valueRange, value, messages, repairable ? (quoted ? JSON.stringify(joined) : joined) : undefined)];
}

/**
 * A glob's slips as the agent reads it: after a leading `!` (`afterBang`), with the `!` kept in
 * a repair; where the agent matches such a glob on its own (`negatedAlone`: Cline), that first.
 */
function dialectGlobIssues(glob: string, agent: AgentModel): GlobIssue[] {
  const issues = bangAwareGlobIssues(glob, agent.name);
  const alone = agent.globs?.negatedAlone;
  return alone !== undefined && afterBang(glob) !== undefined ? [{ message: alone }, ...issues] : issues;
}

/**
 * The glob, when it has a leading `!` the agent's docs and source do not explain (no `negation`,
 * no `negatedAlone`) and nothing else is wrong with it: `unknownBangFinding` is said of it.
 */
function unknownBang(glob: string, agent: AgentModel): boolean {
  const dialect = agent.globs;
  if (!dialect || dialect.negation === true || dialect.negatedAlone !== undefined || afterBang(glob) === undefined) return false;
  return dialectGlobIssues(glob, agent).length === 0;
}

/**
 * A blank glob where the agent matches it against no path (`blankMatchesNothing`, which gives the
 * source): `never` where no other glob is left to match, so the agent never attaches the rule.
 */
function blankGlobFinding(agent: AgentModel, range: Finding['range'], never: boolean): Finding {
  const effect = never ? `with no other glob to match, it never attaches this rule` : 'it adds no file to the rule';
  return finding('frontmatter/invalid-glob', 'warning', range, `${agent.name} matches an empty glob against no file (${agent.globs!.blankMatchesNothing}): ${effect}. Remove it${never ? ', or write the files it is meant for' : ''}.`);
}

/**
 * A glob the agent's matcher reads as a comment (`commentMatchesNothing`, which gives the source),
 * after a `!` where the agent reads that as excluding: it adds no file, or excludes none; `never`
 * where no other glob is left to match, so the agent never attaches the rule. Undefined for
 * another glob, or an agent whose matcher has no comments.
 */
function commentGlobFinding(agent: AgentModel, range: Finding['range'], glob: string, never: boolean): Finding | undefined {
  const dialect = agent.globs!;
  const excluding = dialect.negation === true && glob.startsWith('!');
  if (dialect.commentMatchesNothing === undefined || !isGlobComment(excluding ? glob.slice(1) : glob)) return undefined;
  const effect = excluding ? 'so this exclusion excludes no file' : never ? 'with no other glob to match, it never attaches this rule' : 'it adds no file to the rule';
  return finding(
    'frontmatter/invalid-glob',
    'warning',
    range,
    `${agent.name} matches \`${shownGlob(glob)}\` against no file: a glob starting with \`#\` is a comment to its matcher (${dialect.commentMatchesNothing}): ${effect}. Write the glob without the \`#\`${excluding ? ' after the `!`' : ''}, or remove it.`,
  );
}

function globFinding(agent: AgentModel, range: Finding['range'], glob: string, messages: string[], newText: string | undefined): Finding {
  const unique = [...new Set(messages)];
  return finding(
    'frontmatter/invalid-glob',
    'warning',
    range,
    `${agent.name} does not match \`${shownGlob(glob.trim())}\` as meant: ${unique.join('; ')}.${newText ? ` Write ${newText}.` : ''}`,
    newText ? { data: { fix: 'replace', newText, title: `Write ${newText}` } } : {},
  );
}
