import type { Finding } from '../../core/findings';
import { formatCount, LIMITS } from '../../core/limits';
import type { Range } from '../../core/text';
import { globProblem, overlongGlob } from '../../workspace/glob';
import { finding } from '../codes';

/** What is wrong with one glob as written, and the glob that was meant when that is clear. */
export interface GlobIssue {
  message: string;
  /** The corrected glob, when the intent is clear. */
  fixed?: string;
  /** Nothing is wrong that agentls knows of: the glob is past what it checks (`uncheckedGlobFinding`). */
  unchecked?: true;
}

/**
 * Slips that make a glob match nothing, or something else than meant, in every dialect
 * the agents use (gitignore-like path globs, relative to the workspace): quotes left
 * inside a comma list, a leading `/`, `**` glued to other text, regex alternation, and
 * unbalanced brackets or braces. `reader` names the agent in the message.
 */
export function globIssues(glob: string, reader: string, insideQuotes = false): GlobIssue[] {
  const text = glob.trim();
  if (text === '') return [];
  // Its length is the one thing said of a glob too long to match: no pattern below runs over it.
  if (text.length > LIMITS.globChars) return [{ message: `${unmatchableGlob(text)} (${reader} matches no file)` }];
  // Too many {…} alternatives: the agent may well expand them all; agentls does not, so it cannot say what they match.
  if (overlongGlob(text)) return [{ message: `its {…} alternatives make more than ${formatCount(LIMITS.globAlternatives)} patterns`, unchecked: true }];
  const quoted = /^(["'])(.*)\1$/.exec(text);
  if (quoted) {
    const quotes = `the quotes are part of the glob ${shownGlob(text)}, so ${reader} looks for file names with quote marks in them`;
    // Quotes within quotes: said once, not unwrapped again (a value of nested quotes would recurse once per pair).
    if (insideQuotes) return [{ message: quotes }];
    // The glob inside the quotes can hold a slip of its own (`"/package.xml"`): the repair covers both.
    const inner = globIssues(quoted[2], reader, true);
    const fixed = inner.length === 0 ? quoted[2] : inner.every((x) => x.fixed !== undefined) ? inner[inner.length - 1].fixed : undefined;
    return [fixed === undefined ? { message: quotes } : { message: quotes, fixed }, ...inner.map((x) => (fixed === undefined ? { message: x.message } : { ...x, fixed }))];
  }
  const out: GlobIssue[] = [];
  let fixed = text;
  if (/^\/[^/]/.test(text)) {
    fixed = fixed.replace(/^\/+/, '');
    out.push({ message: `globs are relative to the workspace, and ${reader} matches the leading \`/\` against nothing`, fixed });
  }
  // `**` is a path segment of its own; glued to other characters it acts like `*`. No agent's
  // docs say how it reads such a `**`: this is gitignore's rule (gitignore(5): "Other
  // consecutive asterisks are considered regular asterisks") and that of the common glob
  // libraries (minimatch's and picomatch's globstar is a whole segment only), so the message
  // names them and says the agent's docs are silent.
  if (hasGluedDoubleStar(text)) {
    // The intent is clear only for `**.ext` at the start of a segment: any depth, that extension.
    const clear = !/[^/*]\*\*/.test(text);
    if (clear) fixed = fixed.replace(/(^|\/)\*\*(?=[^/*])/g, '$1**/*');
    const message = `\`**\` crosses folders only as a whole path segment (\`**/\`); glued to other characters it is read as \`*\`, within one folder, by gitignore's rules and the common glob libraries (${reader}'s docs do not say otherwise)`;
    out.push(clear ? { message, fixed } : { message });
  }
  const alternation = /(^|[^@!?+*])\(([^()|]+(?:\|[^()|]+)+)\)/.exec(fixed);
  if (alternation) {
    fixed = fixed.replace(alternation[0], `${alternation[1]}{${alternation[2].split('|').join(',')}}`);
    out.push({ message: `\`(${alternation[2]})\` is regular-expression alternation, not glob syntax: ${reader} looks for the parentheses and bars literally; globs write it \`{${alternation[2].split('|').join(',')}}\``, fixed });
  }
  const broken = unmatchableGlob(text);
  if (broken) {
    const closed = closedBrace(fixed);
    if (closed !== undefined) fixed = closed;
    out.push(closed === undefined ? { message: `${broken} (${reader} matches no file)` } : { message: `${broken} (${reader} matches no file)`, fixed });
  }
  // Each issue carries the glob with every clear repair applied.
  return out.map((issue) => (issue.fixed !== undefined ? { ...issue, fixed } : issue));
}

/**
 * The glob after a leading `!`, or undefined without one. gitignore(5) ("An optional prefix
 * "!" which negates the pattern"), minimatch and picomatch (each unless given `nonegate`) read
 * that `!` as "not", so a `**` right after it starts a segment: the glob after it is what
 * `globIssues` judges, and a repair keeps the `!`. What the agent then does with the `!`
 * itself is its dialect's to say (`GlobDialect.negation`, `negatedAlone`), else unknown.
 */
export function afterBang(glob: string): string | undefined {
  const text = glob.trim();
  return text.startsWith('!') ? text.slice(1) : undefined;
}

/** `globIssues` of a glob, judged after a leading `!` (`afterBang`) with the `!` kept in each repair. */
export function bangAwareGlobIssues(glob: string, reader: string): GlobIssue[] {
  const rest = afterBang(glob);
  if (rest === undefined) return globIssues(glob, reader);
  return globIssues(rest, reader).map((x) => (x.fixed === undefined ? x : { ...x, fixed: `!${x.fixed}` }));
}

/**
 * What is said of a glob with a leading `!` where the agent's docs and source do not say how it
 * reads the `!` (`afterBang`): nothing is known to be wrong, so no "does not match as meant",
 * only that agentls cannot tell which files the glob excludes, or matches.
 */
export function unknownBangFinding(range: Range, glob: string, reader: string): Finding {
  return finding(
    'frontmatter/glob-not-checked',
    'information',
    range,
    `agentls does not check the glob \`${shownGlob(glob.trim())}\`: ${reader}'s docs do not say how it reads a leading \`!\` (gitignore and the minimatch and picomatch libraries read it as "not"), so whether it excludes these files for ${reader} is not checked.`,
  );
}

/**
 * Why an agent matches a glob against no file (an unbalanced bracket or brace, a lone trailing
 * backslash, more characters than agentls matches: `globProblem`), as `frontmatter/invalid-glob`
 * says it; undefined for a glob that can match, or one agentls does not check (too many `{…}`
 * alternatives, `uncheckedGlobFinding`: the agent may well expand them).
 */
export function unmatchableGlob(glob: string): string | undefined {
  const text = glob.trim();
  if (text === '') return undefined;
  if (text.length <= LIMITS.globChars && overlongGlob(text)) return undefined;
  return globProblem(text);
}

/**
 * When every glob of a rule is one its agent matches against nothing (`unmatchableGlob`), the
 * words saying so and why ("its glob `x` matches no file, because …"), for the hovers and
 * `agentls rules` to say the rule attaches to no file; undefined when one glob can match, or
 * there is none. At most `SHOWN_DEAD_GLOBS` are named (a list of 10,000 helps nobody).
 */
export function noFileGlobs(globs: readonly string[]): string | undefined {
  if (globs.length === 0) return undefined;
  const reasons: string[] = [];
  for (const g of globs) {
    const why = unmatchableGlob(g);
    if (why === undefined) return undefined;
    if (reasons.length < SHOWN_DEAD_GLOBS) reasons.push(`\`${shownGlob(g.trim())}\` matches no file, because ${why}`);
  }
  if (globs.length === 1) return `its glob ${reasons[0]}`;
  const more = globs.length - reasons.length;
  return `none of its globs matches a file: ${reasons.join('; ')}${more ? `; and ${formatCount(more)} more` : ''}`;
}

const SHOWN_DEAD_GLOBS = 3;

/**
 * The glob with its one unclosed `{` closed at the end, where that is clearly what was meant:
 * the glob ends in a comma list after the `{` (`src/**\/*.{ts,tsx`), and closing it leaves
 * nothing unbalanced. Undefined otherwise.
 */
function closedBrace(glob: string): string | undefined {
  const tail = glob.slice(glob.lastIndexOf('{') + 1);
  if (!glob.includes('{') || !tail.includes(',') || /[}[\]/\\]/.test(tail)) return undefined;
  const closed = `${glob}}`;
  return globProblem(closed) === undefined ? closed : undefined;
}

/**
 * A `**` with something other than a folder boundary beside it. Every agent's dialect
 * understands `{a,b}` (the models' `braces`), so a `**` that opens or closes one
 * alternative of a brace group that is itself a whole segment (`{README.md,docs/**}`, as in
 * a public Copilot instructions file) stands alone once the group is expanded.
 */
function hasGluedDoubleStar(glob: string): boolean {
  // For each `{`, its matching `}`; for each character, the brace group it sits in.
  const close = new Map<number, number>();
  const inside: number[] = [];
  const open: number[] = [];
  for (let i = 0; i < glob.length; i++) {
    inside.push(open.length ? open[open.length - 1] : -1);
    if (glob[i] === '{') open.push(i);
    else if (glob[i] === '}' && open.length) close.set(open.pop()!, i);
  }
  const wholeGroup = (at: number) => at >= 0 && close.has(at) && (at === 0 || glob[at - 1] === '/') && (close.get(at)! + 1 === glob.length || glob[close.get(at)! + 1] === '/');
  for (let i = glob.indexOf('**'); i >= 0; i = glob.indexOf('**', i + 2)) {
    const before = i === 0 ? '/' : glob[i - 1];
    const after = i + 2 === glob.length ? '/' : glob[i + 2];
    const startsSegment = before === '/' || ((before === '{' || before === ',') && wholeGroup(before === '{' ? i - 1 : inside[i - 1]));
    const endsSegment = after === '/' || ((after === ',' || after === '}') && wholeGroup(inside[i + 2]));
    if (!startsSegment || !endsSegment) return true;
  }
  return false;
}

/**
 * What is said of a glob agentls does not expand (`unchecked` issues): nothing is known to be
 * wrong with it, so no "does not match as meant", only that which files it reaches is not checked.
 */
export function uncheckedGlobFinding(range: Range, glob: string, reader: string): Finding {
  return finding(
    'frontmatter/glob-not-checked',
    'information',
    range,
    `agentls does not check the glob \`${shownGlob(glob.trim())}\`: its {…} alternatives make more than ${formatCount(LIMITS.globAlternatives)} patterns, more than agentls expands, so which files it matches for ${reader} is not checked.`,
  );
}

/** Most characters of a glob quoted in a message; a longer one is cut, with `…`. */
const SHOWN_GLOB_CHARS = 80;

/** A glob as a message quotes it: cut short when it is long (a message of 400,000 characters helps nobody). */
export function shownGlob(glob: string): string {
  return glob.length <= SHOWN_GLOB_CHARS ? glob : `${glob.slice(0, SHOWN_GLOB_CHARS)}…`;
}

/** Splits at commas outside `{}` and `[]` (brace alternatives are one glob); drops empty parts. */
export function splitTopLevelCommas(glob: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && depth > 0) depth--;
    else if (c === ',' && depth === 0) {
      out.push(glob.slice(start, i));
      start = i + 1;
    }
  }
  out.push(glob.slice(start));
  return out.map((s) => s.trim()).filter(Boolean);
}

/**
 * Whether a glob that matches nothing is the lint's to report, not the dead-glob finding's: a
 * comma-separated string read as one glob (`frontmatter/comma-globs`), or a glob with a slip
 * (`frontmatter/invalid-glob`), or a glob with a leading `!` (`afterBang`: an exclusion, or not
 * known to be one). Depends on the glob alone (`reader` only names the agent in
 * `globIssues`' messages), so whoever judges globs can leave such ones unjudged.
 */
export function deadGlobIsTheLints(glob: string): boolean {
  return splitTopLevelCommas(glob).length > 1 || afterBang(glob) !== undefined || globIssues(glob, '').length > 0;
}

/** A part of a comma list without the quotes a user left around it. */
export function unquote(part: string): string {
  const m = /^(["'])(.*)\1$/.exec(part.trim());
  return m ? m[2] : part.trim();
}

/** Most content patterns a report names; the rest are counted. */
const SHOWN_CONTENT_PATTERNS = 3;

/**
 * The words saying which content a matched file must have for the rule to be attached
 * (`Activation.content`: Continue's `regex`), which agentls cannot tell, not reading the files'
 * contents: "content matching `^import` (the rule's `regex`; …)".
 */
export function contentNarrowing(patterns: readonly string[]): string {
  const shown = patterns.slice(0, SHOWN_CONTENT_PATTERNS).map((p) => `\`${shownGlob(p)}\``);
  const more = patterns.length - shown.length;
  const which = `${shown.join(' or ')}${more ? ` or ${formatCount(more)} more` : ''}`;
  return `content matching ${which} (the rule's \`regex\`; agentls does not read file contents, so it cannot tell which files have it)`;
}
