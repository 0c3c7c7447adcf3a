import { afterRequestsAnswered } from '../../core/foreground';
import type { Feature } from '../feature';
import { RULES_SOURCE, type RulesState } from './state';

/**
 * Diagnostics of rule files (pushed for open and closed ones: shadowing is a
 * workspace-wide fact) and of `rule://` references in any Markdown.
 */
export function rulesDiagnosticsFeature(state: RulesState): Feature {
  return {
    id: RULES_SOURCE,
    keepsDiagnosticsWhenClosed: true,
    activate: (ctx) => state.activate(ctx),
    // Closed rule files are judged after the requests pending at start-up are answered (an open one's diagnostics start the engine at once).
    start: async () => {
      await afterRequestsAnswered();
      await state.start();
    },
    diagnose: (doc, token) => state.findingsForDocument(doc, token),
    onDocumentEvent(doc, event) {
      if (event === 'close') state.closed(doc);
      // Typed into a file of some import chain (a note a CLAUDE.local.md imports), or opened (its buffer is read now, not the disk): the open files whose verdicts read it.
      if ((event === 'change' || event === 'open') && doc.path) state.rediagnoseReaders(doc.path);
    },
    dispose: () => state.dispose(),
  };
}
