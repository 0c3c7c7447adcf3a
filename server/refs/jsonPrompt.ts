import { jsonEscapeInner, parseJsonWithPositions, propertyOf, stringSourceOffsets, type JsonArray, type JsonNode, type JsonObject, type JsonString } from './json';
import { isValidRefId } from './token';
import { lineBreakOf } from '../core/text';
import { addOnlyEditor, lineStartOf, removeListItem, type ModelProblem, type PromptModel, type PromptText, type RefEntry, type ReferenceEditor, type SourceEdit } from './model';

/**
 * A RAWP prompt message (`file-refs.md` §4): `{"type": "control.prompt.request",
 * "payload": {"prompt_text": "…", "file_references": [{"ref_id", "path"}]}}`.
 * Positions inside `prompt_text` map back to the source through the JSON escapes.
 */
export function parseRawpPrompt(source: string): PromptModel {
  const unreadable = (problem: ModelProblem, prompt?: PromptText): PromptModel => ({
    form: 'rawp-json',
    source,
    prompt,
    entries: [],
    referencesReadable: false,
    problems: [problem],
    editor: undefined,
  });
  // A byte-order mark (an editor's "UTF-8 with BOM"): said, and the message is checked past it.
  const bom: ModelProblem[] = source.charCodeAt(0) === 0xfeff ? [{ code: 'ref/json-bom', message: 'the message starts with a byte-order mark (U+FEFF): JSON text must not begin with one (RFC 8259 §8.1), and JSON.parse rejects it. Save the file as UTF-8 without a BOM.', start: 0, end: 1 }] : [];
  const parsed = parseJsonWithPositions(source, { skipBom: true });
  if (!parsed.ok) {
    return unreadable({ code: 'ref/invalid-json', message: `the message is not valid JSON: ${parsed.message}`, start: parsed.offset, end: Math.min(source.length, parsed.offset + 1) });
  }
  const root = parsed.root;
  const whole = { start: root.start, end: Math.min(root.end, root.start + 1) };
  if (root.type !== 'object') return unreadable({ code: 'ref/invalid-message', message: 'a RAWP message must be a JSON object', ...whole });
  const type = propertyOf(root, 'type')?.value;
  if (type?.type !== 'string' || type.value !== 'control.prompt.request') {
    const found = type?.type === 'string' ? `"${type.value}"` : 'missing';
    return unreadable({ code: 'ref/invalid-message', message: `a prompt message has "type": "control.prompt.request" (here ${found})`, ...(type ?? whole) });
  }
  const payloadProp = propertyOf(root, 'payload');
  if (payloadProp?.value.type !== 'object') {
    return unreadable({ code: 'ref/invalid-message', message: 'the message has no "payload" object', ...(payloadProp?.value ?? whole) });
  }
  const payload = payloadProp.value;
  const textNode = propertyOf(payload, 'prompt_text')?.value;
  const prompt = textNode?.type === 'string' ? jsonPromptText(source, textNode) : undefined;
  const problems: ModelProblem[] = [...bom];
  if (!prompt) {
    problems.push({ code: 'ref/invalid-message', message: 'the payload has no "prompt_text" string', ...(textNode ?? { start: payload.start, end: payload.start + 1 }) });
  }
  const refsProp = propertyOf(payload, 'file_references');
  const eol = lineBreakOf(source);
  if (!refsProp) {
    return { form: 'rawp-json', source, prompt, entries: [], referencesReadable: true, problems, editor: addOnlyEditor((id, p) => addProperty(source, payload, id, p, eol)) };
  }
  if (refsProp.value.type !== 'array') {
    problems.push({ code: 'ref/invalid-references', message: 'file_references must be an array of { "ref_id", "path" } objects', start: refsProp.value.start, end: refsProp.value.end });
    return { form: 'rawp-json', source, prompt, entries: [], referencesReadable: false, problems, editor: undefined };
  }
  const array = refsProp.value;
  const entries = array.items.map(readEntry);
  return { form: 'rawp-json', source, prompt, entries, referencesReadable: true, problems, editor: arrayEditor(source, array, entries, eol) };
}

