import type { Cancellation } from '../core/cancel';
import type { WorkspaceSession } from '../workspace/session';
import { RulesEngine } from './engine';

const engines = new WeakMap<WorkspaceSession, Promise<RulesEngine>>();

/**
 * The rules engine of a batch run, discovered once per session: `agentls check` runs the
 * rules linter and the rules-in-context linter over the same workspace, and discovery
 * (walking the rule folders, reading and parsing every rule file) is the cost of both.
 * A discovery that failed or was cancelled is not kept.
 */
export function refreshedEngine(session: WorkspaceSession, cancel: Cancellation): Promise<RulesEngine> {
  const known = engines.get(session);
  if (known) return known;
  const engine = new RulesEngine(session, session.ruleFs);
  const ready = engine.refresh(cancel).then(() => engine);
  engines.set(session, ready);
  ready.catch(() => engines.delete(session));
  return ready;
}
