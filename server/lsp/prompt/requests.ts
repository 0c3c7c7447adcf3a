import * as path from 'node:path';
import { Methods } from '../../../protocol/methods';
import { PROMPT_ADAPTERS, type ConvertPromptResult, type FileReference, type ParsePromptResult, type PromptAdapter } from '../../../protocol/refs';
import type { Cancellation } from '../../core/cancel';
import { LIMITS, overLimit } from '../../core/limits';
import { ParamError, params as read } from '../../core/params';
import { isRecord } from '../../core/settings';
import { convertPrompt, referenceMap } from '../../refs/convert';
import { parsePromptDocument } from '../../refs/document';
import type { PromptModel } from '../../refs/model';
import { isValidRefId, parsePromptText } from '../../refs/token';
import { uriToPath } from '../../workspace/paths';
import type { ServerContext } from '../feature';
import { environmentFor, promptForm } from './shared';

/** `file_references` from untrusted params: every entry needs a usable `ref_id` and a `path`. */
export function readReferences(obj: Record<string, unknown>, key = 'file_references'): FileReference[] {
  const v = obj[key];
  if (!Array.isArray(v)) throw new ParamError(key, v === undefined ? 'is required' : 'expected an array of { ref_id, path }');
  if (v.length > LIMITS.promptReferences) throw new ParamError(key, overLimit('the list has', v.length, LIMITS.promptReferences, 'entries'));
  return v.map((entry, i) => {
    const field = `${key}[${i}]`;
    if (!isRecord(entry)) throw new ParamError(field, 'expected an object with ref_id and path');
    const refId = read.string(entry, 'ref_id', `${field}.`);
    if (!isValidRefId(refId)) throw new ParamError(`${field}.ref_id`, 'must match [a-zA-Z0-9_-]+');
    read.string(entry, 'path', `${field}.`);
    return entry as FileReference;
  });
}

/** The `text` of a request, no longer than a prompt document may be: the answer grows with it, and the one thread works on it. */
function promptText(p: Record<string, unknown>): string {
  const text = read.string(p, 'text');
  if (text.length > LIMITS.promptDocumentChars) throw new ParamError('text', overLimit('the text has', text.length, LIMITS.promptDocumentChars, 'characters'));
  return text;
}

/** `agentls/parsePrompt`: the RAWP parse order of §2.2 over a text and its references. */
export function parsePromptRequest(raw: unknown): ParsePromptResult {
  const p = read.object(raw);
  const text = promptText(p);
  const map = referenceMap(readReferences(p));
  return parsePromptText(text, (id) => map.get(id));
}

/** `agentls/convertPrompt`: the prompt converted for an adapter (§3). */
export async function convertPromptRequest(ctx: ServerContext, raw: unknown, cancel: Cancellation): Promise<ConvertPromptResult> {
  const p = read.object(raw);
  const text = promptText(p);
  const references = readReferences(p);
  const adapter = read.oneOf(p, 'adapter', PROMPT_ADAPTERS);
  if (!adapter) throw new ParamError('adapter', `is required (one of ${PROMPT_ADAPTERS.join(', ')})`);
  const inline = read.optionalBoolean(p, 'inline');
  const uri = read.optionalString(p, 'uri');
  const docPath = uri === undefined ? undefined : uriToPath(uri);
  if (uri !== undefined && !docPath) throw new ParamError('uri', 'expected a file: URI');
  return convertPrompt(text, references, { adapter, inline, env: environmentFor(ctx, docPath), cancel });
}

/** The prompt document a command names: the open buffer, else the file on disk. */
async function promptDocument(ctx: ServerContext, args: unknown[]): Promise<{ model: PromptModel; path: string; uri: string; options: Record<string, unknown> } | string> {
  const options = read.object(args[0], 'arguments[0]');
  const uri = read.string(options, 'uri', 'arguments[0].');
  const p = uriToPath(uri);
  if (!p) throw new ParamError('arguments[0].uri', 'expected a file: URI');
  const open = ctx.documents.get(uri);
  let text = open?.text;
  if (text === undefined) {
    const r = await ctx.documents.fs.readText(p, { maxBytes: 4 * 1024 * 1024 });
    if (!r.ok) return r.message;
    text = r.text;
  }
  const form = promptForm(open?.kind ?? ctx.session.classify(p, text));
  if (!form) return `${path.basename(p)} is not a prompt document (*.prompt.md, Markdown with file_references, or a RAWP prompt message)`;
  return { model: parsePromptDocument(text, form), path: p, uri, options };
}

