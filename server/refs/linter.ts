import * as path from 'node:path';
import { throwIfCancelled, yieldToEventLoop, type Cancellation } from '../core/cancel';
import type { Finding } from '../core/findings';
import { ZERO_RANGE } from '../core/text';
import { isMarkdownPath } from '../workspace/classify';
import type { FileSystem } from '../workspace/fs';
import type { LintNotes, LintScope, WorkspaceLinter } from '../workspace/linter';
import type { WorkspaceSession } from '../workspace/session';
import { MAX_PROMPT_DOCUMENT_CHARS, parsePromptDocument } from './document';
import { REF_CODES, lintPromptModel } from './lint';

/** A file worth reading: its name alone may make it a prompt, or its content might. */
function mayBePrompt(p: string): boolean {
  const lower = p.toLowerCase();
  return isMarkdownPath(p) || lower.endsWith('.json');
}

/** `agentls check` for prompt documents: every `ref/…` finding of the workspace (or of the given files). */
export const refsLinter: WorkspaceLinter = {
  id: 'refs',
  describe: (code) => REF_CODES[code]?.summary,
  codes: Object.keys(REF_CODES),
  async lint(session: WorkspaceSession, fs: FileSystem, scope: LintScope, cancel: Cancellation, notes?: LintNotes): Promise<Map<string, Finding[]>> {
    const out = new Map<string, Finding[]>();
    const candidates = scope.named ? scope.files : scope.files.filter(mayBePrompt);
    for (const [i, file] of candidates.entries()) {
      throwIfCancelled(cancel);
      if (i % 64 === 63) await yieldToEventLoop();
      const kind = session.classify(file);
      // Named prompts are read whatever their size; others only when small enough to be one. A Copilot prompt file's path
      // (`.github/prompts/*.prompt.md`) is also read whatever its size: whether it is an agentls prompt document is in its text.
      const read = await fs.readText(file, { maxBytes: kind.kind === 'prompt' || kind.kind === 'copilot-prompt' ? undefined : MAX_PROMPT_DOCUMENT_CHARS });
      if (!read.ok) {
        // A prompt by its name that cannot be read as text: a check that could not look must not pass as clean.
        if (kind.kind === 'prompt' && read.reason !== 'not-found') {
          notes?.judged?.(file, 'prompt');
          out.set(file, [unreadablePrompt(read.message)]);
        }
        continue;
      }
      const classified = session.classify(file, read.text);
      if (classified.kind !== 'prompt') continue;
      notes?.judged?.(file, 'prompt');
      const model = parsePromptDocument(read.text, classified.form);
      const env = { fs, root: session.rootOf(file) ?? path.dirname(file), allows: (p: string) => session.allows(p), maxEntriesResolved: Infinity };
      const issues = await lintPromptModel(model, env, cancel);
      if (issues.length) out.set(file, issues.map((x) => x.finding));
    }
    return out;
  },
};

function unreadablePrompt(why: string): Finding {
  return { code: 'ref/unreadable', severity: REF_CODES['ref/unreadable'].severity, message: `This prompt document cannot be read as text (${why}): agentls has not checked its file references.`, range: ZERO_RANGE };
}
