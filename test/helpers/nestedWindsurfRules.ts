import { tempDir, writeTree } from './repo';

/** A workspace with a root Windsurf rule and a package's own `.windsurf/rules`: one rule always on, one for `.tsx` files. */
export function nestedWindsurfTree(): string {
  return writeTree(tempDir(), {
    '.windsurf/rules/root.md': '---\ntrigger: always_on\n---\nKeep answers short.\n',
    'packages/web/.windsurf/rules/web.md': '---\ntrigger: always_on\n---\nThe web package uses Vite.\n',
    'packages/web/.windsurf/rules/tsx.md': '---\ntrigger: glob\nglobs: "**/*.tsx"\n---\nFunction components only.\n',
    'packages/web/src/x.tsx': 'export {};\n',
    'src/a.ts': 'export {};\n',
  });
}

/** Said of a package's Windsurf rule: its scope is agentls's reading, not Windsurf's docs. */
export const SCOPE_NOT_DOCUMENTED = "its docs do not say which files a subfolder's rules reach";
