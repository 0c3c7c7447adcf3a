import ignore, { type Ignore } from 'ignore';

/** Answers one folder's rules remember before they start afresh. */
export const MAX_REMEMBERED_ANSWERS = 20_000;

/**
 * The rules of one folder's ignore files (`.gitignore`, `.ignore`, `.git/info/exclude`),
 * in the order read. The `ignore` package remembers its answer for every path it is asked
 * about, and for each of that path's folders, for as long as the rules live: a whole
 * session, over which files come and go (build output, temporary files) and every new
 * name adds to it. So the rules are compiled afresh, which is cheap, after so many
 * questions, and what they remember stays bounded.
 */
export class FolderRules {
  private rules: Ignore;
  private asked = 0;

  constructor(private readonly texts: readonly string[]) {
    this.rules = compile(texts);
  }

  /** Git's answer for a path relative to the folder (a trailing `/` for a folder). */
  test(relPath: string): { ignored: boolean; unignored: boolean } {
    if (++this.asked > MAX_REMEMBERED_ANSWERS) {
      this.rules = compile(this.texts);
      this.asked = 1;
    }
    return this.rules.test(relPath);
  }
}

function compile(texts: readonly string[]): Ignore {
  const rules = ignore({ allowRelativePaths: true });
  for (const text of texts) rules.add(text);
  return rules;
}
