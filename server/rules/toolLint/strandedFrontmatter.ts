import type { Finding } from '../../core/findings';
import type { AgentModel } from '../agents';
import type { Activation } from '../agents/types';
import { finding } from '../codes';
import type { RuleLocator } from '../lint/locate';
import { intendedFrontmatter } from '../lint/yamlFallback';

/** A `key: value` line of a frontmatter block, or an indented line under one (a list item). */
const KEY_LINE = /^[A-Za-z][\w-]*\s*:/;
const UNDER_KEY = /^\s+\S/;
/** Lines looked at above the closing `---`: a real block is a handful of keys. */
const MAX_BLOCK_LINES = 20;

/**
 * A frontmatter block stranded at the end of a rule file: the rule text first, then
 * `description:`, `globs:`, `alwaysApply:` lines and a closing `---`, and no `---` on the
 * first line. A real shape (the audit of whole repositories found Cursor rules saved this
 * way). Frontmatter is read only at the top of the file: Cursor's docs show it first
 * (cursor.com/docs/context/rules, "Project rules"), and without that header a rule is
 * "Manual" (github/spec-kit#669, a rule file Cursor read as Manual until its header was
 * prepended). So the tool sees no frontmatter and sends the block as rule text.
 *
 * Reported only where the stranded keys would activate the rule otherwise than the tool
 * now does (an `alwaysApply: true`, globs, a description): a block of empty defaults
 * changes nothing the tool does, and saying so would be noise.
 */
export function strandedFrontmatterFindings(loc: RuleLocator, agent: AgentModel): Finding[] {
  const analysis = loc.analysis;
  if (analysis.parsed?.layout.block) return [];
  const text = analysis.text;
  if (/^[\s\uFEFF]*---/.test(text)) return [];
  const fenced = fencedBlock(text);
  const leading = fenced ? undefined : leadingBlock(text);
  const block = fenced ?? leading ?? trailingBlock(text);
  if (!block) return [];
  const keys = block.lines.map((l) => /^([A-Za-z][\w-]*)\s*:/.exec(l)?.[1]).filter((k): k is string => k !== undefined);
  if (!keys.some((k) => k in agent.keys)) return [];
  const stranded = intendedFrontmatter(block.lines.join('\n'), 'seed');
  const meant = agent.activation(stranded);
  const now = agent.activation({});
  if (sameActivation(meant, now)) return [];
  const effect = `${agent.name} sees no frontmatter, so the rule is ${describe(now, agent)} instead of ${describe(meant, agent)}, and the block is sent as rule text`;
  if (fenced) {
    return [
      finding(
        'frontmatter/not-at-start',
        'error',
        loc.range(0, fenced.end),
        `${agent.name} reads frontmatter only when the first line of the file is \`---\`, and this file opens with a code fence around its block (its first line is ${fenced.fence}): ${effect}. Remove the fence's opening line and its closing line.`,
      ),
    ];
  }
  if (leading) {
    // Only the opening line is missing: adding it is the whole repair.
    return [
      finding(
        'frontmatter/not-at-start',
        'error',
        loc.range(block.start, block.end),
        `${agent.name} reads frontmatter only between two \`---\` lines at the top of a rule file, and this file's block has no \`---\` above it: ${effect}. Add a \`---\` line at the top.`,
        { data: { fix: 'open-frontmatter' } },
      ),
    ];
  }
  return [
    finding(
      'frontmatter/not-at-start',
      'error',
      loc.range(block.start, block.end),
      `${agent.name} reads frontmatter only at the top of a rule file, and this file's block comes at the end, after the rule text, with no \`---\` on the first line: ${effect}. Move the block to the top, between two \`---\` lines.`,
    ),
  ];
}

/** Blank lines looked past between the first block and a second one. */
const MAX_GAP_LINES = 3;

/**
 * A second frontmatter block right below the first (`---`, keys, `---`, then `---`, keys,
 * `---` again): a real shape (public Cursor rules, where a generator wrote its own header
 * above the one the author had). Frontmatter is read only at the top of the file (the
 * sources above), so the tool reads the first block and sends the second as rule text.
 *
 * Reported only where the second block's keys, laid over the first's, would activate the
 * rule otherwise than the tool now does: a repeat of the same settings changes nothing.
 */
export function repeatedFrontmatterFindings(loc: RuleLocator, agent: AgentModel, fm: Record<string, unknown>): Finding[] {
  const layout = loc.analysis.parsed?.layout;
  const first = layout?.block;
  if (!layout || !first) return [];
  const text = layout.normalized;
  let at = first.closerLineEnd + 1;
  for (let gap = 0; at < text.length && gap <= MAX_GAP_LINES; gap++) {
    const newline = text.indexOf('\n', at);
    const line = text.slice(at, newline < 0 ? text.length : newline);
    if (line.trim() === '---') {
      if (newline < 0) return [];
      const second = leadingBlock(text.slice(newline + 1));
      if (!second) return [];
      const keys = second.lines.map((l) => /^([A-Za-z][\w-]*)\s*:/.exec(l)?.[1]).filter((k): k is string => k !== undefined);
      if (!keys.some((k) => k in agent.keys)) return [];
      const meant = agent.activation({ ...fm, ...intendedFrontmatter(second.lines.join('\n'), 'seed') });
      const now = agent.activation(fm);
      if (sameActivation(meant, now)) return [];
      return [
        finding(
          'frontmatter/repeated',
          'warning',
          loc.normRange(at, newline + 1 + second.end),
          `${agent.name} reads only the first frontmatter block of a rule file. This second block below it is sent as rule text, and its keys change nothing: the rule is ${describe(now, agent)}, not ${describe(meant, agent)}. Merge the two blocks into one.`,
        ),
      ];
    }
    if (line.trim() !== '' || newline < 0) return [];
    at = newline + 1;
  }
  return [];
}

