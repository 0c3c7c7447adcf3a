/**
 * The agents whose behaviour the rules linter predicts, each described as data in its
 * own file of this folder (`cursor.ts`, `windsurf.ts`, …). Every fact there sits beside a
 * comment naming the documentation it comes from; where the documentation is silent the
 * model says so and takes the reading that produces fewer false alarms.
 */

/** `xcsh` is the seed's agent (profiles `seed` and `xcsh`); the others are the tools whose folders it also reads, and more. */
export type AgentId = 'xcsh' | 'cursor' | 'windsurf' | 'cline' | 'claude' | 'copilot' | 'codex' | 'gemini' | 'kiro' | 'roo' | 'continue' | 'zed' | 'agents-md';

export const AGENT_IDS: readonly AgentId[] = ['xcsh', 'cursor', 'windsurf', 'cline', 'claude', 'copilot', 'codex', 'gemini', 'kiro', 'roo', 'continue', 'zed', 'agents-md'];

/** How an agent reads a glob value: one glob, a comma-separated list in one string, or YAML lists. */
export interface GlobDialect {
  /** The key holding the globs (`globs`, `paths`, `applyTo`). */
  key: string;
  /** A string value is split at top-level commas into several globs. */
  commaSeparated: boolean;
  /** A YAML list of globs is read. */
  lists: boolean;
  /** Brace alternatives `{a,b}` are understood. */
  braces: boolean;
  /** Only a YAML list of non-empty strings is read: any other value is ignored whole, and the rule applies always (Cline). */
  listOnly?: boolean;
  /**
   * Where some of the agent's clients never read the key, in any form, a sentence saying so,
   * added to the findings on the key's value: fixing the value changes nothing for them (Cline 4
   * and the Cline CLI ignore `paths`: `agents/cline.ts` has the sources).
   */
  ignoredByNote?: string;
  /**
   * The setting the agent reads the key under, where it reads it in that mode alone (Windsurf's
   * `trigger: glob`, Kiro's `inclusion: fileMatch`): another tool's glob key renamed to this one
   * scopes nothing under another mode, and findings say what to set. Unset: read in any mode.
   */
  readWith?: string;
  /** A glob with a leading `!` excludes the paths the rest of it matches (Continue). */
  negation?: boolean;
  /**
   * A glob with a leading `!` is matched on its own, as every path the rest of it does not match,
   * and any one glob matching attaches the rule, so it excludes nothing from the other globs: the
   * source saying so (Cline's picomatch). Unset, and no `negation`: how the agent reads the `!` is
   * not known (`unknownBangFinding`).
   */
  negatedAlone?: string;
  /**
   * A value that is neither a string nor a list (a number, `true`) matches no path, so the rule
   * is never attached by path, where the agent's activation does not apply it always: the source
   * saying so (Continue). Unset: the agent is taken to ignore such a value.
   */
  otherValueMatchesNothing?: string;
  /**
   * An element of a list that is not text (`globs: [42]`) makes the agent's matcher throw
   * whenever it matches the rule against a file: what the agent then does, with its source,
   * said in the finding (Continue). Unset: the agent is taken to skip such an element.
   */
  nonTextElementThrows?: string;
  /**
   * A glob that is empty (or white space alone) matches no path, so a rule whose every glob but
   * its exclusions is such never attaches: the source saying so (Continue, through minimatch).
   * Unset: the agent is taken to skip such a glob.
   */
  blankMatchesNothing?: string;
  /**
   * A glob whose first character is `#` is a comment to the agent's matcher, which matches it
   * against no path (Continue's minimatch, given no `nocomment`): the source saying so. Unset: the
   * agent is taken to match `#` as the character it is.
   */
  commentMatchesNothing?: string;
}

/** `strings`: one string or a YAML list of strings. */
export type KeyKind = 'string' | 'strings' | 'boolean' | 'globs' | 'enum';

