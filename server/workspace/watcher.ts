import * as fs from 'node:fs';
import * as path from 'node:path';
import { yieldToEventLoop, type Cancellation } from '../core/cancel';
import type { Logger } from '../core/log';
import type { ChangeType } from './changes';
import type { IgnoreRules } from './ignore';
import { changeLeftOut, ruleFolderHolderOf } from './keptRuleFolders';
import { joinRelative, relativeInside } from './paths';

export interface WatcherOptions {
  /** Receives every change under the watched folders, ignored paths already dropped. */
  onChange: (path: string, type: ChangeType) => void;
  log: Logger;
  /** Cap on folders watched across all roots (each is one inotify watch on Linux). */
  maxFolders?: number;
  /** Called once when the cap is first reached (default: a warning that the rest go unseen). */
  onCap?: (cap: number) => void;
  /** Hears of a folder (absolute) met after the cap was reached, which has no watch. */
  onUnwatched?: (abs: string) => void;
}

/** `fs.watch` calls between two yields to the event loop while installing. */
const INSTALL_SLICE = 200;

/**
 * The server's own file watcher, for clients that do not watch files for us (Neovim on
 * Linux sends no events). One non-recursive `fs.watch` per folder, so ignored folders
 * (`node_modules`, `.git`, `.gitignore`d output) cost nothing, and a cap keeps a huge tree
 * from exhausting the system's inotify watches. Events are reported as created, changed
 * or deleted by looking at the disk, since `fs.watch` only says "rename" or "change".
 */
export class FolderWatcher {
  private readonly watchers = new Map<string, fs.FSWatcher>();
  private readonly roots = new Map<string, IgnoreRules | undefined>();
  private warnedCap = false;
  private disposed = false;

  constructor(private readonly options: WatcherOptions) {}

  get watchedFolderCount(): number {
    return this.watchers.size;
  }

  /** Watches a root recursively (ignore rules apply), or a single folder when `ignore` is undefined. */
  async addRoot(root: string, ignore?: IgnoreRules): Promise<void> {
    this.roots.set(root, ignore);
    if (ignore) await this.watchTree(root, '', ignore);
    else this.watchFolder(root);
  }

  removeRoot(root: string): void {
    this.roots.delete(root);
    for (const [dir, w] of this.watchers) {
      if (dir === root || relativeInside(root, dir) !== undefined) {
        if ([...this.roots.keys()].some((r) => r !== root && relativeInside(r, dir) !== undefined)) continue;
        w.close();
        this.watchers.delete(dir);
      }
    }
  }

  /**
   * Watches the given folders of a root (relative paths, already known to be kept by
   * `ignore`), a slice at a time so requests are served meanwhile. Events under the root
   * are judged by `ignore`, as with `addRoot`. Returns how many are watched.
   */
  async watchFolders(root: string, ignore: IgnoreRules, rels: Iterable<string>, cancel?: Cancellation): Promise<number> {
    this.roots.set(root, ignore);
    let done = 0;
    for (const rel of rels) {
      if (this.disposed || cancel?.isCancellationRequested || !this.watchFolder(joinRelative(root, rel))) break;
      if (++done % INSTALL_SLICE === 0) await yieldToEventLoop();
    }
    return done;
  }

  /** Whether a folder (absolute) has its own watch. */
  isWatched(abs: string): boolean {
    return this.watchers.has(abs);
  }

  /** Watches every folder of a tree; `onFile` hears of each file found on the way. */
  private async watchTree(root: string, relDir: string, ignore: IgnoreRules, onFile?: (abs: string) => void): Promise<void> {
    const stack = [relDir];
    while (stack.length && !this.disposed) {
      const rel = stack.pop()!;
      const abs = joinRelative(root, rel);
      if (!this.watchFolder(abs)) {
        this.options.onUnwatched?.(abs);
        // Past the cap, a new folder's files are still reported; the rest of a first install is not walked.
        if (!onFile) return;
      }
      await ignore.load(rel);
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(abs, { withFileTypes: true });
      } catch {
        continue;
      }
      for (const e of entries) {
        const childRel = rel === '' ? e.name : `${rel}/${e.name}`;
        if (e.isDirectory() && (!ignore.isIgnored(childRel, true, true) || ruleFolderHolderOf(childRel) !== undefined)) stack.push(childRel);
        else if (e.isFile() && onFile && !ignore.isIgnored(childRel, false, true)) onFile(joinRelative(root, childRel));
      }
    }
  }

  /** Returns false when the cap is reached. */
  private watchFolder(abs: string): boolean {
    if (this.watchers.has(abs)) return true;
    const cap = this.options.maxFolders ?? 20_000;
    if (this.watchers.size >= cap) {
      if (!this.warnedCap) {
        this.warnedCap = true;
        if (this.options.onCap) this.options.onCap(cap);
        else this.options.log.warn(`file watcher: more than ${cap} folders; changes in the rest are not seen until a rebuild (agentls.index.rebuild)`);
      }
      return false;
    }
    try {
      const w = fs.watch(abs, { persistent: false }, (event, filename) => {
        if (filename) void this.onEvent(abs, filename.toString(), event);
      });
      w.on('error', () => {
        w.close();
        this.watchers.delete(abs);
      });
      this.watchers.set(abs, w);
      return true;
    } catch (err) {
      this.options.log.debug(`file watcher: cannot watch ${abs}: ${(err as Error).message}`);
      return false;
    }
  }

  private rootOf(abs: string): { root: string; rel: string; ignore: IgnoreRules | undefined } | undefined {
    let best: { root: string; rel: string; ignore: IgnoreRules | undefined } | undefined;
    for (const [root, ignore] of this.roots) {
      const rel = relativeInside(root, abs);
      if (rel !== undefined && (!best || root.length > best.root.length)) best = { root, rel, ignore };
    }
    return best;
  }

  private async onEvent(dir: string, name: string, event: string): Promise<void> {
    if (this.disposed) return;
    const abs = path.join(dir, name);
    const owner = this.rootOf(abs);
    if (!owner) return;
    let st: fs.Stats | undefined;
    try {
      st = await fs.promises.lstat(abs);
    } catch {
      st = undefined;
    }
    const isDir = st?.isDirectory() ?? this.watchers.has(abs);
    if (owner.ignore) {
      if (await changeLeftOut(owner.ignore, owner.rel, isDir)) return;
    } else if (owner.rel.includes('/')) return;
    if (!st) {
      if (this.watchers.has(abs)) {
        for (const [d, w] of this.watchers) {
          if (d === abs || relativeInside(abs, d) !== undefined) {
            w.close();
            this.watchers.delete(d);
          }
        }
      }
      this.options.onChange(abs, 'deleted');
      return;
    }
    if (st.isDirectory()) {
      if (owner.ignore && !this.watchers.has(abs)) {
        // A new folder: its files may have been written before we could watch it.
        await this.watchTree(owner.root, owner.rel, owner.ignore, (f) => this.options.onChange(f, 'created'));
      } else if (!owner.ignore && event === 'rename') {
        // A single watched folder reports a new subfolder itself (someone may be waiting for it).
        this.options.onChange(abs, 'created');
      }
      return;
    }
    // "rename" is a creation (the path exists now); "change" is new content.
    this.options.onChange(abs, event === 'change' ? 'changed' : 'created');
  }

  dispose(): void {
    this.disposed = true;
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
  }
}
