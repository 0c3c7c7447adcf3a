import * as fs from 'node:fs';
import type { Cancellation } from '../core/cancel';
import { yieldToRequests } from '../core/foreground';
import type { ChangeType } from './changes';
import { entryChanges, listFolder, SCAN_SLICE_MS, scanFolders, type FolderState } from './folderScan';
import type { IgnoreRules } from './ignore';
import { joinRelative } from './paths';

/** Receives a change found by comparing folders (absolute path). */
export type FolderChangeSink = (path: string, type: ChangeType, isDir: boolean) => void;

/** Folder times are coarse (a clock tick): a folder changed this close to its listing is listed again. */
const TIME_SLACK_MS = 50;

export interface ReconcileReport {
  checked: number;
  /** Folders listed again (changed since their listing). */
  relisted: number;
  ms: number;
}

/**
 * Finds what changed under a root without a watcher's events, from folder times: each
 * known folder is `stat`ed, and only those changed since they were listed are listed again and
 * compared entry by entry (new files created, vanished ones deleted, new folders listed
 * whole). The cheap half of watching where no watch covers a folder, and the check that
 * closes the gap between listing a folder and watching it.
 */
export class FolderReconciler {
  constructor(
    readonly root: string,
    private readonly ignore: IgnoreRules,
    /** The known folders (relative), updated as changes are found. */
    readonly folders: Map<string, FolderState>,
    private readonly emit: FolderChangeSink,
  ) {}

  /**
   * Checks the given folders (default all). With `changedSince`, a folder whose time is
   * at or after it is listed again even when its time did not move, and every file in
   * it is reported as changed: it may have changed before anyone watched it.
   */
  async check(rels: Iterable<string> = [...this.folders.keys()], options: { changedSince?: number; cancel?: Cancellation } = {}): Promise<ReconcileReport> {
    const t0 = performance.now();
    const report: ReconcileReport = { checked: 0, relisted: 0, ms: 0 };
    let slice = performance.now();
    for (const rel of [...rels]) {
      if (options.cancel?.isCancellationRequested) break;
      const known = this.folders.get(rel);
      if (!known) continue;
      report.checked++;
      let mtimeMs: number | undefined;
      try {
        // Synchronous, a slice at a time, for the reason the scan's reads are (`scanFolders`).
        mtimeMs = fs.statSync(joinRelative(this.root, rel)).mtimeMs;
      } catch {
        mtimeMs = undefined;
      }
      const since = options.changedSince;
      const suspect = since !== undefined && mtimeMs !== undefined && mtimeMs >= since - TIME_SLACK_MS;
      if (mtimeMs === undefined || mtimeMs >= known.listedAt - TIME_SLACK_MS || suspect) {
        report.relisted++;
        await this.relist(rel, known, suspect);
      }
      if (performance.now() - slice >= SCAN_SLICE_MS) {
        await yieldToRequests();
        slice = performance.now();
      }
    }
    report.ms = performance.now() - t0;
    return report;
  }

  private async relist(rel: string, known: FolderState, reportAll: boolean): Promise<void> {
    const read = await listFolder(this.root, rel, this.ignore);
    if (!read) {
      if (this.folders.has(rel)) this.dropFolder(rel, true);
      return;
    }
    this.folders.set(rel, read.state);
    const { added, removed } = entryChanges(known.entries, read.state.entries);
    const child = (name: string) => (rel === '' ? name : `${rel}/${name}`);
    for (const name of removed) {
      if (name.endsWith('/')) this.dropFolder(child(name.slice(0, -1)), true);
      else this.emit(joinRelative(this.root, child(name)), 'deleted', false);
    }
    for (const name of added) {
      if (name.endsWith('/')) await this.addFolder(child(name.slice(0, -1)));
      else this.emit(joinRelative(this.root, child(name)), 'created', false);
    }
    if (!reportAll) return;
    // Files that were there at the listing may still be news to whoever listed the folder
    // before: 'changed' makes them known without cancelling a deletion that follows
    // (the change stream drops a 'created' followed by 'deleted' as if neither happened).
    const addedSet = new Set(added);
    for (const name of read.state.entries.split('\0')) {
      if (name !== '' && !name.endsWith('/') && !addedSet.has(name)) this.emit(joinRelative(this.root, child(name)), 'changed', false);
    }
  }

  /** A folder that appeared: reported (the index lists it) and learnt with everything below it. */
  async addFolder(rel: string): Promise<void> {
    this.emit(joinRelative(this.root, rel), 'created', true);
    const scan = await scanFolders(this.root, this.ignore, rel);
    for (const [r, state] of scan.folders) this.folders.set(r, state);
  }

  /**
   * A folder a watcher said is gone: forgotten with everything below it, and taken out of
   * its parent's listing (marked stale), so that a later check that finds it there again
   * reports it as new. Left known, a folder moved away and back before the check showed no
   * change, and what the deletion had taken out of the index never came back.
   */
  forgetFolder(rel: string): void {
    if (rel === '' || !this.folders.has(rel)) return;
    this.dropFolder(rel, false);
    const cut = rel.lastIndexOf('/');
    const parent = cut < 0 ? '' : rel.slice(0, cut);
    const known = this.folders.get(parent);
    if (!known) return;
    const name = `${rel.slice(cut + 1)}/`;
    this.folders.set(parent, { entries: known.entries.split('\0').filter((n) => n !== name).join('\0'), listedAt: 0 });
  }

  /** A folder that vanished: reported once, and forgotten with everything below it. */
  dropFolder(rel: string, report: boolean): void {
    if (report) this.emit(joinRelative(this.root, rel), 'deleted', true);
    this.folders.delete(rel);
    const prefix = rel === '' ? '' : rel + '/';
    for (const r of [...this.folders.keys()]) if (r.startsWith(prefix) && r !== rel) this.folders.delete(r);
  }
}
