import { LIMITS, formatCount } from '../../server/core/limits';
import { tempDir, writeTree } from './repo';

/** Keys of the huge frontmatter: each line `keyN: v`, enough to pass the limit by a margin. */
const KEYS = 16_000;

/** Its metadata: a description and globs first (which would be judged if it were read), then the keys. */
const METADATA = ['description: Huge rule', 'globs: "*.nothing"', 'alwaysApply: maybe', ...Array.from({ length: KEYS }, (_, i) => `key${i}: v`)].join('\n');

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
