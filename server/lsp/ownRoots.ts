import * as path from 'node:path';
import type { Logger } from '../core/log';
import { findMarkedRoot, findProjectRoot } from '../workspace/projectRoot';
import { indexRefusal } from '../workspace/roots';
import type { WorkspaceSession } from '../workspace/session';

/** What the server does once a root is added: what workspace folder changes do (watch it, read its agentls.json, tell the features). */
export type AddRoot = (root: string) => Promise<void>;

/**
 * Roots for files the editor's folders do not serve. A lone file opened without any
 * workspace folder brings the project holding it: the nearest folder with a root marker,
 * as the CLI finds its root, else the file's folder (a rule file's own folder,
 * `.cursor/rules/`, is no project: no agent reads rules from there as a root). So does a
 * file under a folder agentls does not index (the home directory, the file system root),
 * when a project with a root marker holds it: Helix started in `~` names `~` for a file
 * whose language sets no `roots` (Markdown in `editors/helix/languages.toml`), and a rule
 * file under it was shown nothing at all. That root lies inside a folder the editor opened,
 * so confinement widens no further; the lone file's is the folder the CLI would check there.
 *
 * Documents opened while a root is being found are diagnosed once it is in place (the
 * caller asks `finding`), not before: without it a rule file would first be told that
 * nothing reads it. One file is looked at a time; files opened meanwhile follow.
 */
export class OwnRoots {
  private busy = false;
  private readonly waiting: string[] = [];
  /** Folders already looked at, so that a file no project holds is not looked at again. */
  private readonly tried = new Set<string>();
  /** Whether each workspace folder is one agentls refuses to index (`refused`). */
  private readonly refusals = new Map<string, boolean>();

  constructor(
    private readonly session: WorkspaceSession,
    private readonly addRoot: AddRoot,
    private readonly afterwards: () => void,
    private readonly log: Logger,
  ) {}

  /** Whether roots are being found: documents opened now are diagnosed afterwards. */
  get finding(): boolean {
    return this.busy;
  }

  /** A file was opened: finds its root when the editor's folders do not serve it. */
  opened(file: string): void {
    if (!this.needs(file) || this.tried.has(path.dirname(file))) return;
    this.waiting.push(file);
    if (!this.busy) void this.drain();
  }

  private needs(file: string): 'lone' | 'underRefused' | undefined {
    if (this.session.roots.folders.length === 0) return 'lone';
    const holder = this.session.roots.folderOf(file);
    return holder && this.refused(holder.path) ? 'underRefused' : undefined;
  }

  /** `indexRefusal` of a workspace folder, asked once per folder and home: it resolves both through their links, and this runs at each file opened. */
  private refused(folder: string): boolean {
    const key = `${folder}\0${this.session.home}`;
    let refused = this.refusals.get(key);
    if (refused === undefined) {
      refused = indexRefusal(folder, this.session.home) !== undefined;
      // The folders and homes a server meets are few; a bound keeps a client that adds folders without end from growing it.
      if (this.refusals.size >= 256) this.refusals.clear();
      this.refusals.set(key, refused);
    }
    return refused;
  }

  private async drain(): Promise<void> {
    this.busy = true;
    try {
      for (let file = this.waiting.shift(); file !== undefined; file = this.waiting.shift()) {
        const why = this.needs(file);
        const dir = path.dirname(file);
        if (!why || this.tried.has(dir)) continue;
        this.tried.add(dir);
        try {
          const root = why === 'lone' ? await findProjectRoot(dir, this.session.home) : await findMarkedRoot(dir, this.session.home);
          // Checked again after the wait: a folder may have come from the editor meanwhile.
          if (root !== undefined && this.needs(file) === why) await this.addRoot(root);
        } catch (err) {
          this.log.error(`the root of ${file} could not be set: ${(err as Error).stack ?? err}`);
        }
      }
    } finally {
      this.busy = false;
      this.afterwards();
    }
  }
}
