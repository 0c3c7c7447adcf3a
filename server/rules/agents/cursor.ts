import { afterMarker, baseName, globList } from './shared';
import { misspeltFolderPlacement } from './misspeltFolder';
import { legacyNameWithExtension } from './legacyExtension';
import type { AgentModel, Placement } from './types';

/**
 * Cursor. Sources: Cursor's documentation, "Rules" (https://cursor.com/docs/rules, formerly
 * https://docs.cursor.com/context/rules), read through the copies the search tools hold.
 */
export const cursor: AgentModel = {
  id: 'cursor',
  name: 'Cursor',
  reads: '`.cursor/rules/**/*.mdc` in the project and in any subfolder (nested rules); legacy `.cursorrules` at the root',
  // No `readsUserLocation`: the docs ("Rules") name Project Rules in .cursor/rules and User
  // Rules, "global to your Cursor environment", "defined in settings" (Cursor Settings >
  // Rules), not a folder; nothing documents Cursor reading ~/.cursor/rules, which only the
  // xcsh agent reads (rules.md §2.4).
  owns(rel) {
    return cursorPlacement(rel) ?? misspeltFolderPlacement(rel, '.cursor', 'rules', 'Cursor', cursorPlacement);
  },
  // Docs ("Rule anatomy"): the frontmatter has description, globs and alwaysApply.
  keys: {
    description: { kind: 'string' },
    globs: { kind: 'globs' },
    alwaysApply: { kind: 'boolean' },
  },
  // Docs: globs are path patterns; Cursor writes several as one comma-separated string
  // (`globs: *.ts, *.tsx`, its own editor writes them unquoted), and YAML lists work too.
  globs: { key: 'globs', commaSeparated: true, lists: true, braces: true },
  activation(fm) {
    // Docs ("Rule types"): Always (alwaysApply), Auto Attached (globs), Agent Requested
    // (description), Manual (@-mentioned only). alwaysApply wins over globs.
    if (fm.alwaysApply === true) return { mode: 'always' };
    if (globList(fm.globs, true).length) return { mode: 'globs', globs: globList(fm.globs, true) };
    if (typeof fm.description === 'string' && fm.description.trim()) return { mode: 'description' };
    return { mode: 'manual' };
  },
};

/** Where Cursor reads a path, the folder spelt right. */
function cursorPlacement(rel: string): Placement | undefined {
  const name = baseName(rel);
  // Docs ("Rules", .cursorrules): the legacy file is `.cursorrules`; nothing documents `.cursorrules.md` being read.
  const withExtension = legacyNameWithExtension(rel, '.cursorrules', 'Cursor');
  if (withExtension) return withExtension;
  if (name === '.cursorrules') {
    // Docs ("Rules", .cursorrules): the single legacy file at the project root is still
    // supported but deprecated. Nothing documents a .cursorrules below the root being read.
    if (rel === '.cursorrules') return { read: true, legacy: 'deprecated', frontmatter: false };
    const dir = rel.slice(0, -name.length);
    return { read: false, frontmatter: false, why: 'Cursor reads `.cursorrules` only at the project root', move: `${dir}.cursor/rules/cursorrules.mdc` };
  }
  // A rule saved in .cursor itself, beside the rules folder (a real shape: `.cursor/index.mdc`
  // with `alwaysApply: true`): the docs put project rules in .cursor/rules only. Reported
  // when its frontmatter has one of Cursor's keys, so another tool's file there is left alone.
  const loose = /(?:^|\/)\.cursor\/([^/]+\.mdc)$/.exec(rel);
  if (loose) {
    return { read: false, frontmatter: true, onlyWithKeys: ['alwaysApply', 'globs', 'description'], why: 'Cursor reads rule files from `.cursor/rules/`, and this one is in `.cursor/` itself', move: `${rel.slice(0, rel.length - loose[1].length)}rules/${loose[1]}` };
  }
  const at = afterMarker(rel, '.cursor/rules/');
  if (!at || at.rest === '') return undefined;
  // Docs ("Project rules"): rules live in .cursor/rules; "subdirectories can include their
  // own .cursor/rules directory", scoped to that folder. Folders inside .cursor/rules are
  // used to organise rules (not stated outright: read as supported, fewer false alarms).
  if (name.endsWith('.mdc')) return { read: true, frontmatter: true };
  // Docs disagree over plain .md files in .cursor/rules (one revision says they are
  // ignored, others list them): not reported, the reading with fewer false alarms.
  if (name.endsWith('.md')) return { read: true, frontmatter: true };
  return undefined;
}
