import { lineHash } from '../hashline/hash';
import { cutAt } from '../core/shortText';
import type { AstChange, AstEditPreview, AstEditProblem, FilePreview } from './types';

/** Displayed text of a preview line is cut here (the hash is always of the whole line). */
const MAX_SHOWN = 120;

/**
 * The preview as the agent's tool prints it: per change `-LINEhh|before` and
 * `+LINEhh|after` (first line of each; `hh` the hashline hash of that line, so `+` lines
 * carry the hash of the new text), grouped by folder (`# dir/`, `## file (N
 * replacements)`) unless the paths named a single file, then the totals, the limit note,
 * overlaps and the errors.
 */
export function formatPreview(preview: AstEditPreview): string {
  // Two lines a change, hundreds of thousands in a big rewrite: never spread into push() as
  // arguments, past V8's limit on them (a RangeError, "Maximum call stack size exceeded").
  const out: string[] = preview.totals.replacements === 0 ? ['No replacements made'] : preview.singleFile ? changeLines(preview.files[0]) : groupedLines(preview.files);
  out.push('');
  out.push(
    `${plural(preview.totals.replacements, 'replacement')} in ${plural(preview.totals.files, 'file')} (${plural(preview.totals.filesSearched, 'file')} searched, ${preview.lang}).`,
  );
  if (preview.limitReached) out.push('Limit reached; narrow paths.');
  const overlaps = preview.files.flatMap((f) => f.overlaps.map(([a, b]) => `${f.display}: line ${f.changes[a].startLine} overlaps line ${f.changes[b].startLine}`));
  if (overlaps.length) {
    out.push('', 'Overlapping replacements (an apply will refuse them; refine the pattern):');
    for (const o of overlaps) out.push(`- ${o}`);
  }
  const errors = [...preview.patternErrors, ...preview.skipped.map((s) => `${s.display}: ${s.reason}`)];
  if (errors.length) out.push('', 'Parse errors:', ...capList(errors, 50).map((e) => `- ${e}`));
  if (preview.warnings.length) out.push('', 'Warnings:', ...capList(preview.warnings.map(describeProblem), 50).map((w) => `- ${w}`));
  return out.join('\n') + '\n';
}

/** The two lines of one change. */
export function changeLinePair(change: AstChange): [string, string] {
  return [anchored('-', change.startLine, change.before), anchored('+', change.startLine, change.after)];
}

function anchored(sign: '-' | '+', line: number, text: string): string {
  const first = text.split('\n', 1)[0].replace(/\r$/, '');
  const shown = first.length > MAX_SHOWN ? cutAt(first, MAX_SHOWN) : first;
  return `${sign}${line}${lineHash(first)}|${shown}`;
}

function changeLines(file: FilePreview): string[] {
  return file.changes.flatMap((c) => changeLinePair(c));
}

function groupedLines(files: FilePreview[]): string[] {
  const out: string[] = [];
  let currentDir: string | undefined;
  for (const f of files) {
    const slash = f.display.lastIndexOf('/');
    const dir = slash < 0 ? '' : f.display.slice(0, slash);
    const name = f.display.slice(slash + 1);
    const header = `${name} (${plural(f.changes.length, 'replacement')})`;
    if (dir === '') {
      if (out.length) out.push('');
      out.push(`# ${header}`);
      currentDir = undefined;
    } else {
      if (dir !== currentDir) {
        if (out.length) out.push('');
        out.push(`# ${dir}/`);
        currentDir = dir;
      }
      out.push(`## ${header}`);
    }
    for (const change of f.changes) out.push(...changeLinePair(change));
  }
  return out;
}

/** A request problem as one line: `ops[0].out: message`. */
export function describeProblem(p: AstEditProblem): string {
  return `${p.field}: ${p.message}`;
}

/** A Markdown report of a preview, for the editor (`showReport`). */
export function formatPreviewReport(preview: AstEditPreview, title: string, howToApply: string): string {
  const ops = preview.request.ops.map((op) => `- \`${op.pat}\` → ${op.out === '' ? '(delete)' : `\`${op.out}\``}`);
  return [
    `# ${title}`,
    '',
    ...ops,
    '',
    `Paths: ${preview.request.paths.map((p) => `\`${p}\``).join(', ')}${preview.request.lang ? `; lang \`${preview.request.lang}\`` : ''}`,
    '',
    '```',
    formatPreview(preview).trimEnd(),
    '```',
    '',
    preview.totals.replacements > 0 ? howToApply : 'Nothing to apply.',
    '',
  ].join('\n');
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function capList(items: string[], max: number): string[] {
  return items.length <= max ? items : [...items.slice(0, max), `… and ${items.length - max} more`];
}
