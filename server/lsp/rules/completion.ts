import { CompletionItemKind, type CompletionItem, type Range } from 'vscode-languageserver/node';
import { displayPath } from '../../workspace/paths';
import { KEY_DOCS, keyDoc } from '../../rules/keyDocs';
import { promptKeyItems, promptValueItems } from '../../rules/copilotPrompt/complete';
import { bucketName } from '../../rules/lint/words';
import { isMarkdownKind } from '../../workspace/classify';
import type { LineIndex } from '../../core/text';
import { ownerOf } from '../../rules/agents';
import { toolRelativePath } from '../../rules/agents/relative';
import type { RulesEngine } from '../../rules/engine';
import { fileTargets } from '../../rules/targets';
import type { OpenDocument } from '../documents';
import type { Feature } from '../feature';
import { globCompletion } from './globCompletion';
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
    async completion(doc, params, token) {
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
        // Names from the folder holding the file only, never the first folder's for a file of none.
        const root = engine.ownerRoot(doc.path);
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

      if (!insideFrontmatter(doc.text, pos.line)) return undefined;
      const offered = offeredKeys(doc, await state.engine(), ctx.session.settings.rules.agents);
      if (!offered) return undefined;
      const keyOnly = /^[\w-]*$/.exec(before);
      if (keyOnly) {
        // The keys of the other lines: this line's own key (the cursor at its start, as in
        // `|alwaysApply: true`) is the word the edit replaces, not a key the item would duplicate.
        const present = new Set(frontmatterKeys(doc.text, pos.line));
        const end = pos.character + (/^[\w-]*/.exec(lineText.slice(pos.character))?.[0].length ?? 0);
        // A colon already follows the word: the item writes the key alone, never `key: : value`.
        const suffix = /^\s*:/.test(lineText.slice(end)) ? '' : ': ';
        return offered.keys
          .filter((k) => !present.has(k.key))
          .map(
            (k, i): CompletionItem => ({
              label: k.key,
              kind: CompletionItemKind.Property,
              detail: k.detail,
              documentation: k.documentation,
              sortText: String(i).padStart(5, '0'),
              textEdit: edit(0, end, `${k.key}${suffix}`),
            }),
          );
      }
      // Globs, from the file index, after a key the file's agents read globs from (`globCompletion.ts`).
      const keyHead = /^([\w-]+):/.exec(before);
      const itemHead = keyHead ? undefined : /^\s*-(?:\s+|$)/.exec(before);
      const globKey = keyHead?.[1] ?? (itemHead ? listKeyAbove(doc.lines, pos.line) : undefined);
      if (globKey !== undefined) {
        const site = { key: globKey, item: itemHead !== undefined, valueStart: keyHead ? keyHead[0].length : itemHead![0].length };
        const globs = await globCompletion(ctx, await state.engine(), doc, lineText, pos.character, site, edit, token);
        if (globs) return globs;
      }
      // `key: value`, or `  - value` in the block list under `key:`.
      const valueAt = /^([\w-]+):(\s*)(\S*)$/.exec(before);
      const itemAt = valueAt ? undefined : /^(\s*-\s*)(\S*)$/.exec(before);
      const key = valueAt?.[1] ?? (itemAt ? listKeyAbove(doc.lines, pos.line) : undefined);
      const values = key === undefined ? undefined : offered.values(key, itemAt !== undefined);
      if (!values) return undefined;
      const start = valueAt ? valueAt[1].length + 1 + valueAt[2].length : itemAt![1].length;
      const end = pos.character + (/^\S*/.exec(lineText.slice(pos.character))?.[0].length ?? 0);
      const lead = valueAt && valueAt[2].length === 0 ? ' ' : '';
      return values.map((v, i): CompletionItem => ({ label: v, kind: CompletionItemKind.Value, sortText: String(i).padStart(5, '0'), filterText: v, textEdit: edit(start, end, lead + v) }));
    },
  };
}

interface OfferedKeys {
  keys: { key: string; detail: string; documentation?: string }[];
  /** The values of `key`, written after it or (`item`) as an element of its block list. */
  values(key: string, item: boolean): readonly string[] | undefined;
}

