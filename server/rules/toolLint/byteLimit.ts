import type { Finding } from '../../core/findings';
import { formatCount } from '../../core/limits';
import type { Range } from '../../core/text';
import type { AgentModel } from '../agents';
import type { FileAnalysis } from '../analysis';
import { finding } from '../codes';
import { ownReading } from '../continueReading';
import { readsNothingOf } from '../agents/textRead';
import { describeActivation } from '../lint/keyBlocks';

type ByteLimit = NonNullable<AgentModel['maxBytes']>;

/**
 * A rule file larger than its agent reads (`AgentModel.maxBytes`: Continue in VS Code reads the
 * first 100,000 bytes of a file not open in the editor, and nothing of one past 1,000,000). An
 * error where the agent then sends nothing, or where the cut falls before the frontmatter's
 * closing `---`, so that it reads no key and sends the block as text; else a warning from the
 * first character it never reads. Bytes are the file's UTF-8, as written (a BOM and CRs count).
 */
export function byteLimitFindings(agent: AgentModel, analysis: FileAnalysis): Finding[] {
  const limit = agent.maxBytes;
  const text = analysis.text;
  // A UTF-16 code unit is at most three bytes of UTF-8: a text this short is read whole.
  if (!limit || text.length * 3 <= limit.sent) return [];
  const bytes = Buffer.from(text, 'utf8');
  const first = analysis.lines.lineRange(0);
  if (bytes.length <= limit.sent) return [];
  if (bytes.length > limit.none) return nothingReadFindings(agent, bytes.length, first);
  // The first character not read whole: the cut may fall inside one, which the agent decodes as U+FFFD.
  let cut = limit.sent;
  while (cut > 0 && (bytes[cut] & 0xc0) === 0x80) cut--;
  const kept = bytes.subarray(0, cut).toString('utf8').length;
  const start = analysis.lines.positionAt(kept);
  const range = { start, end: analysis.lines.positionAt(text.length) };
  const read = `${agent.name} in VS Code reads only the first ${formatCount(limit.sent)} bytes of a rule file that is not open in the editor (${limit.source}), and this one has ${formatCount(bytes.length)}`;
  const closer = closerStart(agent, analysis);
  // Its separator is a line of `---`: cut before the third dash, there is no closing line.
  if (closer !== undefined && closer + 3 > kept) {
    const now = describeActivation(agent.activation({}), agent);
    return [
      finding(
        'rule/too-long',
        'error',
        range,
        `${read}: the cut falls before the frontmatter's closing \`---\` (line ${analysis.lines.positionAt(closer).line + 1}), so ${agent.name} reads none of its keys and sends the first ${formatCount(limit.sent)} bytes, the block included, as the rule's text: the rule is ${now}. Shorten the frontmatter, or split the file.`,
      ),
    ];
  }
  return [finding('rule/too-long', 'warning', range, `${read}, so it never sends the text from line ${start.line + 1} on. Split the file.`)];
}

/** A file of `size` bytes, too large for agentls to read, that the agent reads nothing of. */
export function byteLimitOfSizeFindings(agent: AgentModel, size: number, first: Range): Finding[] {
  return readsNothingOf(agent, size) ? nothingReadFindings(agent, size, first) : [];
}

function nothingReadFindings(agent: AgentModel, size: number, first: Range): Finding[] {
  const limit: ByteLimit = agent.maxBytes!;
  const now = describeActivation(agent.activation({}), agent);
  return [
    finding(
      'rule/too-long',
      'error',
      first,
      `${agent.name} in VS Code reads nothing of a rule file of more than ${formatCount(limit.none)} bytes that is not open in the editor (${limit.source}), and this one has ${formatCount(size)}: ${agent.name} loads it as an empty rule, ${now}, and sends none of its text. Split the file.`,
    ),
  ];
}

/** Where the frontmatter's closing line starts in the text as written: the agent's own reading's (Continue's), else the shared reading's. */
function closerStart(agent: AgentModel, analysis: FileAnalysis): number | undefined {
  const own = ownReading(agent.id, analysis.text);
  if (own) return own.block?.closer[0];
  const layout = analysis.parsed?.layout;
  return layout?.block ? layout.map.toSource(layout.block.closerStart) : undefined;
}
