import {
  DidChangeWatchedFilesNotification,
  FileChangeType,
  type Connection,
  type FileSystemWatcher,
} from 'vscode-languageserver/node';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { WatchingStatus } from '../../protocol/methods';
import type { Logger } from '../core/log';
import { isRecord, type Settings } from '../core/settings';
import type { ChangeType } from '../workspace/changes';
import { whereLinkedPlaceGoes } from '../workspace/links';
import { isInside, uriToPath } from '../workspace/paths';
import { indexRefusal } from '../workspace/roots';
import { clineDocumentsFolder, clineGlobalRuleAreas } from '../workspace/ruleLocations';
import type { WorkspaceSession } from '../workspace/session';
import { TreeWatcher } from '../workspace/treeWatcher';
import { FolderWatcher } from '../workspace/watcher';
import type { ClientFeatures } from './clientFeatures';
import { CLIENT_ANSWER_WAIT_MS } from './clientAnswers';
import { within } from '../core/within';

const TYPES: Record<number, ChangeType> = {
  [FileChangeType.Created]: 'created',
  [FileChangeType.Changed]: 'changed',
  [FileChangeType.Deleted]: 'deleted',
};

/**
 * Where file changes come from. The client's watcher when it lets us register one
 * dynamically (setting `watcher: auto` or `client`), otherwise the server's own.
 * Either way every event lands in the session's one change stream, ignore rules applied.
 * The server's own watching of the roots is installed in the background (`TreeWatcher`):
 * start-up, and every request, never waits for it; `status()` says how far it is.
 * The user-level rule folders (outside the roots) are always watched by the server:
 * they are a handful of folders and not every client can watch outside its workspace.
 */
export class Watching {
  private own: Map<string, TreeWatcher> | undefined;
  private toldFallback = false;
  private homeWatcher: FolderWatcher | undefined;
  private registration: { dispose(): void } | undefined;
  private disposed = false;
  mode: 'client' | 'server' | 'off' = 'off';

  constructor(
    private readonly connection: Connection,
    private readonly client: ClientFeatures,
    private readonly session: WorkspaceSession,
    private readonly log: Logger,
  ) {
    connection.onDidChangeWatchedFiles((params) => {
      const changes: unknown = params?.changes;
      if (!Array.isArray(changes)) return this.log.error('workspace/didChangeWatchedFiles dropped: changes: expected an array');
      // A malformed change is skipped alone: the others are real changes the index must not miss.
      const skipped: string[] = [];
      changes.forEach((change: unknown, i) => {
        if (!isRecord(change)) skipped.push(`changes[${i}]: expected an object`);
        else if (typeof change.uri !== 'string') skipped.push(`changes[${i}].uri: expected a string`);
        else {
          const p = uriToPath(change.uri);
          const type = TYPES[change.type as number];
          if (p && type) void this.session.reportChange(p, type);
        }
      });
      if (skipped.length > 0) this.log.error(`workspace/didChangeWatchedFiles: skipped ${skipped.length} of ${changes.length} changes: ${skipped.slice(0, 3).join('; ')}`);
    });
  }

  async start(): Promise<void> {
    const setting = this.session.settings.watcher;
    if (setting === 'off') {
      this.mode = 'off';
      return;
    }
    if (setting !== 'server' && this.client.watchedFilesDynamic) {
      this.mode = 'client';
      const watchers: FileSystemWatcher[] = [{ globPattern: '**/*' }];
      const registered = this.connection.client.register(DidChangeWatchedFilesNotification.type, { watchers }).then(
        (registration) => {
          if (this.disposed) registration.dispose();
          else this.registration = registration;
        },
        (err: unknown) => {
          if (this.disposed) return;
          this.log.warn(`could not register file watching with the client (${(err as Error)?.message ?? err}); using the server's watcher`);
          this.watchRootsOurselves();
        },
      );
      // Features start once the client watches, so that no change falls between their first
      // reads and its watch; but a client that never answers must not hold them for good.
      if (!(await within(registered, CLIENT_ANSWER_WAIT_MS))) {
        this.log.warn(`the client has not answered the registration of file watching in ${CLIENT_ANSWER_WAIT_MS / 1000} s; starting without it (changes are heard once it answers, or the server watches if it refuses)`);
      }
    } else {
      this.watchRootsOurselves();
    }
    await this.watchUserRuleAreas();
  }

