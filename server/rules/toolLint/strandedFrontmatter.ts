import type { Finding } from '../../core/findings';
import type { AgentModel } from '../agents';
import { finding } from '../codes';
import { describeActivation, KEY_LINE, keysOf, leadingBlock, MAX_BLOCK_LINES, sameActivation, UNDER_KEY } from '../lint/keyBlocks';
import type { RuleLocator } from '../lint/locate';
import { intendedFrontmatter } from '../lint/yamlFallback';

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
 *
 * `scope`: the folder the rule reaches when it is less than the workspace (`toolRuleScope`).
 */
export function strandedFrontmatterFindings(loc: RuleLocator, agent: AgentModel, scope?: string): Finding[] {
  const analysis = loc.analysis;
  if (analysis.parsed?.layout.block) return [];
  const text = analysis.text;
  if (/^\uFEFF?---/.test(text)) return [];
  const lowered = blockBelowTop(text);
  if (!lowered && /^[\s\uFEFF]*---/.test(text)) return [];
  const fenced = lowered ? undefined : fencedBlock(text);
  const leading = lowered || fenced ? undefined : leadingBlock(text);
  const block = lowered ?? fenced ?? leading ?? trailingBlock(text);
  if (!block) return [];
  const keys = keysOf(block.lines);
  if (!keys.some((k) => k in agent.keys)) return [];
  const stranded = intendedFrontmatter(block.lines.join('\n'), 'seed');
  const meant = agent.activation(stranded);
  const now = agent.activation({});
  if (sameActivation(meant, now)) return [];
  const effect = `${agent.name} sees no frontmatter, so the rule is ${describeActivation(now, agent, scope)} instead of ${describeActivation(meant, agent, scope)}, and the block is sent as rule text`;
  if (lowered) {
    // A byte-order mark stays first: the fix replaces from the file's start.
    const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
    const above = text.slice(bom.length, lowered.start);
    const blank = above.trim() === '';
    const count = above.split('\n').length - 1;
    const what = `${count === 1 ? 'a' : count}${blank ? ' blank' : ''} line${count === 1 ? '' : 's'}`;
    const blockText = text.slice(lowered.start, lowered.end);
    // trimEnd, not a /\s+$/ regex (quadratic over a long run of spaces inside the lines above); the file's own line break.
    const moved = bom + (blank ? blockText : `${blockText}${text.includes('\r\n') ? '\r\n' : '\n'}${above.trimEnd()}`);
    return [
      finding(
        'frontmatter/not-at-start',
        'error',
        loc.range(0, lowered.end),
        `${agent.name} reads frontmatter only when the first line of the file is \`---\`, and ${what} come${count === 1 ? 's' : ''} before this file's block: ${effect}. Move the block to the top.`,
        { data: { fix: 'replace', title: blank ? 'Remove the blank lines above the frontmatter' : 'Move the frontmatter to the top (the text above it goes below it)', newText: moved } },
      ),
    ];
  }
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

/** Lines a block may have above it and still be this file's frontmatter set down by mistake (a title, a note, blank lines). */
const MAX_LINES_ABOVE = 5;

/**
 * A whole `---` … `---` block of `key: value` lines that begins on one of the first few
 * lines but not the first, below a title, a note or blank lines (a real shape: the audit of
 * public \`.github/instructions\` found one below a line of prose). Source offsets from the
 * block's opening line to the end of its closing one.
 */
function blockBelowTop(text: string): { lines: string[]; start: number; end: number } | undefined {
  let at = 0;
  for (let n = 0; n <= MAX_LINES_ABOVE; n++) {
    const newline = text.indexOf('\n', at);
    if (newline < 0) return undefined;
    const line = text.slice(at, newline).replace(/\r$/, '');
    if (line.trim() === '---') {
      const inner = n > 0 ? leadingBlock(text.slice(newline + 1)) : undefined;
      return inner ? { lines: inner.lines, start: at, end: newline + 1 + inner.end } : undefined;
    }
    // A fence above is an example being shown, or the wrapper `fencedBlock` reads.
    if (/^\s*(`{3,}|~{3,})/.test(line)) return undefined;
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
