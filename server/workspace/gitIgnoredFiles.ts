import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import type { Logger } from '../core/log';
import { gitCheckIgnore } from './gitCheckIgnore';
import { joinRelative } from './paths';
import { findRepoRoot } from './repoRoot';

/** Files asked about per root and question: rule files are a handful; the rest are taken as kept. */
const MAX_ASKED = 1000;
/** How long git may take to judge them. */
const TIMEOUT_MS = 5_000;

/**
 * Per root, which files git's ignore rules leave out, the user's global excludes
 * (`core.excludesFile`) among them: agentls reads no file outside the workspace, so git is
 * asked (`gitCheckIgnore`), once for all the files a question brings, and its answers kept
 * until an ignore file of the root changes or the caller forgets them (a refresh). A later
 * question asks git only about files it has not judged yet, so listing a rule folder again
 * costs nothing. Outside a git work tree, or where git fails, every file is kept: what the
 * ignore files agentls reads say is all there is (logged once).
 */
export class GitIgnoredFiles {
  private readonly answers = new Map<string, Map<string, boolean>>();
  /** Per root, bumped when its answers are forgotten: an answer asked before is not kept. */
  private readonly generations = new Map<string, number>();
  private failureLogged = false;

  constructor(private readonly log: Logger) {}

  /** Which of `rels` (relative to `root`, `/`-separated) git ignores. */
  async ignoredAmong(root: string, rels: readonly string[]): Promise<Set<string>> {
    const known = this.answers.get(root) ?? new Map<string, boolean>();
    const unknown = [...new Set(rels.filter((rel) => !known.has(rel)))].slice(0, MAX_ASKED);
    if (unknown.length > 0) {
      const generation = this.generations.get(root) ?? 0;
      const found = await this.ask(root, unknown);
      if ((this.generations.get(root) ?? 0) === generation) {
        this.answers.set(root, known);
        for (const rel of unknown) known.set(rel, found.has(rel));
      }
      return new Set(rels.filter((rel) => found.has(rel) || known.get(rel) === true));
    }
    return new Set(rels.filter((rel) => known.get(rel) === true));
  }

  /** Forgets the answers for one root (an ignore file of it changed), or all. */
  forget(root?: string): void {
    for (const r of root === undefined ? [...this.answers.keys()] : [root]) {
      this.answers.delete(r);
      this.generations.set(r, (this.generations.get(r) ?? 0) + 1);
    }
  }

  private async ask(root: string, rels: readonly string[]): Promise<Set<string>> {
    if ((await findRepoRoot(root)) === undefined) return new Set();
    const askable = await notBeyondLinks(root, rels);
    if (askable.length === 0) return new Set();
    const result = await gitCheckIgnore({ root, paths: askable, timeoutMs: TIMEOUT_MS });
    if (result.ok) return new Set(result.ignored);
    if (!this.failureLogged) {
      this.failureLogged = true;
      this.log.warn(`rules: cannot ask git which rule files its ignore rules (the global excludes among them) leave out, so only .gitignore, .ignore and .git/info/exclude are honoured: ${result.reason}`);
    }
    return new Set();
  }
}

/**
 * The paths whose folders are reached through no symbolic link below the root: git refuses
 * the whole question for a path "beyond a symbolic link" (`gitCheckIgnore`). Such a file is
 * taken as kept, as before git was asked. One realpath per folder.
 */
async function notBeyondLinks(root: string, rels: readonly string[]): Promise<string[]> {
  const realRoot = await fsp.realpath(root).catch(() => undefined);
  if (realRoot === undefined) return [];
  const direct = new Map<string, Promise<boolean>>();
  const out: string[] = [];
  for (const rel of rels) {
    const dir = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
    let ok = direct.get(dir);
    if (ok === undefined) {
      ok = fsp.realpath(joinRelative(root, dir)).then(
        (real) => real === path.join(realRoot, dir),
        () => false,
      );
      direct.set(dir, ok);
    }
    if (await ok) out.push(rel);
  }
  return out;
}
