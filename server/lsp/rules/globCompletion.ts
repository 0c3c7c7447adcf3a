import { CompletionItemKind, type CompletionItem, type CompletionList } from 'vscode-languageserver/node';
import type { Cancellation } from '../../core/cancel';
import { ownerOf } from '../../rules/agents';
import { toolRelativePath } from '../../rules/agents/relative';
import { toolRuleScope } from '../../rules/context/nestedRules';
import type { RulesEngine } from '../../rules/engine';
import { quoteYamlScalar } from '../../rules/quoteValues';
import type { OpenDocument } from '../documents';
import type { ServerContext } from '../feature';

/** Where a glob key's value is being typed: the key, and whether the line is an element of its block list. */
export interface GlobSite {
  key: string;
  item: boolean;
  /** Where the value (or the element) starts on the line. */
  valueStart: number;
}

/** Makes a completion's text edit from `start` to `end` on the cursor's line (insert/replace where the client takes it). */
export type EditAt = (start: number, end: number, newText: string) => CompletionItem['textEdit'];

/**
 * Glob completion in a rule's frontmatter, after a key its agents read globs from (Cursor's and
 * Windsurf's `globs`, Copilot's `applyTo`, Claude Code's and Cline's `paths`, the xcsh agent's
 * `globs`) and in an element of its block list where the agent reads lists: the subfolders at
 * the typed path, and for each extension of the files below the typed folder, most frequent
 * first, the pattern of them all (`src/` then `**` then `/*.ts`), with the files it matches. From the file index only (`FolderOutline`: capped, never a
 * walk); undefined when `site.key` holds no globs for this file.
 */
