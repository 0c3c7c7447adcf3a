/**
 * The rules of one ignore file as they apply to files, when every rule that can name a
 * file is a plain name (`.DS_Store`) or a name ending (`*.log`) and none re-includes
 * (`!`): then whether a file is ignored depends on its name alone and is answered with a
 * set lookup and a few `endsWith`, instead of matching every rule's pattern against the
 * file's path (the walker asks for each of a project's files). Rules ending in `/` only
 * name folders and are left to the full matcher, which folders still go through.
 */
export interface FileNameRules {
  /** Lower-case names (the `ignore` package compares without case, as we create it). */
  names: Set<string>;
  /** Lower-case endings, from `*.ext`-style rules. */
  endings: string[];
}

/** Characters that make a pattern more than a name or a name ending. */
const SPECIAL = /[*?[\]\\!]/;

/**
 * The file-name form of an ignore file's rules, or undefined when some rule needs the
 * full matcher (a path with a slash, a wildcard elsewhere, a negation, an escape).
 */
export function fileNameRules(texts: readonly string[]): FileNameRules | undefined {
  const names = new Set<string>();
  const endings: string[] = [];
  for (const text of texts) {
    for (const raw of text.split(/\r?\n/)) {
      // Trailing spaces are dropped unless escaped; an escape sends the rule to the full matcher.
      const line = raw.replace(/(?<!\\) +$/, '');
      if (line === '' || line.startsWith('#')) continue;
      // A rule ending in `/` names folders only; the walker judged the file's folders already.
      if (line.endsWith('/') && !line.endsWith('\\/')) continue;
      if (line.includes('/')) return undefined;
      if (line.startsWith('*') && line.length > 1 && !SPECIAL.test(line.slice(1))) endings.push(line.slice(1).toLowerCase());
      else if (!SPECIAL.test(line)) names.add(line.toLowerCase());
      else return undefined;
    }
  }
  return { names, endings };
}

/** Whether a file of this name is ignored by rules of the file-name form. */
export function ignoresFileName(rules: FileNameRules, name: string): boolean {
  const lower = name.toLowerCase();
  if (rules.names.has(lower)) return true;
  for (const ending of rules.endings) if (lower.endsWith(ending)) return true;
  return false;
}
