import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { resolveHome } from '../workspace/home';
import { findMarkedRoot } from '../workspace/projectRoot';
import { isInside } from '../workspace/paths';
import { indexRefusal } from '../workspace/roots';
import { CliError, type CommonOptions } from './command';

/**
 * A command that walks its root (check, rules, search) never walks the home directory or the
 * file system root: that takes minutes (`rules` read CLAUDE.md files across the disk) and is
 * never a project. Every such command says so in the same words, with the same ways out.
 * `orElse` adds what else the command can do there (check: name the files).
 */
export function refuseWholeRoot(command: string, root: string, home: string, orElse = ''): void {
  if (!indexRefusal(root, home)) return;
  throw new CliError(`${root} is the home directory or the file system root, not a project: run agentls ${command} in a project, or give --root PROJECT${orElse}`);
}

/**
 * Run from outside any project (a CI step at /, a hook in the home directory), a path named on
 * the command line names the project: the options of the marked folder holding it, or
 * `common` as it is where the root was given or found, or no folder holds the path. A folder
 * without a project marker is the root as it is for a path inside it (`check packages/a
 * packages/b` there checks both, as `check` alone does): only from the home, the file system
 * root, or for a path outside the folder, does the path name the project.
 */
export async function optionsForNamedPath(common: CommonOptions, absPath: string): Promise<CommonOptions> {
  if (!common.reroot) return common;
  if (indexRefusal(common.root, resolveHome(common.settings.home)) === undefined && isInside(common.root, absPath)) return common;
  const isFolder = await fsp.stat(absPath).then((st) => st.isDirectory(), () => false);
  const holder = await findMarkedRoot(isFolder ? absPath : path.dirname(absPath), resolveHome(common.settings.home));
  return holder !== undefined && holder !== common.root ? common.reroot(holder) : common;
}
