/**
 * A prompt document as the refs engine sees it, whatever its form (`file-refs.md` §4):
 * where `prompt_text` is and how its characters map to the source, the `file_references`
 * entries with their source ranges, and the edits that change that list in place.
 * Offsets are UTF-16 offsets into the document source.
 */

export type PromptForm = 'markdown' | 'rawp-json';

/** A replacement of `source.slice(start, end)` by `text`. */
export interface SourceEdit {
  start: number;
  end: number;
  text: string;
}

/** `prompt_text` inside the document. */
export interface PromptText {
  /** The prompt text as sent (tokens unescaped, typed spans escaped). */
  value: string;
  /** Source offset of value index `i` (0 ≤ i ≤ value.length). */
  toSource(i: number): number;
  /** Value index at a source offset; undefined outside the prompt text or inside an escape sequence. */
  fromSource(offset: number): number | undefined;
  /** How `text` is written into the source here (JSON-escaped inside a RAWP message). */
  encode(text: string): string;
}

/** One `file_references` entry as written, usable or not. */
export interface RefEntry {
  index: number;
  refId?: string;
  path?: string;
  /** Source range of the `ref_id` value. */
  refIdRange?: [number, number];
  /** Source range of the `path` value. */
  pathRange?: [number, number];
  /** Source range of the whole entry. */
  range: [number, number];
  /** Why the entry cannot be used (a token can never resolve through it); undefined when usable. */
  problem?: string;
}

/** A problem with the document's structure (broken YAML or JSON, a misplaced list). */
export interface ModelProblem {
  code: string;
  message: string;
  start: number;
  end: number;
}

/** Edits that change the `file_references` list in place, keeping the author's layout. */
export interface ReferenceEditor {
  /** Appends an entry (creating the frontmatter block or JSON array when missing). */
  add(refId: string, path: string): SourceEdit;
  remove(entry: RefEntry): SourceEdit;
  setPath(entry: RefEntry, path: string): SourceEdit | undefined;
  setRefId(entry: RefEntry, refId: string): SourceEdit | undefined;
}

export interface PromptModel {
  form: PromptForm;
  source: string;
  /** Undefined when the document has no readable prompt text (broken JSON, no `prompt_text`). */
  prompt: PromptText | undefined;
  entries: RefEntry[];
  /** False when the list itself cannot be read: then no token can be judged mapped or not. */
  referencesReadable: boolean;
  problems: ModelProblem[];
  /** Undefined when the list cannot be edited safely (it is broken). */
  editor: ReferenceEditor | undefined;
}

/** A ref_id's usable entry: the first one when an id repeats. */
export function entryLookup(model: PromptModel): Map<string, RefEntry> {
  const map = new Map<string, RefEntry>();
  for (const e of model.entries) {
    if (e.problem === undefined && e.refId !== undefined && !map.has(e.refId)) map.set(e.refId, e);
  }
  return map;
}

/** A prompt text that is a plain slice of the source (Markdown body). */
export function plainPromptText(source: string, start: number, end: number): PromptText {
  return {
    value: source.slice(start, end),
    toSource: (i) => start + i,
    fromSource: (offset) => (offset >= start && offset <= end ? offset - start : undefined),
    encode: (text) => text,
  };
}

/** Offset of the start of the line containing `offset`. */
export function lineStartOf(source: string, offset: number): number {
  let i = offset;
  while (i > 0 && source[i - 1] !== '\n' && source[i - 1] !== '\r') i--;
  return i;
}

/** Offset just after the line break ending the line that contains `offset` (or the end). */
export function nextLineStart(source: string, offset: number): number {
  let i = offset;
  while (i < source.length && source[i] !== '\n' && source[i] !== '\r') i++;
  if (source[i] === '\r' && source[i + 1] === '\n') return i + 2;
  return i < source.length ? i + 1 : i;
}

/** The removal of one item of a comma-separated list (flow YAML, JSON), commas included. */
export function removeListItem(items: readonly { start: number; end: number }[], index: number): SourceEdit {
  const item = items[index];
  if (index + 1 < items.length) return { start: item.start, end: items[index + 1].start, text: '' };
  if (index > 0) return { start: items[index - 1].end, end: item.end, text: '' };
  return { start: item.start, end: item.end, text: '' };
}

/** The editor of a document that has no entries yet: it can only add one. */
export function addOnlyEditor(add: (refId: string, path: string) => SourceEdit): ReferenceEditor {
  const none = () => undefined;
  return {
    add,
    remove: () => {
      throw new Error('there is no entry to remove');
    },
    setPath: none,
    setRefId: none,
  };
}