export interface KeySpec {
  kind: KeyKind;
  /** For `enum`, and for `strings` when given (each string of the list): the values the agent accepts. */
  values?: readonly string[];
  /** For `strings` with `values`: what an entry the agent does not know then does, said in the finding (else "most likely has no effect"). */
  unknownEffect?: string;
  /**
   * For `strings`: each string is a JavaScript regular expression the agent compiles with
   * `new RegExp` (no flags), and one that does not compile never matches (Continue's `regex`):
   * what the agent then does, with its source, said in the finding.
   */
  regex?: string;
  /**
   * For `strings`: a truthy value that is neither text nor a list (`regex: 42`) matches nothing,
   * so the rule is never attached by it where its activation does not apply it always: the source
   * saying so (Continue's `regex`). Unset: how the agent reads such a value is not known.
   */
  otherValueMatchesNothing?: string;
}

/** Where a workspace-relative path (`/`-separated) stands for an agent. */
export interface Placement {
  /** The agent reads the file as rules (or instructions). */
  read: boolean;
  /**
   * A legacy location the agent still reads: one its documentation deprecates, or one its
   * current documentation no longer describes (read by earlier releases).
   */
  legacy?: 'deprecated' | 'undocumented';
  /**
   * When `read`: a sentence said beside the file as information (`rule/not-read`), where the agent reads
   * it only in a case agentls cannot see (Roo Code's file of a mode defined nowhere agentls looks: `rooModeFolders.ts`).
   */
  onlyIfNote?: string;
  /** Why the agent does not read it (when `read` is false), as a clause: "Cursor reads .cursorrules only at the project root". */
  why?: string;
  /** Where the agent would read the same file. */
  move?: string;
  /** When `read` is false: the case in which the agent reads it all the same that agentls cannot see, as a clause after "never reads this file, unless". */
  unless?: string;
  /**
   * When `read` is false: which of the agent's clients reads the file there all the same,
   * as a clause. The finding is then a note of where it is read, not "never reads".
   */
  alsoReadBy?: string;
  /** The file has frontmatter the agent reads (rule folders), or is plain Markdown (`AGENTS.md`, `.cursorrules`). */
  frontmatter: boolean;
  /**
   * When `frontmatter` is false: the agent takes a leading frontmatter block off the file before
   * its model sees it, though it documents no key for it (Claude Code's CLAUDE.md). Such a file is
   * not sent whole (`sentWhole`).
   */
  stripsFrontmatter?: boolean;
  /** Reported as not read only when the file's frontmatter has one of these keys (a README beside instruction files is not a rule). */
  onlyWithKeys?: readonly string[];
  /**
   * When `read` is false: where the file goes instead of `move` when its frontmatter has one of
   * `keys`, the format of another file the agent reads (Copilot's repository-wide file written with
   * `applyTo`, the key of its path-specific files).
   */
  moveWithKeys?: { keys: readonly string[]; move: string };
  /**
   * Which character limit applies (`workspace` or `user`), when the agent has limits;
   * `legacy`: the agent's legacy file, whose own figure (`maxChars.legacy`) only an earlier
   * revision of its docs gives, beside the `workspace` one of its rule files now.
   */
  limit?: 'workspace' | 'user' | 'legacy';
}

/** How a rule activates in one agent, from its frontmatter. */
export type Activation =
  | { mode: 'always' }
  | {
      mode: 'globs';
      globs: string[];
      /**
       * Patterns a matched file's content must also match, one at least (Continue's `regex`, each a
       * JavaScript regular expression): agentls does not read file contents, so reports say the
       * rule is attached to a matched file only where its content matches them. Unset: no such test.
       */
      content?: string[];
      /** Why no file is ever attached, a clause with its source, where that is not its globs (Continue's `regex` none of whose patterns compiles): said after "never attached: ". */
      never?: string;
      /**
       * The agent's current clients ignore these globs and send the rule in every request (Cline 4
       * and the Cline CLI: `agents/cline.ts` has the source): a clause saying so, with what the older
       * clients did with them. Reports count the rule as sent always and say this beside it; the
       * globs are still checked, for the older clients.
       */
      sentAlways?: string;
    }
  | { mode: 'description' }
  /**
   * `inferred`: the agent's docs do not say how such a rule applies, and manual is agentls's
   * likeliest reading (a Windsurf rule without `trigger`); reports say it as a likelihood.
   */
  | { mode: 'manual'; inferred?: true }
  /** The value that picks the mode is not one the agent knows. */
  | { mode: 'unknown'; key: string; value: unknown };

