import type { FileChange } from '../../../workspace/changes';
import { relativeInside } from '../../../workspace/paths';
import type { GlobDialect } from '../../../rules/context/agentView';
import { yieldToRequests } from '../../../core/foreground';
import { TimeSlicer } from '../../../core/slices';
import { GlobReach } from '../../../rules/context/globReach';
import { DISK_LOOK_FILES, judgeIgnoredGlobs } from '../../../rules/context/ignoredGlobs';
import { changesIgnoreRules } from '../../../workspace/ignore';
import type { ServerContext } from '../../feature';
import { testHold, testLimit } from '../../testHolds';

/** How long after a folder appears its files are asked from the index again. */
const FOLDER_SETTLE_MS = 1500;

/**
 * For tests that catch a folder's globs being judged against its ignore files (`AGENTLS_TEST_HOLD_GLOB_JUDGING=FILE`):
 * a judging with globs to judge waits until FILE exists. Unset, nothing waits.
 */
const JUDGING_HOLD = 'AGENTLS_TEST_HOLD_GLOB_JUDGING';

/**
 * For tests of the budget of the look on disk for a dead glob's ignored files
 * (`AGENTLS_TEST_DISK_LOOK_FILES=N`): N files instead of `DISK_LOOK_FILES`. Unset, the real one.
 */
const DISK_LOOK_LIMIT = 'AGENTLS_TEST_DISK_LOOK_FILES';

/** Folders the file index never holds (it always leaves them out). */
const NEVER_INDEXED = /(^|\/)(\.git|node_modules)(\/|$)/;

/**
 * One `GlobReach` per workspace folder, filled from the file index (the `fileSearch`
 * service: never a walk of its own) and kept current from the change stream. Until the
 * index has answered for a folder and the globs followed then are judged, its globs are
 * neither dead nor alive (no finding).
 */
