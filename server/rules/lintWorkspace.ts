import * as path from 'node:path';
import { throwIfCancelled, yieldToEventLoop, type Cancellation } from '../core/cancel';
import type { Finding } from '../core/findings';
import { LineIndex } from '../core/text';
import { isMarkdownKind, isMarkdownPath } from '../workspace/classify';
import type { FileSystem, ReadFailure } from '../workspace/fs';
import type { LintScope } from '../workspace/linter';
import type { WorkspaceSession } from '../workspace/session';
import { outsideFindings, formatOf } from './agentFiles';
import { ownerOf } from './agents';
import { toolRelativePath } from './agents/relative';
import { MAX_RULE_FILE_BYTES, type ReadProblem } from './analysis';
import { refreshedEngine } from './sessionEngine';
import { xcshRuleUrlFindings } from './lint/ruleUrls';
import { agentsMdForClaudeFindings, claudeImportFindingsFor } from './lint/claudeImports';
import { isClaudeMemoryFile } from './claudeImports';
import { brokenLinkReason } from '../workspace/links';

/** Rule files without a Markdown extension, which may sit in any folder. */
const SINGLE_FILE_RULES = new Set(['.cursorrules', '.windsurfrules', '.clinerules']);

/**
 * Every rules finding of a workspace (or of `files`): rule files the agents read and
 * the files they skip, look-alikes anywhere in the tree (legacy and nested rule files,
 * other tools' formats), and `rule://` references in every Markdown file. Used by
 * `agentls check`.
 */
export async function lintRulesWorkspace(session: WorkspaceSession, fs: FileSystem, scope: LintScope, cancel: Cancellation): Promise<Map<string, Finding[]>> {
  // The rule files beside the roots (a parent folder's `.clinerules`) are read through the rule reader.
  const engine = await refreshedEngine(session, cancel);
  const out = new Map<string, Finding[]>();
  const wanted = scope.named ? new Set(scope.files) : undefined;
  const add = (p: string, findings: Finding[]) => {
    if (findings.length === 0 || (wanted && !wanted.has(p))) return;
    out.set(p, [...(out.get(p) ?? []), ...findings]);
  };
  const reported = engine.reportedPaths();
  for (const p of reported) {
    const analysis = engine.analysis(p);
    add(p, [...engine.findings(p), ...(analysis ? xcshRuleUrlFindings(analysis.text, analysis.lines, engine, engine.rootFor(p), session.settings.rules.agents) : [])]);
    if (analysis && isClaudeMemoryFile(p)) add(p, await claudeImportFindingsFor(p, analysis.text, analysis.lines, fs, session, session.rootOf(p) ?? engine.rootFor(p)));
    add(p, await agentsMdForClaudeFindings(p, fs, session));
  }
  const candidates = scope.named ? scope.files : scope.files.filter((f) => isMarkdownPath(f) || SINGLE_FILE_RULES.has(path.basename(f)));
  for (const [i, file] of candidates.entries()) {
    if (i % 64 === 63) {
      throwIfCancelled(cancel);
      await yieldToEventLoop();
    }
    if (reported.has(file) || out.has(file)) continue;
    const kind = session.classify(file);
    const root = session.rootOf(file) ?? engine.rootFor(file);
    const rel = root ? toolRelativePath(file, root) : path.basename(file);
    const markdown = isMarkdownKind(kind, file) || kind.kind === 'prompt';
    const ruleLike = kind.kind === 'rule' || ownerOf(rel) !== undefined || (scope.named && /\.(mdc|md)$/.test(file));
    if (!ruleLike && !markdown) continue;
    // Lossy: an agent decodes whatever bytes are there, and so does agentls, to predict what it reads.
    const read = await fs.readText(file, { maxBytes: MAX_RULE_FILE_BYTES, lossy: true });
    const text = read.ok ? read.text : undefined;
    // A link to no file is that first, wherever it points: a link out to a folder reads no rule either.
    const brokenLink = !read.ok ? brokenLinkReason(file) : undefined;
    const linkedOutTo = !read.ok && brokenLink === undefined && read.reason === 'outside-workspace' ? session.confinement.escapeTarget(file) : undefined;
    const readProblem = !read.ok && brokenLink === undefined && linkedOutTo === undefined ? readProblemOf(read) : undefined;
    if (ruleLike && (kind.kind === 'rule' || ownerOf(rel) || (text !== undefined && formatOf(file, text)))) {
      add(file, outsideFindings({ path: file, rel, root, text, linkedOutTo, brokenLink, readProblem, kind, agents: session.settings.rules.agents, workspaceHasXcsh: engine.workspaceHasXcsh(root), named: scope.named }));
    }
    if (text !== undefined && isClaudeMemoryFile(file)) add(file, await claudeImportFindingsFor(file, text, new LineIndex(text), fs, session, root));
    add(file, await agentsMdForClaudeFindings(file, fs, session));
    if (kind.kind === 'rule' && kind.loaded) continue;
    if (!markdown || text === undefined || !text.includes('rule://')) continue;
    add(file, xcshRuleUrlFindings(text, new LineIndex(text), engine, engine.rootFor(file), session.settings.rules.agents));
  }
  return out;
}

/** What a failed read means for a rule file's checks; undefined when there is no file to speak of (it went away). */
function readProblemOf(read: { reason: ReadFailure; message: string; size?: number }): ReadProblem | undefined {
  switch (read.reason) {
    case 'too-large':
      return { kind: 'too-large', message: read.message, size: read.size ?? 0 };
    case 'binary':
      return { kind: 'binary', message: read.message };
    case 'unreadable':
    case 'is-directory':
      return { kind: 'unreadable', message: read.message };
    default:
      return undefined;
  }
}