/**
 * The frontmatter keys to offer in a document: in a rule file of the xcsh agent's listing
 * that the xcsh agent judges (`targets.ts`), its keys and those of the file's origin tool
 * (`KEY_DOCS`); in any other tool's file that has frontmatter (a Cline or Windsurf rule in a
 * workspace without `.xcsh`, Copilot's `.instructions.md`, Claude Code's `.claude/rules`), the
 * keys and values of that tool's agent model (`rules/agents/`), so that completion never
 * writes a key the diagnostics then call foreign (`globs` in a Cline rule). Nothing for plain Markdown.
 */
function offeredKeys(doc: OpenDocument, engine: RulesEngine, agents: 'auto' | readonly string[]): OfferedKeys | undefined {
  // A Copilot prompt file: the keys and values its docs give (`rules/copilotPrompt/`).
  if (doc.kind.kind === 'copilot-prompt') return { keys: promptKeyItems(), values: promptValueItems };
  const root = engine.rootFor(doc.path);
  const owner = root && doc.path ? ownerOf(toolRelativePath(doc.path, root), engine.agentPlaces(root)) : undefined;
  // A buffer the engine does not list (a new file, not saved yet) is judged as the diagnostics
  // and hovers judge it (`outside` in state.ts, `hoverSubject`): by its path's tool, and by the
  // xcsh agent as the settings and `.xcsh` say; the engine's `targetsOf` knows listed files only.
  const targets = engine.knows(doc.path!) ? engine.targetsOf(doc.path!) : fileTargets(agents, owner?.agent.id, engine.workspaceHasXcsh(root));
  if (doc.kind.kind === 'rule' && (!owner || owner.agent.id === 'xcsh' || targets.has('xcsh'))) {
    const provider = doc.kind.provider;
    return {
      keys: KEY_DOCS.filter((d) => !d.providers || d.providers.includes(provider)).map((d) => ({ key: d.key, detail: `read by ${d.readBy}`, documentation: d.summary })),
      // The documented values are whole values (`["**/*.ts"]`), not list elements.
      values: (key, item) => (item ? undefined : keyDoc(key)?.values),
    };
  }
  if (!owner || owner.agent.id === 'xcsh' || !owner.placement.frontmatter) return undefined;
  const model = owner.agent;
  return {
    keys: Object.keys(model.keys).map((key) => ({ key, detail: `read by ${model.name}` })),
    values: (key, item) => {
      const spec = model.keys[key];
      if (item) return spec?.kind === 'strings' ? spec.values : undefined;
      return spec?.values ?? (spec?.kind === 'boolean' ? ['true', 'false'] : undefined);
    },
  };
}

/** The key a block-list item belongs to: the nearest `key:` line above with nothing after the colon, over other items. */
function listKeyAbove(lines: LineIndex, line: number): string | undefined {
  for (let i = line - 1; i >= 1; i--) {
    const text = lines.lineText(i);
    if (/^\s*-(\s|$)/.test(text)) continue;
    return /^([\w-]+):\s*$/.exec(text)?.[1];
  }
  return undefined;
}

/** The text without a leading UTF-8 BOM: no tool's format counts it as text (`TOOL_READING`), so `---` after it opens the frontmatter. */
function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Whether `line` lies between the opening `---` and the closing one (or the first blank line when unclosed). */
function insideFrontmatter(source: string, line: number): boolean {
  const text = withoutBom(source);
  if (!text.startsWith('---') || line === 0) return false;
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 1; i < lines.length; i++) {
    if (lines[i].startsWith('---')) return line < i;
    if (i >= line) return true;
  }
  return true;
}

/** The keys written in the frontmatter, but on line `except`. */
function frontmatterKeys(text: string, except: number): string[] {
  const lines = withoutBom(text).split(/\r\n|\r|\n/);
  const out: string[] = [];
  for (let i = 1; i < lines.length && !lines[i].startsWith('---'); i++) {
    if (i === except) continue;
    const m = /^([\w-]+)\s*:/.exec(lines[i]);
    if (m) out.push(m[1]);
  }
  return out;
}