  private watchRootsOurselves(): void {
    this.mode = 'server';
    this.own ??= new Map();
    for (const root of this.session.roots.paths) this.addRoot(root);
  }

  /** Starts watching a root in the background (returns at once). */
  addRoot(root: string): void {
    if (!this.own || this.own.has(root)) return;
    const refusal = indexRefusal(root, this.session.home);
    if (refusal) {
      this.log.warn(`not watching: ${refusal}`);
      return;
    }
    const tree = new TreeWatcher({
      root,
      ignore: () => this.session.ignoreFor(root),
      onChange: (p, t, isDir) => void this.session.reportChange(p, t, isDir),
      onFallback: (reason) => this.tellFallback(reason),
      log: this.log,
    });
    this.own.set(root, tree);
    void tree.start().then(() => {
      const s = tree.status();
      if (s.state === 'watching') this.log.info(`file watcher: ${s.folders} folders of ${root} watched (${s.backend}) after ${s.coveredMs} ms`);
    });
  }

  removeRoot(root: string): void {
    this.own?.get(root)?.dispose();
    this.own?.delete(root);
  }

  /** Said once per session, whatever the number of roots. */
  private tellFallback(reason: string): void {
    if (this.toldFallback) return;
    this.toldFallback = true;
    this.log.warn(`file watcher: ${reason}; watching with fs.watch (up to 20000 folders) and checking folder times for the rest every few seconds`);
  }

  /** How far watching is, for `agentls/status`. */
  status(): WatchingStatus {
    if (this.mode !== 'server' || !this.own) return { state: this.mode === 'server' ? 'starting' : this.mode, folders: 0, watched: 0, roots: [] };
    const roots = [...this.own.values()].map((t) => t.status());
    const backends = new Set(roots.map((r) => r.backend).filter((b) => b !== undefined));
    const covered = roots.map((r) => r.coveredMs ?? 0);
    return {
      state: roots.some((r) => r.state === 'starting') ? 'starting' : 'watching',
      backend: backends.size === 0 ? undefined : backends.has('fs.watch') ? 'fs.watch' : 'native',
      folders: roots.reduce((n, r) => n + r.folders, 0),
      watched: roots.reduce((n, r) => n + r.watched, 0),
      coveredMs: roots.length && roots.every((r) => r.coveredMs !== undefined) ? Math.max(...covered) : undefined,
      roots,
    };
  }

  /** Another home or profile moves the user-level rule folders; other excludes change what is watched. */
  async onSettingsChanged(next: Settings, previous: Settings): Promise<void> {
    // Who watches is settled with the client at start (its registration of watched files): said, not changed in silence.
    if (next.watcher !== previous.watcher) this.log.warn(`watcher: ${next.watcher} takes effect at the next start of the server; until then file changes come as before (${previous.watcher})`);
    if (JSON.stringify(next.search.exclude) !== JSON.stringify(previous.search.exclude) && this.own) {
      for (const root of [...this.own.keys()]) {
        this.removeRoot(root);
        this.addRoot(root);
      }
    }
    if (next.home !== previous.home || next.rules.profile !== previous.rules.profile) await this.watchUserRuleAreas();
  }

