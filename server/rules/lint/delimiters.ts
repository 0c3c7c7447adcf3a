import type { Finding } from '../../core/findings';
import { finding } from '../codes';
import type { RuleLocator } from './locate';
import { nonMappingRoot } from './notAMapping';

const KEY_LINE = /^[\w-]+\s*:/;

/**
 * Where the frontmatter block starts and ends, as the xcsh agent's lenient delimiters see it:
 * a BOM or blank lines before `---` (no frontmatter at all), an opener without a closer,
 * extra characters on the delimiter lines, and a root that is not a mapping.
 */
export function delimiterFindings(loc: RuleLocator): Finding[] {
  const out: Finding[] = [];
  const analysis = loc.analysis;
  const parsed = analysis.parsed;
  if (!parsed) return out;
  const norm = parsed.layout.normalized;
  const block = parsed.layout.block;

  if (!block) {
    if (norm.startsWith('\uFEFF---') && closesLater(norm.slice(1))) {
      out.push(
        finding('frontmatter/bom', 'error', loc.firstLine(), 'A byte-order mark comes before `---`, so the xcsh agent sees no frontmatter: none of its keys apply and the block is read as rule text.', {
          data: { fix: 'remove-bom' },
        }),
      );
      return out;
    }
    const lead = /^[\s\uFEFF]+/.exec(norm)?.[0] ?? '';
    if (lead.length > 0 && norm.startsWith('---', lead.length) && closesLater(norm.slice(lead.length))) {
      const start = parsed.layout.map.toSource(lead.length);
      const comment = parsed.layout.htmlComments.some(([s]) => s < start);
      out.push(
        finding(
          'frontmatter/not-at-start',
          'error',
          loc.range(start, start + 3),
          `The frontmatter does not start at the very first character (${comment ? 'an HTML comment' : 'blank lines or spaces'} come first), so the xcsh agent sees no frontmatter: none of its keys apply and the block is read as rule text.`,
          { data: { fix: 'remove-leading', end: start } },
        ),
      );
      return out;
    }
    if (norm.startsWith('---')) {
      const firstKey = norm.split('\n').slice(1).find((l) => l.trim() !== '');
      if (firstKey !== undefined && KEY_LINE.test(firstKey)) {
        const closeAt = unclosedInsertionLine(norm);
        out.push(
          finding('frontmatter/unclosed', 'error', loc.normRange(0, norm.indexOf('\n') < 0 ? norm.length : norm.indexOf('\n')), 'The frontmatter is never closed with `---`, so the xcsh agent reads no frontmatter: its keys do not apply and the whole file, `---` included, is the rule text.', {
            data: { fix: 'close-frontmatter', line: loc.analysis.lines.positionAt(parsed.layout.map.toSource(closeAt)).line },
          }),
        );
      }
    }
    return out;
  }

  const opener = norm.slice(0, block.openerLineEnd);
  if (opener.slice(3).trim() !== '') {
    // The xcsh agent skips the character after the three dashes and reads the rest of the line as YAML.
    const intoYaml = norm.slice(Math.min(4, block.openerLineEnd), block.openerLineEnd).trim();
    const message = intoYaml
      ? `The opening line is \`${opener.trimEnd()}\`, not \`---\`: the xcsh agent opens the frontmatter at its first three dashes and reads \`${intoYaml}\` as part of the YAML.`
      : `The opening line is \`${opener.trimEnd()}\`, not \`---\`: the xcsh agent opens the frontmatter at its first three dashes and ignores the rest of the line.`;
    out.push(finding('frontmatter/odd-delimiter', intoYaml ? 'warning' : 'information', loc.normRange(0, block.openerLineEnd), message, { data: { fix: 'delimiter', which: 'opener' } }));
  }
  const closer = norm.slice(block.closerStart, block.closerLineEnd);
  if (closer.trimEnd() !== '---') {
    const rest = closer.slice(3).trim();
    const message = /^-*$/.test(rest)
      ? `The closing line is \`${closer.trimEnd()}\`, not \`---\`: the xcsh agent closes the frontmatter at its first three dashes and the remaining dashes start the rule text.`
      : `The closing line is \`${closer.trimEnd()}\`, not \`---\`: the xcsh agent closes the frontmatter at its first three dashes and reads \`${closer.slice(3).trim()}\` as the start of the rule text.`;
    out.push(finding('frontmatter/odd-delimiter', 'warning', loc.normRange(block.closerStart, block.closerLineEnd), message, { data: { fix: 'delimiter', which: 'closer' } }));
  }

  const root = nonMappingRoot(parsed);
  if (root) {
    const keys = Object.keys(parsed.frontmatter);
    out.push(
      finding(
        'frontmatter/not-a-mapping',
        'error',
        loc.metaRange(root.start, root.end),
        `The frontmatter is ${root.kind}, not \`key: value\` pairs: the xcsh agent spreads it into numbered keys (${keys.slice(0, 4).map((k) => `"${k}"`).join(', ') || 'none'}${keys.length > 4 ? ', …' : ''}) and reads no description, globs or alwaysApply.`,
      ),
    );
  }
  const problem = parsed.yamlError;
  // An unread frontmatter's own finding says why (`unreadFrontmatter.ts`).
  if (problem?.beyondLimits && !parsed.unread) {
    // Aliases past the cap leave the frontmatter unread (`parseFrontmatter`): what is left is its size or nesting.
    const code = 'frontmatter/too-large';
    out.push(
      finding(code, 'warning', problem.range ? loc.range(problem.range[0], problem.range[1]) : loc.openerRange(), `agentls does not analyse this frontmatter (${problem.message}): the xcsh agent's own parser may be slow or fail on it. Predictions below assume the line fallback.`),
    );
  }
  return out;
}

function closesLater(text: string): boolean {
  return text.indexOf('\n---', 3) >= 0;
}

/** For an unclosed block: the offset (in normalised text) of the first line after the keys. */
function unclosedInsertionLine(norm: string): number {
  let offset = norm.indexOf('\n') + 1;
  let lastKeyEnd = offset;
  while (offset > 0 && offset <= norm.length) {
    const nl = norm.indexOf('\n', offset);
    const end = nl < 0 ? norm.length : nl;
    const line = norm.slice(offset, end);
    if (KEY_LINE.test(line) || /^\s+\S/.test(line) || /^\s*#/.test(line) || /^-\s/.test(line)) lastKeyEnd = nl < 0 ? end : nl + 1;
    else if (line.trim() !== '') break;
    if (nl < 0) break;
    offset = nl + 1;
  }
  return lastKeyEnd;
}