function referencesOfModel(model: PromptModel): FileReference[] {
  return model.entries.filter((e) => e.problem === undefined).map((e) => ({ ref_id: e.refId!, path: e.path! }));
}

/** `agentls.prompt.parse` `[{ uri }]`: the parse as a report (its effect does not depend on a returned value). */
export async function parseCommand(ctx: ServerContext, args: unknown[]): Promise<ParsePromptResult | null> {
  const doc = await promptDocument(ctx, args);
  if (typeof doc === 'string') {
    ctx.showMessage('warning', `agentls: ${doc}`);
    return null;
  }
  const map = referenceMap(referencesOfModel(doc.model));
  const result = parsePromptText(doc.model.prompt?.value ?? '', (id) => map.get(id));
  const name = path.basename(doc.path);
  const lines = [`# How the xcsh agent reads ${name}`, '', 'Segments in order, after the RAWP parse (tokens first, then the escapes of the remaining text):', ''];
  for (const s of result.segments) lines.push(s.kind === 'file' ? `- **file** \`${s.ref_id}\` → \`${s.path}\` (shown as \`${s.display_path}\`)` : `- text: ${JSON.stringify(s.text)}`);
  if (result.unmapped.length) {
    lines.push('', 'Token-shaped text read as literal text (no file_references entry):', '');
    for (const u of result.unmapped) lines.push(`- \`<@file:${u.ref_id}|${u.display_path}>\``);
  }
  if (!doc.model.prompt) lines.push('', `The document has no readable prompt text: ${doc.model.problems[0]?.message ?? ''}`);
  await ctx.showReport(`prompt-parse-${reportKey(name)}`, `Parse of ${name}`, lines.join('\n') + '\n');
  return result;
}

/** `agentls.prompt.convert` `[{ uri, adapter, inline? }]`: the converted prompt as a report. */
export async function convertCommand(ctx: ServerContext, args: unknown[], cancel: Cancellation): Promise<ConvertPromptResult | null> {
  const doc = await promptDocument(ctx, args);
  if (typeof doc === 'string') {
    ctx.showMessage('warning', `agentls: ${doc}`);
    return null;
  }
  const adapter: PromptAdapter = read.oneOf(doc.options, 'adapter', PROMPT_ADAPTERS, 'arguments[0].') ?? 'generic';
  const inline = read.optionalBoolean(doc.options, 'inline', 'arguments[0].');
  const result = await convertPrompt(doc.model.prompt?.value ?? '', referencesOfModel(doc.model), { adapter, inline, env: environmentFor(ctx, doc.path), cancel });
  const name = path.basename(doc.path);
  const fence = '`'.repeat(Math.max(3, ...[...result.prompt_text.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  const lines = [`# ${name} for the ${adapter} adapter`, '', `${fence}text`, result.prompt_text, fence];
  if (result.context_files) lines.push('', `context_files: ${result.context_files.map((f) => `\`${f}\``).join(', ') || 'none'}`);
  if (result.args) lines.push('', `args: ${result.args.map((f) => `\`${f}\``).join(' ') || 'none'}`);
  for (const u of result.unconverted) lines.push('', `Not converted, left as its display path: \`${u.display_path}\` (${u.ref_id}): ${u.reason}`);
  await ctx.showReport(`prompt-convert-${adapter}-${reportKey(name)}`, `${name} for ${adapter}`, lines.join('\n') + '\n');
  return result;
}

/** A report's file name from the prompt's (the report adds `.md`: `fix.prompt.md` must not become `….md.md`). */
function reportKey(name: string): string {
  return name.replace(/\.md$/i, '');
}

export function registerPromptRequests(ctx: ServerContext): void {
  ctx.onRequest(Methods.parsePrompt, (raw) => parsePromptRequest(raw));
  ctx.onRequest(Methods.convertPrompt, (raw, token) => convertPromptRequest(ctx, raw, token));
}
