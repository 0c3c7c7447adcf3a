import { MarkupKind, type Hover } from 'vscode-languageserver/node';
import { promptFileMarkdown, promptKeyMarkdown } from '../../rules/copilotPrompt/describe';
import { copilotPromptFindings, promptAnalysis } from '../../rules/copilotPrompt/lint';
import { RuleLocator } from '../../rules/lint/locate';
import { refAt } from '../../rules/ruleRefs';
import type { OpenDocument } from '../documents';
import type { Feature } from '../feature';
import { markdownToPlainText } from '../plainText';
import { keyOrValueAt } from './hover';
import type { RulesState } from './state';

/**
 * GitHub Copilot prompt files (`.github/prompts/*.prompt.md`, `classify.ts`): their findings,
 * the hover of their first line (a slash command run on demand, not a rule) and of their
 * keys. Listed before the rules-in-context feature, whose "N rules apply" would otherwise
 * answer on the first line. Completion of their keys and values is the rules completion's
 * (`completion.ts`, with `rules/copilotPrompt/complete.ts`).
 */
export function copilotPromptFeature(state: RulesState): Feature {
  const isPrompt = (doc: OpenDocument): doc is OpenDocument & { path: string } => doc.kind.kind === 'copilot-prompt' && doc.path !== undefined;
  // Documents given findings as prompt files: one that stops being one (its folder turned off in
  // `.vscode/settings.json`, `workspace/copilotLocations.ts`) gets none once, or the diagnostics
  // keep what this feature said last (an undefined answer leaves them as they were).
  const judged = new Set<string>();
  return {
    id: 'copilot-prompt',
    diagnose(doc) {
      if (isPrompt(doc)) {
        judged.add(doc.uri);
        return copilotPromptFindings(doc.path, doc.text);
      }
      return judged.delete(doc.uri) ? [] : undefined;
    },
    onDocumentEvent(doc, event) {
      if (event === 'close') judged.delete(doc.uri);
    },
    hover(doc, params) {
      if (!isPrompt(doc)) return undefined;
      // `rule://NAME` keeps the rules hover.
      if (refAt(doc.text, doc.lines.offsetAt(params.position))) return undefined;
      const wrap = (markdown: string, range: Hover['range']): Hover => ({
        contents: state.context.client.markdownHover ? { kind: MarkupKind.Markdown, value: markdown } : { kind: MarkupKind.PlainText, value: markdownToPlainText(markdown) },
        range,
      });
      const analysis = promptAnalysis(doc.path, doc.text);
      if (params.position.line === 0) return wrap(promptFileMarkdown(doc.path, analysis), doc.lines.lineRange(0));
      const at = keyOrValueAt(new RuleLocator(analysis), params.position);
      return at ? wrap(promptKeyMarkdown(at.entry.rawKey), at.range) : undefined;
    },
  };
}
