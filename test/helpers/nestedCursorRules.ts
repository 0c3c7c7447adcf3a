import type { RuleBucketsResult } from '../../protocol/rules';
import { tempDir, writeTree } from './repo';

/**
 * A package with its own `.cursor/rules` (one rule of each of Cursor's activation modes) beside
 * the root's: the shared tree of the `rules` listing tests, through the CLI and the server.
 */
export function nestedCursorTree(): string {
  return writeTree(tempDir(), {
    '.cursor/rules/root.mdc': '---\nalwaysApply: true\n---\nKeep answers short.\n',
    'packages/web/.cursor/rules/web.mdc': '---\nglobs: "**/*.tsx"\n---\nUse function components.\n',
    'packages/web/.cursor/rules/always.mdc': '---\nalwaysApply: true\n---\nThe web package builds with Vite.\n',
    'packages/web/.cursor/rules/api.mdc': '---\ndescription: Calling the web API\n---\nGo through the fetch wrapper.\n',
    'packages/web/.cursor/rules/release.mdc': 'Bump the version first.\n',
    'packages/web/x.tsx': 'export const x = 1;\n',
  });
}

/** What the buckets say of the package's rule folder: each rule's name, how it applies, its path. */
export const NESTED_FOLDER = {
  agent: 'cursor',
  displayName: 'Cursor',
  folder: 'packages/web',
  rules: [
    { name: 'always', mode: 'always', path: 'packages/web/.cursor/rules/always.mdc', level: 'project' },
    { name: 'api', mode: 'description', path: 'packages/web/.cursor/rules/api.mdc', description: 'Calling the web API', level: 'project' },
    { name: 'release', mode: 'manual', path: 'packages/web/.cursor/rules/release.mdc', level: 'project' },
    { name: 'web', mode: 'glob', path: 'packages/web/.cursor/rules/web.mdc', globs: ['**/*.tsx'], level: 'project' },
  ],
};

/** The nested folders of a buckets result, without the token estimates. */
export function nestedFoldersOf(result: RuleBucketsResult): unknown {
  return result.nestedFolders?.map((f) => ({ ...f, rules: f.rules.map(({ tokens: _tokens, ...rest }) => rest) }));
}

/**
 * Only the root's rule is the xcsh agent's and in anyone's "every request": the xcsh agent
 * does not read nested folders, and Cursor sends theirs only while a file under the folder
 * is in context (its description rule is not offered in every request either).
 */
export function everyRequestOf(result: RuleBucketsResult): unknown {
  return {
    rules: result.rules.map((r) => r.path),
    sent: result.alwaysSent?.map((a) => ({ agent: a.agent, items: a.items.map((i) => i.path ?? i.label) })),
  };
}

export const EVERY_REQUEST = {
  rules: ['.cursor/rules/root.mdc'],
  sent: [
    { agent: 'seed', items: ['.cursor/rules/root.mdc'] },
    { agent: 'cursor', items: ['.cursor/rules/root.mdc'] },
  ],
};
