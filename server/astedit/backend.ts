import type { LanguageId } from './languages';
import type { MetavarToken } from './metavars';
import type { Span } from './render';

/**
 * The structural matcher behind ast-edit, kept behind this small interface so the engine
 * never touches the native binding: the production implementation runs `@ast-grep/napi`
 * (in-process or in worker threads), and tests may substitute their own. It only parses
 * texts it is given; it never reads a file.
 */
export interface AstBackend {
  /** What is wrong with a pattern in a language, and the literal words every match contains. */
  checkPattern(lang: LanguageId, pattern: string): PatternCheck;
  /** Finds every match of the given ops in each text (plain data, offsets in UTF-16). */
  scan(lang: LanguageId, ops: readonly OpQuery[], files: readonly ScanInput[]): Promise<FileScan[]>;
  /** Releases threads or other resources; the backend may be used again afterwards. */
  dispose?(): void;
}

/** One op as the matcher needs it. */
export interface OpQuery {
  pattern: string;
  /** Names captured by `$NAME` whose spans the renderer needs. */
  singles: readonly string[];
  /** Names captured by `$$$NAME`. */
  multis: readonly string[];
}

export interface ScanInput {
  text: string;
  /** Indices into the ops that may match this text (the others were ruled out cheaply). */
  ops: readonly number[];
}

export interface RawMatch {
  /** Index into the ops given to `scan`. */
  op: number;
  start: number;
  end: number;
  /** Per `OpQuery.singles` entry: the captured span, null when absent. */
  singles: (Span | null)[];
  /** Per `OpQuery.multis` entry: first to last captured node, null when it captured nothing. */
  multis: (Span | null)[];
}

export interface FileScan {
  /** The parse tree has error nodes (the file is skipped: its matches are dropped). */
  syntaxError: boolean;
  matches: RawMatch[];
  /** The matcher failed on this text (reported; the file is skipped). */
  failure?: string;
}

export interface PatternCheck {
  /** ast-grep refuses the pattern (more than one node, nothing to match, a lone `$$$`). */
  compileError?: string;
  /** The pattern has a syntax error in this language: the offending text, or the token the parser had to insert (`foo(` lacks `)`). */
  syntaxError?: { start: number; end: number; text: string; missing?: string };
  /** Metavariables that do not stand for a whole node (`prefix$VAR`, `"hello $NAME"`): they match nothing. */
  notWholeNode: MetavarToken[];
  /**
   * Words (identifier-like leaf texts of the pattern) that the text of every match
   * contains; a file that lacks one of them cannot match and is not parsed.
   */
  literals: string[];
  /** The language's parser is not available on this machine. */
  unavailable?: string;
}

/** One phrase for a pattern's syntax error: "syntax error at `x`" or "a `)` is missing". */
export function describeSyntaxError(e: NonNullable<PatternCheck['syntaxError']>): string {
  return e.missing !== undefined ? `a \`${e.missing}\` is missing` : `syntax error at \`${e.text}\``;
}
