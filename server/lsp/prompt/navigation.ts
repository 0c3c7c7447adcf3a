import { MarkupKind, type DocumentLink, type Hover, type Location } from 'vscode-languageserver/node';
import { inspectReference, type ReferenceInfo } from '../../refs/inspect';
import { entryLookup, type PromptModel } from '../../refs/model';
import { resolveReference, type Resolution } from '../../refs/resolve';
import { findTokens } from '../../refs/token';
import { pathToUri } from '../../workspace/paths';
import type { ServerContext } from '../feature';
import type { OpenDocument } from '../documents';
import { environmentFor, modelOf } from './shared';

/** A reference under the cursor: a token in the prompt text, or an entry's path. */
interface ReferenceAt {
  /** Source offsets of what the cursor is on. */
  start: number;
  end: number;
  refId: string;
  /** The mapped path; undefined for a token whose ref_id has no entry. */
  path: string | undefined;
}

const MAX_LINKS = 1000;

function referencesOf(model: PromptModel): ReferenceAt[] {
  const out: ReferenceAt[] = [];
  const lookup = entryLookup(model);
  if (model.prompt) {
    for (const t of findTokens(model.prompt.value)) {
      out.push({ start: model.prompt.toSource(t.start), end: model.prompt.toSource(t.end), refId: t.refId, path: lookup.get(t.refId)?.path });
    }
  }
  for (const e of lookup.values()) if (e.pathRange) out.push({ start: e.pathRange[0], end: e.pathRange[1], refId: e.refId!, path: e.path });
  return out;
}

function referenceAt(doc: OpenDocument, position: { line: number; character: number }): ReferenceAt | undefined {
  const model = modelOf(doc);
  if (!model) return undefined;
  const offset = doc.lines.offsetAt(position);
  return referencesOf(model).find((r) => r.start <= offset && offset < r.end);
}

export async function promptHover(ctx: ServerContext, doc: OpenDocument, position: { line: number; character: number }): Promise<Hover | undefined> {
  const ref = referenceAt(doc, position);
  if (!ref) return undefined;
  const range = doc.lines.range(ref.start, ref.end);
  const markdown = ctx.client.markdownHover;
  if (ref.path === undefined) {
    const text = `${ref.refId} has no entry in file_references: the xcsh agent reads this token as literal text, not as a file.`;
    return { range, contents: { kind: markdown ? MarkupKind.Markdown : MarkupKind.PlainText, value: text } };
  }
  const info = await inspectReference(ref.path, environmentFor(ctx, doc.path));
  const value = markdown ? hoverMarkdown(ref, ref.path, info) : hoverPlain(ref, ref.path, info);
  return { range, contents: { kind: markdown ? MarkupKind.Markdown : MarkupKind.PlainText, value } };
}

export async function promptDefinition(ctx: ServerContext, doc: OpenDocument, position: { line: number; character: number }): Promise<Location[] | undefined> {
  const ref = referenceAt(doc, position);
  if (!ref?.path) return undefined;
  const r = await resolveReference(ref.path, environmentFor(ctx, doc.path));
  if (r.status !== 'found') return undefined;
  return [{ uri: pathToUri(r.abs), range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }];
}

export async function promptLinks(ctx: ServerContext, doc: OpenDocument): Promise<DocumentLink[] | undefined> {
  const model = modelOf(doc);
  if (!model) return undefined;
  const env = environmentFor(ctx, doc.path);
  const resolved = new Map<string, Promise<Resolution>>();
  const links: DocumentLink[] = [];
  for (const ref of referencesOf(model).slice(0, MAX_LINKS)) {
    if (ref.path === undefined) continue;
    let r = resolved.get(ref.path);
    if (!r) resolved.set(ref.path, (r = resolveReference(ref.path, env)));
    const resolution = await r;
    if (resolution.status !== 'found') continue;
    const link: DocumentLink = { range: doc.lines.range(ref.start, ref.end), target: pathToUri(resolution.abs) };
    if (ctx.client.linkTooltip) link.tooltip = `${ref.refId} → ${ref.path}`;
    links.push(link);
  }
  return links;
}

function facts(info: ReferenceInfo): string {
  const r = info.resolution;
  if (r.status === 'missing') return 'does not exist';
  if (r.status === 'outside') return `outside the workspace: ${r.reason}`;
  // What the thing is comes first: a FIFO read as "file, 0 bytes" looked like an empty file until the note below.
  const kind = r.stat.kind === 'directory' ? 'folder' : r.stat.kind === 'symlink' ? 'symbolic link' : r.stat.kind === 'other' ? 'not a regular file: a pipe, socket or device' : 'file';
  // A folder's size is no size of its contents, and a pipe's is none at all.
  const size = r.stat.kind === 'directory' || r.stat.kind === 'other' ? '' : `, ${r.stat.size} bytes`;
  return `exists (${kind}${size}, modified ${new Date(r.stat.mtimeMs).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC')})`;
}

function hoverMarkdown(ref: ReferenceAt, rel: string, info: ReferenceInfo): string {
  const parts = [`**${escapeMd(rel)}** · \`${ref.refId}\` · ${escapeMd(facts(info))}`];
  if (info.resolution.status === 'found') parts.push(`\`${info.resolution.abs}\``);
  if (info.preview) {
    const body = info.preview.lines.join('\n');
    const fence = '`'.repeat(Math.max(3, ...[...body.matchAll(/`+/g)].map((m) => m[0].length + 1)));
    const lang = /\.([A-Za-z0-9]+)$/.exec(rel)?.[1] ?? '';
    parts.push(`${fence}${lang}\n${body}\n${fence}${info.preview.truncated ? '\n…' : ''}`);
  }
  if (info.entries) parts.push(info.entries.names.map((n) => `- ${escapeMd(n)}`).join('\n') + (info.entries.total > info.entries.names.length ? `\n- … ${info.entries.total - info.entries.names.length} more` : ''));
  if (info.sqlite) {
    if ('error' in info.sqlite) parts.push(`SQLite database, cannot be read: ${escapeMd(info.sqlite.error)}`);
    else {
      const rows = info.sqlite.tables.map((t) => `- ${t.type} **${escapeMd(t.name)}** (${t.columns.map(escapeMd).join(', ')})`);
      parts.push(`SQLite database, ${info.sqlite.total} tables and views:\n${rows.join('\n')}`);
    }
  }
  if (info.note) parts.push(escapeMd(info.note));
  return parts.join('\n\n');
}

function hoverPlain(ref: ReferenceAt, rel: string, info: ReferenceInfo): string {
  const lines = [`${rel} (${ref.refId}): ${facts(info)}`];
  if (info.resolution.status === 'found') lines.push(info.resolution.abs);
  if (info.preview) lines.push('', ...info.preview.lines, ...(info.preview.truncated ? ['…'] : []));
  if (info.entries) lines.push('', ...info.entries.names);
  if (info.sqlite) lines.push('', 'error' in info.sqlite ? `SQLite: ${info.sqlite.error}` : `SQLite: ${info.sqlite.tables.map((t) => `${t.name} (${t.columns.join(', ')})`).join('; ')}`);
  if (info.note) lines.push('', info.note);
  return lines.join('\n');
}

function escapeMd(text: string): string {
  return text.replace(/[\\`*_[\]<>|#]/g, (c) => '\\' + c);
}