function jsonPromptText(source: string, node: JsonString): PromptText {
  const offsets = stringSourceOffsets(source, node);
  return {
    value: node.value,
    toSource: (i) => offsets[Math.max(0, Math.min(i, offsets.length - 1))],
    fromSource(offset) {
      let lo = 0;
      let hi = offsets.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (offsets[mid] === offset) return mid;
        if (offsets[mid] < offset) lo = mid + 1;
        else hi = mid - 1;
      }
      return undefined;
    },
    encode: jsonEscapeInner,
  };
}

function readEntry(item: JsonNode, index: number): RefEntry {
  const entry: RefEntry = { index, range: [item.start, item.end] };
  if (item.type !== 'object') {
    entry.problem = 'an entry must be an object with "ref_id" and "path"';
    return entry;
  }
  const problems: string[] = [];
  for (const field of ['ref_id', 'path'] as const) {
    const v = propertyOf(item, field)?.value;
    if (!v) problems.push(`"${field}" is missing`);
    else if (v.type !== 'string') problems.push(`"${field}" must be a string`);
    else if (field === 'ref_id') {
      entry.refId = v.value;
      entry.refIdRange = [v.start, v.end];
    } else {
      entry.path = v.value;
      entry.pathRange = [v.start, v.end];
    }
  }
  if (entry.refId !== undefined && !isValidRefId(entry.refId)) problems.push(`ref_id "${entry.refId}" can never match a token (only letters, digits, _ and - are allowed)`);
  if (entry.path === '') problems.push('"path" is empty');
  if (problems.length) entry.problem = problems.join('; ');
  return entry;
}

function entryJson(refId: string, p: string): string {
  return `{"ref_id": ${JSON.stringify(refId)}, "path": ${JSON.stringify(p)}}`;
}

/** The indentation of the line `offset` is on, when only whitespace precedes it there. */
function indentBefore(source: string, offset: number): string | undefined {
  const lead = source.slice(lineStartOf(source, offset), offset);
  return /^[ \t]*$/.test(lead) ? lead : undefined;
}

function arrayEditor(source: string, array: JsonArray, entries: RefEntry[], eol: string): ReferenceEditor {
  return {
    add(refId, p) {
      const last = array.items.at(-1);
      if (!last) return { start: array.start + 1, end: array.start + 1, text: entryJson(refId, p) };
      const indent = lineStartOf(source, last.start) !== lineStartOf(source, array.start) ? indentBefore(source, last.start) : undefined;
      return { start: last.end, end: last.end, text: indent !== undefined ? `,${eol}${indent}${entryJson(refId, p)}` : `, ${entryJson(refId, p)}` };
    },
    remove: (entry) => removeListItem(array.items, entry.index),
    setPath: (entry, p) => (entry.pathRange ? { start: entry.pathRange[0], end: entry.pathRange[1], text: JSON.stringify(p) } : undefined),
    setRefId: (entry, id) => (entry.refIdRange ? { start: entry.refIdRange[0], end: entry.refIdRange[1], text: JSON.stringify(id) } : undefined),
  };
}

/** Adds `"file_references": [entry]` as the payload's last property. */
function addProperty(source: string, payload: JsonObject, refId: string, p: string, eol: string): SourceEdit {
  const prop = `"file_references": [${entryJson(refId, p)}]`;
  const last = payload.properties.at(-1);
  if (!last) return { start: payload.start + 1, end: payload.start + 1, text: prop };
  const keyStart = last.keyNode.start;
  const indent = lineStartOf(source, keyStart) !== lineStartOf(source, payload.start) ? indentBefore(source, keyStart) : undefined;
  return { start: last.value.end, end: last.value.end, text: indent !== undefined ? `,${eol}${indent}${prop}` : `, ${prop}` };
}
