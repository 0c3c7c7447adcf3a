import { resolveReference, type RefEnvironment, type Resolution } from './resolve';
import { SQLITE_MAGIC, summariseSqlite, type SqliteSummary } from './sqlite';

/** What hover shows about a referenced file. */
export interface ReferenceInfo {
  resolution: Resolution;
  /** First lines of a text file. */
  preview?: { lines: string[]; truncated: boolean };
  /** Entries of a directory (folders end with `/`), sorted. */
  entries?: { names: string[]; total: number };
  sqlite?: SqliteSummary | { error: string };
  /** Why there is no preview (binary, too large, unreadable). */
  note?: string;
}

export interface InspectLimits {
  previewLines: number;
  /** Characters per preview line. */
  lineWidth: number;
  /** Text files larger than this are not read for a preview. */
  maxPreviewBytes: number;
  /** SQLite files larger than this are not opened. */
  maxSqliteBytes: number;
  maxEntries: number;
}

export const DEFAULT_INSPECT_LIMITS: InspectLimits = {
  previewLines: 12,
  lineWidth: 200,
  maxPreviewBytes: 1024 * 1024,
  maxSqliteBytes: 256 * 1024 * 1024,
  maxEntries: 30,
};

const SQLITE_EXTENSIONS = /\.(sqlite3?|db3?|s3db|sl3)$/i;

/** Resolves a referenced path and looks at what is there, within the limits. */
export async function inspectReference(rel: string, env: RefEnvironment, limits: InspectLimits = DEFAULT_INSPECT_LIMITS): Promise<ReferenceInfo> {
  const resolution = await resolveReference(rel, env);
  if (resolution.status !== 'found') return { resolution };
  const { abs, stat } = resolution;
  if (stat.kind === 'directory') {
    const entries = (await env.fs.readDir(abs)) ?? [];
    const names = entries.map((e) => (e.kind === 'directory' ? `${e.name}/` : e.name)).sort();
    return { resolution, entries: { names: names.slice(0, limits.maxEntries), total: names.length } };
  }
  // A pipe, socket or device is never opened: a FIFO's open waits for a writer, and this thread with it.
  if (stat.kind !== 'file') return { resolution, note: 'agentls does not open it: it previews regular files only (reading a pipe, socket or device can wait without end).' };
  const looksSqlite = SQLITE_EXTENSIONS.test(abs) || (stat.size >= SQLITE_MAGIC.length && stat.size <= limits.maxPreviewBytes && (await hasSqliteHeader(abs, env, limits.maxPreviewBytes)));
  if (looksSqlite) {
    if (stat.size > limits.maxSqliteBytes) return { resolution, note: `a ${stat.size}-byte database, over the ${limits.maxSqliteBytes}-byte limit for listing its tables` };
    const sqlite = summariseSqlite(abs);
    if (!('error' in sqlite) || !SQLITE_EXTENSIONS.test(abs)) return { resolution, sqlite };
    // Named like a database but not one: fall through to the text preview.
  }
  if (stat.size > limits.maxPreviewBytes) return { resolution, note: `too large to preview (over ${limits.maxPreviewBytes} bytes)` };
  const read = await env.fs.readText(abs, { maxBytes: limits.maxPreviewBytes });
  if (!read.ok) return { resolution, note: read.reason === 'binary' ? 'a binary file' : read.reason === 'invalid-utf8' ? 'not valid UTF-8 text' : read.message };
  const all = read.text.split(/\r\n|\r|\n/);
  if (all.length > 1 && all.at(-1) === '') all.pop();
  const lines = all.slice(0, limits.previewLines).map((l) => (l.length > limits.lineWidth ? l.slice(0, limits.lineWidth) + '…' : l));
  return { resolution, preview: { lines, truncated: all.length > limits.previewLines } };
}

async function hasSqliteHeader(abs: string, env: RefEnvironment, maxBytes: number): Promise<boolean> {
  const read = await env.fs.readBytes(abs, { maxBytes });
  if (!read.ok) return false;
  return Buffer.from(read.bytes.subarray(0, SQLITE_MAGIC.length)).toString('latin1') === SQLITE_MAGIC;
}
