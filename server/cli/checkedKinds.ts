import * as path from 'node:path';
import { joinNames } from '../rules/context/findings';
import type { CheckedKind } from '../workspace/linter';

/**
 * The files a check looked at, by what they are: what its last line, JSON's `summary.byKind`
 * and SARIF's run properties say it checked, so that a count never stands for files of
 * another kind (a project's 40 files listed are not 40 rule files checked).
 */
export interface CheckedByKind {
  rule: number;
  /** Of `rule`, those of the user's own rule folders (under the home, outside the root). */
  userLevelRule: number;
  prompt: number;
  copilotPrompt: number;
  patch: number;
  recipe: number;
  ruleLinks: number;
  settings: number;
  /** A file with a finding no linter took for one of its documents (and not named settings.json). */
  other: number;
}

export const NOTHING_CHECKED: CheckedByKind = { rule: 0, userLevelRule: 0, prompt: 0, copilotPrompt: 0, patch: 0, recipe: 0, ruleLinks: 0, settings: 0, other: 0 };

const KEY: Record<CheckedKind, keyof CheckedByKind> = { rule: 'rule', prompt: 'prompt', 'copilot-prompt': 'copilotPrompt', patch: 'patch', recipe: 'recipe', 'rule-links': 'ruleLinks', settings: 'settings' };

/**
 * What a file is taken for when linters disagree: a document kind over `rule-links` (a rule
 * file holding `rule://` links is counted once, as a rule file), else the first said.
 */
export function strongerKind(said: CheckedKind | undefined, now: CheckedKind): CheckedKind {
  return said === undefined || said === 'rule-links' ? now : said;
}

/**
 * Counts `files` (each with the kind a linter took it for, or undefined for a file with a
 * finding no linter took for one of its documents: a settings file by its name, else other).
 */
export function countByKind(files: Iterable<[string, CheckedKind | undefined]>, isUserLevel: (p: string) => boolean): CheckedByKind {
  const counts = { ...NOTHING_CHECKED };
  for (const [p, kind] of files) {
    const key = kind !== undefined ? KEY[kind] : path.basename(p).toLowerCase() === 'settings.json' ? 'settings' : 'other';
    counts[key]++;
    if (key === 'rule' && isUserLevel(p)) counts.userLevelRule++;
  }
  return counts;
}

const WORDS: [keyof CheckedByKind, string, string][] = [
  ['rule', 'rule file', 'rule files'],
  ['prompt', 'prompt document', 'prompt documents'],
  ['copilotPrompt', 'GitHub Copilot prompt file', 'GitHub Copilot prompt files'],
  ['patch', 'hashline patch', 'hashline patches'],
  ['recipe', 'ast-edit recipe', 'ast-edit recipes'],
  ['ruleLinks', 'Markdown file with rule:// links', 'Markdown files with rule:// links'],
  ['settings', 'settings file', 'settings files'],
  ['other', 'other file', 'other files'],
];

/** "2 rule files (1 user-level) and 1 settings file"; empty when none of them was checked. */
export function kindsInWords(counts: CheckedByKind): string {
  const parts = WORDS.filter(([key]) => counts[key] > 0).map(([key, one, many]) => {
    const n = counts[key];
    const userLevel = key === 'rule' && counts.userLevelRule > 0 ? ` (${counts.userLevelRule === n ? (n === 1 ? 'user-level' : 'all user-level') : `${counts.userLevelRule} user-level`})` : '';
    return `${n} ${n === 1 ? one : many}${userLevel}`;
  });
  return joinNames(parts);
}
