import type { Message } from 'vscode-languageserver/node';

/** A JSON-RPC error answered for a frame that holds no request the server could read (its id null when unknown). */
export interface FrameRefusal {
  code: typeof PARSE_ERROR | typeof INVALID_REQUEST;
  message: string;
  /** The id of a request read but refused; absent when no id could be read. */
  id?: number | string;
}
// JSON-RPC 2.0, "Error object": the codes of a body that is not JSON, and of JSON that is no request.
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

/** A header block longer than this is garbage, not a header. */
const MAX_HEADER_BYTES = 8 * 1024;
/** Garbage kept while looking for the next header; beyond it the oldest bytes are dropped. */
const MAX_SKIPPED_BYTES = 1024 * 1024;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/**
 * A message nested deeper is refused. No LSP message nests past a few dozen levels, and a
 * deep one overflows the stack of what recurses over it: Node 20's copy of a message to the
 * server's thread (`wire/`) failed at 5,000 levels, losing its chunk, and threw at 100,000,
 * taking the connection with it.
 */
const MAX_NESTING = 1000;
const HEADER_NAMES = [Buffer.from('Content-Length'), Buffer.from('content-length'), Buffer.from('CONTENT-LENGTH')];

/**
 * Reads LSP frames (`Content-Length: N`, a blank line, N bytes of JSON) from the bytes
 * pushed into it and never gives up: a frame it cannot read is reported through `report`
 * and skipped, and reading resumes at the next `Content-Length` header. It loads no
 * library (only its types), so the wire thread (`wire/`) starts without one.
 *
 * Tolerated without complaint beyond one note: LF-only line ends and a byte-order mark.
 * A body whose declared length is wrong is still delivered when the bytes up to the next
 * header are one complete JSON message. A body that is not JSON, or JSON that is no
 * message, is also answered through `refuse` (JSON-RPC 2.0: a Parse error or Invalid Request
 * with a null id), so a client that sent it sees why no answer comes. Every scan is linear
 * in the bytes received.
 */
export class FrameScanner {
  private buffer: Buffer = Buffer.alloc(0);
  /** Where the body of the frame being read starts and its declared length. */
  private body: { start: number; length: number } | undefined;
  /** Set while skipping bytes that are not a readable frame: the bytes from 0 are suspect. */
  private skipping = false;
  /** Bytes already searched for a header while skipping or waiting for a long body. */
  private searchedUpTo = 0;
  private notedLfOnly = false;

  /** `deliver` receives each message read; `report` each problem (a frame skipped, a quirk accepted); `refuse` each error to answer. */
  constructor(
    private readonly deliverMessage: (message: Message) => void,
    private readonly report: (problem: string) => void = () => undefined,
    private readonly refuse: (error: FrameRefusal) => void = () => undefined,
  ) {}

  /** Reads the bytes that came: each whole message is delivered before this returns. */
  push(data: Buffer): void {
    this.buffer = this.buffer.length === 0 ? data : Buffer.concat([this.buffer, data]);
    try {
      while (this.step());
    } catch (err) {
      // A bug here must not wedge the connection: report it and start over at the next header.
      this.report(`could not read a message: ${(err as Error).message}`);
      this.startSkipping(1);
    }
  }

  /** Makes one step of progress; false when more bytes are needed. */
  private step(): boolean {
    if (this.skipping) return this.resync();
    if (!this.body) return this.readHeader();
    return this.readBody();
  }

