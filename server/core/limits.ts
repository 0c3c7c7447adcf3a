/**
 * What agentls reads at most, in one place and with one message form. The server has one
 * thread: a document that makes a parse or a scan superlinear freezes every editor
 * attached to it. Each limit is checked before such work starts, and a document over it
 * gets a finding or an error in the words of `overLimit` ("this recipe nests 20,000 deep;
 * agentls reads up to 100 deep"), never a crash or a hang.
 */
export const LIMITS = {
  /** Characters of an ast-edit recipe (a recipe is a few patterns, never megabytes); also the bytes read of one on disk. */
  recipeChars: 256 * 1024,
  /** Nesting of brackets or indentation in a recipe; JSON and YAML parsers recurse per level. */
  recipeDepth: 100,
  /** Ops of one ast-edit request or recipe: each is parsed and matched in every file. */
  astEditOps: 100,
  /** Characters of one ast-edit `pat` or `out` (the metavariable scan and the parse grow with it). */
  astEditPatternChars: 10_000,
  /** Characters of one hashline op line (`≔A..B` with a pasted line; a longer one is no anchor). */
  hashlineOpLineChars: 65_536,
  /** Characters of a prompt's YAML frontmatter (about 3,000 `file_references` entries; YAML parsing is slow per node). */
  promptFrontmatterChars: 128 * 1024,
  /** Nesting of a prompt's YAML frontmatter (brackets or indentation): the YAML parser recurses per level. */
  promptFrontmatterDepth: 64,
  /**
   * Characters of a rule file's YAML frontmatter (its metadata, between the `---` lines),
   * as for a prompt's (`promptFrontmatterChars`). A real one is a few hundred; 100,000 keys
   * (1.3 MB) took `agentls check` 1.4 s and 180 MB, read line by line again by every view of
   * the file. Past it the frontmatter is not read at all (no YAML, no line fallback): the
   * file's finding says so, and nothing is said of its keys. The YAML parser is given less
   * (`MAX_METADATA_CHARS` in `rules/frontmatter.ts`: 64 KiB); between the two the lines are read.
   */
  ruleFrontmatterChars: 128 * 1024,
  /**
   * Items of one block list (`globs:` then `  - item` lines) read from a rule frontmatter read
   * line by line (between `MAX_METADATA_CHARS` and `ruleFrontmatterChars`: `rules/lineBlocks.ts`).
   * A rule lists a few globs; past it the value is not read and the rule is not counted.
   */
  frontmatterListItems: 1000,
  /** Characters of one such list item (a glob is at most `globChars`). */
  frontmatterItemChars: 4096,
  /** Findings one document publishes; past it, one more says how many were left out. */
  diagnosticsPerDocument: 1000,
  /** Characters of a prompt document: a prompt is never this big. */
  promptDocumentChars: 2 * 1024 * 1024,
  /**
   * `file_references` entries of one prompt looked up on disk as it is edited (a stat each,
   * on every keystroke); past it, a finding says the rest are not. `agentls check` looks up
   * every one (the frontmatter's size bounds them).
   */
  promptEntriesResolved: 500,
  /** `file_references` entries a request may carry (a prompt's frontmatter holds about 3,000 at most). */
  promptReferences: 10_000,
  /** Nesting of a RAWP JSON prompt message. */
  promptJsonDepth: 256,
  /**
   * Nesting of a `.vscode/settings.json` parsed for Copilot's locations: jsonc-parser's parseTree
   * recurses once per level (100,000 `[` overflow the stack); VS Code's own settings nest a few.
   */
  settingsJsonDepth: 256,
  /** Lines of one hashline patch (payload included: replacing a 100,000-line file fits). */
  hashlinePatchLines: 200_000,
  /** Ops of one hashline patch: each is parsed, checked against its file and linted (an agent writes dozens). */
  hashlineOps: 10_000,
  /** Findings of one hashline patch (a 10,000-op patch stays readable). */
  hashlineFindings: 500,
  /**
   * Lines the `≔` ranges of one patch replace, all files together: each is an edit of its
   * own, made before the file is read (`≔1ab..10000000cd` once took 6 s and 1.3 GB to be
   * told line 5 does not exist). A million covers a 16 MiB file of 16-byte lines.
   */
  hashlineRangeLines: 1_000_000,
  /** Characters of one glob (a real one is a path or two; minimatch throws past 64 KiB, and brace expansion grows with it). */
  globChars: 4096,
  /**
   * Patterns one glob's `{…}` alternatives expand to: minimatch expands them all before it
   * matches, so `{a,b}` twenty times over (101 characters) became a million patterns and
   * held the server for seconds. Real globs have a handful (`*.{ts,tsx,js,jsx}`).
   */
  globAlternatives: 1024,
  /**
   * Rule files of one rule folder read (`.cursor/rules`, `.clinerules/`, Cline's global
   * folders…), the first by name: each is read and analysed at start and at every
   * re-listing of its folder. Real folders hold dozens; past it, a finding on the folder
   * says how many more there are and that they are not checked.
   */
  ruleFolderFiles: 1000,
  /**
   * Entries read from the subfolders of one rule folder, all of them together, each
   * subfolder one more: no agent loads the files there as the folder's rules, and they are
   * listed only to say so (`rule/not-read`), so a rule folder of ten thousand subfolders
   * (a checkout or a cache dropped in it) must not cost ten thousand listings. Past it, a
   * finding on the folder says the subfolders after are not looked into.
   */
  ruleSubfolderEntries: 1000,
  /**
   * Entries read from one folder of rules that an agent walks to any depth (Claude Code's
   * `.claude/rules`, Copilot's `.github/instructions`: `instructionViews.ts`), its own and
   * its subfolders' together, each file and each folder one: a folder of ten thousand empty
   * subfolders must not cost ten thousand listings whenever the views are made. Past it, a
   * finding on the folder says the files after are not read.
   */
  instructionFolderEntries: 1000,
  /**
   * Names listed of the top of such a folder when it alone holds more entries than
   * `instructionFolderEntries`: the names are sorted and the first by name read, so what is
   * read is the same whatever order the system lists the folder in. A name costs an `opendir`
   * entry, no stat and no read: 20,000 of them are a megabyte or two held while they are
   * sorted, at start and when the folder changes, never on a keystroke. Twenty times the
   * entries read covers a hand-kept folder of instructions grown large; a folder of more is a
   * dump (generated, or a checkout) whose first names by chance would be no choice of the
   * user's: past it, nothing of it is read and its finding says so.
   */
  instructionFolderNames: 20_000,
  /**
   * Characters of a rule's body compared with its copies for other tools (`context/drift`):
   * the words and lines of each are collected and the two diffed, so two one-line bodies of
   * 2 MB took 1.2 s and 250 MB. Past it, the finding says its diff is of the first characters
   * of each. A rule is a few kilobytes (Windsurf reads 12,000 characters of one).
   */
  driftComparedChars: 64 * 1024,
  /**
   * Characters of a Cursor rule looked at for `mdc:` links: Cursor's docs ask for rules under
   * 500 lines, so a megabyte holds every real rule and keeps a pasted dump from costing a keystroke.
   */
  mdcLinkScanChars: 1024 * 1024,
  /** `mdc:` links of one rule file checked (each costs a stat or a few): a real rule names a handful. */
  mdcLinks: 200,
  /**
   * Occurrences of `mdc:` in one rule file looked at for links, links or not: the scan runs on
   * every keystroke's diagnosis, hover and link, and a pasted line of 170,000 of them took a
   * second. A real rule holds a handful.
   */
  mdcLinkOccurrences: 10_000,
  /** `#[[file:…]]` references of one Kiro steering file checked (each costs a stat or two): a real one names a handful. */
  kiroFileRefs: 200,
  /**
   * Agent files read for references to a file being renamed (`workspace/willRenameFiles`): the
   * editor waits for the answer before it renames, so the look stays short. Past it, the
   * files read first (open ones, memory files, rules) are updated and the log says so.
   */
  renameFilesRead: 1000,
} as const;

