import { throwIfCancelled, type Cancellation } from '../../core/cancel';
import type { Finding } from '../../core/findings';
import type { FileSystem } from '../../workspace/fs';
import { workspaceScope, type LintScope } from '../../workspace/linter';
import { relativeInside } from '../../workspace/paths';
import type { WorkspaceSession } from '../../workspace/session';
import { RulesEngine } from '../engine';
import { agentViews } from './agents';
import { contextFindings } from './findings';
import { GlobReach } from './globReach';

/**
 * Rules in context for `agentls check`: dead and broad globs, tool limits, the budget and
 * drift, for every rule file the engine loaded. Globs are judged against every file of
 * the folder (the scope when it is the whole tree, else a listing of its own), as the
 * language server judges them against its file index.
 */
export async function lintRulesInContext(session: WorkspaceSession, fs: FileSystem, scope: LintScope, cancel: Cancellation): Promise<Map<string, Finding[]>> {
  const engine = new RulesEngine(session, session.ruleFs);
  await engine.refresh(cancel);
  const wanted = scope.named ? new Set(scope.files) : undefined;
  const out = new Map<string, Finding[]>();
  const everyFile = scope.whole ? scope.files : (await workspaceScope(session, fs, cancel)).files;
  for (const root of engine.rootPaths) {
    throwIfCancelled(cancel);
    const view = engine.view(root);
    if (!view) continue;
    const agents = agentViews(view);
    const globs = agents.flatMap((a) => a.rules.flatMap((r) => r.globs.map((glob) => ({ glob, dialect: a.dialect }))));
    let reach: GlobReach | undefined;
    if (globs.length) {
      reach = new GlobReach();
      const rels: string[] = [];
      for (const f of everyFile) {
        const rel = relativeInside(root, f);
        if (rel) rels.push(rel);
      }
      reach.setPaths(rels);
      reach.setGlobs(globs);
    }
    for (const analysis of view.analyses) {
      const p = analysis.candidate.path;
      if (engine.rootFor(p) !== root || (wanted && !wanted.has(p))) continue;
      const findings = contextFindings({ path: p, text: analysis.text, lines: analysis.lines, root, engine, views: agents, reach, budget: session.settings.rules.budgetTokens });
      if (findings.length) out.set(p, [...(out.get(p) ?? []), ...findings]);
    }
  }
  return out;
}
