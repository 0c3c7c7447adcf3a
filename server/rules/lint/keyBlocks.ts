import type { AgentModel } from '../agents';
import { contentNarrowing, noFileGlobs } from '../agents/globs';
import type { Activation } from '../agents/types';
import { nestedScopeHedged, SCOPE_NOT_DOCUMENTED, toFilesUnder } from '../agents/nestedScope';

/*
 * Blocks of `key: value` lines in a rule file's text, found without a YAML parse, and the
 * words for how an agent would apply the rule by them: shared by the lints of frontmatter
 * an agent cannot see (stranded at the end, repeated below the first block).
 */

/** A `key: value` line of a frontmatter block, or an indented line under one (a list item). */
export const KEY_LINE = /^[A-Za-z][\w-]*\s*:/;
export const UNDER_KEY = /^\s+\S/;
/** Lines looked at above the closing `---`: a real block is a handful of keys. */
export const MAX_BLOCK_LINES = 20;

/** The keys a block's lines name, in order (lines under a key have none). */
export function keysOf(lines: readonly string[]): string[] {
  return lines.map((l) => /^([A-Za-z][\w-]*)\s*:/.exec(l)?.[1]).filter((k): k is string => k !== undefined);
}

/** The first lines of `text` when they are `key: value` lines closed by `---` (the opening `---` left out), with their source offsets; with `blankLines`, blank lines among them are dropped. */
export function leadingBlock(text: string, options: { blankLines?: boolean } = {}): { lines: string[]; start: number; end: number } | undefined {
  const lines: string[] = [];
  let at = 0;
  // Blank lines among the keys (YAML skips them) are looked past where asked, within a bound on all the lines seen.
  for (let seen = 0; at < text.length && lines.length <= MAX_BLOCK_LINES && seen <= 2 * MAX_BLOCK_LINES; seen++) {
    const newline = text.indexOf('\n', at);
    const lineEnd = newline < 0 ? text.length : newline;
    const line = text.slice(at, lineEnd).replace(/\r$/, '');
    if (line.trim() === '---') return lines.length ? { lines, start: 0, end: at + line.length } : undefined;
    const blank = options.blankLines === true && lines.length > 0 && line.trim() === '';
    if (!blank && (lines.length === 0 ? !KEY_LINE.test(line) : !KEY_LINE.test(line) && !UNDER_KEY.test(line))) return undefined;
    if (!blank) lines.push(line);
    if (newline < 0) return undefined;
    at = newline + 1;
  }
  return undefined;
}

/** Whether two activations apply a rule the same way (globs compared in order). */
export function sameActivation(a: Activation, b: Activation): boolean {
  return a.mode === b.mode && (a.mode !== 'globs' || (b.mode === 'globs' && a.globs.join('\n') === b.globs.join('\n')));
}

/**
 * Whether the agent's users call a manual rule in by `@` and its name. Cursor's documentation,
 * "Rules" (docs.cursor.com/context/rules, rule types): "Manual: only included when explicitly
 * mentioned using @ruleName"; Windsurf's, "Memories & Rules" (docs.windsurf.com/windsurf/cascade/memories,
 * activation modes): "can be manually activated via @mention in Cascade's input box". GitHub's
 * docs say of an instructions file without `applyTo` only that it is not applied
 * automatically (`agents/copilot.ts`): no way of naming it is given there.
 */
export function atMentioned(agent: string): boolean {
  return agent === 'cursor' || agent === 'windsurf';
}

/**
 * How an activation applies a rule, as a phrase: "applied always", "attached to files matching …".
 * `scope`: the folder a nested rule reaches (`packages/web`: Cursor scopes a nested
 * `.cursor/rules` to its folder, `context/nestedRules.ts` has the source; Windsurf's docs do not
 * say so of a package's `.windsurf/rules`, so its scope is said as a likelihood), named as
 * `toolAppliesLine` names it.
 */
export function describeActivation(a: Activation, agent: AgentModel, scope?: string): string {
  // A scope the tool's docs do not give (Windsurf's, `agents/nestedScope.ts`) is said as a likelihood, after what it qualifies.
  const hedged = scope !== undefined && nestedScopeHedged(agent.id);
  const under = scope === undefined || hedged ? '' : ` under ${scope}/`;
  switch (a.mode) {
    case 'always':
      return `applied always${scope === undefined ? '' : toFilesUnder(agent.id, scope)}`;
    case 'globs': {
      // Globs the agent's current clients ignore (Cline 4's `paths`): sent always, whatever they match.
      if (a.sentAlways !== undefined) return `sent in every request: ${a.sentAlways}`;
      // Every glob one the agent matches against nothing (`frontmatter/invalid-glob` says why): attached to none.
      if (a.never !== undefined) return `attached to no file: ${a.never}`;
      const dead = noFileGlobs(a.globs);
      if (dead) return `attached to no file: ${dead}`;
      const likely = hedged ? `, most likely under ${scope}/ only (${SCOPE_NOT_DOCUMENTED})` : '';
      // A content test beside the globs (Continue's `regex`), said after them.
      const narrowed = a.content ? ` with ${contentNarrowing(a.content)}` : '';
      return a.globs.length ? `attached to files${under} matching ${a.globs.map((g) => JSON.stringify(g)).join(', ')}${narrowed}${likely}` : 'attached by globs it does not have';
    }
    case 'description':
      return 'applied when the model judges its description relevant';
    case 'manual':
      if (atMentioned(agent.id)) return 'applied only when @-mentioned';
      // Copilot has no @-mention of an instructions file: it is attached by hand (VS Code's "Add Context").
      if (agent.id === 'copilot') return 'not applied by itself (only attached by hand)';
      // The xcsh agent has no way to mention a rule: without a bucket it is loaded and never shown (rules.md §5).
      if (agent.id === 'xcsh') return 'never shown to the model';
      return 'not applied by itself';
    case 'unknown':
      return `read with an unknown ${a.key}`;
  }
}
