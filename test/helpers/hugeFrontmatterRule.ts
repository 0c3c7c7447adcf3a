import { LIMITS, formatCount } from '../../server/core/limits';
import { tempDir, writeTree } from './repo';

/** Keys of the huge frontmatter: each line `keyN: v`, enough to pass the limit by a margin. */
const KEYS = 16_000;

/** Metadata past the limit: `lead` lines first (what would be judged were it read), then the keys. */
function hugeMetadata(lead: readonly string[]): string {
  return [...lead, ...Array.from({ length: KEYS }, (_, i) => `key${i}: v`)].join('\n');
}

/** Its metadata: a description and globs first (which would be judged if it were read), then the keys. */
const METADATA = hugeMetadata(['description: Huge rule', 'globs: "*.nothing"', 'alwaysApply: maybe']);

/** The words every finding on the file starts with. */
export const UNREAD_NOTE = `This frontmatter has ${formatCount(METADATA.length)} characters; agentls reads up to ${formatCount(LIMITS.ruleFrontmatterChars)} characters: agentls does not read it`;

/**
 * A workspace with one Cursor rule whose frontmatter is past `LIMITS.ruleFrontmatterChars`
 * (a hostile run's shape, shrunk: 100,000 keys took 1.4 s and 180 MB), and whose first keys,
 * were they read, would be findings of their own (a glob matching nothing, an alwaysApply
 * that is no boolean).
 */
export function hugeFrontmatterRule(): string {
  if (METADATA.length <= LIMITS.ruleFrontmatterChars) throw new Error('the fixture frontmatter must pass the limit');
  return writeTree(tempDir(), {
    '.git/HEAD': '',
    '.cursor/rules/huge.mdc': `---\n${METADATA}\n---\nUse the huge rule.\n`,
    'src/main.ts': 'export {};\n',
  });
}

/** Each file of `hugeFrontmatterPerAgent` (relative) with the metadata it holds: keys that, were they read, attach it to `src/**`. */
const PER_AGENT: Record<string, string> = {
  '.cursor/rules/big.mdc': hugeMetadata(['globs: src/**']),
  '.windsurf/rules/wide.md': hugeMetadata(['trigger: glob', 'globs: src/**']),
  '.github/instructions/big.instructions.md': hugeMetadata(['applyTo: "src/**"']),
};

/** What the agents' views say of each file of `hugeFrontmatterPerAgent` (its `uncounted` reason). */
export function notReadReason(rel: string): string {
  return `not read: its frontmatter has ${formatCount(PER_AGENT[rel].length)} characters; agentls reads up to ${formatCount(LIMITS.ruleFrontmatterChars)} characters`;
}

/**
 * A workspace holding a Cursor, a Windsurf and a Copilot rule whose frontmatter is past
 * `LIMITS.ruleFrontmatterChars`, each starting with the keys that would make it a glob rule
 * for `src/a.ts` (Cursor's `globs`, Windsurf's `trigger: glob`, Copilot's `applyTo`).
 */
export function hugeFrontmatterPerAgent(): string {
  return writeTree(tempDir(), {
    '.git/HEAD': '',
    ...Object.fromEntries(Object.entries(PER_AGENT).map(([rel, meta]) => [rel, `---\n${meta}\n---\nBody of ${rel}.\n`])),
    'src/a.ts': 'export {};\n',
  });
}
