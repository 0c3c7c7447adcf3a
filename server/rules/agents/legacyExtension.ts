import { baseName } from './shared';
import type { Placement } from './types';

/**
 * A legacy single rule file saved with an extension (`.cursorrules.md`, `.windsurfrules.md`): the
 * agent's documentation names the file without one, and nothing documents another name being read,
 * so the agent never opens it. `legacy` is that name, which the move gives the file: what its
 * author meant (where that name is still not read, as below the root, its own finding says so).
 * Undefined for any other name.
 */
export function legacyNameWithExtension(rel: string, legacy: string, agentName: string): Placement | undefined {
  const name = baseName(rel);
  if (!/^\.[a-z]+rules\.(md|mdc|markdown)$/.test(name) || !name.startsWith(`${legacy}.`)) return undefined;
  const dir = rel.slice(0, -name.length);
  return { read: false, frontmatter: false, why: `${agentName} reads its legacy rule file only under the exact name \`${legacy}\`, with no extension, and this one is \`${name}\``, move: `${dir}${legacy}` };
}