  private readHeader(): boolean {
    let start = 0;
    // Blank lines between frames and a byte-order mark are noise, not errors.
    while (start < this.buffer.length && (this.buffer[start] === 0x0d || this.buffer[start] === 0x0a)) start++;
    if (this.buffer.subarray(start, start + 3).equals(BOM)) start += 3;
    if (start > 0) this.consume(start);
    if (this.buffer.length === 0) return false;
    const end = headerEnd(this.buffer);
    if (!end) {
      if (this.buffer.length > MAX_HEADER_BYTES) return this.badFrame(`no end of header in the first ${MAX_HEADER_BYTES} bytes`);
      return false;
    }
    const headerText = this.buffer.subarray(0, end.headerLength).toString('latin1');
    if (end.lfOnly && !this.notedLfOnly) {
      this.notedLfOnly = true;
      this.report('the client ends header lines with LF instead of CRLF; accepted');
    }
    let length: number | undefined;
    for (const line of headerText.split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon <= 0) return this.badFrame(`header line without a name and a colon: ${quote(line)}`);
      if (line.slice(0, colon).trim().toLowerCase() !== 'content-length') continue;
      const value = line.slice(colon + 1).trim();
      if (!/^\d{1,10}$/.test(value)) return this.badFrame(`Content-Length is not a number: ${quote(value)}`);
      length = Number(value);
    }
    if (length === undefined) return this.badFrame(`header without Content-Length: ${quote(headerText)}`);
    this.body = { start: end.bodyStart, length };
    this.searchedUpTo = end.bodyStart;
    return true;
  }

  private readBody(): boolean {
    const { start, length } = this.body!;
    const end = start + length;
    if (this.buffer.length >= end) {
      const message = parseMessage(this.buffer.subarray(start, end));
      if (typeof message !== 'number') {
        this.body = undefined;
        this.consume(end);
        this.deliver(message);
        return true;
      }
      this.body = undefined;
      // Broken before its end, and no header inside it: no longer length could mend it, so it is answered now.
      const headerInside = this.nextHeader(start);
      if (message !== NOT_JSON_AT_END && (headerInside === undefined || headerInside >= end)) {
        this.consume(end);
        this.notJson(`the message's body is not JSON (${length} bytes)`);
        return true;
      }
      // Not JSON at the declared length: the length may be too short, or the body bad.
      this.startSkipping(0, { start, length });
      return true;
    }
    // Still short of the declared length: a header inside the pending bytes means the length was too long.
    const next = this.nextHeader(Math.max(start, this.searchedUpTo));
    this.searchedUpTo = Math.max(start, this.buffer.length - HEADER_NAMES[0].length);
    if (next === undefined) return false;
    const message = completeJsonBefore(this.buffer, start, next);
    if (!message) return false;
    this.report(wrongLength(length, next - start));
    this.body = undefined;
    this.consume(next);
    this.deliver(message);
    return true;
  }

  /** Skips to the next `Content-Length` header; the bytes skipped are delivered if they are one whole message. */
  private resync(): boolean {
    const next = this.nextHeader(this.searchedUpTo);
    if (next === undefined) {
      this.searchedUpTo = Math.max(this.searchedUpTo, this.buffer.length - HEADER_NAMES[0].length);
      if (this.buffer.length > MAX_SKIPPED_BYTES) {
        const drop = this.buffer.length - HEADER_NAMES[0].length;
        this.report(`skipped ${drop} bytes that are not an LSP message`);
        this.consume(drop);
      }
      return false;
    }
    const broken = this.bodyOfBrokenFrame;
    const message = broken ? completeJsonBefore(this.buffer, broken.start, next) : undefined;
    if (message && broken) this.report(wrongLength(broken.length, next - broken.start));
    else this.report(`skipped ${next} bytes that are not a readable LSP message; reading again from the next Content-Length header`);
    this.skipping = false;
    this.bodyOfBrokenFrame = undefined;
    this.consume(next);
    if (message) this.deliver(message);
    // A good header whose body is JSON neither at its length nor up to the next header: a message the client is waiting on.
    else if (broken) this.refuse({ code: PARSE_ERROR, message: `agentls could not read a message: its body is not JSON (Content-Length: ${broken.length})` });
    return true;
  }

  /** The body of the frame that failed (where it starts, its declared length), when its header was good. */
  private bodyOfBrokenFrame: { start: number; length: number } | undefined;

  private badFrame(problem: string): boolean {
    this.report(`bad message header: ${problem}`);
    this.startSkipping(1);
    return true;
  }

  /** Enters skipping, searching for a header from `from` on; `body` marks a good header's body. */
  private startSkipping(from: number, body?: { start: number; length: number }): void {
    this.skipping = true;
    this.body = undefined;
    this.bodyOfBrokenFrame = body;
    this.searchedUpTo = Math.max(from, body?.start ?? 0);
  }

  /** The offset of the next `Content-Length` header name at or after `from`. */
  private nextHeader(from: number): number | undefined {
    let best: number | undefined;
    for (const name of HEADER_NAMES) {
      const i = this.buffer.indexOf(name, from);
      if (i >= 0 && (best === undefined || i < best)) best = i;
    }
    return best;
  }

  private consume(n: number): void {
    this.buffer = this.buffer.subarray(n);
    this.searchedUpTo = Math.max(0, this.searchedUpTo - n);
    if (this.bodyOfBrokenFrame) this.bodyOfBrokenFrame = { ...this.bodyOfBrokenFrame, start: Math.max(0, this.bodyOfBrokenFrame.start - n) };
  }

  private deliver(message: Message | string): void {
    if (typeof message === 'string') {
      this.report(message);
      this.refuse({ code: INVALID_REQUEST, message: `agentls could not read a message: ${message}` });
      return;
    }
    const invalid = invalidRequest(message);
    if (invalid) {
      this.report(invalid.problem);
      this.refuse({ code: INVALID_REQUEST, message: `agentls could not read a message: ${invalid.problem}`, id: invalid.id });
      return;
    }
    if (nestedDeeper(message, MAX_NESTING)) {
      const { id, method } = message as { id?: unknown; method?: unknown };
      const problem = `ignored a message nested deeper than ${MAX_NESTING} levels (${typeof method === 'string' ? method : 'no method'})`;
      this.report(problem);
      // A notification is never answered (JSON-RPC 2.0); a request is, with its own id, so the client stops waiting.
      if (typeof id === 'number' || typeof id === 'string') this.refuse({ code: INVALID_REQUEST, message: `agentls could not read a message: ${problem}`, id });
      return;
    }
    this.deliverMessage(message);
  }

  private notJson(problem: string): void {
    this.report(`${problem}; skipped it`);
    this.refuse({ code: PARSE_ERROR, message: `agentls could not read a message: ${problem}` });
  }
}

