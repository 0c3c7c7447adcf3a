import type { Finding, RelatedLocation, Severity } from '../../core/findings';
import type { Range } from '../../core/text';

/** Diagnostic codes of rules in context (family `context/`), with their one-line descriptions. */
export const CONTEXT_CODES = {
  'context/dead-glob': 'A glob that matches no file of the workspace (a warning when the rule has no live glob left)',
  'context/broad-glob': 'A glob that matches nearly every file: the rule may as well be always-on',
  'context/over-budget': 'What an agent sends in every request is over agentls.rules.budgetTokens',
  'context/drift': "Copies of one rule for different tools whose bodies differ",
  'context/codex-overridden': 'An AGENTS.md that Codex does not read, an AGENTS.override.md being beside it',
  'context/roo-fallback-unread': 'A .roorules (or .roorules-{mode}) file Roo Code does not read, its .roo/rules (or .roo/rules-{mode}) folder holding files; or a .clinerules-{mode}, that folder holding files or .roorules-{mode} having text',
  'context/roomodes-refused': "A .roomodes Roo Code refuses (not YAML nor JSON, or a mode its schema refuses): it takes none of the file's modes",
  'context/roomodes-unread': 'A .roomodes agentls did not read (too large, binary, a link out of the workspace): its custom modes are not checked, and Roo Code reads it all the same',
  'context/zed-shadowed': "A file of Zed's rules list that Zed does not read, one earlier in its list being at the root",
  'context/codex-over-limit': "AGENTS.md files Codex reads for a folder that are together over its default 32 KiB: the file where it stops",
} as const;

export type ContextCode = keyof typeof CONTEXT_CODES;

export function describeContextCode(code: string): string | undefined {
  return (CONTEXT_CODES as Record<string, string>)[code];
}

export function contextFinding(code: ContextCode, severity: Severity, range: Range, message: string, extra: { related?: RelatedLocation[]; data?: unknown } = {}): Finding {
  const f: Finding = { code, severity, message, range };
  if (extra.related?.length) f.related = extra.related;
  if (extra.data !== undefined) f.data = extra.data;
  return f;
}
