import { isMap, isScalar, isSeq, parseDocument, type Node as YamlNode, type Pair } from 'yaml';
import type { Finding } from '../core/findings';
import { bracketDepth, indentDepth, LIMITS, overLimit, withoutStackTraces } from '../core/limits';
import { LineIndex, type Range } from '../core/text';
import type { AstEditOp } from './types';

/**
 * A recipe document (`*.astedit.yaml|yml|json`): `{ ops: [{pat, out}], paths: [...],
 * lang? }`, the agent's ast-edit call saved to a file. Parsed with the offsets of every
 * value, so findings point at the exact `pat`, `out` or path they are about.
 */

/** A string value and where it sits in the document (UTF-16 offsets of the scalar, quotes included). */
export interface RecipeValue {
  value: string;
  start: number;
  end: number;
  /** Offset of the value's first character in the document when the scalar is written verbatim (no escapes, one line). */
  verbatimStart?: number;
}

export interface RecipeOp {
  pat: RecipeValue;
  out: RecipeValue;
}

export interface ParsedRecipe {
  /** The recipe as a request, when its shape is right (values may still be wrong). */
  request?: { ops: AstEditOp[]; paths: string[]; lang?: string };
  ops: RecipeOp[];
  paths: RecipeValue[];
  lang?: RecipeValue;
  /** Where to report problems about the whole `ops` / `paths` list (the key), or the document start. */
  opsKey: { start: number; end: number };
  pathsKey: { start: number; end: number };
  /** Syntax and shape problems. */
  findings: Finding[];
  lines: LineIndex;
}

const KNOWN_KEYS = ['ops', 'paths', 'lang'];
const OP_KEYS = ['pat', 'out'];

export function parseRecipe(text: string, format: 'yaml' | 'json'): ParsedRecipe {
  const lines = new LineIndex(text);
  const recipe: ParsedRecipe = { ops: [], paths: [], opsKey: { start: 0, end: 0 }, pathsKey: { start: 0, end: 0 }, findings: [], lines };
  const at = (start: number, end: number): Range => lines.range(start, Math.max(start, end));
  const report = (code: string, severity: Finding['severity'], message: string, start: number, end: number) =>
    recipe.findings.push({ code, severity, message, range: at(start, end) });

  // Both parsers recurse per nesting level and build a node per value: a recipe over the
  // limits is refused before either sees it.
  const tooLarge = recipeOverLimits(text, format);
  if (tooLarge) {
    report('astedit/too-large', 'error', tooLarge, 0, Math.min(text.length, text.indexOf('\n') < 0 ? text.length : text.indexOf('\n')));
    return recipe;
  }
  if (format === 'json') {
    // A recipe saved with a UTF-8 BOM (VS Code's "UTF-8 with BOM") is the same recipe: JSON.parse
    // refuses the mark, the YAML parser below skips it and keeps offsets into the whole text.
    const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    try {
      JSON.parse(bom ? text.slice(1) : text);
    } catch (err) {
      const message = (err as Error).message;
      const pos = bom + Number(/position (\d+)/.exec(message)?.[1] ?? text.length - bom);
      report('astedit/json-error', 'error', `The recipe is not valid JSON: ${message}`, pos, pos + 1);
      return recipe;
    }
  }
  const doc = withoutStackTraces(() => parseDocument(text, { prettyErrors: false, uniqueKeys: true }));
  for (const e of doc.errors) report('astedit/yaml-error', 'error', `The recipe is not valid YAML: ${e.message.split('\n')[0]}`, e.pos[0], e.pos[1]);
  if (doc.errors.length) return recipe;
  const root = doc.contents;
  if (!isMap(root)) {
    report('astedit/recipe-shape', 'error', 'An ast-edit recipe is a mapping with `ops` (a list of {pat, out}), `paths` (a list) and optionally `lang`', 0, text.length);
    return recipe;
  }
  let shapeOk = true;
  const pairs = root.items as Pair<YamlNode, YamlNode | null>[];
  const keyOf = (p: Pair<YamlNode, YamlNode | null>) => (isScalar(p.key) ? String(p.key.value) : '');
  const keyRange = (p: Pair<YamlNode, YamlNode | null>) => ({ start: p.key?.range?.[0] ?? 0, end: p.key?.range?.[1] ?? 0 });
  for (const p of pairs) {
    const key = keyOf(p);
    if (!KNOWN_KEYS.includes(key)) {
      const r = keyRange(p);
      report('astedit/unknown-key', 'warning', `\`${key}\` is not a recipe field (ops, paths, lang); the xcsh agent's ast_edit tool rejects it`, r.start, r.end);
    }
  }
  const find = (key: string) => pairs.find((p) => keyOf(p) === key);

  const opsPair = find('ops');
  if (!opsPair) {
    report('astedit/no-ops', 'error', 'The recipe has no `ops`: add a list of {pat, out} rewrites', 0, 0);
    shapeOk = false;
  } else {
    recipe.opsKey = keyRange(opsPair);
    const seq = opsPair.value;
    if (!isSeq(seq) || seq.items.length === 0) {
      report('astedit/no-ops', 'error', '`ops` must be a non-empty list of {pat, out} rewrites', recipe.opsKey.start, recipe.opsKey.end);
      shapeOk = false;
    } else {
      seq.items.forEach((item, i) => {
        const node = item as YamlNode;
        const r = { start: node?.range?.[0] ?? recipe.opsKey.start, end: node?.range?.[1] ?? recipe.opsKey.end };
        while (r.end > r.start && /\s/.test(text[r.end - 1])) r.end--;
        if (!isMap(node)) {
          report('astedit/recipe-shape', 'error', `ops[${i}] must be a mapping {pat, out}`, r.start, r.end);
          shapeOk = false;
          return;
        }
        const opPairs = node.items as Pair<YamlNode, YamlNode | null>[];
        for (const p of opPairs) {
          if (!OP_KEYS.includes(keyOf(p))) {
            const kr = keyRange(p);
            report('astedit/unknown-key', 'warning', `\`${keyOf(p)}\` is not an op field (pat, out)`, kr.start, kr.end);
          }
        }
        const pat = stringField(opPairs.find((p) => keyOf(p) === 'pat'), `ops[${i}].pat`, r, text, report, false);
        const out = stringField(opPairs.find((p) => keyOf(p) === 'out'), `ops[${i}].out`, r, text, report, true);
        if (pat && out) recipe.ops.push({ pat, out });
        else shapeOk = false;
      });
    }
  }

  const pathsPair = find('paths');
  if (!pathsPair) {
    report('astedit/no-paths', 'error', 'The recipe has no `paths`: add a list of files, folders or globs (relative to the workspace folder)', 0, 0);
    shapeOk = false;
  } else {
    recipe.pathsKey = keyRange(pathsPair);
    const seq = pathsPair.value;
    if (!isSeq(seq) || seq.items.length === 0) {
      report('astedit/no-paths', 'error', '`paths` must be a non-empty list of files, folders or globs', recipe.pathsKey.start, recipe.pathsKey.end);
      shapeOk = false;
    } else {
      seq.items.forEach((item, i) => {
        const node = item as YamlNode;
        const value = scalarString(node, text);
        if (!value) {
          const r = { start: node?.range?.[0] ?? recipe.pathsKey.start, end: node?.range?.[1] ?? recipe.pathsKey.end };
          report('astedit/recipe-shape', 'error', `paths[${i}] must be a string (a file, folder or glob)`, r.start, r.end);
          shapeOk = false;
        } else recipe.paths.push(value);
      });
    }
  }

  const langPair = find('lang');
  if (langPair && !(isScalar(langPair.value) && langPair.value.value === null)) {
    const lang = scalarString(langPair.value, text);
    if (!lang) {
      const r = keyRange(langPair);
      report('astedit/recipe-shape', 'error', '`lang` must be a language name such as typescript or python', r.start, r.end);
      shapeOk = false;
    } else recipe.lang = lang;
  }

  if (shapeOk) {
    recipe.request = {
      ops: recipe.ops.map((o) => ({ pat: o.pat.value, out: o.out.value })),
      paths: recipe.paths.map((p) => p.value),
      ...(recipe.lang ? { lang: recipe.lang.value } : {}),
    };
  }
  return recipe;
}