function headerEnd(buffer: Buffer): { headerLength: number; bodyStart: number; lfOnly: boolean } | undefined {
  const crlf = buffer.indexOf('\r\n\r\n');
  const lf = buffer.indexOf('\n\n');
  if (crlf >= 0 && (lf < 0 || crlf + 1 <= lf)) return { headerLength: crlf, bodyStart: crlf + 4, lfOnly: false };
  if (lf >= 0) return { headerLength: lf, bodyStart: lf + 2, lfOnly: buffer.indexOf('\r\n') < 0 || buffer.indexOf('\r\n') > lf };
  return undefined;
}

/** Not JSON, but it may be the start of JSON: the parse failed at the end of the bytes. */
const NOT_JSON_AT_END = 1;
/** Not JSON, broken before the end of the bytes: no bytes added after them could mend it. */
const NOT_JSON = 2;

/**
 * The body as a JSON-RPC message; a string saying why it is not one when it is JSON but
 * no message (an array, a number); a number when it is not JSON at all, telling apart
 * bytes that may be a truncated message (`NOT_JSON_AT_END`: the declared length may be
 * short) from bytes broken before their end.
 */
function parseMessage(bytes: Buffer): Message | string | typeof NOT_JSON_AT_END | typeof NOT_JSON {
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return failedAtEnd((err as Error).message, text.length) ? NOT_JSON_AT_END : NOT_JSON;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `ignored a message that is not a JSON object: ${quote(text)}`;
  return value as Message;
}

/**
 * Whether V8's parse error is at the end of the text. A prefix of valid JSON only ever
 * fails there ("Unexpected end of JSON input", or "... at position N" with N its length),
 * so an error before it proves the bytes broken. V8's wording is not a contract: an error
 * it does not place counts as at the end, which only delays the answer to the next header.
 */
function failedAtEnd(error: string, length: number): boolean {
  const at = /at position (\d+)/.exec(error);
  return at === null || Number(at[1]) >= length;
}

/**
 * Why a message is an Invalid Request, with its id when that can be read (JSON-RPC 2.0, "Request
 * object": a method is a string, an id a string, a number or null). The library logs such a
 * message and answers nothing, and a client waits on.
 */
function invalidRequest(message: Message): { problem: string; id?: number | string } | undefined {
  const { id, method } = message as { id?: unknown; method?: unknown };
  if (id !== undefined && id !== null && typeof id !== 'number' && typeof id !== 'string') return { problem: `ignored a message whose id is neither a string nor a number: ${quote(JSON.stringify(id))}` };
  if ('method' in message && typeof method !== 'string') return { problem: `ignored a message whose method is not a string: ${quote(JSON.stringify(method) ?? 'undefined')}`, id: id ?? undefined };
  return undefined;
}

/** Whether `value` has objects or arrays more than `cap` levels deep; walked without recursion, each value once at most. */
function nestedDeeper(value: object, cap: number): boolean {
  const stack: { value: object; depth: number }[] = [{ value, depth: 1 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (next.depth > cap) return true;
    for (const child of Object.values(next.value)) if (typeof child === 'object' && child !== null) stack.push({ value: child as object, depth: next.depth + 1 });
  }
  return false;
}

/** The bytes from `start` to `end` as one message, when they hold exactly one JSON object. */
function completeJsonBefore(buffer: Buffer, start: number, end: number): Message | string | undefined {
  // Cheap pre-check: a JSON object ends with `}` (a header name inside a string is not a boundary).
  let last = end - 1;
  while (last > start && (buffer[last] === 0x0a || buffer[last] === 0x0d || buffer[last] === 0x20)) last--;
  if (buffer[last] !== 0x7d) return undefined;
  const message = parseMessage(buffer.subarray(start, last + 1));
  return typeof message === 'number' ? undefined : message;
}

function wrongLength(declared: number, actual: number): string {
  return `Content-Length said ${declared} bytes but the message was ${actual}; read it and went on with the next header`;
}

function quote(s: string): string {
  const short = s.length > 80 ? `${s.slice(0, 80)}…` : s;
  return JSON.stringify(short);
}
