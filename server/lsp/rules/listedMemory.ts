import type { Finding } from '../../core/findings';
import type { LineIndex } from '../../core/text';
import { agentsMdForClaudeFindings, claudeImportFindingsFor } from '../../rules/lint/claudeImports';
import { isClaudeMemoryFile } from '../../rules/claudeImports';
import type { RulesEngine } from '../../rules/engine';
import type { FileChange } from '../../workspace/changes';
import type { WorkspaceSession } from '../../workspace/session';
import { ChainReads } from './chainReads';
import { movesEveryClaudeVerdict, namedForClaude } from './unlisted';

/**
 * Claude Code's verdicts on the closed files the rules engine lists that Claude Code reads
 * by their name: a CLAUDE.md in a rule folder the xcsh agent reads (`.cursor/rules/CLAUDE.md`:
 * Claude Code reads a CLAUDE.md in any folder it works in, its memory docs,
 * https://code.claude.com/docs/en/memory), or an AGENTS.md there. `agentls check` gives
 * them their `@` import findings and the AGENTS.md note (`lintRulesWorkspace`); the files the
 * engine does not list get them from `UnlistedRuleFiles`, these from here. Read from disk, as
 * check reads them.
 */
export class ListedMemoryFiles {
  /** What each verdict read (the files of its import chains): a change to one judges it again. */
  private readonly chains = new ChainReads();

  constructor(private readonly session: () => WorkspaceSession) {}

  /** Claude Code's findings on the closed engine-listed file `p` (`analysis`: what the engine read of it). */
  async findings(engine: RulesEngine, p: string, analysis: { text: string; lines: LineIndex } | undefined): Promise<Finding[]> {
    if (!namedForClaude(p)) return [];
    const session = this.session();
    const read = new Set<string>();
    const fs = ChainReads.recording(session.diskFs, read);
    const out: Finding[] = [];
    // As `lintRulesWorkspace` gives them, with its root.
    if (analysis && isClaudeMemoryFile(p)) out.push(...(await claudeImportFindingsFor(p, analysis.text, analysis.lines, fs, session, session.rootOf(p) ?? engine.rootFor(p))));
    out.push(...(await agentsMdForClaudeFindings(p, fs, session)));
    this.chains.set(p, read);
    return out;
  }

  /**
   * The engine-listed files whose verdicts `batch` may change: all of them when a file came
   * or went, a memory file changed or what is ignored did (an import found or lost, a
   * CLAUDE.md keeping an AGENTS.md out); else those whose import chains read a changed file.
   * The first is a pass over the listed files, not the tree, and only on changes from disk.
   */
  affectedBy(engine: RulesEngine, batch: readonly FileChange[]): Set<string> {
    if (movesEveryClaudeVerdict(batch)) return new Set([...engine.reportedPaths()].filter(namedForClaude));
    return new Set(batch.flatMap((c) => this.chains.readersOf(c.path)));
  }

  /** The file is no longer one closed and listed (opened, gone): its verdict is not kept. */
  forget(p: string): void {
    this.chains.forget(p);
  }
}
