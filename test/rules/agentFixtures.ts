import * as fs from 'node:fs';
import { fixturePath } from '../helpers/repo';

/** One mistake a fixture workspace holds (`fixtures/agents/<agent>/mistakes/expect.json`). */
export interface AgentExpectation {
  path: string;
  code: string;
  severity: string;
  /** Text the message must contain: the agent it names. */
  names: string;
  alsoNames?: string;
  /** The quick fix's replacement text, when there is one. */
  fix?: string;
}

export const AGENT_FIXTURES = ['cursor', 'windsurf', 'cline', 'mixed'];
export const AGENT_NAMES = /Cursor|Windsurf|Cline|Claude Code|GitHub Copilot|AGENTS\.md|xcsh agent/;

export function expectations(agent: string): AgentExpectation[] {
  return (JSON.parse(fs.readFileSync(fixturePath('agents', agent, 'mistakes', 'expect.json'), 'utf8')) as { expect: AgentExpectation[] }).expect;
}

