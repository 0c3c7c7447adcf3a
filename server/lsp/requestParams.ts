import { ParamError } from '../core/params';
import { isRecord } from '../core/settings';

/**
 * Shape checks for the standard requests' params (and didChange's), done before any handler reads them:
 * a malformed request is the client's mistake and gets `InvalidParams` naming the field,
 * not an `InternalError` from deep inside a feature.
 */
export const requestParams = {
  /** `textDocument.uri`, and `position` or `range` (+ `context`) when the request has them. */
  document(value: unknown, needs: 'uri' | 'position' | 'range'): { textDocument: { uri: string } } {
    if (!isRecord(value)) throw new ParamError('params', 'expected an object');
    const doc = value.textDocument;
    if (!isRecord(doc) || doc.uri === undefined) throw new ParamError('textDocument.uri', 'is required');
    if (typeof doc.uri !== 'string') throw new ParamError('textDocument.uri', 'expected a string');
    if (needs === 'position') position(value.position, 'position');
    if (needs === 'range') {
      range(value.range, 'range');
      const context = value.context;
      if (!isRecord(context)) throw new ParamError('context', 'is required');
      if (!Array.isArray(context.diagnostics)) throw new ParamError('context.diagnostics', 'expected an array');
      if (context.only !== undefined && context.only !== null && !(Array.isArray(context.only) && context.only.every((k) => typeof k === 'string'))) {
        throw new ParamError('context.only', 'expected an array of strings');
      }
    }
    return value as { textDocument: { uri: string } };
  },

  object(value: unknown, field = 'params'): Record<string, unknown> {
    if (!isRecord(value)) throw new ParamError(field, 'expected an object');
    return value;
  },

  /** A `textDocument/didOpen` notification's params: the library keeps any `text` as the document's, and every reader of it would throw. */
  didOpen(value: unknown): void {
    if (!isRecord(value)) throw new ParamError('params', 'expected an object');
    if (typeof versionedDocument(value.textDocument).text !== 'string') throw new ParamError('textDocument.text', 'expected a string');
  },

  /**
   * A `textDocument/didChange` notification's params, checked whole before any change is
   * applied: the library applies the changes one by one and stops at a malformed one,
   * leaving the document half changed.
   */
  didChange(value: unknown): void {
    if (!isRecord(value)) throw new ParamError('params', 'expected an object');
    versionedDocument(value.textDocument);
    if (!Array.isArray(value.contentChanges)) throw new ParamError('contentChanges', 'expected an array');
    value.contentChanges.forEach((change: unknown, i) => {
      const field = `contentChanges[${i}]`;
      if (!isRecord(change)) throw new ParamError(field, 'expected an object');
      if (typeof change.text !== 'string') throw new ParamError(`${field}.text`, 'expected a string');
      // LSP 3.17, TextDocumentContentChangeEvent: a change with `range` replaces that range, one without it the whole text.
      // vscode-languageserver-textdocument (FullTextDocument.isFull, isIncremental) also throws on a `rangeLength` that is
      // not a number, or that comes without `range`.
      if ('range' in change) {
        if (!isRecord(change.range)) throw new ParamError(`${field}.range`, 'expected an object');
        range(change.range, `${field}.range`);
        if (change.rangeLength !== undefined && typeof change.rangeLength !== 'number') throw new ParamError(`${field}.rangeLength`, 'expected a number');
      } else if (change.rangeLength !== undefined) throw new ParamError(`${field}.rangeLength`, 'given without range');
    });
  },
};

/** `textDocument.uri` and `.version` of a didOpen or didChange. */
function versionedDocument(doc: unknown): Record<string, unknown> {
  if (!isRecord(doc) || typeof doc.uri !== 'string') throw new ParamError('textDocument.uri', 'expected a string');
  if (typeof doc.version !== 'number' || !Number.isInteger(doc.version)) throw new ParamError('textDocument.version', 'expected an integer');
  return doc;
}

function position(value: unknown, field: string): void {
  if (!isRecord(value)) throw new ParamError(field, 'is required');
  for (const key of ['line', 'character'] as const) {
    const n = value[key];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw new ParamError(`${field}.${key}`, 'expected a non-negative integer');
  }
}

function range(value: unknown, field: string): void {
  if (!isRecord(value)) throw new ParamError(field, 'is required');
  position(value.start, `${field}.start`);
  position(value.end, `${field}.end`);
}
