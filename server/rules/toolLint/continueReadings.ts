import type { Finding } from '../../core/findings';
import type { AgentModel } from '../agents';
import { finding } from '../codes';
import { CONTINUE_PARSE_SOURCE, type ContinueReading } from '../continueReading';
import { parseFrontmatter, stripHtmlComments, TOOL_READING } from '../frontmatter';
import { duplicateKeyAt } from '../yamlDefaults';
import { describeActivation, sameActivation } from '../lint/keyBlocks';
import type { RuleLocator } from '../lint/locate';
import { show } from '../lint/words';

/**
 * Where Continue's own reading of a rule file (`continueReading.ts`, from its source) parts from
 * the reading agentls gives every tool's file, said naming Continue; nothing where both agree.
 */

/**
 * A block agentls reads as YAML that Continue's parser throws on (a key written twice, a tab
 * indenting a line): Continue reads none of its keys and sends the whole file as the rule's text.
 * An error where that changes how the rule applies (`fm`: its keys as agentls reads them), else
 * a warning: the block is still sent as text.
 */
export function continueRejectedFinding(loc: RuleLocator, agent: AgentModel, reading: ContinueReading, fm: Record<string, unknown>, scope?: string): Finding {
  const rejected = reading.rejected!;
  const key = rejected.code === 'DUPLICATE_KEY' && rejected.range ? duplicateKeyAt(loc.text, rejected.range[0]) : undefined;
  const cause =
    key !== undefined
      ? `\`${key}\` is written twice, and its YAML parser takes keys to be unique`
      : rejected.code === 'TAB_AS_INDENT'
        ? 'a tab indents a line, which its YAML parser does not allow'
        : `its YAML parser rejects it: ${rejected.message}`;
  const now = agent.activation({});
  const meant = agent.activation(fm);
  const changed = !sameActivation(now, meant);
  const effect = changed ? `, so the rule is ${describeActivation(now, agent, scope)} instead of ${describeActivation(meant, agent, scope)}` : '';
  const advice = key !== undefined ? `Keep one \`${key}\`.` : rejected.code === 'TAB_AS_INDENT' ? 'Indent with spaces.' : 'Fix the YAML.';
  const range = rejected.range ? loc.range(rejected.range[0], rejected.range[1]) : loc.openerRange();
  return finding(
    'frontmatter/yaml-error',
    changed ? 'error' : 'warning',
    range,
    `${agent.name} reads none of this frontmatter's keys: ${cause}. It then sends the whole file, this block included, as the rule's text${effect} (${CONTINUE_PARSE_SOURCE}). ${advice}`,
  );
}

/**
 * A file that does not begin with `---` but has two `---` lines: Continue reads the text between
 * them as the frontmatter all the same, and sends only what follows the second, where agentls's
 * reading of the tools' files (and the other tools) see no frontmatter. Said where that loses text
 * of the file: the lines above a block of Continue's keys, or, where the text between holds none
 * (two horizontal rules), everything down to the second `---`. A block below blank lines and HTML
 * comments alone is read by Continue as meant: nothing is said.
 */
export function continueBlockFindings(loc: RuleLocator, agent: AgentModel, reading: ContinueReading): Finding[] {
  const block = reading.block;
  const text = loc.text;
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (!block || reading.rejected || block.opener[0] === start) return [];
  const keys = Object.keys(reading.frontmatter).filter((k) => k in agent.keys);
  const meant = !reading.notMapping && keys.length > 0;
  const lostEnd = meant ? block.opener[0] : block.closer[1];
  // Above a block Continue reads, HTML comments are notes to people, which Continue never sends either: nothing is lost.
  const lost = text.slice(start, lostEnd);
  if ((meant ? stripHtmlComments(lost).text : lost).trim() === '') return [];
  const range = loc.range(start, lostEnd);
  const lines = range.end.line + (meant ? 0 : 1);
  const shownLines = lines === 1 ? 'line 1' : `lines 1 to ${lines}`;
  if (meant) {
    return [
      finding(
        'frontmatter/not-at-start',
        'error',
        range,
        `${agent.name} reads the text between the first two \`---\` lines of a rule file as its frontmatter, wherever they are, and sends only what follows them (${CONTINUE_PARSE_SOURCE}): it reads this block's ${keys.map((k) => `\`${k}\``).join(', ')}, and never sends ${shownLines}, above it. Move the block to the top.`,
      ),
    ];
  }
  const between = reading.notMapping ? 'is not YAML keys' : 'holds none of its keys';
  return [
    finding(
      'frontmatter/not-at-start',
      'error',
      range,
      `${agent.name} splits a rule file at its \`---\` lines and reads the text between the first two as its frontmatter (${CONTINUE_PARSE_SOURCE}): here that text ${between}, so it reads no key and sends only what follows, and ${shownLines} never ${lines === 1 ? 'reaches' : 'reach'} the model. Start the file with two \`---\` lines (an empty frontmatter), or write these rules as \`***\`.`,
    ),
  ];
}

