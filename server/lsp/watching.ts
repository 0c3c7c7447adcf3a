import {
  DidChangeWatchedFilesNotification,
  FileChangeType,
  type Connection,
  type FileSystemWatcher,
} from 'vscode-languageserver/node';
import type { Logger } from '../core/log';
import type { ChangeType } from '../workspace/changes';
import * as path from 'node:path';
import { uriToPath } from '../workspace/paths';
import { indexRefusal } from '../workspace/roots';
import type { WorkspaceSession } from '../workspace/session';
import { FolderWatcher } from '../workspace/watcher';
import type { ClientFeatures } from './clientFeatures';

const TYPES: Record<number, ChangeType> = {
  [FileChangeType.Created]: 'created',
  [FileChangeType.Changed]: 'changed',
  [FileChangeType.Deleted]: 'deleted',
};

/**
 * Where file changes come from. The client's watcher when it lets us register one
 * dynamically (setting `watcher: auto` or `client`), otherwise the server's own.
 * Either way every event lands in the session's one change stream, ignore rules applied.
 * The user-level rule folders (outside the roots) are always watched by the server:
 * they are a handful of folders and not every client can watch outside its workspace.
 */
export class Watching {
  private own: FolderWatcher | undefined;
  private homeWatcher: FolderWatcher | undefined;
  private registration: { dispose(): void } | undefined;
  mode: 'client' | 'server' | 'off' = 'off';

  constructor(
    private readonly connection: Connection,
    private readonly client: ClientFeatures,
    private readonly session: WorkspaceSession,
    private readonly log: Logger,
  ) {
    connection.onDidChangeWatchedFiles((params) => {
      for (const change of params.changes ?? []) {
        const p = uriToPath(change.uri);
        const type = TYPES[change.type];
        if (p && type) void this.session.reportChange(p, type);
      }
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
      try {
        this.registration = await this.connection.client.register(DidChangeWatchedFilesNotification.type, { watchers });
      } catch (err) {
        this.log.warn(`could not register file watching with the client (${(err as Error).message}); using the server's watcher`);
        this.mode = 'server';
      }
    } else {
      this.mode = 'server';
    }
    if (this.mode === 'server') {
      this.own = new FolderWatcher({ onChange: (p, t) => void this.session.reportChange(p, t), log: this.log });
      for (const root of this.session.roots.paths) await this.addRoot(root);
    }
    await this.watchUserRuleAreas();
  }

  async addRoot(root: string): Promise<void> {
    if (!this.own) return;
    const refusal = indexRefusal(root, this.session.home);
    if (refusal) {
      this.log.warn(`not watching: ${refusal}`);
      return;
    }
    await this.own.addRoot(root, this.session.ignoreFor(root));
  }

  removeRoot(root: string): void {
    this.own?.removeRoot(root);
  }

  /** Re-targets the user-level rule folders (after `agentls.home` changed). */
  async watchUserRuleAreas(): Promise<void> {
    this.homeWatcher?.dispose();
    if (this.mode === 'off') return;
    this.homeWatcher = new FolderWatcher({ onChange: (p, t) => void this.session.reportChange(p, t), log: this.log });
    for (const area of this.session.userRuleAreas()) {
      // A rule area is a folder (watched) or a single file (its folder is watched, other names ignored).
      await this.homeWatcher.addRoot(area.endsWith('.md') ? path.dirname(area) : area);
    }
  }

  dispose(): void {
    this.registration?.dispose();
    this.own?.dispose();
    this.homeWatcher?.dispose();
  }
}
