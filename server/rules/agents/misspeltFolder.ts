import { isSlipOf } from '../../workspace/folderSlips';
import type { Placement } from './types';

/**
 * A rule file in a folder whose name is a slip of the one an agent reads (`.cursor/rule/`,
 * `.claude/.rules/`, `.github/instruction/`, `.clinerule/`): the agent never looks there,
 * and nothing says so. `owns` is the agent's own placement test, asked of the path with the
 * folder's name corrected: only a file the agent would read there is reported, with the
 * corrected path to move it to. `parent` is the folder that holds the rules folder (`''` for
 * one at the top, like `.clinerules`); `wanted` the name the agent reads.
 *
 * A name that differs only in letter case is not reported: on the case-insensitive file
 * systems of macOS and Windows the agent finds `.cursor/Rules/` as `.cursor/rules/`.
 */
export function misspeltFolderPlacement(
  rel: string,
  parent: string,
  wanted: string,
  agentName: string,
  owns: (rel: string) => Placement | undefined,
  holds = 'rules',
): Placement | undefined {
  const segments = rel.split('/');
  for (let i = parent === '' ? 0 : 1; i < segments.length - 1; i++) {
    if (parent !== '' && segments[i - 1] !== parent) continue;
    const written = segments[i];
    if (!isSlipOf(written, wanted)) continue;
    const corrected = [...segments.slice(0, i), wanted, ...segments.slice(i + 1)].join('/');
    const there = owns(corrected);
    if (!there?.read) continue;
    const place = parent === '' ? '' : `${parent}/`;
    return { read: false, frontmatter: there.frontmatter, why: `${agentName} reads ${holds} from \`${place}${wanted}/\`, and this folder is \`${place}${written}/\``, move: corrected };
  }
  return undefined;
}