/**
 * HTML comments in a frontmatter block Continue reads: Continue deletes none (`continueReading.ts`:
 * its `parseMarkdownRule` only turns `\r\n` into `\n` before splitting and parsing), where
 * agentls's reading of the tools' files, and the xcsh agent's, delete them first. Said where that
 * changes a key Continue reads (`fm`: the keys as agentls reads them, the comments deleted): the
 * comment is then part of a value (`globs: src/** <!-- check later -->`, a glob no path matches unless it
 * holds the comment's text) or of a key's name (`<!-- note -->alwaysApply: false`, a key Continue
 * does not know). An error where the rule then applies otherwise, else a warning (a `name` or
 * `description` shown with the comment in it). A comment after a YAML `#`, or in a key Continue
 * does not read, changes nothing: nothing is said.
 */
export function continueCommentFindings(loc: RuleLocator, agent: AgentModel, reading: ContinueReading, fm: Record<string, unknown>, scope?: string): Finding[] {
  const block = reading.block;
  const layout = loc.analysis.parsed?.layout;
  if (!block || reading.rejected || !layout?.block) return [];
  const comments = layout.htmlComments.filter(([s, e]) => s >= block.opener[1] && e <= block.closer[0]);
  if (comments.length === 0) return [];
  const read = reading.frontmatter;
  // Keys whose name holds a comment, by the name they have without it: what Continue reads in their place.
  const commented = new Map(Object.keys(read).filter((k) => k.includes('<!--')).map((k) => [stripHtmlComments(k).text.trim(), k]));
  const changed = Object.keys(agent.keys).filter((k) => JSON.stringify(read[k]) !== JSON.stringify(fm[k]));
  if (changed.length === 0) return [];
  const said = changed.map((k) => {
    const renamed = read[k] === undefined ? commented.get(k) : undefined;
    if (renamed !== undefined) return `the key \`${renamed}\`, which it does not know, in place of \`${k}\``;
    if (read[k] === undefined) return `no \`${k}\``;
    // Continue hands each glob whole to minimatch (continuedev/continue, `matchesGlobs` in core/llm/rules/getSystemMessageWithRules.ts), to which a comment's characters are plain text.
    const glob = k === agent.globs?.key ? ', a glob that matches only a path holding the comment\'s text' : '';
    return `\`${k}\` as ${show(read[k])}, the comment included${glob}`;
  });
  const now = agent.activation(read);
  const meant = agent.activation(fm);
  const applies = !sameActivation(now, meant);
  const effect = applies ? `, so the rule is ${describeActivation(now, agent, scope)} instead of ${describeActivation(meant, agent, scope)}` : '';
  // The comment on the first changed key's line, else the block's first.
  const lines = changed.map((k) => loc.entry(k)?.lineRange).filter((r) => r !== undefined);
  const onLine = comments.find(([s]) => lines.some((r) => r.start.line <= loc.range(s, s).start.line && loc.range(s, s).start.line <= r.end.line)) ?? comments[0];
  return [
    finding(
      'frontmatter/invalid-value',
      applies ? 'error' : 'warning',
      loc.range(onLine[0], onLine[1]),
      `${agent.name} does not delete HTML comments from a rule's frontmatter: it reads ${said.join(', ')}${effect} (${CONTINUE_PARSE_SOURCE}). Move the comment out of the frontmatter, or write it as a YAML comment (\`# …\`) at the end of the line.`,
    ),
  ];
}

/**
 * A file whose first line opens a frontmatter block to agentls's shared reading, and to the
 * tools that read it so, but is not a line Continue splits at (`----`, `---x`: its separator is
 * `^---\s*$`), with no second pair of `---` lines below: Continue reads no key and sends the whole
 * file, the block included, as the rule's text. Said where the block holds keys Continue reads:
 * an error where the rule then applies otherwise, else a warning. Its keys are not checked
 * otherwise (`toolReading`): Continue reads none of them.
 */
export function continueOpenerFindings(loc: RuleLocator, agent: AgentModel, reading: ContinueReading, scope?: string): Finding[] {
  if (reading.block || !/^\uFEFF?---/.test(loc.text)) return [];
  const shared = parseFrontmatter(loc.text, 'seed', TOOL_READING);
  if (!shared.layout.block || shared.unread) return [];
  const fm = shared.frontmatter;
  const keys = Object.keys(fm).filter((k) => k in agent.keys);
  if (keys.length === 0) return [];
  const now = agent.activation({});
  const meant = agent.activation(fm);
  const changed = !sameActivation(now, meant);
  const effect = changed ? `, so the rule is ${describeActivation(now, agent, scope)} instead of ${describeActivation(meant, agent, scope)}` : '';
  const opener = loc.text.slice(loc.text.charCodeAt(0) === 0xfeff ? 1 : 0).split('\n', 1)[0].replace(/\r$/, '');
  return [
    finding(
      'frontmatter/not-at-start',
      changed ? 'error' : 'warning',
      loc.firstLine(),
      `${agent.name} splits a rule file only at lines of \`---\` (and white space), and this first line is \`${opener}\` (${CONTINUE_PARSE_SOURCE}): it reads none of the block's keys (${keys.map((k) => `\`${k}\``).join(', ')}) and sends the whole file, the block included, as the rule's text${effect}. Write the first line as \`---\`.`,
    ),
  ];
}
