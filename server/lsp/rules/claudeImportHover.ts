import { MarkupKind, type Hover } from 'vscode-languageserver/node';
import { findClaudeImports, isClaudeMemoryFile, resolveClaudeImport } from '../../rules/claudeImports';
import { estimateTokens, tokensText } from '../../rules/context/cost';
import { displayPath } from '../../workspace/paths';
import type { Feature } from '../feature';
import { markdownToPlainText } from '../plainText';
import type { RulesState } from './state';

/** What a hover reads of an imported file to size it. */
const MAX_SIZED_BYTES = 1024 * 1024;

/**
 * Hover on a CLAUDE.md's `@path` import: the file it pulls into Claude Code's memory and
 * what that costs in every request, or why nothing comes of it (no such file, outside the
 * workspace, where agentls does not look).
 */
export function claudeImportHoverFeature(state: RulesState): Feature {
  return {
    id: 'claude-import-hover',
    async hover(doc, params) {
      if (!doc.path || !isClaudeMemoryFile(doc.path)) return undefined;
      const offset = doc.lines.offsetAt(params.position);
      const imp = findClaudeImports(doc.text).find((i) => offset >= i.start && offset <= i.end);
      if (!imp) return undefined;
      const ctx = state.context;
      const target = resolveClaudeImport(doc.path, imp.path, ctx.session.home);
      const root = ctx.session.rootOf(doc.path);
      const shown = `\`${displayPath(target, root, ctx.session.home)}\``;
      const read = await ctx.documents.ruleFs.readText(target, { maxBytes: MAX_SIZED_BYTES });
      let text: string;
      if (read.ok) {
        const lines = read.text.split('\n').length - (read.text.endsWith('\n') ? 1 : 0);
        const more = findClaudeImports(read.text).length;
        text = `**Claude Code import** ${shown}: ${lines} line${lines === 1 ? '' : 's'}, ${tokensText(estimateTokens(read.text))} in every request (UTF-8 bytes / 4)${more ? `; it imports ${more} more` : ''}.`;
      } else if (read.reason === 'not-found') {
        text = `**Claude Code import** ${shown}: no such file; Claude Code skips it without a word.`;
      } else if (read.reason === 'outside-workspace') {
        text = `**Claude Code import** ${shown}: outside the workspace, so agentls does not read it.`;
      } else {
        text = `**Claude Code import** ${shown}: ${read.message}.`;
      }
      const contents = ctx.client.markdownHover ? { kind: MarkupKind.Markdown, value: text } : { kind: MarkupKind.PlainText, value: markdownToPlainText(text) };
      return { contents, range: doc.lines.range(imp.start, imp.end) } satisfies Hover;
    },
  };
}
