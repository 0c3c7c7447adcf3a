import type { ServerContext } from '../feature';

/**
 * The packages' linked rule folders the file index did not follow (root-relative, for
 * `unreadRuleFolders`), as its last listing met them. None are known while the folder's first
 * listing (or the one that checks a stored list after a restart) runs: `listing` then says an
 * answer's `unread` lacks them, and the answer must say `indexing` whichever agents it covers.
 */
export async function unfollowedLinks(context: ServerContext, root: string): Promise<{ unfollowed: readonly string[]; listing: boolean }> {
  const now = await context.services.fileSearch?.ruleFolderLinksNow(root);
  if (!now) return { unfollowed: [], listing: false };
  return now.listed ? { unfollowed: now.links.unfollowed, listing: false } : { unfollowed: [], listing: true };
}