/**
 * `12345` → `12,345`, so that large counts read at a glance. Grouped here rather than by
 * `toLocaleString`: its first call in a process loads ICU's number formats (20-60 ms on the
 * machines of this workplace), and module constants call this while the server starts.
 */
export function formatCount(n: number): string {
  const whole = Math.round(n);
  if (!Number.isSafeInteger(whole)) return whole.toLocaleString('en-US');
  const digits = String(Math.abs(whole));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let at = grouped.length; at < digits.length; at += 3) grouped += ',' + digits.slice(at, at + 3);
  return whole < 0 ? '-' + grouped : grouped;
}

/**
 * Runs a parse without stack traces for the errors it makes. The YAML parser makes one
 * error object per problem, tens of thousands on a broken frontmatter of 50 KB (a line
 * of `]`), and each captured a stack trace: 0.8 s for that frontmatter, 0.15 s without.
 * Nothing reads those stacks; the messages and positions stay.
 */
export function withoutStackTraces<T>(parse: () => T): T {
  const kept = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return parse();
  } finally {
    Error.stackTraceLimit = kept;
  }
}

/**
 * The one message form of an exceeded limit: what the input does, and what agentls reads.
 * `what` is the subject and verb ("this recipe nests"), `unit` follows both numbers.
 */
export function overLimit(what: string, actual: number, limit: number, unit = ''): string {
  const tail = unit ? ` ${unit}` : '';
  return `${what} ${formatCount(actual)}${tail}; agentls reads up to ${formatCount(limit)}${tail}`;
}

