import { editDistance } from '../core/editDistance';
import { familyOf } from '../core/findings';

/** Longest code length compared letter by letter for a suggestion (codes are short; input may not be). */
const MAX_COMPARED = 64;

/**
 * The keys of a severity table that name no code and no family of `known` codes, each with
 * the code it most likely meant: a misspelt code (`rule/shadow`) silently changes nothing,
 * and a CI that meant to turn a finding off keeps failing on it.
 */
export function unknownSeverityKeys(keys: readonly string[], known: readonly string[]): { key: string; meant?: string }[] {
  const codes = new Set(known);
  const families = new Set(known.map(familyOf));
  return keys
    .filter((key) => !codes.has(key) && !(key.endsWith('/*') && families.has(key.slice(0, -2))))
    .map((key) => {
      const candidates = key.endsWith('/*') ? [...families].map((f) => `${f}/*`) : known;
      return { key, meant: nearest(key, candidates) };
    });
}

/** The candidate closest to `key` within a few edits, if any. */
function nearest(key: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(key.length / 4)) + 1;
  for (const c of candidates) {
    const d = editDistance(key.slice(0, MAX_COMPARED), c.slice(0, MAX_COMPARED));
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}
