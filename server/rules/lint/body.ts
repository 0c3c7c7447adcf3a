import type { Finding } from '../../core/findings';
import { UNDECODABLE_NAME } from '../../workspace/fs';
import { finding, undecodableNameFinding } from '../codes';
import type { RuleLocator } from './locate';

const MAX_COMMENT_FINDINGS = 50;

/** What the xcsh agent does to the text itself: unreadable bytes, deleted HTML comments, conflict markers. */
export function bodyFindings(loc: RuleLocator): Finding[] {
  const out: Finding[] = [];
  const analysis = loc.analysis;
  const problem = analysis.readProblem;
  const first = loc.firstLine();
  if (problem) {
    switch (problem.kind) {
      case 'binary':
        out.push(finding('rule/binary', 'error', first, 'This is a binary file: the xcsh agent loads its bytes as rule text, undecodable bytes as replacement characters.'));
        break;
      case 'invalid-utf8':
        out.push(finding('rule/invalid-utf8', 'warning', first, 'This file is not valid UTF-8: the xcsh agent reads replacement characters (�) where the bytes do not decode.'));
        break;
      case 'too-large':
        out.push(finding('rule/too-large', 'error', first, `${problem.message}: agentls does not analyse it, so what the xcsh agent reads in it is not checked (it loads it whole as one rule).`));
        break;
      case 'unreadable':
        if (analysis.candidate.path.includes(UNDECODABLE_NAME)) {
          out.push(undecodableNameFinding('the xcsh agent', first));
          break;
        }
        out.push(finding('rule/unreadable', 'error', first, `The xcsh agent cannot read this file (${problem.message}): it contributes no rule and the xcsh agent logs "${analysis.readWarning ?? 'Failed to read file'}".`));
        break;
    }
  }
  if (!analysis.parsed) return out;

  const fences = fencedRanges(analysis.text);
  const block = analysis.parsed.layout.block;
  const blockEnd = block ? analysis.parsed.layout.map.toSource(block.closerLineEnd) : 0;
  for (const [start, end] of analysis.parsed.layout.htmlComments.slice(0, MAX_COMMENT_FINDINGS)) {
    const inFence = fences.some(([a, b]) => start >= a && start < b);
    const inFrontmatter = start < blockEnd;
    out.push(
      finding(
        'rule/html-comment',
        inFence ? 'warning' : 'information',
        loc.range(start, end),
        inFence
          ? 'The xcsh agent deletes HTML comments everywhere, even inside this code block: the example it reads is missing this comment.'
          : inFrontmatter
            ? 'The xcsh agent deletes this HTML comment before reading the frontmatter.'
            : 'The xcsh agent deletes this HTML comment: the model never sees it (fine for notes to humans).',
        { tags: ['unnecessary'] },
      ),
    );
  }

  const conflict = /^<{7}(?: |$)/m.exec(analysis.text);
  if (conflict && /^={7}\s*$/m.test(analysis.text) && /^>{7}(?: |$)/m.test(analysis.text)) {
    const start = conflict.index;
    out.push(finding('rule/merge-conflict', 'error', loc.range(start, analysis.text.indexOf('\n', start) < 0 ? analysis.text.length : analysis.text.indexOf('\n', start)), 'This file has unresolved merge-conflict markers: the xcsh agent reads both sides and the markers as rule text.'));
  }
  return out;
}

/** Source ranges of fenced code blocks (``` or ~~~). */
function fencedRanges(text: string): [number, number][] {
  const out: [number, number][] = [];
  const re = /^[ \t]{0,3}(`{3,}|~{3,})/gm;
  let open: { start: number; fence: string } | undefined;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (!open) open = { start: m.index, fence: m[1] };
    else if (m[1][0] === open.fence[0] && m[1].length >= open.fence.length) {
      out.push([open.start, m.index + m[0].length]);
      open = undefined;
    }
  }
  if (open) out.push([open.start, text.length]);
  return out;
}
