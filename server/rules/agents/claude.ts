import { afterMarker, baseName, pathsOrAlways } from './shared';
import { misspeltFolderPlacement } from './misspeltFolder';
import type { AgentModel, Placement } from './types';

/**
 * Claude Code. Source: Claude Code's documentation, "Manage Claude's memory"
 * (https://code.claude.com/docs/en/memory, section on `.claude/rules/`).
 */
export const claude: AgentModel = {
  id: 'claude',
  name: 'Claude Code',
  // Since 2.1.277 (its changelog), AGENTS.md where no CLAUDE.md is in the working folder or
  // above it (its memory docs, "AGENTS.md"; can be turned off in /config).
  reads: '`CLAUDE.md` (root, `.claude/`, subfolders on demand), else `AGENTS.md`, `CLAUDE.local.md`, `.claude/rules/**/*.md` with `paths`; `~/.claude/CLAUDE.md`, `~/.claude/rules/`',
  owns(rel) {
    return claudePlacement(rel) ?? misspeltFolderPlacement(rel, '.claude', 'rules', 'Claude Code', claudePlacement);
  },
  // Docs: a rule is scoped with `paths` (globs, brace expansion supported); without it the
  // rule loads unconditionally.
  keys: { paths: { kind: 'globs' } },
  // One string of comma-separated globs is the form Claude Code read before 2.1.84, and still
  // reads; a YAML list works from 2.1.84 ("Rules and skills `paths:` frontmatter now accepts a
  // YAML list of globs": its CHANGELOG, as a maintainer quotes it in anthropics/claude-code#16853;
  // users' tests of the string form in #17204 and #19377). The docs show only the list, but
  // neither form is said to be wrong: the string works in every version.
  globs: { key: 'paths', commaSeparated: true, lists: true, braces: true },
  activation: (fm) => pathsOrAlways(fm.paths, true),
};

/** Where Claude Code reads a path, the folder spelt right. */
function claudePlacement(rel: string): Placement | undefined {
  const name = baseName(rel);
  // Docs: project memory is ./CLAUDE.md or ./.claude/CLAUDE.md; CLAUDE.md files in
  // subfolders load when Claude works there; CLAUDE.local.md is personal. The docs give no
  // frontmatter key for them, yet Claude Code parses a leading block off every memory file and
  // sends the rest: anthropics/claude-code#13003 ("CLAUDE.md frontmatter is stripped before
  // showing to model", closed by its maintainers, who keep the frontmatter for Claude Code).
  if (name === 'CLAUDE.md' || name === 'CLAUDE.local.md') return { read: true, frontmatter: false, stripsFrontmatter: true };
  const at = afterMarker(rel, '.claude/rules/');
  // Docs: every .md file under .claude/rules is read, subfolders included.
  if (at && at.rest !== '' && name.endsWith('.md')) return { read: true, frontmatter: true };
  // The same docs read `.md` files alone there: a Cursor rule (`.mdc`) copied in is never loaded.
  if (at && at.rest !== '' && name.endsWith('.mdc')) return { read: false, frontmatter: true, why: 'Claude Code reads only `.md` files in `.claude/rules/`', move: rel.replace(/\.mdc$/, '.md') };
  return undefined;
}
