import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { CompletionItemKind, InsertTextFormat, type CompletionItem, type CompletionList } from 'vscode-languageserver/node';
import { claudeImportBeingTyped, importPathFor, isClaudeMemoryFile } from '../../rules/claudeImports';
import type { Feature } from '../feature';
import type { RulesState } from './state';

const MAX_ITEMS = 50;

/**
 * `@` completion in a CLAUDE.md: files of the workspace, ranked by the file search, each
 * inserted as the `@path` import Claude Code resolves (relative to the memory file's folder).
 */
export function claudeImportCompletionFeature(state: RulesState): Feature {
  return {
    id: 'claude-import-completion',
    completionTriggers: ['@'],
    async completion(doc, params, token): Promise<CompletionList | undefined> {
      if (!doc.path || !isClaudeMemoryFile(doc.path)) return undefined;
      const ctx = state.context;
      const root = ctx.session.rootOf(doc.path);
      if (!root) return undefined;
      const offset = doc.lines.offsetAt(params.position);
      const typed = claudeImportBeingTyped(doc.text, offset);
      if (!typed) return undefined;
      const search = ctx.services.fileSearch;
      // Without the index there is nothing to offer yet; incomplete, so the client asks again.
      if (!search) return { isIncomplete: true, items: [] };
      const result = await search.search({ query_id: randomUUID(), query: typed.query, max_results: MAX_ITEMS, scope: 'workspace', from_uri: doc.uri }, token);
      const indexing = result.indexing ? ` (indexing: ${result.indexed_count ?? 0} files so far)` : '';
      const insert = doc.lines.range(typed.start, offset);
      const replace = doc.lines.range(typed.start, typed.end);
      const items: CompletionItem[] = [];
      for (const candidate of result.candidates) {
        const target = path.join(root, ...candidate.path.split('/'));
        // Claude Code's import ends at whitespace; a space is written `\ ` (claudeImports.ts), other whitespace cannot be.
        if (target === doc.path || /[^\S ]/.test(candidate.path)) continue;
        const newText = `@${importPathFor(doc.path, target).replace(/ /g, '\\ ')}`;
        items.push({
          label: newText,
          kind: CompletionItemKind.File,
          detail: `Claude Code imports ${candidate.path}${indexing}`,
          sortText: String(items.length).padStart(4, '0'),
          // The search already ranked by what was typed: every item stays in the list.
          filterText: doc.text.slice(typed.start, offset),
          insertTextFormat: InsertTextFormat.PlainText,
          textEdit: ctx.client.insertReplace ? { newText, insert, replace } : { newText, range: replace },
        });
      }
      return { isIncomplete: true, items };
    },
  };
}
