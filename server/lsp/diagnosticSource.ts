import type { Cancellation } from '../core/cancel';
import type { Finding } from '../core/findings';
import type { OpenDocument } from './documents';

/**
 * The part of a feature the diagnostics hub calls. It sits below both the hub and
 * `Feature` so that neither imports the other.
 */
export interface DiagnosticSource {
  readonly id: string;
  /** Keep this source's diagnostics of a document after the editor closes it (workspace-wide facts). */
  readonly keepsDiagnosticsWhenClosed?: boolean;
  /** Findings for an open document; called (debounced) after each change. */
  diagnose?(doc: OpenDocument, token: Cancellation): Promise<Finding[] | undefined> | Finding[] | undefined;
}
