import { afterMarker, baseName } from './shared';
import { misspeltFolderPlacement } from './misspeltFolder';
import type { AgentModel, Placement } from './types';

/**
 * The seed's agent (xcsh), under both profiles. Source: this project's spec
 * `rules.md` (from the seed document and upstream xcsh at the commit it names); its
 * discovery and parsing are the rules engine itself (`discovery.ts`, `frontmatter.ts`),
 * which also reads the Cursor, Windsurf and Cline folders.
 */
export const xcsh: AgentModel = {
  id: 'xcsh',
  name: 'the xcsh agent',
  reads: '`.xcsh/rules/*.{md,mdc}` and `~/.xcsh/agent/rules/` (`PI_CONFIG_DIR`); also the root `.cursor/rules/`, `.windsurf/rules/`, the nearest `.clinerules` and (profile `xcsh`) `.agent(s)/rules/`',
  owns(rel) {
    return xcshPlacement(rel) ?? misspeltFolderPlacement(rel, '.xcsh', 'rules', 'the xcsh agent', xcshPlacement);
  },
  // rules.md §1–§2.1: the keys the agent's builder reads.
  keys: {
    description: { kind: 'string' },
    globs: { kind: 'globs' },
    alwaysApply: { kind: 'boolean' },
    condition: { kind: 'string' },
    scope: { kind: 'string' },
    interruptMode: { kind: 'enum', values: ['never', 'prose-only', 'tool-only', 'always'] },
  },
  // rules.md §2.1: a string is one glob, a list keeps its strings; never split at commas.
  globs: { key: 'globs', commaSeparated: false, lists: true, braces: true },
  activation(fm) {
    // rules.md §5: always-apply, then rulebook by description; TTSR is a fourth way the engine reports itself.
    if (fm.alwaysApply === true) return { mode: 'always' };
    if (typeof fm.description === 'string' && fm.description) return { mode: 'description' };
    return { mode: 'manual' };
  },
};

/** Where the xcsh agent reads a path, the folder spelt right. */
function xcshPlacement(rel: string): Placement | undefined {
  const at = afterMarker(rel, '.xcsh/rules/');
  if (!at || at.rest === '') return undefined;
  // rules.md §2.2: <cwd>/.xcsh/rules, direct files only, .md and .mdc.
  const direct = at.prefix === '' && !at.rest.includes('/') && /\.(md|mdc)$/.test(baseName(rel));
  return direct ? { read: true, frontmatter: true } : { read: false, frontmatter: true, why: 'the xcsh agent reads only the files directly in `.xcsh/rules/` of the workspace folder' };
}
