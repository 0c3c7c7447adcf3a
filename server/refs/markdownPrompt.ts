import { isMap, isScalar, isSeq, parseDocument, stringify, type Node as YamlNode, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';
import { bracketDepth, indentDepth, LIMITS, overLimit, withoutStackTraces } from '../core/limits';
import { isValidRefId } from './token';
import { lineBreakOf } from '../core/text';
import {
  lineStartOf,
  nextLineStart,
  plainPromptText,
  removeListItem,
  type ModelProblem,
  type PromptModel,
  type RefEntry,
  type ReferenceEditor,
  type SourceEdit,
  addOnlyEditor,
} from './model';

/**
 * A Markdown prompt (`file-refs.md` §4): YAML frontmatter between `---` lines holding
 * `file_references`, and the body after it, which is `prompt_text` as sent.
 */
export function parseMarkdownPrompt(source: string): PromptModel {
  const bom = source.charCodeAt(0) === 0xfeff ? 1 : 0;
  const block = findFrontmatter(source, bom);
  const eol = lineBreakOf(source);
  if (block === 'unclosed') {
    return {
      form: 'markdown',
      source,
      prompt: plainPromptText(source, bom, source.length),
      entries: [],
      referencesReadable: false,
      problems: [{ code: 'ref/invalid-frontmatter', message: 'the frontmatter opened by --- on line 1 is never closed by a --- line, so file_references cannot be read', start: bom, end: bom + 3 }],
      editor: undefined,
    };
  }
  if (!block) {
    const add = (refId: string, p: string): SourceEdit => ({
      start: bom,
      end: bom,
      text: `---${eol}file_references:${eol}${blockItem(2, 4, refId, p, eol)}---${eol}`,
    });
    return { form: 'markdown', source, prompt: plainPromptText(source, bom, source.length), entries: [], referencesReadable: true, problems: [], editor: addOnlyEditor(add) };
  }
  const prompt = plainPromptText(source, block.bodyStart, source.length);
  const base = { form: 'markdown' as const, source, prompt };
  const yamlLength = block.yamlEnd - block.yamlStart;
  if (yamlLength > LIMITS.promptFrontmatterChars) {
    const message = `${overLimit('this frontmatter has', yamlLength, LIMITS.promptFrontmatterChars, 'characters')}, so file_references is not read`;
    return { ...base, entries: [], referencesReadable: false, problems: [{ code: 'ref/too-large', message, start: bom, end: bom + 3 }], editor: undefined };
  }
  // A lone CR breaks a line in YAML 1.2 (b-break) as the frontmatter scan reads it, but the YAML parser takes only LF and CRLF: made LF, one character for one, so offsets stay.
  const yamlText = source.slice(block.yamlStart, block.yamlEnd).replace(/\r(?!\n)/g, '\n');
  const depth = Math.max(bracketDepth(yamlText, true), indentDepth(yamlText));
  if (depth > LIMITS.promptFrontmatterDepth) {
    const message = `${overLimit('this frontmatter nests', depth, LIMITS.promptFrontmatterDepth, 'deep')}, so file_references is not read`;
    return { ...base, entries: [], referencesReadable: false, problems: [{ code: 'ref/too-large', message, start: bom, end: bom + 3 }], editor: undefined };
  }
  const doc = withoutStackTraces(() => parseDocument(yamlText, { prettyErrors: false }));
  if (doc.errors.length > 0) {
    const problems = doc.errors.slice(0, 5).map((e) => ({
      code: 'ref/invalid-frontmatter',
      message: `the frontmatter is not valid YAML (${firstLine(e.message)}), so file_references cannot be read`,
      start: block.yamlStart + e.pos[0],
      end: block.yamlStart + Math.max(e.pos[1], e.pos[0] + 1),
    }));
    return { ...base, entries: [], referencesReadable: false, problems, editor: undefined };
  }
  const at = (n: number) => block.yamlStart + n;
  const contents = doc.contents as YamlNode | null;
  const insertKey = (refId: string, p: string): SourceEdit => ({
    start: block.yamlEnd,
    end: block.yamlEnd,
    text: `file_references:${eol}${blockItem(2, 4, refId, p, eol)}`,
  });
  if (contents === null || (isScalar(contents) && contents.value === null)) {
    return { ...base, entries: [], referencesReadable: true, problems: [], editor: addOnlyEditor(insertKey) };
  }
  if (!isMap(contents)) {
    const problem: ModelProblem = { code: 'ref/invalid-references', message: 'the frontmatter is not a mapping of keys, so file_references cannot be read', start: block.yamlStart, end: block.yamlEnd };
    return { ...base, entries: [], referencesReadable: false, problems: [problem], editor: undefined };
  }
  const pair = (contents as YAMLMap).items.find((item) => isScalar(item.key) && item.key.value === 'file_references') as Pair<YamlNode, YamlNode | null> | undefined;
  if (!pair) return { ...base, entries: [], referencesReadable: true, problems: [], editor: addOnlyEditor(insertKey) };
  const keyNode = pair.key as YamlNode;
  const value = pair.value;
  if (value === null || (isScalar(value) && value.value === null) || (isSeq(value) && !value.flow && value.items.length === 0)) {
    const keyStart = at(keyNode.range![0]);
    const keyColumn = keyStart - lineStartOf(source, keyStart);
    const explicit = value && value.range && value.range[1] > value.range[0] && isScalar(value);
    const add = (refId: string, p: string): SourceEdit =>
      explicit
        ? { start: at(value!.range![0]), end: at(value!.range![1]), text: `[${flowItem(refId, p)}]` }
        : {
            start: nextLineStart(source, at(keyNode.range![1])),
            end: nextLineStart(source, at(keyNode.range![1])),
            text: blockItem(keyColumn + 2, keyColumn + 4, refId, p, eol),
          };
    return { ...base, entries: [], referencesReadable: true, problems: [], editor: addOnlyEditor(add) };
  }
  if (!isSeq(value)) {
    const range = value.range ?? keyNode.range!;
    const problem: ModelProblem = { code: 'ref/invalid-references', message: 'file_references must be a list of { ref_id, path } entries', start: at(range[0]), end: at(range[1]) };
    return { ...base, entries: [], referencesReadable: false, problems: [problem], editor: undefined };
  }
  const seq = value as YAMLSeq<YamlNode>;
  const flowEntries = new Set<RefEntry>();
  const entries = seq.items.map((item, index) => readEntry(source, item, index, at, seq.flow === true, flowEntries));
  const editor = seq.flow ? flowSeqEditor(seq, entries, at, flowEntries) : blockSeqEditor(source, at(keyNode.range![1]), entries, eol, flowEntries);
  return { ...base, entries, referencesReadable: true, problems: [], editor };
}

interface FrontmatterBlock {
  yamlStart: number;
  /** Start of the closing `---` line. */
  yamlEnd: number;
  bodyStart: number;
}

/** The frontmatter block: a first line `---` and the next line that is `---`. */
function findFrontmatter(source: string, from: number): FrontmatterBlock | 'unclosed' | undefined {
  const firstEnd = nextLineStart(source, from);
  if (source.slice(from, firstEnd).trimEnd() !== '---') return undefined;
  let line = firstEnd;
  while (line < source.length) {
    const next = nextLineStart(source, line);
    if (source.slice(line, next).trimEnd() === '---') return { yamlStart: firstEnd, yamlEnd: line, bodyStart: next };
    line = next;
  }
  return 'unclosed';
}

function readEntry(source: string, item: YamlNode, index: number, at: (n: number) => number, inFlow: boolean, flowEntries: Set<RefEntry>): RefEntry {
  const range: [number, number] = item.range ? [at(item.range[0]), at(item.range[1])] : [at(0), at(0)];
  if (!isMap(item)) return { index, range, problem: 'an entry must be a mapping with ref_id and path' };
  const entry: RefEntry = { index, range };
  if (inFlow || (item as YAMLMap).flow) flowEntries.add(entry);
  const problems: string[] = [];
  for (const field of ['ref_id', 'path'] as const) {
    const pair = (item as YAMLMap).items.find((p) => isScalar(p.key) && p.key.value === field);
    const v = pair?.value as YamlNode | null | undefined;
    if (!pair) {
      problems.push(`${field} is missing`);
      continue;
    }
    if (!isScalar(v) || typeof v.value !== 'string') {
      problems.push(`${field} must be a string${isScalar(v) && v.value !== null ? ' (quote it)' : ''}`);
      continue;
    }
    const r: [number, number] = [at(v.range![0]), at(v.range![1])];
    if (field === 'ref_id') {
      entry.refId = v.value;
      entry.refIdRange = r;
    } else {
      entry.path = v.value;
      entry.pathRange = r;
    }
  }
  if (entry.refId !== undefined && !isValidRefId(entry.refId)) problems.push(`ref_id "${entry.refId}" can never match a token (only letters, digits, _ and - are allowed)`);
  if (entry.path === '') problems.push('path is empty');
  if (problems.length) entry.problem = problems.join('; ');
  // Where a block map's content ends (its range runs on to the next line); a flow map ends at `}`.
  const last = (item as YAMLMap).items.at(-1);
  if (!(item as YAMLMap).flow && last) {
    const contentEnd = (last.value as YamlNode | null)?.range?.[1] ?? (last.key as YamlNode).range![1];
    // A block scalar (`path: |-`) runs on past its line break: the entry ends on its last line of text.
    let end = at(contentEnd);
    while (end > range[0] && (source[end - 1] === '\n' || source[end - 1] === '\r')) end--;
    entry.range = [range[0], end];
  }
  return entry;
}

function blockSeqEditor(source: string, keyEnd: number, entries: RefEntry[], eol: string, flow: Set<RefEntry>): ReferenceEditor {
  const lineOfItem = (e: RefEntry) => lineStartOf(source, dashBefore(source, e.range[0]));
  const first = entries[0];
  const dash = dashBefore(source, first.range[0]);
  const dashColumn = dash - lineStartOf(source, dash);
  const firstOnDashLine = lineStartOf(source, first.range[0]) === lineStartOf(source, dash);
  const keyColumn = firstOnDashLine ? first.range[0] - lineStartOf(source, first.range[0]) : dashColumn + 2;
  return {
    ...scalarEdits(flow),
    add(refId, p) {
      const end = nextLineStart(source, entries.at(-1)!.range[1]);
      const before = end === source.length && !/[\r\n]$/.test(source) ? eol : '';
      return { start: end, end, text: before + blockItem(dashColumn, keyColumn, refId, p, eol) };
    },
    remove(entry) {
      const start = lineOfItem(entry);
      const next = entries[entry.index + 1];
      const end = next ? lineOfItem(next) : nextLineStart(source, entry.range[1]);
      if (entries.length === 1) {
        // The last entry: leave an empty list rather than a key without a value.
        const colon = source.indexOf(':', keyEnd);
        return { start: colon + 1, end, text: ` []${eol}` };
      }
      return { start, end, text: '' };
    },
  };
}

function flowSeqEditor(seq: YAMLSeq<YamlNode>, entries: RefEntry[], at: (n: number) => number, flow: Set<RefEntry>): ReferenceEditor {
  return {
    ...scalarEdits(flow),
    add(refId, p) {
      if (entries.length === 0) {
        const open = at(seq.range![0]) + 1;
        return { start: open, end: open, text: flowItem(refId, p) };
      }
      const end = entries.at(-1)!.range[1];
      return { start: end, end, text: `, ${flowItem(refId, p)}` };
    },
    remove(entry) {
      return removeListItem(
        entries.map((e) => ({ start: e.range[0], end: e.range[1] })),
        entry.index,
      );
    },
  };
}

function scalarEdits(flow: Set<RefEntry>): Pick<ReferenceEditor, 'setPath' | 'setRefId'> {
  return {
    setPath: (entry, p) => (entry.pathRange ? { start: entry.pathRange[0], end: entry.pathRange[1], text: yamlScalar(p, flow.has(entry)) } : undefined),
    setRefId: (entry, id) => (entry.refIdRange ? { start: entry.refIdRange[0], end: entry.refIdRange[1], text: yamlScalar(id, flow.has(entry)) } : undefined),
  };
}


/** The `-` that introduces the block item starting at `offset`. */
function dashBefore(source: string, offset: number): number {
  let i = offset - 1;
  while (i >= 0 && (source[i] === ' ' || source[i] === '\t' || source[i] === '\n' || source[i] === '\r')) i--;
  return source[i] === '-' ? i : offset;
}

/**
 * A block item in the list's own layout: its keys at `keyColumn`, as the items before it
 * have theirs (`-   ref_id:` as `yaml.dump` indents, `- ref_id:` by hand). Both keys must
 * share a column, or the item is no longer valid YAML.
 */
function blockItem(dashColumn: number, keyColumn: number, refId: string, p: string, eol: string): string {
  const afterDash = ' '.repeat(Math.max(1, keyColumn - dashColumn - 1));
  const keyIndent = ' '.repeat(dashColumn + 1 + afterDash.length);
  return `${' '.repeat(dashColumn)}-${afterDash}ref_id: ${yamlScalar(refId, false)}${eol}${keyIndent}path: ${yamlScalar(p, false)}${eol}`;
}

function flowItem(refId: string, p: string): string {
  return `{ ref_id: ${yamlScalar(refId, true)}, path: ${yamlScalar(p, true)} }`;
}

/** A YAML scalar for a string: plain when that reads back as the same string, else double-quoted. */
export function yamlScalar(value: string, inFlow: boolean): string {
  const plain = stringify(value, { lineWidth: 0 }).replace(/\n$/, '');
  const safeInFlow = !/[,[\]{}]/.test(value);
  if (plain === value && !plain.includes('\n') && (!inFlow || safeInFlow)) return plain;
  return JSON.stringify(value);
}

function firstLine(message: string): string {
  return message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
}
