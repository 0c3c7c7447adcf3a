import * as fs from 'node:fs';
import * as path from 'node:path';
import { NEVER_CANCELLED } from '../../server/core/cancel';
import type { Finding } from '../../server/core/findings';
import { DEFAULT_SETTINGS, overlaySettings } from '../../server/core/settings';
import { lintRulesWorkspace } from '../../server/rules/lintWorkspace';
import { workspaceScope } from '../../server/workspace/linter';
import { WorkspaceSession } from '../../server/workspace/session';
import { fixturePath, tempDir } from '../helpers/repo';

/** The rule findings of a workspace, by file, as `agentls check` computes them (home: an empty folder). */
export async function lintWorkspaceRules(ws: string, settings: Record<string, unknown> = {}): Promise<Map<string, Finding[]>> {
  const session = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home: tempDir(), ...settings }));
  session.addFolder(ws);
  const all = await lintRulesWorkspace(session, session.diskFs, await workspaceScope(session, session.diskFs, NEVER_CANCELLED), NEVER_CANCELLED);
  session.dispose();
  return all;
}

/** One mistake a fixture workspace holds (`fixtures/agents/<agent>/mistakes/expect.json`). */
export interface AgentExpectation {
  path: string;
  code: string;
  severity: string;
  /** Text the message must contain: the agent it names. */
  names: string;
  alsoNames?: string;
  /** The quick fix's replacement text (the new name, for a key rename), when there is one. */
  fix?: string;
}

export const AGENT_FIXTURES = ['cursor', 'windsurf', 'cline', 'mixed'];
export const AGENT_NAMES = /Cursor|Windsurf|Cline|Claude Code|GitHub Copilot|AGENTS\.md|xcsh agent/;

export function expectations(agent: string): AgentExpectation[] {
  return (JSON.parse(fs.readFileSync(fixturePath('agents', agent, 'mistakes', 'expect.json'), 'utf8')) as { expect: AgentExpectation[] }).expect;
}


/** A temporary workspace of these files (`/`-separated paths); a key ending in `/` is a folder (`.xcsh/`: the workspace runs the xcsh agent). */
export function ruleWorkspace(files: Record<string, string>): string {
  const ws = tempDir();
  for (const [rel, text] of Object.entries(files)) {
    const p = path.join(ws, ...rel.split('/'));
    if (rel.endsWith('/')) fs.mkdirSync(p, { recursive: true });
    else {
      fs.mkdirSync(path.dirname(p), { recursive: true });
      fs.writeFileSync(p, text);
    }
  }
  return ws;
}

/** The findings of one file of a linted workspace (`/`-separated path relative to it). */
export function findingsOf(all: Map<string, Finding[]>, ws: string, rel: string): Finding[] {
  return all.get(path.join(ws, ...rel.split('/'))) ?? [];
}