  /**
   * Re-targets the user-level rule folders (after `agentls.home` changed). A folder that
   * does not exist yet is waited for: its nearest existing parent under the home is
   * watched, and when something appears there the folders are re-targeted and the rule
   * files already in a new folder are reported as created.
   */
  async watchUserRuleAreas(): Promise<void> {
    this.homeWatcher?.dispose();
    if (this.mode === 'off') return;
    const home = this.session.home;
    const folders = this.session.userRuleAreas().map((area) => (area.endsWith('.md') ? path.dirname(area) : area));
    const missing = folders.filter((f) => !isDirectory(f));
    // For each missing folder: the existing parent watched, and the entry whose creation moves it closer.
    const waitingOn = new Set<string>();
    const nextSteps = new Set<string>();
    const waitFor = (parent: string | undefined, place: string) => {
      if (!parent) return;
      waitingOn.add(parent);
      nextSteps.add(path.join(parent, path.relative(parent, place).split(path.sep)[0]));
    };
    for (const folder of missing) {
      waitFor(nearestExistingFolder(folder, home), folder);
      // A link on the way that leads to nothing (`~/.claude/rules → /nowhere`): the folder is made
      // where the link leads, wherever that is, and no event comes at the link then. The nearest
      // folder above that place is watched for the one entry on the way to it (one folder, not
      // its tree; its other entries are none of ours, and nothing there is opened).
      const linked = whereLinkedPlaceGoes(home, folder);
      if (linked !== undefined) waitFor(nearestExistingFolder(linked), linked);
    }
    // Cline reads `~/Cline/Rules` only where there is no `~/Documents` (`clineGlobalRuleFolders`):
    // its coming or going moves Cline's global rules, so the home folder itself (one folder,
    // not its tree) is watched for that one entry; its other entries are none of ours.
    const documents = clineDocumentsFolder(home);
    // Only its coming or going counts: a change inside it (a time, an attribute) moves nothing.
    const documentsThere = isDirectory(documents);
    if (isDirectory(home)) waitingOn.add(home);
    this.homeWatcher = new FolderWatcher({
      onChange: (p, t) => {
        if (p === documents) {
          if (isDirectory(documents) !== documentsThere) void this.documentsCameOrWent(missing);
        } else if (nextSteps.has(p)) void this.userRuleFolderAppeared(missing);
        else if (!waitingOn.has(path.dirname(p))) void this.session.reportChange(p, t);
      },
      log: this.log,
    });
    for (const folder of folders) if (!missing.includes(folder)) await this.homeWatcher.addRoot(folder);
    for (const parent of waitingOn) await this.homeWatcher.addRoot(parent);
    this.log.debug(`user-level rule folders: ${folders.length - missing.length} watched; waiting for the others in ${[...waitingOn].join(', ') || 'none'}`);
  }

  /**
   * `~/Documents` made or removed: the folders are re-targeted, and Cline's global folders
   * are reported as changed, which lists the rule folders again (they are among what the
   * listing depends on: `discovery.structural`), whichever of them Cline reads now.
   */
  private async documentsCameOrWent(missing: readonly string[]): Promise<void> {
    await this.userRuleFolderAppeared(missing);
    for (const folder of clineGlobalRuleAreas(this.session.home)) void this.session.reportChange(folder, isDirectory(folder) ? 'created' : 'deleted');
  }

  private async userRuleFolderAppeared(missing: readonly string[]): Promise<void> {
    // A folder reached through a link that led nowhere has a real path now: the reader may go there.
    this.session.userRuleAreasMoved();
    await this.watchUserRuleAreas();
    for (const folder of missing) {
      if (!isDirectory(folder)) continue;
      // The folder itself too: the rules engine lists its agent's folders again, and what it said of a link to nothing there goes.
      void this.session.reportChange(folder, 'created', true);
      for (const name of fs.readdirSync(folder)) void this.session.reportChange(path.join(folder, name), 'created');
    }
  }

  dispose(): void {
    this.disposed = true;
    this.registration?.dispose();
    for (const tree of this.own?.values() ?? []) tree.dispose();
    this.homeWatcher?.dispose();
  }
}

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** The closest existing ancestor of `p` that lies in `within` (or is it), when given; undefined outside it. */
function nearestExistingFolder(p: string, within?: string): string | undefined {
  for (let dir = path.dirname(p); ; dir = path.dirname(dir)) {
    if (within !== undefined && !isInside(within, dir)) return undefined;
    if (isDirectory(dir)) return dir;
    if (dir === within || path.dirname(dir) === dir) return undefined;
  }
}
