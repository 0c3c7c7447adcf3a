import type { Finding } from '../../core/findings';
import type { AgentView } from './agentView';
import { contextFinding } from './codes';

/**
 * What Codex silently leaves out of the AGENTS.md files it reads (its view: `codexView` in
 * `instructionViews.ts`). Source: Codex's guide "Custom instructions with AGENTS.md"
 * (https://developers.openai.com/codex/guides/agents-md, "How Codex discovers guidance").
 */

const GUIDE = "Codex's AGENTS.md guide";

/** On an `AGENTS.md` with an `AGENTS.override.md` beside it (`override`: as reports show it): the guide says Codex checks the override first and includes at most one file per folder. */
export function codexOverriddenFinding(override: string): Finding {
  const message = `Codex does not read this file: it reads ${override} beside it instead (in each folder it takes AGENTS.override.md, else AGENTS.md, and at most one file: ${GUIDE}).`;
  return contextFinding('context/codex-overridden', 'information', { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, message);
}

/** The files an `AGENTS.override.md` hides from Codex (`InstructionViews.codexOverridden`), by path. */
export function codexFindings(views: readonly AgentView[], overridden: readonly { path: string; override: string }[], shown: (p: string) => string): Map<string, Finding[]> {
  const out = new Map<string, Finding[]>();
  void views;
  for (const o of overridden) out.set(o.path, [...(out.get(o.path) ?? []), codexOverriddenFinding(shown(o.override))]);
  return out;
}