export class ReachByRoot {
  private readonly reaches = new Map<string, GlobReach>();
  private readonly loading = new Map<string, Promise<void>>();
  /** The last judging of each folder's globs started, while it runs: it judges every glob added before it began. */
  private readonly judgingNow = new Map<string, Promise<number>>();
  /** The globs last asked for in each folder whose reach is not loaded yet: judged by the load, before the reach is given out. */
  private readonly wanted = new Map<string, { glob: string; dialect: GlobDialect }[]>();
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly ctx: ServerContext,
    /** Called with the folder and the glob keys whose dead/broad status changed (or all, after a load). */
    private readonly onChanged: (root: string) => void,
    /** Called with the folder when globs were judged for an open document's answer: the closed files using them are due again. */
    private readonly onJudgedForOpen: (root: string) => void,
  ) {
    const fromChanges = ctx.session.changes.onChanges((batch) => void this.apply(batch));
    const fromExcludes = ctx.session.onExcludesChanged(() => {
      for (const root of this.reaches.keys()) this.ignoreRulesChanged(root);
    });
    this.unsubscribe = () => {
      fromChanges();
      fromExcludes();
    };
    ctx.onRootsChanged((_added, removed) => {
      for (const r of removed) {
        this.reaches.delete(r);
        this.wanted.delete(r);
      }
    });
  }

  /** The folder's reach when the index has answered; starts loading it otherwise. */
  get(root: string): GlobReach | undefined {
    const reach = this.reaches.get(root);
    if (reach) return reach;
    if (!this.loading.has(root)) this.loading.set(root, this.load(root));
    return undefined;
  }

  /** Loads (or reloads) a folder's paths from the index. */
  private async load(root: string): Promise<void> {
    try {
      const service = this.ctx.services.fileSearch;
      const paths = service ? await service.paths(root) : undefined;
      if (!paths) return;
      const loaded = this.reaches.get(root);
      const reach = loaded ?? new GlobReach();
      // Nothing waits for the reach: it steps aside while requests are answered.
      await reach.setPathsInSlices(paths, new TimeSlicer(undefined, yieldToRequests));
      // What the ignore files leave out is judged before the first findings, so a glob into an ignored folder is never first called dead.
      reach.forgetIgnored();
      // The globs asked for while it loaded too: judging one may list a large folder on disk (`judgeIgnoredGlobs`), for
      // seconds while the first index completes, and an open document's diagnosis given the reach would wait for that.
      // Until they are judged the reach is not given out, and a diagnosis says nothing of any glob, as before it loaded.
      if (!loaded) reach.setGlobs(this.wanted.get(root) ?? []);
      await this.judgeGlobs(root, reach);
      this.reaches.set(root, reach);
      // Those asked for during the judging are followed from now on (`follow` judges new globs).
      this.wanted.delete(root);
      this.onChanged(root);
    } catch (err) {
      this.ctx.log.warn(`rules in context: the file index did not answer for ${root}: ${(err as Error).message}`);
    } finally {
      this.loading.delete(root);
    }
  }

  private reload(root: string): void {
    if (!this.loading.has(root) && this.reaches.has(root)) this.loading.set(root, this.load(root));
  }

  /** Follows the globs an agent uses in a folder (new ones are evaluated at once). */
  follow(root: string, globs: { glob: string; dialect: GlobDialect }[]): GlobReach | undefined {
    const reach = this.withGlobs(root, globs);
    if (reach?.added) this.judgeIgnored(root, reach.reach);
    return reach?.reach;
  }

  /**
   * `follow`, for an open document's findings: a new glob (one just typed) is judged against
   * the ignore files before the answer, so the buffer's first publish with it already says
   * whether it is dead or aims into an ignored folder (not without it, then with it).
   */
  async followJudged(root: string, globs: { glob: string; dialect: GlobDialect }[]): Promise<GlobReach | undefined> {
    const reach = this.withGlobs(root, globs);
    // The globs of every agent are judged here, not the document's alone: a closed file
    // sharing one had it unjudged (no finding), and `judgeIgnored` finds nothing left to judge.
    if (reach?.added && (await this.judging(root, reach.reach)) > 0 && this.reaches.get(root) === reach.reach) this.onJudgedForOpen(root);
    // Another open document's diagnosis added a glob of this one's (one edit given to both)
    // and is judging it: this answer waits for it too, else it would go without the glob's
    // finding until this document's next diagnosis (`onJudgedForOpen` leaves open ones alone).
    else if (reach) await this.judgingNow.get(root);
    return reach?.reach;
  }

  /** The folder's reach with these globs, and whether any is new; undefined while the index has not answered. */
  private withGlobs(root: string, globs: { glob: string; dialect: GlobDialect }[]): { reach: GlobReach; added: boolean } | undefined {
    // No glob, no need for the index's paths.
    if (globs.length === 0 && !this.reaches.has(root)) return undefined;
    const reach = this.get(root);
    if (!reach) this.wanted.set(root, globs);
    return reach && { reach, added: reach.setGlobs(globs).length > 0 };
  }

  /**
   * New globs are judged against the ignore files (a few folders' ignore files, read
   * once); a dead glob is reported only once judged, so the findings are redone then.
   */
  private judgeIgnored(root: string, reach: GlobReach): void {
    void this.judging(root, reach).then((judged) => {
      if (judged > 0 && this.reaches.get(root) === reach) this.onChanged(root);
    });
  }

  /** How many globs were judged; none when the ignore files cannot be read (said in the log). */
  private judging(root: string, reach: GlobReach): Promise<number> {
    const run = this.judgeNow(root, reach);
    this.judgingNow.set(root, run);
    void run.finally(() => {
      if (this.judgingNow.get(root) === run) this.judgingNow.delete(root);
    });
    return run;
  }

  private async judgeNow(root: string, reach: GlobReach): Promise<number> {
    try {
      return await this.judgeGlobs(root, reach);
    } catch (err) {
      this.ctx.log.warn(`rules in context: the ignore files of ${root} could not be read: ${(err as Error).message}`);
      return 0;
    }
  }

  /** `judgeIgnoredGlobs` over the folder's ignore files and the disk. */
  private async judgeGlobs(root: string, reach: GlobReach): Promise<number> {
    if (reach.unjudgedIgnoreKeys().length) await testHold(JUDGING_HOLD, `the judging of the globs of ${root}`, (line) => this.ctx.log.info(line));
    // The budget is the reach's (`judgeIgnoredGlobs`): every judgement, the background's and an open document's, spends from it until the index reloads or the ignore rules change.
    const walked = (base: string) => this.ctx.log.debug(`rules in context: listing ${base === '' ? 'the whole folder' : `${base}/`} of ${root} on disk for ignored files a dead glob may match`);
    return judgeIgnoredGlobs(reach, this.ctx.session.ignoreFor(root), this.ctx.session.diskFs, walked, testLimit(DISK_LOOK_LIMIT) ?? DISK_LOOK_FILES);
  }

  /**
   * What is ignored changed (an ignore file, `search.exclude`): the globs are judged again,
   * and the index's files asked for now and once the index has walked again (a folder no
   * longer ignored brings its files); each load judges anew.
   */
  private ignoreRulesChanged(root: string): void {
    const reach = this.reaches.get(root);
    if (!reach) return;
    reach.forgetIgnored();
    this.judgeIgnored(root, reach);
    this.reload(root);
    const again = setTimeout(() => this.reload(root), FOLDER_SETTLE_MS);
    again.unref?.();
  }

  private async apply(batch: FileChange[]): Promise<void> {
    const touched = new Set<string>();
    // Once per folder however many of its ignore files a batch holds (a checkout changes several).
    const rejudged = new Set<string>();
    for (const change of batch) {
      for (const [root, reach] of this.reaches) {
        const rel = relativeInside(root, change.path);
        if (rel && changesIgnoreRules(rel) && !rejudged.has(root)) {
          rejudged.add(root);
          this.ignoreRulesChanged(root);
        }
        if (!rel || NEVER_INDEXED.test(rel)) continue;
        let flipped: string[] = [];
        if (change.type === 'deleted') flipped = reach.removed(rel);
        else if (change.type === 'created' || change.type === 'changed') {
          const st = await this.ctx.session.diskFs.stat(change.path);
          // A folder's "changed" says nothing of what it holds (the index lists it afresh): read as a folder moved in.
          if (change.type === 'changed' && st?.kind !== 'directory') continue;
          if (st?.kind === 'directory') {
            // A folder moved in: its files come from the index once it has walked it, which it
            // does on the same event without telling when it is done; ask now and once more later.
            this.reload(root);
            const again = setTimeout(() => this.reload(root), FOLDER_SETTLE_MS);
            again.unref?.();
            continue;
          }
          if (st?.kind !== 'file' || (await this.ctx.session.ignoreFor(root).check(rel, false))) continue;
          flipped = reach.added(rel);
        }
        if (flipped.length) touched.add(root);
      }
    }
    // A glob whose ignored witness went is looked for on disk again before its findings are redone.
    for (const root of touched) {
      const reach = this.reaches.get(root);
      if (reach && reach.unjudgedIgnoreKeys().length) await this.judging(root, reach);
      this.onChanged(root);
    }
  }

  dispose(): void {
    this.unsubscribe?.();
  }
}
