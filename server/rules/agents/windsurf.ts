import { afterMarker, baseName, globList } from './shared';
import { misspeltFolderPlacement } from './misspeltFolder';
import { legacyNameWithExtension } from './legacyExtension';
import type { AgentModel, Placement } from './types';

/**
 * Windsurf (Cascade). Source: Windsurf's documentation, "Memories & Rules"
 * (https://docs.windsurf.com/windsurf/cascade/memories). Its next generation, Devin Desktop
 * (June 2026), has the same page (https://docs.devin.ai/desktop/cascade/memories): the same
 * triggers and limit, and rules in `.devin/rules/` "(or legacy `.windsurf/rules/`)". Both
 * folders are read here by the one model; which wins when both hold a rule of one name is
 * not documented, so nothing is said of it.
 */
export const WINDSURF_TRIGGERS = ['always_on', 'manual', 'model_decision', 'glob'] as const;

export const windsurf: AgentModel = {
  id: 'windsurf',
  name: 'Windsurf',
  reads: '`.windsurf/rules/*.md` (Devin Desktop: also `.devin/rules/*.md`) in the workspace, its subfolders and parents up to the git root; `~/.codeium/windsurf/memories/global_rules.md`; legacy `.windsurfrules` at the root',
  owns(rel) {
    return windsurfPlacement(rel) ?? misspeltFolderPlacement(rel, '.windsurf', 'rules', 'Windsurf', windsurfPlacement);
  },
  // Docs ("Activation modes"): trigger picks the mode; description serves model_decision,
  // globs serves glob.
  keys: {
    trigger: { kind: 'enum', values: WINDSURF_TRIGGERS },
    description: { kind: 'string' },
    globs: { kind: 'globs' },
  },
  // Docs give single patterns (`*.js`, `src/**/*.ts`); how several are written is not
  // documented, so commas and lists are both accepted (no false alarms).
  // Docs ("Activation modes"): globs are read with `trigger: glob` alone (`activation` below).
  globs: { key: 'globs', commaSeparated: true, lists: true, braces: true, readWith: '`trigger: glob`' },
  // Docs: "each rule file is limited to 12000 characters"; the page's earlier revision said
  // 6,000, the figure kept for the single global file global_rules.md (the current page
  // gives none for it). Counted as code points: the docs say characters.
  // `.windsurfrules`: only the page's 2025 revision names it, then at
  // docs.windsurf.com/windsurf/memories ("`global_rules.md` and `.windsurfrules` are limited
  // to 6000 characters each. Any content above 6000 characters will be truncated"); the
  // current page names it nowhere, so whether its 12,000 for rule files reaches the legacy
  // file is not documented: both figures are said (toolLint/tooLong.ts).
  maxChars: {
    workspace: 12_000,
    user: 6_000,
    source: 'docs.windsurf.com/windsurf/cascade/memories',
    legacy: { chars: 6_000, source: 'the 2025 revision of docs.windsurf.com/windsurf/memories, the one that names it' },
  },
  // Docs ("Rules"): "global_rules.md - rules applied across all workspaces", the one
  // user-level file; Windsurf keeps it under ~/.codeium/windsurf/memories/, where the docs
  // say Cascade stores its memories too (rules.md §2.5 reads it there).
  readsUserLocation: true,
  activation(fm) {
    const trigger = fm.trigger;
    // Not documented (the editor always writes one): manual is a guess, said as one.
    if (trigger === undefined || trigger === null) return { mode: 'manual', inferred: true };
    switch (trigger) {
      case 'always_on':
        return { mode: 'always' };
      case 'glob':
        return { mode: 'globs', globs: globList(fm.globs, true) };
      case 'model_decision':
        return { mode: 'description' };
      case 'manual':
        return { mode: 'manual' };
      default:
        return { mode: 'unknown', key: 'trigger', value: trigger };
    }
  },
};

/** Where Windsurf reads a path, the folder spelt right. */
function windsurfPlacement(rel: string): Placement | undefined {
  const name = baseName(rel);
  // The docs that named the legacy file (above) name `.windsurfrules`; nothing documents `.windsurfrules.md` being read.
  const withExtension = legacyNameWithExtension(rel, '.windsurfrules', 'Windsurf');
  if (withExtension) return withExtension;
  if (rel === '.codeium/windsurf/memories/global_rules.md') return { read: true, frontmatter: false, limit: 'user' };
  if (name === '.windsurfrules') {
    // Not in the current docs; earlier Windsurf releases read one .windsurfrules at the
    // workspace root. Treated as a legacy file still read there, and only there.
    if (rel === '.windsurfrules') return { read: true, legacy: 'undocumented', frontmatter: false, limit: 'legacy' };
    const dir = rel.slice(0, -name.length);
    return { read: false, frontmatter: false, why: 'Windsurf reads `.windsurfrules` only at the workspace root', move: `${dir}.windsurf/rules/windsurfrules.md` };
  }
  const at = afterMarker(rel, '.windsurf/rules/') ?? afterMarker(rel, '.devin/rules/');
  if (!at || at.rest === '') return undefined;
  // Docs ("Rules discovery"): every .windsurf/rules folder of the workspace and its
  // subfolders, and of parents up to the git root. Folders inside .windsurf/rules are not
  // documented either way: not reported.
  if (name.endsWith('.md')) return { read: true, frontmatter: true, limit: 'workspace' };
  return undefined;
}
