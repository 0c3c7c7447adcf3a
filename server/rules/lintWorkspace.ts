import { throwIfCancelled, yieldToEventLoop, type Cancellation } from '../core/cancel';
import type { Finding } from '../core/findings';
import { LineIndex } from '../core/text';
import { isMarkdownKind, isMarkdownPath } from '../workspace/classify';
import type { FileSystem } from '../workspace/fs';
import type { LintScope } from '../workspace/linter';
import type { WorkspaceSession } from '../workspace/session';
import { MAX_RULE_FILE_BYTES } from './analysis';
import { RulesEngine } from './engine';
import { notReadForKind } from './lint/notRead';
import { ruleUrlFindings } from './lint/ruleUrls';

const MAX_MARKDOWN_FILES = 20_000;

/**
 * Every rules finding of a workspace (or of `files`): rule files the agents read and
 * the files they skip, look-alikes anywhere in the tree, and `rule://` references in
 * every Markdown file. Used by `agentls check`.
 */
export async function lintRulesWorkspace(session: WorkspaceSession, fs: FileSystem, scope: LintScope, cancel: Cancellation): Promise<Map<string, Finding[]>> {
  // The rule files beside the roots (a parent folder's `.clinerules`) are read through the rule reader.
  const engine = new RulesEngine(session, session.ruleFs);
  await engine.refresh(cancel);
  const out = new Map<string, Finding[]>();
  const wanted = scope.named ? new Set(scope.files) : undefined;
  const add = (p: string, findings: Finding[]) => {
    if (findings.length === 0 || (wanted && !wanted.has(p))) return;
    out.set(p, [...(out.get(p) ?? []), ...findings]);
  };
  const reported = engine.reportedPaths();
  for (const p of reported) {
    const analysis = engine.analysis(p);
    add(p, [...engine.findings(p), ...(analysis ? ruleUrlFindings(analysis.text, analysis.lines, engine, engine.rootFor(p)) : [])]);
  }
  const markdown = scope.named
    ? scope.files.filter((f) => isMarkdownPath(f) || session.classify(f).kind === 'rule')
    : scope.files.filter((f) => isMarkdownPath(f)).slice(0, MAX_MARKDOWN_FILES);
  for (const [i, file] of markdown.entries()) {
    if (i % 64 === 63) {
      throwIfCancelled(cancel);
      await yieldToEventLoop();
    }
    if (reported.has(file) || out.has(file)) continue;
    const kind = session.classify(file);
    if (kind.kind === 'rule') {
      const notRead = notReadForKind(kind);
      if (notRead) add(file, [notRead]);
      if (kind.loaded) continue;
    }
    if (!isMarkdownKind(kind, file) && kind.kind !== 'prompt') continue;
    const read = await fs.readText(file, { maxBytes: MAX_RULE_FILE_BYTES });
    if (!read.ok || !read.text.includes('rule://')) continue;
    add(file, ruleUrlFindings(read.text, new LineIndex(read.text), engine, engine.rootFor(file)));
  }
  return out;
}
