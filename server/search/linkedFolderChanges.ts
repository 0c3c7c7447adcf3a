import type { ChangeType } from '../workspace/changes';
import type { RuleFolderLinks } from '../workspace/linkedRuleFolders';

/** A change of a folder's index: root-relative, `/`-separated. */
type Change = { rel: string; type: ChangeType };

/** Whether `rel` is `folder` or lies in it (root-relative, `/`-separated; `''` holds everything). */
function within(folder: string, rel: string): boolean {
  return folder === '' || rel === folder || rel.startsWith(`${folder}/`);
}

/**
 * Changes where the files of a rule folder listed through a link really are
 * (`shared/web-rules/a.mdc`), as the paths seen through each link to it
 * (`packages/web/.cursor/rules/a.mdc`): a watcher reports the path that was written, the real
 * one, and the index names those files by the link's path too. O(changes × linked folders).
 */
export function changesThroughLinks(links: RuleFolderLinks, changes: readonly Change[]): Change[] {
  const out: Change[] = [];
  for (const change of changes) {
    for (const { link, target } of links.followed) {
      if (target !== '' && within(target, change.rel)) out.push({ rel: link + change.rel.slice(target.length), type: change.type });
    }
  }
  return out;
}

/**
 * The linked rule folders whose target these changes may have made or removed, to be listed
 * again through the link: every link that led nowhere when something was created (its target,
 * or a folder on the way to it, may be there now; the link itself may get no event), and each
 * followed folder whose target, or a folder holding it, was deleted. A few links, each a stat.
 */
export function linksToRelist(links: RuleFolderLinks, changes: readonly Change[]): { unfollowed: string[]; followed: RuleFolderLinks['followed'] } {
  const created = changes.some((c) => c.type === 'created');
  const deleted = changes.filter((c) => c.type === 'deleted');
  return {
    unfollowed: created ? [...links.unfollowed] : [],
    followed: links.followed.filter(({ target }) => deleted.some((c) => within(c.rel, target))),
  };
}