/** Why a recipe is too large or too deep to parse, or undefined. Linear in the text. */
export function recipeOverLimits(text: string, format: 'yaml' | 'json'): string | undefined {
  if (text.length > LIMITS.recipeChars) return overLimit('this recipe has', text.length, LIMITS.recipeChars, 'characters');
  // Measured in full (the size cap bounds it) so that the message gives the real depth.
  const depth = format === 'yaml' ? Math.max(bracketDepth(text, true), indentDepth(text)) : bracketDepth(text);
  if (depth > LIMITS.recipeDepth) return overLimit('this recipe nests', depth, LIMITS.recipeDepth, 'deep');
  return undefined;
}

function stringField(
  pair: Pair<YamlNode, YamlNode | null> | undefined,
  field: string,
  container: { start: number; end: number },
  text: string,
  report: (code: string, severity: Finding['severity'], message: string, start: number, end: number) => void,
  allowEmpty: boolean,
): RecipeValue | undefined {
  if (!pair) {
    report('astedit/recipe-shape', 'error', `\`${field}\` is missing${allowEmpty ? " (use '' to delete the matched nodes)" : ''}`, container.start, container.end);
    return undefined;
  }
  const value = scalarString(pair.value, text);
  if (value) return value;
  const isNull = !pair.value || (isScalar(pair.value) && pair.value.value === null);
  if (allowEmpty && isNull) {
    const start = pair.key?.range?.[0] ?? container.start;
    report('astedit/recipe-shape', 'error', `\`${field}\` has no value: write '' to delete the matched nodes`, start, pair.key?.range?.[1] ?? start);
    return undefined;
  }
  const r = pair.value?.range ?? pair.key?.range ?? [container.start, container.end];
  report('astedit/recipe-shape', 'error', `\`${field}\` must be a string; quote it`, r[0], r[1]);
  return undefined;
}

/** A scalar's string value with its location; undefined for anything that is not a string scalar. */
function scalarString(node: YamlNode | null | undefined, text: string): RecipeValue | undefined {
  if (!node || !isScalar(node) || typeof node.value !== 'string' || !node.range) return undefined;
  const [start, end] = node.range;
  const source = text.slice(start, end);
  const value = node.value;
  let verbatimStart: number | undefined;
  if (!value.includes('\n')) {
    if (source === value) verbatimStart = start;
    else if (source.length === value.length + 2 && source.slice(1, -1) === value) verbatimStart = start + 1;
  }
  return { value, start, end, verbatimStart };
}

/** The document range of `[start, end)` inside a value: exact when the value is written verbatim, else the whole scalar. */
export function valueRange(recipe: ParsedRecipe, value: RecipeValue, start?: number, end?: number): Range {
  if (value.verbatimStart !== undefined && start !== undefined && end !== undefined) {
    return recipe.lines.range(value.verbatimStart + start, value.verbatimStart + end);
  }
  return recipe.lines.range(value.start, value.end);
}
