import type * as Napi from '@ast-grep/napi';
import type { AstBackend, FileScan, OpQuery, PatternCheck, RawMatch, ScanInput } from './backend';
import { allLanguages, languageInfo, type LanguageId } from './languages';
import { scanPatternMetavars } from './metavars';
import type { Span } from './render';

/**
 * `@ast-grep/napi` behind the `AstBackend` interface, in the calling thread. The worker
 * threads of `workerBackend.ts` run the same `scanText`.
 */

let loadedNapi: typeof Napi | undefined;

/**
 * The native matcher, loaded on first use: a server start that never matches anything
 * (most of them) does not pay for loading it (about 6 ms of the start).
 */
function napi(): typeof Napi {
  loadedNapi ??= require('@ast-grep/napi') as typeof Napi;
  return loadedNapi;
}

/** Languages whose parser could not be loaded, with the reason. */
const unavailable = new Map<LanguageId, string>();
let registered = false;

/** Registers the `@ast-grep/lang-*` parsers once per thread (napi allows only one call). */
export function ensureLanguagesRegistered(): void {
  if (registered) return;
  registered = true;
  const registrations: Napi.DynamicLangRegistrations = {};
  for (const lang of allLanguages()) {
    if (!lang.dynamicPackage) continue;
    try {
      const pkg = require(lang.dynamicPackage) as Napi.DynamicLangRegistrations[string];
      registrations[lang.napiName] = {
        libraryPath: pkg.libraryPath,
        extensions: [...pkg.extensions],
        languageSymbol: pkg.languageSymbol,
        expandoChar: pkg.expandoChar,
        metaVarChar: pkg.metaVarChar,
      };
    } catch (err) {
      unavailable.set(lang.id, `the ${lang.id} parser (${lang.dynamicPackage}) cannot be loaded: ${(err as Error).message}`);
    }
  }
  napi().registerDynamicLanguage(registrations);
}

const ERROR_RULE = { rule: { kind: 'ERROR' } };

/** Matches the ops in one text. Never throws: a matcher failure becomes `failure`. */
export function scanText(lang: LanguageId, ops: readonly OpQuery[], input: ScanInput): FileScan {
  ensureLanguagesRegistered();
  const missing = unavailable.get(lang);
  if (missing) return { syntaxError: false, matches: [], failure: missing };
  try {
    const root = napi().parse(languageInfo(lang).napiName, input.text).root();
    const matches: RawMatch[] = [];
    let syntaxError = false;
    input.ops.forEach((opIndex, i) => {
      const op = ops[opIndex];
      // The first op's walk also looks for error nodes: one traversal of the tree instead of two.
      const rule = i === 0 ? { rule: { any: [{ pattern: op.pattern }, ERROR_RULE.rule] } } : op.pattern;
      for (const node of root.findAll(rule)) {
        if (i === 0 && node.kind() === 'ERROR') {
          syntaxError = true;
          continue;
        }
        const range = node.range();
        matches.push({
          op: opIndex,
          start: range.start.index,
          end: range.end.index,
          singles: op.singles.map((name) => spanOf(node.getMatch(name))),
          multis: op.multis.map((name) => {
            const nodes = node.getMultipleMatches(name);
            if (nodes.length === 0) return null;
            return { start: nodes[0].range().start.index, end: nodes[nodes.length - 1].range().end.index };
          }),
        });
      }
    });
    return { syntaxError, matches: syntaxError ? [] : matches };
  } catch (err) {
    return { syntaxError: false, matches: [], failure: (err as Error).message };
  }
}

function spanOf(node: Napi.SgNode | null): Span | null {
  if (!node) return null;
  const r = node.range();
  return { start: r.start.index, end: r.end.index };
}

const MAX_PATTERN_NODES = 20_000;
const WORD = /^[A-Za-z_][A-Za-z0-9_]+$/;

/** See `AstBackend.checkPattern`. */
export function checkPatternText(lang: LanguageId, pattern: string): PatternCheck {
  ensureLanguagesRegistered();
  const missing = unavailable.get(lang);
  if (missing) return { unavailable: missing, notWholeNode: [], literals: [] };
  const info = languageInfo(lang);
  const tokens = scanPatternMetavars(pattern);
  const check: PatternCheck = { notWholeNode: [], literals: [] };
  try {
    napi().parse(info.napiName, 'x').root().findAll(pattern);
  } catch (err) {
    check.compileError = (err as Error).message;
  }
  // The pattern as ast-grep's parser sees it: `$` replaced where the grammar needs it.
  const metavarLike = tokens.filter((t) => t.kind !== 'not-upper-case' && t.kind !== 'too-many-dollars');
  let parsedText = pattern;
  if (info.expando !== '$') {
    for (const t of metavarLike) parsedText = parsedText.slice(0, t.start) + t.text.replace(/\$/g, info.expando) + parsedText.slice(t.end);
  }
  let root: Napi.SgNode;
  try {
    root = napi().parse(info.napiName, parsedText).root();
  } catch (err) {
    check.compileError ??= (err as Error).message;
    return check;
  }
  const spans = new Set<string>();
  const literals = new Set<string>();
  const excusedError = (s: number, e: number) =>
    metavarLike.some((t) => (t.start === s && t.end === e) || (info.dollarInErrorNodes === true && t.start >= s && t.end <= e));
  const stack: Napi.SgNode[] = [root];
  let visited = 0;
  while (stack.length > 0 && visited++ < MAX_PATTERN_NODES) {
    const node = stack.pop()!;
    const { start, end } = node.range();
    spans.add(`${start.index}:${end.index}`);
    const kind = node.kind() as string;
    // Grammars that cannot read `$` (JSON) put a metavariable in an error node; ast-grep still matches it.
    if (kind === 'ERROR' && !check.syntaxError && !excusedError(start.index, end.index)) {
      check.syntaxError = { start: start.index, end: end.index, text: pattern.slice(start.index, end.index) };
    }
    const children = node.children();
    if (children.length === 0) {
      const text = node.text();
      if (node.isNamed() && !kind.includes('comment') && WORD.test(text)) literals.add(text);
      // A token the parser had to invent (`foo(` lacks `)`): the pattern is incomplete. A
      // missing `;` is the exception: patterns are routinely written without one.
      if (!check.syntaxError && start.index === end.index && !node.isNamed() && kind !== ';' && kind !== '') {
        check.syntaxError = { start: start.index, end: end.index, text: '', missing: kind };
      }
    } else {
      for (const c of children) stack.push(c);
    }
  }
  check.notWholeNode = metavarLike.filter((t) => t.kind !== 'double-dollar' && !spans.has(`${t.start}:${t.end}`));
  check.literals = [...literals];
  return check;
}

/** The in-thread backend (tests, one-document quick fixes, and machines where threads are unavailable). */
export class NapiBackend implements AstBackend {
  checkPattern(lang: LanguageId, pattern: string): PatternCheck {
    return checkPatternText(lang, pattern);
  }

  async scan(lang: LanguageId, ops: readonly OpQuery[], files: readonly ScanInput[]): Promise<FileScan[]> {
    return files.map((f) => scanText(lang, ops, f));
  }
}
