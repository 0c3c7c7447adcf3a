import { editDistance, prefixEditDistance } from '../../core/editDistance';

/** Longest slip compared letter by letter: a value or key is a word or two. */
const MAX_SLIP_CHARS = 40;

/**
 * The known value closest to a slip: the same letters (`always on`, `alwaysOn`, `Always_On`
 * → `always_on`), its start (`always`), or one letter off either (`allways`, `manul`; two
 * in a long word: `model_decison`), when no other known value is as close. `startCounts`: the
 * values whose start counts as a slip of them (all by default; frontmatter keys pass the yes/no
 * ones alone, `keySlips.ts`).
 */
export function nearestValue(value: string, values: readonly string[], startCounts: (known: string) => boolean = () => true): string | undefined {
  const squash = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, '');
  const typed = squash(value);
  const same = values.find((v) => squash(v) === typed) ?? values.find((v) => typed.length >= 4 && startCounts(v) && leadingWords(v).includes(typed));
  if (same !== undefined || typed.length < 4 || typed.length > MAX_SLIP_CHARS) return same;
  const allowed = typed.length > 8 ? 2 : 1;
  // A short word a letter off the start of a value is as likely another word (`codex`, not `code-review`): starts only from six letters on.
  const distance = (v: string) => (typed.length >= 6 && startCounts(v) ? prefixEditDistance(typed, squash(v), 6, allowed) : editDistance(typed, squash(v), allowed));
  const near = values.map((v) => ({ v, d: distance(v) })).filter((x) => x.d <= allowed);
  const best = Math.min(...near.map((x) => x.d));
  const closest = near.filter((x) => x.d === best);
  return closest.length === 1 ? closest[0].v : undefined;
}

/**
 * A value's leading words, squashed as `nearestValue` squashes (`code-review` → `code`;
 * `always_on` → `always`; `alwaysApply` → `always`): a start that stops inside a word
 * (`Coder` against `code-review`, a custom agent's name seen in a real excludeAgent list)
 * is another word, not a value cut short.
 */
function leadingWords(value: string): string[] {
  const words = value.split(/[\s_-]+|(?<=[a-z])(?=[A-Z])/).filter((w) => w !== '');
  return words.slice(0, -1).map((_, i) => words.slice(0, i + 1).join('').toLowerCase());
}
