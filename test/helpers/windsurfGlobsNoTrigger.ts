import { tempDir, writeTree } from './repo';

/**
 * Windsurf rules written with `globs` and no `trigger` (a Cursor habit): `globs.md` alone,
 * `described.md` with a description too; `scoped.md` has `trigger: glob` and must get nothing.
 */
export function globsNoTriggerTree(): string {
  return writeTree(tempDir(), {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.windsurf/rules/globs.md': '---\nglobs: src/**\n---\nUse tabs.\n',
    '.windsurf/rules/described.md': '---\ndescription: Styling\nglobs: "**/*.css"\n---\nUse variables.\n',
    '.windsurf/rules/scoped.md': '---\ntrigger: glob\nglobs: src/**\n---\nUse tabs.\n',
    'src/a.ts': '',
    'styles/a.css': '',
  });
}

/** The words that say the rule has globs but no trigger, and name the trigger that reads them. */
export const GLOBS_NO_TRIGGER = /has `globs` but no `trigger`.*Windsurf.*Add `trigger: glob`/s;
