import type { Cancellation } from '../core/cancel';
import type { Finding } from '../core/findings';
import type { FileSystem } from './fs';
import type { WorkspaceSession } from './session';

/**
 * A domain's batch linter, for `agentls check`: every finding of its documents in the
 * workspace (or only in `files`, absolute paths, when given). The CLI runs all of them
 * over one session; the language server runs the same engines per document.
 */
export interface WorkspaceLinter {
  id: string;
  lint(session: WorkspaceSession, fs: FileSystem, files: readonly string[] | undefined, cancel: Cancellation): Promise<Map<string, Finding[]>>;
  /** A one-line description of a code, for SARIF's rule list. */
  describe?(code: string): string | undefined;
}
