/** The data of the `§ » « ≔` patch language, shared by the parser, the applier and the linter. */

/** `LINE` + `HASH`: `41th`. Interior lines of a range carry the hash `**` (never validated). */
export interface Anchor {
  line: number;
  hash: string;
}

export const INTERIOR_HASH = '**';

/** Where inserted lines go. `»BOF` and `«BOF` both mean `bof`; likewise `eof`. */
export type Cursor = { kind: 'bof' } | { kind: 'eof' } | { kind: 'before'; anchor: Anchor } | { kind: 'after'; anchor: Anchor };

/**
 * A primitive edit (`hashline.md` §3.4). Every op expands into these, in input order;
 * `op` is the index of the op that produced it.
 */
export type PrimitiveEdit = { kind: 'insert'; cursor: Cursor; text: string; op: number } | { kind: 'delete'; anchor: Anchor; op: number };

/** A line of the patch text with its place in the patch document (0-based), for diagnostics. */
export interface SourceLine {
  text: string;
  /** 0-based line of the patch document; -1 for a synthesised header. */
  docLine: number;
}

/** A span of characters within one source line. */
export interface Span {
  docLine: number;
  start: number;
  end: number;
}

export type OpSigil = '«' | '»' | '≔';

/** One op as written, with what it expands to. */
export interface PatchOp {
  sigil: OpSigil;
  /** 1-based line within its (merged) section body, as upstream messages count. */
  opLine: number;
  source: SourceLine;
  /** Insert ops: where; replace ops: undefined. */
  cursor?: Cursor;
  /** Replace ops: the inclusive range. */
  range?: { start: Anchor; end: Anchor };
  /** Every anchor written on the op line, with where it is written. */
  anchors: { anchor: Anchor; span: Span }[];
  /** Payload lines (verbatim), including an inline `|TEXT` body when it is payload. */
  payload: SourceLine[];
  /** The inline `|TEXT` was an echo of the anchored line and was dropped. */
  echoDropped?: boolean;
  /** Blank lines at the end of the payload (they are payload too; the linter warns about them). */
  trailingBlankLines: number;
}

export type ParseIssueKind = 'parse_error' | 'missing_hash' | 'missing_line_number';

/** A problem found while parsing a section body. Upstream stops at the first; the linter reports all. */
export interface ParseIssue {
  kind: ParseIssueKind;
  /** Upstream's message (`line N: …`); the executor enriches `missing_*` ones with the current file. */
  message: string;
  opLine: number;
  span: Span;
  /** `missing_hash`: the lines named by bare numbers, to answer with their current anchors. */
  lines?: { start: number; end: number };
  /** `missing_line_number`: the hash written without its line number. */
  hash?: string;
  /** The op sigil, for copy-ready suggestions. */
  sigil?: OpSigil;
  /** The anchor text as written (trimmed). */
  raw?: string;
  /** Only one end of a range is incomplete: no suggestion, ask for a re-read. */
  inRange?: boolean;
}

/** Error kinds of a patch, as the vectors name them, plus the ones of an editor and a disk. */
export type PatchErrorKind =
  | 'input_error'
  | 'parse_error'
  | 'missing_hash'
  | 'missing_line_number'
  | 'line_out_of_range'
  | 'hash_mismatch'
  | 'file_not_found'
  | 'no_change'
  | 'outside_workspace'
  | 'unreadable'
  | 'too_large'
  | 'write_failed';
