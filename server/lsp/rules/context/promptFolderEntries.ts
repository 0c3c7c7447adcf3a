import * as path from 'node:path';
import { specialPromptEntries } from '../../../rules/copilotPrompt/linter';
import type { FileSystem } from '../../../workspace/fs';
import { isInside } from '../../../workspace/paths';
import type { WorkspaceSession } from '../../../workspace/session';

/**
 * The named pipes, sockets and devices of Copilot's prompt folders (`specialPromptEntries`),
 * listed once and kept until a change in or above one of those folders, or of a
 * `.vscode/settings.json` (which names them), is heard: the findings of closed rule files are
 * published at each edit of a glob, and listing the prompt folders there was a disk listing on
 * a keystroke. Without a watcher nothing is heard, so they are listed each time.
 */
export class PromptFolderEntries {
  private known: Promise<string[]> | undefined;

  constructor(
    private readonly session: WorkspaceSession,
    private readonly fs: () => FileSystem,
  ) {
    session.changes.onChanges((batch) => {
      if (batch.some((c) => this.touches(c.path))) this.known = undefined;
    });
  }

  entries(): Promise<string[]> {
    if (this.session.settings.watcher === 'off') return specialPromptEntries(this.session, this.fs());
    const listing = (this.known ??= specialPromptEntries(this.session, this.fs()));
    // A failed listing is not kept: the next one tries again.
    listing.catch(() => {
      if (this.known === listing) this.known = undefined;
    });
    return listing;
  }

  private touches(p: string): boolean {
    if (path.basename(p) === 'settings.json' && path.basename(path.dirname(p)) === '.vscode') return true;
    return this.session.copilotPromptDirs().some((dir) => p === dir || path.dirname(p) === dir || isInside(p, dir));
  }
}
