import { CompletionItemKind, type CompletionItem, type CompletionList } from 'vscode-languageserver/node';
import type { Cancellation } from '../../core/cancel';
import { ownerOf } from '../../rules/agents';
import { toolRelativePath } from '../../rules/agents/relative';
import { toolRuleScope } from '../../rules/context/nestedRules';
import type { RulesEngine } from '../../rules/engine';
import { AGENT_OWN_FILES, AGENT_OWN_FOLDERS } from '../../workspace/ruleLocations';
import type { OpenDocument } from '../documents';
import type { ServerContext } from '../feature';
import { globBeingTyped, inQuote, written, type TypedGlob } from './globValue';

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
  // An element of a block list is one glob to every agent (`globList` splits a string only): a comma there is part of it.
  const typed = globBeingTyped(line, site.valueStart, cursor, reading.commas && !site.item);
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
  // A glob of a rule is for the files the agent works on: the agents' own folders are not offered, nor their files counted, nor their files known by name (AGENTS.md).
  const found = await search.outline(ctx.session.rootOf(doc.path) ?? root, base + typedDir, token, { folders: AGENT_OWN_FOLDERS, files: AGENT_OWN_FILES });
  if (!found) return { isIncomplete: true, items: [] };
  const { outline } = found;
  // Still indexing: the items may miss files; they say so, as `@` completion's do, and the list is asked for again.
  const indexingNote = found.complete ? '' : ` (indexing: ${found.indexed} files so far)`;
  const end = cursor + (/^[^\s,\]"']*/.exec(line.slice(cursor))?.[0].length ?? 0);
  const item = (glob: string, kind: CompletionItemKind, detail: string): CompletionItem => ({ label: glob, kind, detail: detail + indexingNote, ...placed(glob, kind === CompletionItemKind.Folder, typed, line, end, edit) });
  const items: CompletionItem[] = [];
  const plus = outline?.capped ? '+' : '';
  for (const { ext, files } of outline?.extensions ?? []) {
    items.push(item(`${typedDir}**/*${ext}`, CompletionItemKind.Value, `matches ${files}${plus} file${files === 1 && !plus ? '' : 's'}${typedDir ? ` under ${typedDir}` : ''}`));
  }
  for (const folder of outline?.folders ?? []) items.push(item(`${typedDir}${folder}/`, CompletionItemKind.Folder, `folder${base ? ` of ${holder}` : ''}`));
  items.forEach((it, i) => (it.sortText = String(i).padStart(4, '0')));
  return { isIncomplete: !found.complete, items };
}

/**
 * Where a completed glob goes and the text it is filtered by. After a first glob quoted alone
 * and a comma (`globs: "**\/*.ts", `) the closing quote moves past the new glob, so that the
 * line holds one quoted text the agent splits at its commas (`globs: "**\/*.ts, **\/*.md"`);
 * a folder leaves it open for the rest of the glob, as in a quote the user opened. The edit
 * then starts at that quote, and the filter text with it, so clients keep the item. A glob
 * completed in a quote the user (or a folder item) opened closes it when nothing but blanks
 * follows the cursor: left open, the value is the "Close the quote." finding.
 */
function placed(glob: string, folder: boolean, typed: TypedGlob, line: string, end: number, edit: EditAt): Pick<CompletionItem, 'filterText' | 'textEdit'> {
  if (!typed.join) {
    // `end` is past the cursor where the glob's text goes on after it: the edit may then keep that text (an insert), which the quote would cut off.
    const close = typed.quote && !folder && end === typed.start + typed.text.length && /^[ \t]*$/.test(line.slice(end)) ? typed.quote : '';
    return { filterText: glob, textEdit: edit(typed.start, end, typed.lead + written(glob, typed) + close) };
  }
  const { at, quote } = typed.join;
  const between = line.slice(at + 1, typed.start);
  return { filterText: line.slice(at, typed.start) + glob, textEdit: edit(at, end, inQuote(between + glob, quote) + (folder ? '' : quote)) };
}

/** How the file's agents read `key`: as globs, in lists or not, or only in lists (Cline), split at commas or not; `cursor` when Cursor reads them. */
function globReading(engine: RulesEngine, docPath: string, rel: string, key: string): { lists: boolean; listOnly: boolean; commas: boolean; cursor: boolean } | undefined {
  const owner = ownerOf(rel, engine.agentPlaces(engine.rootFor(docPath)));
  const dialect = owner?.agent.globs;
  if (dialect?.key === key && owner?.placement.frontmatter) return { lists: dialect.lists, listOnly: dialect.listOnly === true, commas: dialect.commaSeparated, cursor: owner.agent.id === 'cursor' };
  // The xcsh agent reads `globs` as a list (`keyDocs.ts`) in the rule files it lists.
  const xcsh = !owner || owner.agent.id === 'xcsh' || (engine.knows(docPath) && engine.targetsOf(docPath).has('xcsh'));
  // It never splits a string at commas (rules.md §2.1).
  return key === 'globs' && xcsh ? { lists: true, listOnly: false, commas: false, cursor: owner?.agent.id === 'cursor' } : undefined;
}
