import * as path from 'node:path';
import { throwIfCancelled, yieldToEventLoop, type Cancellation } from '../core/cancel';
import type { Finding } from '../core/findings';
import { diskRangeOf, editorView, ZERO_RANGE } from '../core/text';
import type { FileSystem } from '../workspace/fs';
import type { LintNotes, LintScope, WorkspaceLinter } from '../workspace/linter';
import type { WorkspaceSession } from '../workspace/session';
import { analyzePatch } from './analysis';
import { workspaceHost } from './host';
import { CODE_DESCRIPTIONS, lintPatch } from './lint';
import { MAX_PATCH_BYTES } from './plan';

/**
 * `agentls check` for hashline patches: every `hashline/…` finding of the `*.hashline`
 * files of the workspace, or of the given files when they are patches (by name or by a
 * first `§PATH` line), checked against the files as they are on disk.
 */
export const hashlineLinter: WorkspaceLinter = {
  id: 'hashline',
  describe: (code) => CODE_DESCRIPTIONS[code],
  codes: Object.keys(CODE_DESCRIPTIONS),
  async lint(session: WorkspaceSession, fs: FileSystem, scope: LintScope, cancel: Cancellation, notes?: LintNotes): Promise<Map<string, Finding[]>> {
    const out = new Map<string, Finding[]>();
    // Named files are read to see whether they are patches; otherwise `*.hashline` files only.
    const candidates = scope.named ? scope.files : scope.files.filter((f) => f.toLowerCase().endsWith('.hashline'));
    for (const [i, file] of candidates.entries()) {
      throwIfCancelled(cancel);
      if (i % 16 === 15) await yieldToEventLoop();
      const read = await fs.readText(file, { maxBytes: MAX_PATCH_BYTES });
      if (!read.ok) {
        // A patch by its name that cannot be read as text: `hashline apply` refuses it (not UTF-8 or binary: exit 19; too large: 10), and the check must not pass it as clean.
        if (file.toLowerCase().endsWith('.hashline') && read.reason !== 'not-found') {
          notes?.judged?.(file, 'patch');
          out.set(file, [unreadablePatch(read.message)]);
        }
        continue;
      }
      if (session.classify(file, read.text).kind !== 'hashline') continue;
      notes?.judged?.(file, 'patch');
      const base = session.rootOf(file) ?? path.dirname(file);
      const analysis = await analyzePatch(read.text, workspaceHost({ session, fs, base, options: session.settings.hashline }), cancel);
      // A patch is read without its BOM (`hashline.md` §4), so its findings address the text
      // as an editor holds it; a linter's address the file as read, as the others' do.
      const bom = editorView(read.text).bom;
      const findings = lintPatch(analysis).findings.map((f) => ({ ...f, range: diskRangeOf(f.range, bom) }));
      if (findings.length) out.set(file, findings);
    }
    return out;
  },
};

function unreadablePatch(why: string): Finding {
  return { code: 'hashline/input-error', severity: 'error', message: `The patch cannot be read as text (${why}): hashline apply refuses it, and agentls has not checked its sections.`, range: ZERO_RANGE };
}
