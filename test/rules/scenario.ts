import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_SETTINGS, overlaySettings } from '../../server/core/settings';
import { RulesEngine } from '../../server/rules/engine';
import type { RulesView } from '../../server/rules/view';
import { WorkspaceSession } from '../../server/workspace/session';
import { tempDir } from '../helpers/repo';
import type { DiscoveryScenario } from './vectors';

/** A vector scenario's tree written to a temporary folder, with the engine run on it. */
export interface ScenarioRun {
  base: string;
  cwd: string;
  home: string;
  session: WorkspaceSession;
  engine: RulesEngine;
  view: RulesView;
  /** An absolute path written back with the scenario's `HOME/`, `PROJECT/`, `ROOT/` prefixes. */
  toVector(p: string): string;
  abs(vectorPath: string): string;
}

/** A vector scenario's tree written to a temporary folder: its `HOME/`, `PROJECT/`, `ROOT/` and the folder the agent runs in. */
export function writeScenarioTree(scenario: Pick<DiscoveryScenario, 'tree' | 'cwd'>): { base: string; cwd: string; home: string; abs(vectorPath: string): string } {
  const base = tempDir('agentls-rules-');
  const abs = (p: string) => path.join(base, ...p.split('/'));
  for (const top of ['HOME', 'PROJECT', 'ROOT']) fs.mkdirSync(abs(top), { recursive: true });
  for (const [rel, content] of Object.entries(scenario.tree)) {
    const target = abs(rel);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (typeof content === 'string') fs.writeFileSync(target, content);
    else fs.symlinkSync(abs(content.symlinkTo), target);
  }
  const cwd = abs(scenario.cwd ?? 'PROJECT');
  fs.mkdirSync(cwd, { recursive: true });
  return { base, cwd, home: abs('HOME'), abs };
}

export async function runScenario(scenario: Pick<DiscoveryScenario, 'tree' | 'cwd' | 'env'>, profile: 'seed' | 'xcsh', extraSettings: Record<string, unknown> = {}): Promise<ScenarioRun> {
  const { base, cwd, home, abs } = writeScenarioTree(scenario);
  const settings = overlaySettings(DEFAULT_SETTINGS, { home, rules: { profile }, ...extraSettings });
  // The vector's environment is the agent's environment: PI_CONFIG_DIR is read from it, as the agent reads it.
  const saved = process.env.PI_CONFIG_DIR;
  if (scenario.env?.PI_CONFIG_DIR !== undefined) process.env.PI_CONFIG_DIR = scenario.env.PI_CONFIG_DIR;
  else delete process.env.PI_CONFIG_DIR;
  const session = new WorkspaceSession(settings);
  session.addFolder(cwd);
  const engine = new RulesEngine(session, session.ruleFs);
  try {
    await engine.refresh();
  } finally {
    if (saved === undefined) delete process.env.PI_CONFIG_DIR;
    else process.env.PI_CONFIG_DIR = saved;
  }
  const view = engine.view(cwd)!;
  const toVector = (p: string) => {
    for (const top of ['HOME', 'PROJECT', 'ROOT']) {
      const prefix = abs(top);
      if (p === prefix) return top;
      if (p.startsWith(prefix + path.sep)) return top + '/' + path.relative(prefix, p).split(path.sep).join('/');
    }
    return p;
  };
  return { base, cwd, home, session, engine, view, toVector, abs };
}

/** Replaces every absolute scenario path inside a message. */
export function vectorText(run: ScenarioRun, text: string): string {
  let out = text;
  for (const top of ['HOME', 'PROJECT', 'ROOT']) out = out.split(run.abs(top) + path.sep).join(top + '/');
  return out;
}
