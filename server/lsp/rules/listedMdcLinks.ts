import type { Finding } from '../../core/findings';
import type { LineIndex } from '../../core/text';
import { judgesMdcLinks, mdcLinkFindings } from '../../rules/lint/mdcLinks';
import { mayHoldMdcLinks } from '../../rules/mdcLinks';
import type { RulesEngine } from '../../rules/engine';
import type { FileChange } from '../../workspace/changes';
import type { WorkspaceSession } from '../../workspace/session';

/**
 * The `mdc:` link findings of a closed Cursor rule the rules engine lists, read from disk as
 * `agentls check` reads it (`lintRulesWorkspace`): a push client's Problems list shows what
 * check shows, not only once the file is opened.
 */
export function listedMdcLinkFindings(session: WorkspaceSession, p: string, analysis: { text: string; lines: LineIndex } | undefined): Promise<Finding[]> {
  if (!analysis || !mayHoldMdcLinks(p, analysis.text)) return Promise.resolve([]);
  return mdcLinkFindings(p, analysis.text, analysis.lines, session.diskFs, session, session.rootOf(p));
}

/**
 * The closed engine-listed files whose `mdc:` verdicts `batch` may move: when a file came or
 * went (a rename on disk is both), those whose text holds `mdc:` in a Cursor rule folder. A
 * pass over the listed files' texts (an `includes` each), not the tree, only for such a batch
 * and only while Cursor is targeted (else no link is judged, so none can move).
 */
export function mdcLinkersAffectedBy(session: WorkspaceSession, engine: RulesEngine, batch: readonly FileChange[], isOpen: (p: string) => boolean): string[] {
  if (!judgesMdcLinks(session.settings.rules.agents) || !batch.some((c) => c.type !== 'changed')) return [];
  return [...engine.reportedPaths()].filter((p) => {
    const text = engine.analysis(p)?.text;
    return text !== undefined && !isOpen(p) && mayHoldMdcLinks(p, text);
  });
}