export async function globCompletion(ctx: ServerContext, engine: RulesEngine, doc: OpenDocument, line: string, cursor: number, site: GlobSite, edit: EditAt, token: Cancellation): Promise<CompletionList | undefined> {
  const root = engine.rootFor(doc.path);
  if (!root || !doc.path) return undefined;
  const rel = toolRelativePath(doc.path, root);
  const reading = globReading(engine, doc.path, rel, site.key);
  if (!reading || (site.item ? !reading.lists : reading.listOnly)) return undefined;
  const typed = globBeingTyped(line, site.valueStart, cursor);
  if (!typed) return { isIncomplete: false, items: [] };
  const slash = typed.text.lastIndexOf('/');
  const typedDir = typed.text.slice(0, slash + 1);
  // A folder path only: past a wildcard or a brace the index has no folder to list.
  if (/[*?{}[\]\\]/.test(typedDir) || typedDir.startsWith('/')) return { isIncomplete: false, items: [] };
  const search = ctx.services.fileSearch;
  if (!search) return { isIncomplete: true, items: [] };
  // A package's own `.cursor/rules` reaches the files under the package: its globs are read from there (`nestedRules.ts`).
  const holder = reading.cursor ? toolRuleScope('cursor', rel) : undefined;
  const base = holder ? `${holder}/` : '';
  const found = await search.outline(ctx.session.rootOf(doc.path) ?? root, base + typedDir, token);
  if (!found) return { isIncomplete: true, items: [] };
  const { outline } = found;
  // Still indexing: the items may miss files; they say so, as `@` completion's do, and the list is asked for again.
  const indexingNote = found.complete ? '' : ` (indexing: ${found.indexed} files so far)`;
  const end = cursor + (/^[^\s,\]"']*/.exec(line.slice(cursor))?.[0].length ?? 0);
  const item = (glob: string, kind: CompletionItemKind, detail: string): CompletionItem => ({
    label: glob,
    kind,
    detail: detail + indexingNote,
    filterText: glob,
    textEdit: edit(typed.start, end, typed.lead + written(glob, typed)),
  });
  const items: CompletionItem[] = [];
  const plus = outline?.capped ? '+' : '';
  for (const { ext, files } of outline?.extensions ?? []) {
    items.push(item(`${typedDir}**/*${ext}`, CompletionItemKind.Value, `matches ${files}${plus} file${files === 1 && !plus ? '' : 's'}${typedDir ? ` under ${typedDir}` : ''}`));
  }
  for (const folder of outline?.folders ?? []) items.push(item(`${typedDir}${folder}/`, CompletionItemKind.Folder, `folder${base ? ` of ${holder}` : ''}`));
  items.forEach((it, i) => (it.sortText = String(i).padStart(4, '0')));
  return { isIncomplete: !found.complete, items };
}

/** How the file's agents read `key`: as globs, in lists or not, or only in lists (Cline); `cursor` when Cursor reads them. */
function globReading(engine: RulesEngine, docPath: string, rel: string, key: string): { lists: boolean; listOnly: boolean; cursor: boolean } | undefined {
  const owner = ownerOf(rel, engine.agentPlaces(engine.rootFor(docPath)));
  const dialect = owner?.agent.globs;
  if (dialect?.key === key && owner?.placement.frontmatter) return { lists: dialect.lists, listOnly: dialect.listOnly === true, cursor: owner.agent.id === 'cursor' };
  // The xcsh agent reads `globs` as a list (`keyDocs.ts`) in the rule files it lists.
  const xcsh = !owner || owner.agent.id === 'xcsh' || (engine.knows(docPath) && engine.targetsOf(docPath).has('xcsh'));
  return key === 'globs' && xcsh ? { lists: true, listOnly: false, cursor: owner?.agent.id === 'cursor' } : undefined;
}

/** The glob the cursor is in: where its text starts, the text up to the cursor, the quote it was opened with, and how it must be written. */
interface TypedGlob {
  start: number;
  text: string;
  quote: '"' | "'" | undefined;
  /** It begins a YAML scalar (the whole value, an element, or one of a flow list): a leading `*` there must be quoted. */
  scalarStart: boolean;
  /** A space to write after `key:` typed without one. */
  lead: string;
}

/**
 * The glob being typed in `line` between `valueStart` and `cursor`: the value, or one of its
 * comma-separated globs, or an element of a flow list `["a", "b`. One pass over the value,
 * minding quotes; undefined inside a quote already closed or after a flow list's end.
 */
function globBeingTyped(line: string, valueStart: number, cursor: number): TypedGlob | undefined {
  let start = valueStart;
  let quote: '"' | "'" | undefined;
  let quoteClosed = false;
  let flow = false;
  let first = true;
  // A comma inside braces is the glob's own (`*.{ts,tsx}`), not a separator.
  let braces = 0;
  const at = (i: number) => {
    // Spaces before a glob are no part of it; a quote right after them opens it.
    while (i < cursor && (line[i] === ' ' || line[i] === '\t')) i++;
    start = i;
    quote = undefined;
    quoteClosed = false;
    if (line[i] === '"' || line[i] === "'") {
      quote = line[i] as '"' | "'";
      start = i + 1;
    }
    return start;
  };
  let i = at(valueStart);
  if (quote === undefined && line[i] === '[') {
    flow = true;
    i = at(i + 1);
  }
  for (; i < cursor; i++) {
    const ch = line[i];
    if (quote && !quoteClosed) {
      if (quote === '"' && ch === '\\') i++;
      else if (ch === quote && !(quote === "'" && line[i + 1] === "'")) quoteClosed = true;
      else if (quote === "'" && ch === "'") i++;
      continue;
    }
    if (ch === '{') braces++;
    else if (ch === '}') braces = Math.max(0, braces - 1);
    else if (ch === ',' && braces === 0) {
      first = false;
      braces = 0;
      i = at(i + 1) - 1;
    } else if (ch === ']' && flow) return undefined;
  }
  if (quoteClosed || start > cursor) return undefined;
  return { start, text: line.slice(start, cursor), quote, scalarStart: flow || first, lead: valueStart === start && line[valueStart - 1] === ':' && !quote ? ' ' : '' };
}

/** A glob as written where it goes: escaped inside a quote the user opened, quoted where YAML reads its start as syntax (`*` an alias). */
function written(glob: string, typed: TypedGlob): string {
  if (typed.quote === '"') return glob.replace(/[\\"]/g, (c) => `\\${c}`);
  if (typed.quote === "'") return glob.replace(/'/g, "''");
  // YAML 1.2.2 §7.3.3 "Plain Style": a plain scalar may not start with an indicator (`*`, `&`, `!`, `%`, `@`, `` ` ``, `{`, `[`, …).
  return typed.scalarStart && /^[,[\]{}#&*!|>'"%@`]/.test(glob) ? quoteYamlScalar(glob) : glob;
}
