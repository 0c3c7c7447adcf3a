import type { FileCandidate, MatchRange } from '../../protocol/rawp';
import { splitRelative } from '../workspace/paths';

/** IANA media types of common extensions; others get none (the field is optional). */
const MIME: Record<string, string> = {
  '.md': 'text/markdown',
  '.markdown': 'text/markdown',
  '.mdc': 'text/markdown',
  '.txt': 'text/plain',
  '.json': 'application/json',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
  '.xml': 'application/xml',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.css': 'text/css',
  '.csv': 'text/csv',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.cjs': 'text/javascript',
  '.py': 'text/x-python',
  '.java': 'text/x-java-source',
  '.c': 'text/x-c',
  '.h': 'text/x-c',
  '.sh': 'application/x-sh',
  '.toml': 'application/toml',
  '.sql': 'application/sql',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.gz': 'application/gzip',
  '.wasm': 'application/wasm',
};

export function mimeTypeOf(extension: string): string | undefined {
  return MIME[extension.toLowerCase()];
}

export interface CandidateFacts {
  /** As the answer shows it: relative to the requesting workspace folder, `/`-separated. */
  path: string;
  size?: number;
  mtimeMs?: number;
  /** 0..1; omitted for the empty query. */
  quality?: number;
  /** Matched positions (UTF-16 offsets into `path`), sorted. */
  positions?: number[];
}

/** One `session.file.candidates` entry. */
export function makeCandidate(facts: CandidateFacts): FileCandidate {
  const { directory, name, extension } = splitRelative(facts.path);
  const candidate: FileCandidate = { path: facts.path, name, directory };
  if (extension) {
    candidate.extension = extension;
    const mime = mimeTypeOf(extension);
    if (mime) candidate.mime_type = mime;
  }
  if (facts.size !== undefined && facts.size >= 0) candidate.size_bytes = facts.size;
  if (facts.mtimeMs !== undefined && facts.mtimeMs > 0) candidate.modified_at = new Date(facts.mtimeMs).toISOString();
  if (facts.quality !== undefined) candidate.match_score = Math.round(facts.quality * 1000) / 1000;
  if (facts.positions) candidate.match_ranges = toRanges(facts.positions);
  return candidate;
}

/** Sorted positions → ranges, end exclusive, adjacent positions merged (`file-refs.md` §1.2). */
export function toRanges(positions: readonly number[]): MatchRange[] {
  const ranges: MatchRange[] = [];
  for (const p of positions) {
    const last = ranges[ranges.length - 1];
    if (last && last.end === p) last.end = p + 1;
    else if (!last || p >= last.end) ranges.push({ start: p, end: p + 1 });
  }
  return ranges;
}