/**
 * Rule folders a workspace folder's own settings name for an agent, relative to it and
 * `/`-separated: Copilot's instruction folders from `.vscode/settings.json`
 * (`workspace/copilotLocations.ts`, `chat.instructionsFilesLocations`).
 */
export interface AgentPlaces {
  copilotInstructions: readonly string[];
  /** Copilot's prompt folders (`chat.promptFilesLocations`). */
  copilotPrompts?: readonly string[];
  /**
   * Roo Code's view is shown for the folder (`rooRoot.ts`): its root has a `.roo` folder or a
   * `.roorules*` file or a `.roomodes`, or `rules.agents` names Roo Code. Only then is a package's `.roo/rules`
   * file said to be one Roo Code never reads: elsewhere nothing says Roo Code is used at all.
   */
  rooShown?: boolean;
  /**
   * The file is one of Codex's global files in its home (`codexHomeFolder`: `~/.codex/AGENTS.md`,
   * or `CODEX_HOME`'s): Codex alone reads it (`agents/codex.ts` has the source), whatever its
   * name says of it elsewhere. Set by `RulesEngine.toolPlace` for such a file outside the folders.
   */
  codexHome?: boolean;
  /**
   * The file lies below one of Cline's global rule folders (`clineGlobalStanding` in
   * `agents/cline.ts`): where Cline stands on it, read or passed over. Set by
   * `RulesEngine.toolPlace`, as `codexHome` is.
   */
  clineGlobal?: Placement;
  /**
   * The slugs of the custom modes the root's `.roomodes` defines (`rooModes.ts`): `[]` where it has
   * none; undefined where it could not be read, so that no finding depends on which modes exist.
   */
  rooModes?: readonly string[];
  /**
   * The slugs of the root's `.roo/rules-{slug}/` folders whose `~/.roo/rules-{slug}/` exists
   * (`rooRoot.ts`): evidence of a global custom mode of that slug, which agentls cannot see otherwise.
   */
  rooUserModes?: readonly string[];
  /**
   * The names of the root's `.clinerules-{mode}` files, each naming a mode Roo Code's view reads
   * (`rooRoot.ts`, `rooModesRead`), where that view is shown: Roo Code's last fallback of a mode's
   * rules, and its file there (`agents/roo.ts`). Elsewhere a root one has no owner.
   */
  rooClineModeFiles?: readonly string[];
  /**
   * The context file names Gemini CLI reads in the workspace folder, as its `.gemini/settings.json`
   * gives them (`context.fileName`, `workspace/geminiSettings.ts`; `GEMINI.md` where it gives none).
   * Undefined where no workspace folder's settings speak (a user-level file): the default then.
   */
  geminiNames?: readonly string[];
}

/**
 * A rule file the agent lists and then sends no part of, by what it holds (`AgentModel.ruleDropped`):
 * a frontmatter its loader rejects, no text to send, or a key that switches the rule off.
 */
export interface RuleDrop {
  /** What drops it, for the finding's code and range. */
  cause: 'invalid-yaml' | 'rejected-yaml' | 'empty' | 'wrong-type' | 'disabled';
  /** The key that drops it (`disabled`), where one does: the finding lies on it. */
  key?: string;
  /** Where in the text as written the loader's parser stopped (`rejected-yaml`: the key written again), as offsets: the finding lies there. */
  range?: [number, number];
  /** Why the agent sends none of the rule, a sentence naming it, with the source: the finding, the hover and the listings say it. */
  why: string;
  /** How the listings say it, a clause after the rule's name and path (`agentls rules`, `--for`). */
  listed: string;
  /** What to do about it, a sentence; none where the file does what its author meant (`disabled: true`). */
  advice?: string;
}

