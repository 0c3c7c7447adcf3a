import * as path from 'node:path';
import type { Finding } from '../core/findings';
import { LinkedRuleFolders, unfollowedEntry } from '../workspace/linkedRuleFolders';
import { fileInPlaceOfFolder, linkHoldingItself, ruleFolderLinkReason, unlistableFolder } from '../workspace/links';
import { joinRelative, relativeInside } from '../workspace/paths';
import { nestedRuleFolderAt } from '../workspace/ruleLocations';
import type { WorkspaceSession } from '../workspace/session';
import { ownerOf } from './agents';
import { fileLocationFinding } from './lint/fileLocation';
import { brokenLinkFinding, linkedOutLocationFinding, selfHoldingLocationFinding, unlistableFolderFinding } from './lint/notRead';

/**
 * The finding for a nested rule folder (`packages/web/.cursor/rules`) that is a symbolic link
 * the listing does not follow (`LinkedRuleFolders`), or lies under one (`packages/web/.cursor`),
 * set on the link: one out of the workspace (never followed, and nothing read there) and one
 * to nothing, to a file or round a loop. Its tool reads its rule folder through a link (every tool does:
 * `notRead.ts`, LOCATION_READERS, where nothing documents otherwise), so either is said, as of
 * the root's (discovery's `outside` and `broken-link`). Empty for any other path and for a
 * link to a folder in the workspace.
 */
export function unfollowedRuleFolderFindings(session: WorkspaceSession, link: string): Finding[] {
  // Most paths are turned away by their last name, before anything is asked of the disk.
  if (!LinkedRuleFolders.mayBe(link)) return [];
  const root = session.rootOf(link);
  const rel = root === undefined ? undefined : relativeInside(root, link);
  const at = rel === undefined ? undefined : nestedRuleFolderAt(rel);
  if (root === undefined || rel === undefined || at === undefined || at.holder === '') return [];
  // The folder above a rule folder that is itself the link at fault: said of the rule folder (the listing hands that on), not here.
  if (rel !== at.folder && unfollowedEntry(root, at.folder, rel, session.confinement.allows(link)) !== rel) return [];
  // The tool whose files that folder holds (a Markdown name: each of them reads `.md` there).
  const owner = ownerOf(`${at.folder}/rule.md`)?.agent;
  if (owner === undefined) return [];
  const tool = owner.name;
  // Where it leads, resolved as confinement resolves a path to refuse it (discovery names the
  // root's the same way): the target is never opened or listed. Undefined when the rule folder
  // is in the workspace or is not there at all.
  const target = session.confinement.escapeTarget(joinRelative(root, at.folder));
  if (target === undefined) {
    // The rule folder (or the folder above it) is a file or a link to one (or a named pipe, socket or device), or the link leads
    // nowhere (a stat through it, no listing), as discovery asks of the root's (`listFolder`).
    // Only the tool is named: the xcsh agent reads the root's rule folders alone (rules.md §2.4, §2.5).
    const file = fileInPlaceOfFolder(link);
    if (file !== undefined) return [fileLocationFinding(tool, owner.id, at.folder, file)];
    const broken = ruleFolderLinkReason(link);
    if (broken !== undefined) return [brokenLinkFinding(broken, tool, 'location')];
    // A rule folder the listing could not read (no read permission), real or a link to a folder in the workspace (`escapeTarget`
    // said it stays in it, so opening it reads nothing outside): handed on by it, said as of the root's (discovery's `unreadable`).
    if (rel === at.folder && unlistableFolder(link, true)) return [unlistableFolderFinding(tool)];
    // The rule folder leads to a folder holding it: the listing does not walk it (`LinkedRuleFolders.list`).
    const holding = rel === at.folder ? linkHoldingItself(link) : undefined;
    return holding === undefined ? [] : [selfHoldingLocationFinding(holding, tool)];
  }
  const where =
    at.folder === rel
      ? `This rule location is a symbolic link to ${target} outside the workspace.`
      : `This folder is a symbolic link out of the workspace: ${tool}'s rule folder in it, ${path.posix.basename(at.folder)}, is ${target}.`;
  return [linkedOutLocationFinding(where, tool)];
}
