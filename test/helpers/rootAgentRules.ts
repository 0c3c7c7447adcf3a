import type { RuleBucketsResult } from '../../protocol/rules';
import { tempDir, writeTree } from './repo';

/**
 * A project whose user runs Cursor, Windsurf, Cline, Claude Code and Copilot, not the xcsh
 * agent (no `.xcsh`): one rule of each kind those agents apply, all at the root. The shared
 * tree of the per-agent sections of `agentls rules` and of the buckets report.
 */
export function rootAgentTree(): string {
  return writeTree(tempDir(), {
    '.cursor/rules/short.mdc': '---\nalwaysApply: true\n---\nKeep answers short.\n',
    '.cursor/rules/react.mdc': '---\nglobs: "**/*.tsx"\n---\nUse function components.\n',
    '.windsurf/rules/api.md': '---\ntrigger: model_decision\ndescription: Calling the web API\n---\nGo through the fetch wrapper.\n',
    '.clinerules/lint.md': 'Run the linter before committing.\n',
    '.claude/rules/tests.md': '---\npaths:\n  - "test/**/*.ts"\n---\nUse vitest.\n',
    '.github/instructions/docs.instructions.md': '---\napplyTo: "docs/**"\n---\nWrite plain English.\n',
  });
}

/** A home with a user-level rule of Cline, Windsurf and Claude Code, each read in every project the user opens. */
export const USER_LEVEL_HOME = {
  '.cline/rules/g.md': 'Cline global rule.\n',
  '.codeium/windsurf/memories/global_rules.md': '---\ntrigger: always_on\n---\nBe brief.\n',
  '.claude/CLAUDE.md': 'Answer in English.\n',
};

/** What each agent's section says of the tree's rules: name, path, how the agent applies it. */
export const ROOT_AGENTS = [
  {
    agent: 'cursor',
    displayName: 'Cursor',
    rules: [
      { name: 'react', path: '.cursor/rules/react.mdc', mode: 'glob', globs: ['**/*.tsx'], level: 'project' },
      { name: 'short', path: '.cursor/rules/short.mdc', mode: 'always', level: 'project' },
    ],
  },
  { agent: 'windsurf', displayName: 'Windsurf', rules: [{ name: 'api', path: '.windsurf/rules/api.md', mode: 'description', description: 'Calling the web API', level: 'project' }] },
  { agent: 'cline', displayName: 'Cline', rules: [{ name: 'lint', path: '.clinerules/lint.md', mode: 'always', level: 'project' }] },
  { agent: 'claude', displayName: 'Claude Code', rules: [{ name: '.claude/rules/tests.md', path: '.claude/rules/tests.md', mode: 'glob', globs: ['test/**/*.ts'], level: 'project' }] },
  {
    agent: 'copilot',
    displayName: 'GitHub Copilot',
    rules: [{ name: '.github/instructions/docs.instructions.md', path: '.github/instructions/docs.instructions.md', mode: 'glob', globs: ['docs/**'], level: 'project' }],
  },
];

/** The agents' sections of a buckets result, without the token estimates. */
export function agentSectionsOf(result: RuleBucketsResult): unknown {
  return result.agentRules?.map((a) => ({ ...a, rules: a.rules.map(({ tokens: _tokens, ...rest }) => rest) }));
}

/** The lines of a text report's section: its title line and those under it, up to the next blank line. */
export function sectionOf(text: string, title: string): string[] {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.startsWith(title));
  if (at < 0) return [];
  const end = lines.indexOf('', at);
  return lines.slice(at, end < 0 ? undefined : end);
}
