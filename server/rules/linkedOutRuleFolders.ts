import * as path from 'node:path';
import type { Finding } from '../core/findings';
import { LinkedRuleFolders } from '../workspace/linkedRuleFolders';
import { joinRelative, relativeInside } from '../workspace/paths';
import { nestedRuleFolderAt } from '../workspace/ruleLocations';
import type { WorkspaceSession } from '../workspace/session';
import { ownerOf } from './agents';
import { linkedOutLocationFinding } from './lint/notRead';

/**
 * The finding for a nested rule folder (`packages/web/.cursor/rules`) that is a symbolic link
 * out of the workspace, or lies under one (`packages/web/.cursor`), set on the link. The
 * listing never follows it (`LinkedRuleFolders`) and nothing reads there; its tool does
 * (every tool reads its rule folder through a link: `notRead.ts`, LOCATION_READERS, where
 * nothing documents otherwise), so it is said, as of the root's (discovery's `outside`).
 * Empty for any other path, for a link in the workspace, and for one leading nowhere.
 */
export function linkedOutRuleFolderFindings(session: WorkspaceSession, link: string): Finding[] {
  // Most paths are turned away by their last name, before anything is asked of the disk.
  if (!LinkedRuleFolders.mayBe(link)) return [];
  const root = session.rootOf(link);
  const rel = root === undefined ? undefined : relativeInside(root, link);
  const at = rel === undefined ? undefined : nestedRuleFolderAt(rel);
  if (root === undefined || at === undefined || at.holder === '') return [];
  // The tool whose files that folder holds (a Markdown name: each of them reads `.md` there).
  const tool = ownerOf(`${at.folder}/rule.md`)?.agent.name;
  if (tool === undefined) return [];
  // Where it leads, resolved as confinement resolves a path to refuse it (discovery names the
  // root's the same way): the target is never opened or listed. Undefined when the rule folder
  // is in the workspace or is not there at all.
  const target = session.confinement.escapeTarget(joinRelative(root, at.folder));
  if (target === undefined) return [];
  const where =
    at.folder === rel
      ? `This rule location is a symbolic link to ${target} outside the workspace.`
      : `This folder is a symbolic link out of the workspace: ${tool}'s rule folder in it, ${path.posix.basename(at.folder)}, is ${target}.`;
  return [linkedOutLocationFinding(where, tool)];
}
