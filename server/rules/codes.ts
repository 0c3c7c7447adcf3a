import type { Finding, RelatedLocation, Severity } from '../core/findings';
import type { Range } from '../core/text';

/**
 * Every diagnostic code of the rules domain, with the one-line description SARIF and
 * the docs show. Severity follows one principle: `error` when the agent will do
 * something other than the file says, `warning` when it works but is fragile,
 * `information` for advice. Some codes take a lower level when the consequence is mild
 * (each lint says why); users override any of them with `agentls.diagnostics.severity`.
 */
export const RULE_CODES = {
  'frontmatter/yaml-error': 'The frontmatter is not valid YAML, so the agent reads it with its string-only line fallback',
  'frontmatter/fallback-string': 'Under the line fallback a value becomes a literal string (true, numbers, lists, quotes)',
  'frontmatter/fallback-dropped': 'Under the line fallback a frontmatter line is ignored (indented, list item, key the fallback cannot read)',
  'frontmatter/unclosed': 'An opening --- without a closing one: the agent reads no frontmatter and keeps the block in the body',
  'frontmatter/odd-delimiter': 'A delimiter line with more than --- on it: the agent accepts it and shifts the rest into metadata or body',
  'frontmatter/bom': 'A byte-order mark before ---: the agent does not see the frontmatter',
  'frontmatter/not-at-start': 'Text or blank lines before ---, or the block left at the end of the file: the agent does not see the frontmatter',
  'frontmatter/repeated': 'A second frontmatter block below the first: the agent reads only the first and sends the second as rule text',
  'frontmatter/not-a-mapping': 'The frontmatter is a YAML list or scalar: no agent reads a key from it (the xcsh agent spreads it into numbered keys)',
  'frontmatter/wrong-type': 'A value of a type the agent drops or reads differently (alwaysApply "true", numeric description, non-string globs)',
  'frontmatter/kebab-key': 'A kebab-case key: the seed agent keeps it as written, xcsh reads it as camelCase',
  'frontmatter/unknown-key': 'A key neither the agent nor the tool the file was written for reads',
  'frontmatter/invalid-value': 'A value outside the set the agent or the origin tool accepts',
  'frontmatter/comma-globs': "A comma-separated globs string (Cursor's form): the agent reads it as one glob",
  'frontmatter/invalid-glob': 'A glob that matches nothing as written (unbalanced brackets or braces, empty)',
  'frontmatter/glob-not-checked': 'A glob agentls cannot judge for the agent ({…} alternatives past what it expands, a leading ! its docs do not explain): which files it reaches is not checked',
  'frontmatter/too-large': 'The frontmatter is too large to analyse',
  'frontmatter/sent-as-text': 'A frontmatter block in a file its tool sends whole, reading no frontmatter there: the block reaches its model as text',
  'rule/shadowed': 'Another file with the same rule name wins: the agent never reads this one',
  'rule/extension-clash': 'name.md and name.mdc in one folder: the agent keeps the .md and ignores the .mdc',
  'rule/empty-body': 'The rule has no body: the agent drops it',
  'rule/empty-body-shadows': 'An empty rule hides same-named rules and is then dropped: the name disappears',
  'rule/no-bucket': 'No description, no alwaysApply, no condition: the agent loads the rule and never shows it',
  'rule/ttsr-invalid-regex': 'A TTSR condition that is not a valid JavaScript regular expression',
  'rule/ttsr-scope': 'A TTSR scope token the agent cannot parse, or a scope that leaves no stream',
  'rule/ttsr-glob-condition': 'A condition that looks like a file glob: the agent turns it into a tool scope with condition .*',
  'rule/ttsr-overrides': 'A rule with a condition goes to TTSR: its alwaysApply or description is not used',
  'rule/always-apply-description': 'An always-apply rule: its description is not shown anywhere',
  'rule/not-read': 'A file that looks like a rule but that the agent never reads',
  'rule/link-outside': 'A rule folder or file that is a symbolic link out of the workspace: agentls does not follow it, so its rules are not checked',
  'rule/html-comment': 'An HTML comment: the agent deletes it from the rule before reading',
  'rule/merge-conflict': 'Merge-conflict markers: the agent reads both sides and the markers as rule text',
  'rule/binary': 'A binary file in a rule folder: the agent loads its bytes as rule text',
  'rule/invalid-utf8': 'Invalid UTF-8: the xcsh agent reads replacement characters; for another agent agentls does not check the file, and says what the agent reads where its source shows it (Roo Code: replacement characters), else that its reading is not documented',
  'rule/too-large': 'A rule file too large for agentls to analyse, or a rule folder of more files than it reads',
  'rule/unreadable': 'A rule file or folder the agent cannot read: it contributes no rule',
  'rule/windsurf-trigger': "Windsurf's trigger has no meaning for the agent",
  'rule/cline-paths': "Cline's paths are not read by the agent",
  'rule/scope-ignored': "Globs scoping the rule that the tool's current clients ignore, sending the rule in every request (Cline 4 and the Cline CLI ignore paths)",
  'rule/foreign-key': 'A key the tool the file was written for ignores (the agent reads it)',
  'rule/legacy-file': 'A legacy rule file the tool still reads, though its documentation deprecates it or no longer describes it',
  'rule/too-long': "Longer than the tool reads (Windsurf: 12,000 characters a rule file, 6,000 for global_rules.md; .windsurfrules: 6,000 in the docs that named it, information up to 12,000; Continue in VS Code: 100,000 bytes of a file not open in the editor, none past 1,000,000)",
  'rule/inactive': "The tool's activation mode cannot fire: model_decision without a description, glob without globs, no applyTo; a hint on a Windsurf description without trigger",
  'rule/no-reader': 'A rule file where no agent reads it (named on the command line): checked by its format',
  'rule/disabled': 'The rule is switched off by agentls.rules.disabledRules',
  'rule-url/unknown': 'rule://NAME names no rule the agent can resolve',
  'rule-url/not-resolvable': 'rule://NAME names a rule that exists but that rule:// cannot reach (TTSR or no bucket)',
  'rule-url/empty': 'rule:// without a name',
  'claude/import-missing': 'A Claude Code memory import (@path) names no file, here or further down its chain: Claude Code skips it silently',
  'gemini/import-missing': 'A Gemini CLI import (@path) in a context file (GEMINI.md, or the names context.fileName gives) names no file in the workspace, here or further down its chain: Gemini CLI leaves an error comment in its place',
  'claude/import-too-deep': 'A chain of Claude Code memory imports deeper than the 5 hops Claude Code follows',
  'gemini/import-too-deep': 'A chain of Gemini CLI imports (@path) deeper than the 5 levels Gemini CLI follows: the import past them is sent as plain text',
  'claude/import-not-checked': "agentls stopped following a Claude Code memory file's imports at its cap (50 files or 4 MiB read): the imports further down were not checked",
  'gemini/settings-invalid': "The workspace's .gemini/settings.json is not what Gemini CLI parses (JSON with comments, an object, no trailing comma, no byte order mark): Gemini CLI stops at start-up",
  'gemini/import-not-checked': "agentls stopped following a Gemini CLI context file's imports at its cap (50 files or 4 MiB read): the imports further down were not checked",
  'cursor/mdc-link-missing': "A Cursor rule's mdc: link names no file, read from the workspace folder or from the rule's folder: renamed or deleted?",
  'cursor/mdc-link-outside': "A Cursor rule's mdc: link names no file in the workspace and leads out of it, where agentls does not look",
  'kiro/file-ref-missing': "A Kiro steering file's #[[file:…]] reference names no file, read from the workspace folder or from the steering file's folder: renamed or deleted?",
  'claude/agents-md-unread': 'An AGENTS.md beside or below a CLAUDE.md that does not import it: Claude Code reads the CLAUDE.md instead',
} as const;

export type RuleCode = keyof typeof RULE_CODES;

export function describeRuleCode(code: string): string | undefined {
  return (RULE_CODES as Record<string, string>)[code];
}

/** Payload code actions read back from a diagnostic's `data`. */
export interface FixData {
  fix: string;
  [key: string]: unknown;
}

export function finding(code: RuleCode, severity: Severity, range: Range, message: string, extra: { related?: RelatedLocation[]; data?: FixData; tags?: Finding['tags'] } = {}): Finding {
  const f: Finding = { code, severity, message, range };
  if (extra.related?.length) f.related = extra.related;
  if (extra.data) f.data = extra.data;
  if (extra.tags?.length) f.tags = extra.tags;
  return f;
}

/** A rule file whose name is not valid UTF-8: the agent may read it; agentls cannot open it, so nothing of it is checked. */
export function undecodableNameFinding(readers: string, range: Range): Finding {
  return finding('rule/unreadable', 'error', range, `agentls cannot open this file: its name is not valid UTF-8 (shown with �), so it is not checked for ${readers}. Rename it.`);
}
