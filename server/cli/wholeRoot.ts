import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { resolveHome } from '../workspace/home';
import { findMarkedRoot, findOwnProjectRoot } from '../workspace/projectRoot';
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
 * Run from outside any project (a CI step at /, a hook in the home directory, a shell in ~/src),
 * paths named on the command line name the project. From a folder without a project marker,
 * paths inside it are rooted at the project (`.git`, agentls.json, an agent's own folder) that
 * holds them all, as a run inside that project is, so its agentls.json applies (`check myrepo`
 * from ~/src); paths in no one such project (`check packages/a packages/b`, `check repo1
 * repo2`) keep the folder as the root, as `check` alone there does. A package's `.cursor` or
 * CLAUDE.md does not take the root from that folder: they sit in packages too. From the home,
 * the file system root, or for a path outside the folder, the first path names the project by
 * any marker. `common` as it is where the root was given or found, or no folder holds the path.
 */
export async function optionsForNamedPaths(common: CommonOptions, absPaths: readonly string[]): Promise<CommonOptions> {
  if (!common.reroot || absPaths.length === 0) return common;
  const home = resolveHome(common.settings.home);
  const first = absPaths[0];
  const start = (await fsp.stat(first).then((st) => st.isDirectory(), () => false)) ? first : path.dirname(first);
  if (indexRefusal(common.root, home) === undefined && isInside(common.root, first)) {
    // Paths outside the folder (a user-level `~/.cline/rules` named beside) are not the project's to hold.
    const project = await findOwnProjectRoot(start, home);
    const holdsAll = project !== undefined && absPaths.every((p) => !isInside(common.root, p) || isInside(project, p));
    return holdsAll && project !== common.root ? common.reroot(project) : common;
  }
  const holder = await findMarkedRoot(start, home);
  return holder !== undefined && holder !== common.root ? common.reroot(holder) : common;
}