export interface AgentModel {
  id: AgentId;
  /** As messages name it: "Cursor", "the xcsh agent". */
  name: string;
  /** The name is of many tools ("AGENTS.md readers"): messages conjugate for it (`lint/words.ts`). */
  plural?: true;
  /** Where its rule files live, one line for the README's agents table. */
  reads: string;
  /** The file is this agent's own format by its path (owner), whether or not the agent reads it there; `places`: the folders the workspace's settings name (none: each agent's defaults). */
  owns(rel: string, places?: AgentPlaces): Placement | undefined;
  /** Frontmatter keys the agent reads, and their types. */
  keys: Record<string, KeySpec>;
  globs?: GlobDialect;
  /**
   * Bytes of a rule file the agent reads: the first `sent` of a larger one, and nothing of one
   * past `none` (Continue in VS Code, for a file not open in the editor), with the source.
   */
  maxBytes?: { sent: number; none: number; source: string };
  /** Characters (code points) a rule file may hold before the agent stops reading it, and where that is documented (quoted in the message). */
  maxChars?: { workspace: number; user?: number; source: string; legacy?: { chars: number; source: string } };
  /**
   * The agent reads the user-level rules that the xcsh agent's discovery lists under its
   * provider (rules.md §2.4 to §2.6: `~/.cursor/rules`, Windsurf's `global_rules.md`), as the
   * agent's own documentation says, or the user-level rules agentls lists under its provider
   * for the tool alone (Cline's global rule folders). Unset: it does not, and those rules reach
   * the xcsh agent alone (`agentOfLocation`).
   */
  readsUserLocation?: boolean;
  /** Frontmatter that is not valid YAML is read as none at all (the rule then activates as a file without keys), where a source says so. */
  invalidYamlDropsFrontmatter?: boolean;
  /**
   * The agent parses frontmatter with the `yaml` package at its default alias limit
   * (`maxAliasCount` 100, the `MAX_YAML_ALIASES` agentls parses to), so a frontmatter whose
   * aliases expand past it fails there as it does here, and the agent reads it as it reads
   * invalid YAML (`invalidYamlDropsFrontmatter`): what the agent then does, with its source,
   * said in the finding (Continue). Unset: how the agent's parser reads such a block is not known.
   */
  aliasBombDropsFrontmatter?: string;
  /**
   * Where the agent's loader sends no part of a rule file it lists, what drops it (Cline 4: `agents/clineDrops.ts`, with
   * the source); undefined where it sends it. `frontmatter`: the keys as agentls read them; `invalidYaml`: its YAML did not parse.
   */
  ruleDropped?(file: { text: string; frontmatter: Record<string, unknown>; invalidYaml: boolean }): RuleDrop | undefined;
  /**
   * The agent's walk of its rule folder passes over, saying nothing, an entry named as its rule
   * files that is a symbolic link leading to no file or folder (to nothing, round a loop, to a
   * pipe): where it does, who does so (`who`: "Continue in VS Code", "Cline") and why, with its
   * source (`why`); unset where it tries to read one.
   */
  skipsBrokenLinks?: { who: string; why: string };
  /**
   * The agent takes a symbolic link to a folder, named as its rule files, for a rule file whose
   * reading fails into empty text (Continue in VS Code): why, with its source; unset where not.
   */
  readsLinkedFolderAsEmptyRule?: string;
  /**
   * The agent reads no rule, saying nothing, from a rule folder that is a symbolic link to
   * nothing or round a loop (Continue): why, with its source; unset where it fails aloud or
   * nothing says.
   */
  brokenFolderReadsNoRule?: string;
  /**
   * What the agent reads of a rule file whose bytes are not UTF-8, a clause naming it (said in
   * `rule/invalid-utf8`), where its source shows it; unset where nothing says, and the finding says so.
   */
  decodesInvalidUtf8?: string;
  /** How a rule with this (typed) frontmatter activates. */
  activation(frontmatter: Record<string, unknown>): Activation;
  /**
   * The name the agent's own UI lists a rule file under, from the keys it read and the file's
   * absolute path (Continue's `name:`, else the end of the path); unset where agentls names the
   * rule by its path or file name, as the agent does.
   */
  ruleName?(frontmatter: Record<string, unknown>, absPath: string): string;
}
