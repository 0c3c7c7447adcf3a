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

/**
 * A package's Windsurf rule whose first glob matches a file only read from the workspace root
 * (`src/a.ts`, none under packages/web), the second none under either reading; and a rule whose
 * name-only glob `*.ts` matches only outside the package. Windsurf's docs do not say which reading
 * it takes, so only the second glob of the first rule is dead.
 */
export const WORKSPACE_RELATIVE_RULE = 'packages/web/.windsurf/rules/top.md';
export const NAME_ONLY_RULE = 'packages/web/.windsurf/rules/names.md';

export function workspaceRelativeGlobTree(): string {
  return writeTree(tempDir(), {
    '.git/HEAD': '',
    [WORKSPACE_RELATIVE_RULE]: '---\ntrigger: glob\nglobs: src/**/*.ts, nowhere/**\n---\nTop-level sources.\n',
    [NAME_ONLY_RULE]: '---\ntrigger: glob\nglobs: "*.ts"\n---\nTypeScript.\n',
    'packages/web/src/x.tsx': 'export {};\n',
    'src/a.ts': 'export {};\n',
  });
}

/** What the dead glob of `WORKSPACE_RELATIVE_RULE` is told: judged against the whole workspace under both readings, the rule's other glob still matching. */
export const ONLY_NOWHERE_DEAD =
  /^For Windsurf, the glob "nowhere\/\*\*" matches none of the \d+ files of the workspace, read from packages\/web\/ or from the workspace root \(Windsurf does not document which files a subfolder's rules reach, nor how their globs are read\); the rule's other globs still match\./;
