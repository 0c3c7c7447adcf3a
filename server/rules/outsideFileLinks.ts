import type { Finding } from '../core/findings';
import { LineIndex } from '../core/text';
import { isMarkdownKind } from '../workspace/classify';
import type { FileSystem } from '../workspace/fs';
import type { WorkspaceSession } from '../workspace/session';
import type { OutsideFile } from './agentFiles';
import { isClaudeMemoryFile } from './claudeImports';
import type { RulesEngine } from './engine';
import { agentsMdForClaudeFindings, claudeImportFindingsFor } from './lint/claudeImports';
import { mdcLinkFindings } from './lint/mdcLinks';
import { kiroFileRefFindings } from './lint/kiroFileRefs';
import { geminiImportFindingsFor } from './lint/geminiImports';
import { xcshRuleUrlFindings } from './lint/ruleUrls';
import { RULE_URL_PREFIX } from './ruleUrl';

/**
 * What `agentls check` reports for a file the engine does not list besides its own tool's
 * lint (`outsideFindings`): Claude Code's reading of it when it is named as its memory
 * (`@` imports) or is an AGENTS.md a CLAUDE.md keeps out, a Cursor rule's `mdc:` links, a Kiro steering file's `#[[file:…]]` references, and its `rule://` links. One
 * function for check and for the findings the language server pushes for closed unlisted
 * rule files, so that the editor shows what check shows. `noMemory`: as `agentsMdForClaudeFindings`'s.
 */
export async function outsideFileLinkFindings(session: WorkspaceSession, fs: FileSystem, engine: RulesEngine, file: OutsideFile, noMemory?: Set<string>): Promise<Finding[]> {
  const { path: p, text, kind } = file;
  const out: Finding[] = [];
  const lines = text !== undefined ? new LineIndex(text) : undefined;
  if (text !== undefined && lines && isClaudeMemoryFile(p)) out.push(...(await claudeImportFindingsFor(p, text, lines, fs, session, file.root)));
  out.push(...(await agentsMdForClaudeFindings(p, fs, session, noMemory)));
  if (text !== undefined && lines) out.push(...(await geminiImportFindingsFor(p, text, lines, fs, session, file.root)));
  if (text !== undefined && lines) out.push(...(await mdcLinkFindings(p, text, lines, fs, session, file.root)));
  if (text !== undefined && lines) out.push(...(await kiroFileRefFindings(p, text, lines, fs, session, file.root)));
  // A rule the xcsh agent loads has its links judged with the engine's findings.
  if (kind.kind === 'rule' && kind.loaded) return out;
  const markdown = isMarkdownKind(kind, p) || kind.kind === 'prompt';
  if (markdown && text !== undefined && lines && holdsRuleUrl(text)) out.push(...xcshRuleUrlFindings(text, lines, engine, engine.rootFor(p), session.settings.rules.agents));
  return out;
}

/** Whether a text may hold a `rule://` link: what the links found in it depend on is the rule names the engine knows. */
export function holdsRuleUrl(text: string): boolean {
  return text.includes(RULE_URL_PREFIX);
}
