import { isMap, isScalar, isSeq } from 'yaml';
import type { ParsedFrontmatter } from '../frontmatter';

/** A frontmatter block whose YAML root is not `key: value` pairs: what it is, and where (offsets in the block's text). */
export interface NonMappingRoot {
  kind: 'a list' | 'a single value';
  start: number;
  end: number;
}

/**
 * The root of the frontmatter's YAML when it is a list or a single value (`---\npa\n---`),
 * which no agent reads a key from; undefined for a mapping, an empty block, or no block.
 */
export function nonMappingRoot(parsed: ParsedFrontmatter | undefined): NonMappingRoot | undefined {
  const root = parsed?.yamlDocument?.contents;
  if (!root || isMap(root) || (isScalar(root) && (root.value === null || root.value === undefined))) return undefined;
  return { kind: isSeq(root) ? 'a list' : 'a single value', start: root.range?.[0] ?? 0, end: root.range?.[1] ?? 0 };
}
