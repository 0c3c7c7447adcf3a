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
  return {
    id: 'copilot-prompt',
    diagnose: (doc) => (isPrompt(doc) ? copilotPromptFindings(doc.path, doc.text) : undefined),
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
