import * as path from 'node:path';

/** Folder names that start a tool's rule location; a path outside the base is read from the last of them. */
const MARKERS = new Set(['.clinerules', '.cline', '.cursor', '.windsurf', '.devin', '.xcsh', '.agent', '.agents', '.claude', '.github', '.codeium', '.cursorrules', '.windsurfrules']);

/**
 * A path as the agent models take it: relative to `base` (the workspace folder, or the
 * home for user-level files), `/`-separated. A file above the base (the `.clinerules` the
 * xcsh agent finds by walking up) is taken relative to the folder holding its marker, as
 * the tool would see it opened there.
 */
export function toolRelativePath(p: string, base: string): string {
  const rel = path.relative(base, p).split(path.sep).join('/');
  if (!rel.startsWith('../') && rel !== '..') return rel;
  const parts = p.split(path.sep);
  for (let i = parts.length - 1; i >= 0; i--) if (MARKERS.has(parts[i])) return parts.slice(i).join('/');
  return parts[parts.length - 1];
}
