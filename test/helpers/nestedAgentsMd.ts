import { tempDir, writeTree } from './repo';
import { MAX_NESTED_FOLDERS } from '../../server/rules/context/nestedRules';

/**
 * A monorepo with a root AGENTS.md and nested ones in two packages (one two levels down), and
 * a package without one: the shared tree of the nested AGENTS.md tests, through the CLI and the server.
 */
export function nestedAgentsMdTree(): string {
  return writeTree(tempDir(), {
    'AGENTS.md': 'Use pnpm everywhere.\n',
    'packages/AGENTS.md': 'Every package has its own tests.\n',
    'packages/api/AGENTS.md': 'The API package: validate every route.\n',
    'packages/api/src/x.ts': 'export const x = 1;\n',
    'services/billing/AGENTS.md': 'Billing: amounts are integers of cents.\n',
    'services/billing/y.ts': 'export const y = 1;\n',
    'tools/z.ts': 'export const z = 1;\n',
  });
}

/** The nested files, as `agentls rules` lists their folders: nearest the root first, then by name. */
export const NESTED_AGENTS_MD = [
  { folder: 'packages', path: 'packages/AGENTS.md' },
  { folder: 'packages/api', path: 'packages/api/AGENTS.md' },
  { folder: 'services/billing', path: 'services/billing/AGENTS.md' },
];

/** A workspace with one folder more than agentls reads (`MAX_NESTED_FOLDERS`) holding `name` (`packages/p000/AGENTS.md` …), and `root`. */
export function pastNestedFolderCap(name: string, root: Record<string, string> = {}): string {
  const tree: Record<string, string> = { ...root };
  for (let i = 0; i <= MAX_NESTED_FOLDERS; i++) tree[`packages/p${String(i).padStart(3, '0')}/${name}`] = 'Package notes.\n';
  return writeTree(tempDir(), tree);
}
