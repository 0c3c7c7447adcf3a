/**
 * A rule of each of Cursor, Windsurf and Cline whose only glob aims at Ruby files
 * (`lib/**\/*.rb`): in a workspace without one, each tool never attaches it (`context/dead-glob`).
 * The glob is on line 2 (0-based 1) for Cursor and line 3 (0-based 2) for the others.
 */
export const DEAD_GLOB = 'lib/**/*.rb';
export const CURSOR_DEAD_GLOB = `---\nglobs: ${DEAD_GLOB}\nalwaysApply: false\n---\nRun rubocop.\n`;
export const WINDSURF_DEAD_GLOB = `---\ntrigger: glob\nglobs: ${DEAD_GLOB}\n---\nRun rubocop.\n`;
export const CLINE_DEAD_GLOB = `---\npaths:\n  - ${DEAD_GLOB}\n---\nRun rubocop.\n`;
