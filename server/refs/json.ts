/**
 * A JSON parser that keeps where everything is: RAWP messages are edited in place
 * (a completion inserts into `prompt_text` and appends to `file_references`), so every
 * node carries its source offsets, and a string can map its decoded characters back to
 * the escapes they came from (`\n`, `\"`, `\u` with four hex digits, surrogate pairs).
 */

import { bracketDepth, LIMITS, overLimit } from '../core/limits';

export type JsonNode = JsonObject | JsonArray | JsonString | JsonScalar;

interface NodeBase {
  /** Source offset of the first character. */
  start: number;
  /** Source offset just after the last character. */
  end: number;
}

export interface JsonObject extends NodeBase {
  type: 'object';
  properties: JsonProperty[];
}

export interface JsonProperty {
  key: string;
  /** The key's string literal. */
  keyNode: JsonString;
  value: JsonNode;
}

export interface JsonArray extends NodeBase {
  type: 'array';
  items: JsonNode[];
}

export interface JsonString extends NodeBase {
  type: 'string';
  value: string;
}

export interface JsonScalar extends NodeBase {
  type: 'number' | 'boolean' | 'null';
  value: number | boolean | null;
}

export type JsonParseResult = { ok: true; root: JsonNode } | { ok: false; message: string; offset: number };

const MAX_DEPTH = LIMITS.promptJsonDepth;

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/**
 * Parses strict JSON (RFC 8259); never throws. With `skipBom`, a byte-order mark before the
 * value is passed over (RFC 8259 §8.1 lets a parser ignore one); offsets stay the text's own.
 */
export function parseJsonWithPositions(text: string, options: { skipBom?: boolean } = {}): JsonParseResult {
  const p = new Parser(text);
  if (options.skipBom && text.charCodeAt(0) === 0xfeff) p.pos = 1;
  try {
    p.skipSpace();
    const root = p.value(0);
    p.skipSpace();
    if (p.pos < text.length) throw new JsonSyntaxError('unexpected text after the JSON value', p.pos);
    return { ok: true, root };
  } catch (err) {
    if (err instanceof JsonSyntaxError) return { ok: false, message: err.message, offset: err.offset };
    throw err;
  }
}

/** The property of an object, the last one when a key repeats (as `JSON.parse` does). */
export function propertyOf(node: JsonNode | undefined, key: string): JsonProperty | undefined {
  if (node?.type !== 'object') return undefined;
  for (let i = node.properties.length - 1; i >= 0; i--) if (node.properties[i].key === key) return node.properties[i];
  return undefined;
}

/**
 * For a string literal, the source offset of each decoded UTF-16 unit, plus one more
 * entry for the closing quote: `offsets[i]` is where the escape (or character) that
 * produced unit `i` begins.
 */
export function stringSourceOffsets(text: string, node: JsonString): Int32Array {
  const offsets = new Int32Array(node.value.length + 1);
  let unit = 0;
  let i = node.start + 1;
  const close = node.end - 1;
  while (i < close) {
    offsets[unit++] = i;
    if (text.charCodeAt(i) === 92 /* \ */) i += text[i + 1] === 'u' ? 6 : 2;
    else i++;
  }
  offsets[unit] = close;
  return offsets;
}

/** The body of a JSON string literal for `value` (without the quotes). */
export function jsonEscapeInner(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

class Parser {
  pos = 0;
  constructor(private readonly text: string) {}

  skipSpace(): void {
    const t = this.text;
    while (this.pos < t.length) {
      const c = t.charCodeAt(this.pos);
      if (c === 32 || c === 9 || c === 10 || c === 13) this.pos++;
      else break;
    }
  }

  value(depth: number): JsonNode {
    if (depth > MAX_DEPTH) throw new JsonSyntaxError(overLimit('this message nests', bracketDepth(this.text), MAX_DEPTH, 'deep'), this.pos);
    const c = this.text[this.pos];
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    if (c === '"') return this.string();
    if (c === 't' || c === 'f' || c === 'n') return this.literal();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
    throw new JsonSyntaxError(c === undefined ? 'unexpected end of the text' : `unexpected character ${JSON.stringify(c)}`, this.pos);
  }

  private expect(ch: string, what: string): void {
    if (this.text[this.pos] !== ch) {
      throw new JsonSyntaxError(this.pos >= this.text.length ? `unexpected end of the text, expected ${what}` : `expected ${what}`, this.pos);
    }
    this.pos++;
  }

  private object(depth: number): JsonObject {
    const start = this.pos++;
    const properties: JsonProperty[] = [];
    this.skipSpace();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return { type: 'object', start, end: this.pos, properties };
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] !== '"') throw new JsonSyntaxError('expected a property name in double quotes', this.pos);
      const keyNode = this.string();
      this.skipSpace();
      this.expect(':', '":"');
      this.skipSpace();
      const value = this.value(depth + 1);
      properties.push({ key: keyNode.value, keyNode, value });
      this.skipSpace();
      if (this.text[this.pos] === ',') {
        this.pos++;
        continue;
      }
      this.expect('}', '"," or "}"');
      return { type: 'object', start, end: this.pos, properties };
    }
  }

  private array(depth: number): JsonArray {
    const start = this.pos++;
    const items: JsonNode[] = [];
    this.skipSpace();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return { type: 'array', start, end: this.pos, items };
    }
    for (;;) {
      this.skipSpace();
      items.push(this.value(depth + 1));
      this.skipSpace();
      if (this.text[this.pos] === ',') {
        this.pos++;
        continue;
      }
      this.expect(']', '"," or "]"');
      return { type: 'array', start, end: this.pos, items };
    }
  }

  private string(): JsonString {
    const t = this.text;
    const start = this.pos++;
    let value = '';
    let runStart = this.pos;
    for (;;) {
      if (this.pos >= t.length) throw new JsonSyntaxError('unterminated string', start);
      const c = t.charCodeAt(this.pos);
      if (c === 34 /* " */) {
        value += t.slice(runStart, this.pos);
        this.pos++;
        return { type: 'string', start, end: this.pos, value };
      }
      if (c < 0x20) throw new JsonSyntaxError('control character in a string (write it as an escape, e.g. \\n)', this.pos);
      if (c !== 92) {
        this.pos++;
        continue;
      }
      value += t.slice(runStart, this.pos);
      const e = t[this.pos + 1];
      if (e === 'u') {
        const hex = t.slice(this.pos + 2, this.pos + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new JsonSyntaxError('bad \\u escape (four hex digits expected)', this.pos);
        value += String.fromCharCode(parseInt(hex, 16));
        this.pos += 6;
      } else if (e !== undefined && e in ESCAPES) {
        value += ESCAPES[e];
        this.pos += 2;
      } else {
        throw new JsonSyntaxError(`bad escape \\${e ?? ''}`, this.pos);
      }
      runStart = this.pos;
    }
  }

  private literal(): JsonScalar {
    const start = this.pos;
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (this.text.startsWith(word, start)) {
        this.pos += word.length;
        return { type: value === null ? 'null' : 'boolean', start, end: this.pos, value };
      }
    }
    throw new JsonSyntaxError('unexpected word', start);
  }

  private number(): JsonScalar {
    const start = this.pos;
    const m = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    m.lastIndex = start;
    const found = m.exec(this.text);
    if (!found) throw new JsonSyntaxError('bad number', start);
    this.pos = start + found[0].length;
    return { type: 'number', start, end: this.pos, value: Number(found[0]) };
  }
}
