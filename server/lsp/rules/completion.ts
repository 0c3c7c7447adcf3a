import { CompletionItemKind, type CompletionItem, type Range } from 'vscode-languageserver/node';
import { displayPath } from '../../workspace/paths';
import { KEY_DOCS, keyDoc } from '../../rules/keyDocs';
import { bucketName } from '../../rules/lint/words';
import { isMarkdownKind } from '../../workspace/classify';
import type { Feature } from '../feature';
import type { RulesState } from './state';

const RULE_URL_BEFORE = /rule:\/\/([^\s)\]>"'`,;<*|{}]*)$/;
const NAME_AFTER = /^[^\s)\]>"'`,;<*|{}]*/;

/**
 * Completion of rule names after `rule://` (in any Markdown) and, inside a rule file's
 * frontmatter, of keys (the agent's and the origin tool's) and of their values.
 */
export function rulesCompletionFeature(state: RulesState): Feature {
  return {
    id: 'rules-completion',
    completionTriggers: ['/'],
    async completion(doc, params) {
      if (!doc.path || !(doc.kind.kind === 'rule' || isMarkdownKind(doc.kind, doc.path))) return undefined;
      const ctx = state.context;
      const pos = params.position;
      const lineText = doc.lines.lineText(pos.line);
      const before = lineText.slice(0, pos.character);
      const edit = (start: number, end: number, newText: string): CompletionItem['textEdit'] => {
        const insert: Range = { start: { line: pos.line, character: start }, end: pos };
        const replace: Range = { start: { line: pos.line, character: start }, end: { line: pos.line, character: end } };
        return ctx.client.insertReplace ? { newText, insert, replace } : { newText, range: replace };
      };

      const url = RULE_URL_BEFORE.exec(before);
      if (url) {
        const engine = await state.engine();
        const root = engine.rootFor(doc.path);
        if (!root) return undefined;
        // The edit covers `rule://` too: Eglot takes the text in the edit's range as the prefix
        // to filter by, and without the scheme it took `//sty` (issue 13, tried in Emacs/Eglot 1.9).
        const start = pos.character - url[0].length;
        const end = pos.character + (NAME_AFTER.exec(lineText.slice(pos.character))?.[0].length ?? 0);
        return engine.availableNames(root).map((name, i): CompletionItem => {
          const group = engine.nameState(root, name)!;
          const analysis = engine.analysis(group.effective!.path);
          const description = analysis?.rule?.description;
          return {
            label: name,
            kind: CompletionItemKind.Reference,
            detail: `${bucketName(group.placement?.bucket ?? 'none')} · ${displayPath(group.effective!.path, root, ctx.session.home)}`,
            documentation: typeof description === 'string' ? description : undefined,
            sortText: String(i).padStart(5, '0'),
            filterText: `rule://${name}`,
            textEdit: edit(start, end, `rule://${name}`),
          };
        });
      }

      if (doc.kind.kind !== 'rule' || !insideFrontmatter(doc.text, pos.line)) return undefined;
      const provider = doc.kind.provider;
      const keyOnly = /^[\w-]*$/.exec(before);
      if (keyOnly) {
        const present = new Set(frontmatterKeys(doc.text));
        const end = pos.character + (/^[\w-]*/.exec(lineText.slice(pos.character))?.[0].length ?? 0);
        return KEY_DOCS.filter((d) => (!d.providers || d.providers.includes(provider)) && (!present.has(d.key) || before === d.key)).map(
          (d, i): CompletionItem => ({
            label: d.key,
            kind: CompletionItemKind.Property,
            detail: `read by ${d.readBy}`,
            documentation: d.summary,
            sortText: String(i).padStart(5, '0'),
            textEdit: edit(0, end, `${d.key}: `),
          }),
        );
      }
      const valueAt = /^([\w-]+):(\s*)(\S*)$/.exec(before);
      if (valueAt) {
        const d = keyDoc(valueAt[1]);
        if (!d?.values) return undefined;
        const start = valueAt[1].length + 1 + valueAt[2].length;
        const end = pos.character + (/^\S*/.exec(lineText.slice(pos.character))?.[0].length ?? 0);
        const lead = valueAt[2].length === 0 ? ' ' : '';
        return d.values.map((v, i): CompletionItem => ({ label: v, kind: CompletionItemKind.Value, sortText: String(i).padStart(5, '0'), filterText: v, textEdit: edit(start, end, lead + v) }));
      }
      return undefined;
    },
  };
}

/** Whether `line` lies between the opening `---` and the closing one (or the first blank line when unclosed). */
function insideFrontmatter(text: string, line: number): boolean {
  if (!text.startsWith('---') || line === 0) return false;
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 1; i < lines.length; i++) {
    if (lines[i].startsWith('---')) return line < i;
    if (i >= line) return true;
  }
  return true;
}

function frontmatterKeys(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  const out: string[] = [];
  for (let i = 1; i < lines.length && !lines[i].startsWith('---'); i++) {
    const m = /^([\w-]+)\s*:/.exec(lines[i]);
    if (m) out.push(m[1]);
  }
  return out;
}