/**
 * The deepest nesting of brackets (`[`, `{`) outside strings, in one linear pass. Good for
 * JSON and YAML flow collections; YAML block nesting is measured by `indentDepth`. In
 * YAML (`yaml`), a `#` comment is skipped and a quote ends with its line at the latest: a
 * stray `"` in a comment or a plain scalar must not hide the brackets after it. Counting a
 * multi-line quoted scalar's brackets can only overstate the depth, never understate it.
 */
export function bracketDepth(text: string, yaml = false): number {
  let depth = 0;
  let deepest = 0;
  let quote = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quote) {
      if (c === 92 /* \ */ && quote === 34) i++;
      else if (c === quote) quote = 0;
      else if (c === 10 && (yaml || quote === 39)) quote = 0; // an unterminated YAML quote ends with its line for this count
      continue;
    }
    if (yaml && c === 35 /* # */ && (i === 0 || text.charCodeAt(i - 1) <= 32)) {
      const end = text.indexOf('\n', i);
      if (end < 0) break;
      i = end;
    } else if (c === 34 /* " */ || c === 39 /* ' */) quote = c;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > deepest) deepest = depth;
    } else if (c === 93 /* ] */ || c === 125 /* } */) {
      if (depth > 0) depth--;
    }
  }
  return deepest;
}

/**
 * The deepest nesting of a block-indented text (YAML): how many distinct, strictly
 * increasing indentations are open at once, with `- ` list markers counted as a level.
 * Linear: a stack of indentations, each line pushing at most one level per marker.
 */
export function indentDepth(text: string): number {
  const open: number[] = [];
  let deepest = 0;
  let lineStart = 0;
  while (lineStart <= text.length) {
    let end = text.indexOf('\n', lineStart);
    if (end < 0) end = text.length;
    let i = lineStart;
    while (i < end && text.charCodeAt(i) === 32) i++;
    if (i < end && text.charCodeAt(i) !== 35 /* # */ && text.charCodeAt(i) !== 13) {
      while (open.length && open[open.length - 1] >= i - lineStart) open.pop();
      open.push(i - lineStart);
      // `- - - x` opens one level per marker on the same line.
      while (i + 1 < end && text.charCodeAt(i) === 45 && text.charCodeAt(i + 1) === 32) {
        i += 2;
        while (i < end && text.charCodeAt(i) === 32) i++;
        open.push(i - lineStart);
      }
      if (open.length > deepest) deepest = open.length;
    }
    lineStart = end + 1;
  }
  return deepest;
}
