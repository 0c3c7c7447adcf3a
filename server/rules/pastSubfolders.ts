import * as path from 'node:path';
import type { Finding } from '../core/findings';
import { formatCount } from '../core/limits';
import { relativeInside } from '../workspace/paths';
import { compareBytes } from './model';
import type { RulesEngine } from './engine';
import { mayBeRuleFile } from './outsideFile';

/*
 * `agentls check` lists every file, so it meets the files of a rule folder's subfolders that
 * discovery did not look into (`LIMITS.ruleSubfolderEntries`, discovery.ts `listNested`):
 * each would get the same warning (the xcsh agent never loads a nested file), hundreds of
 * them for a folder of hundreds of subfolders. They are not checked one by one: the
 * folder's one `rule/too-large` finding says how many there are. The server never lists them
 * (it tells of discovery's files alone), so this is check's alone.
 */

/**
 * The files of a check's listing (`files`, those a rules lint looks at: `mayBeRuleFile`) that
 * lie in the subfolders discovery did not look into, by rule folder, of the roots where the
 * xcsh agent is targeted (`RulesEngine.xcshSubfolderStops`). A subfolder was not looked into
 * when it is the first that did not fit or comes after it by name (discovery's order,
 * `compareBytes`); hidden subfolders are never looked into, over the budget or not, and are
 * left to the per-file lint as before.
 */
export function filesPastSubfolders(engine: RulesEngine, files: readonly string[]): Map<string, string[]> {
  const stops = new Map<string, string>();
  for (const root of engine.rootPaths) for (const [folder, from] of engine.xcshSubfolderStops(root)) stops.set(folder, path.basename(from));
  const out = new Map<string, string[]>();
  if (stops.size === 0) return out;
  for (const file of files) {
    if (!mayBeRuleFile(file)) continue;
    // The stops are a few folders (one per capped rule folder): a test each.
    for (const [folder, from] of stops) {
      const rel = relativeInside(folder, file);
      if (rel === undefined) continue;
      const slash = rel.indexOf('/');
      if (slash < 0) continue;
      const sub = rel.slice(0, slash);
      if (sub.startsWith('.') || compareBytes(sub, from) < 0) continue;
      const held = out.get(folder);
      if (held) held.push(file);
      else out.set(folder, [file]);
      break;
    }
  }
  return out;
}

/** The folder's finding with how many files of its subfolders were not checked (`filesPastSubfolders`). */
export function withUncheckedCount(said: Finding, unchecked: number): Finding {
  if (unchecked === 0) return said;
  const files = unchecked === 1 ? '1 file there is' : `${formatCount(unchecked)} files there are`;
  return { ...said, message: `${said.message} ${files} not checked.` };
}