/**
 * A frontmatter block inside a code fence that opens the file (````instructions, ---, keys,
 * ---, …): the wrapper Copilot Chat puts around an instructions file it writes, saved as it
 * is. Found by the second audit of whole repositories (Cratis/Chronicle); common in public
 * `.github/instructions/`. VS Code reads a header only when line 1 is `---`
 * (src/vs/workbench/contrib/chat/common/promptSyntax/promptFileParser.ts, PromptFileParser.parse).
 */
function fencedBlock(text: string): { lines: string[]; start: number; end: number; fence: string } | undefined {
  const firstEnd = text.indexOf('\n');
  if (firstEnd < 0) return undefined;
  const opener = text.slice(0, firstEnd).replace(/\r$/, '');
  const fence = /^(?:\uFEFF)?(`{3,}|~{3,})[^`~]*$/.exec(opener);
  if (!fence) return undefined;
  const secondEnd = text.indexOf('\n', firstEnd + 1);
  if (secondEnd < 0 || text.slice(firstEnd + 1, secondEnd).trim() !== '---') return undefined;
  // The fence wraps the whole file: it closes on the last line. A fence closed sooner is an
  // example of frontmatter shown in the rule text, not this file's own block.
  const trimmed = text.trimEnd();
  const closer = trimmed.slice(trimmed.lastIndexOf('\n') + 1).trim();
  if (closer.length < fence[1].length || closer !== fence[1][0].repeat(closer.length)) return undefined;
  const inner = leadingBlock(text.slice(secondEnd + 1));
  return inner ? { lines: inner.lines, start: 0, end: secondEnd + 1 + inner.end, fence: opener.replace(/^\uFEFF/, '').trim() } : undefined;
}

/** The first lines of `text` when they are `key: value` lines closed by `---` (the opening `---` left out), with their source offsets. */
function leadingBlock(text: string): { lines: string[]; start: number; end: number } | undefined {
  const lines: string[] = [];
  let at = 0;
  while (at < text.length && lines.length <= MAX_BLOCK_LINES) {
    const newline = text.indexOf('\n', at);
    const lineEnd = newline < 0 ? text.length : newline;
    const line = text.slice(at, lineEnd).replace(/\r$/, '');
    if (line.trim() === '---') return lines.length ? { lines, start: 0, end: at + line.length } : undefined;
    if (lines.length === 0 ? !KEY_LINE.test(line) : !KEY_LINE.test(line) && !UNDER_KEY.test(line)) return undefined;
    lines.push(line);
    if (newline < 0) return undefined;
    at = newline + 1;
  }
  return undefined;
}

/** The last lines of `text` when they are `key: value` lines closed by `---`, with their source offsets. */
function trailingBlock(text: string): { lines: string[]; start: number; end: number } | undefined {
  // trimEnd, not a /\s+$/ regex: that retries every position of a long whitespace run (quadratic).
  const trimmed = text.trimEnd();
  const closerStart = trimmed.lastIndexOf('\n') + 1;
  if (closerStart === 0 || trimmed.slice(closerStart).trim() !== '---') return undefined;
  const lines: string[] = [];
  let lineEnd = closerStart - 1;
  let start = closerStart;
  while (lineEnd > 0 && lines.length < MAX_BLOCK_LINES) {
    const lineStart = text.lastIndexOf('\n', lineEnd - 1) + 1;
    const line = text.slice(lineStart, lineEnd).replace(/\r$/, '');
    if (!KEY_LINE.test(line) && !UNDER_KEY.test(line)) break;
    lines.unshift(line);
    start = lineStart;
    lineEnd = lineStart - 1;
  }
  // The block begins with a key, not with the continuation of something above it.
  while (lines.length && !KEY_LINE.test(lines[0])) {
    start += lines[0].length + 1;
    lines.shift();
  }
  return lines.length ? { lines, start, end: closerStart + 3 } : undefined;
}

function sameActivation(a: Activation, b: Activation): boolean {
  return a.mode === b.mode && (a.mode !== 'globs' || (b.mode === 'globs' && a.globs.join('\n') === b.globs.join('\n')));
}

function describe(a: Activation, agent: AgentModel): string {
  switch (a.mode) {
    case 'always':
      return 'applied always';
    case 'globs':
      return a.globs.length ? `attached to files matching ${a.globs.map((g) => JSON.stringify(g)).join(', ')}` : 'attached by globs it does not have';
    case 'description':
      return 'applied when the model judges its description relevant';
    case 'manual':
      // Copilot has no @-mention of an instructions file: it is attached by hand (VS Code's "Add Context").
      return agent.id === 'copilot' ? 'not applied by itself (only attached by hand)' : 'applied only when @-mentioned';
    case 'unknown':
      return `read with an unknown ${a.key}`;
  }
}
