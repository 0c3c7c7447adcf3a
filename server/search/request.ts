import type { FileSearchScope } from '../../protocol/rawp';
import { params, ParamError } from '../core/params';
import { globProblem } from '../workspace/glob';
import { normaliseExtensions, type SearchFilters } from './filters';

/** `max_results` when absent, and its ceiling (`file-refs.md` §1.1). */
export const DEFAULT_MAX_RESULTS = 20;
export const MAX_RESULTS = 50;
/** Longest query read (longer ones are cut: scoring is quadratic in a term's length). */
export const MAX_QUERY_LENGTH = 512;
const MAX_FILTER_ENTRIES = 100;

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** A validated `control.file.search` payload. */
export interface SearchRequest {
  queryId: string;
  query: string;
  scope: FileSearchScope;
  maxResults: number;
  filters: SearchFilters;
  /** The document the search is typed in (`from_uri`), which picks the workspace folder. */
  fromUri: string | undefined;
}

/**
 * Reads untrusted `agentls/fileSearch` params; a `ParamError` naming the field for
 * anything malformed (`query_id` must be a UUID v4; `max_results` an integer ≥ 1,
 * clamped at 50; filters arrays of strings, globs well-formed).
 */
export function readSearchRequest(raw: unknown): SearchRequest {
  const obj = params.object(raw);
  const queryId = params.string(obj, 'query_id');
  if (!UUID_V4.test(queryId)) throw new ParamError('query_id', 'must be a UUID v4');
  const query = params.string(obj, 'query');
  const scope = params.oneOf(obj, 'scope', ['workspace', 'project', 'global'] as const) ?? 'workspace';
  const maxResults = Math.min(MAX_RESULTS, params.optionalInteger(obj, 'max_results', 1) ?? DEFAULT_MAX_RESULTS);
  const fromUri = params.optionalString(obj, 'from_uri');
  let extensions: string[] = [];
  let excludes: string[] = [];
  if (obj.filters !== undefined && obj.filters !== null) {
    const filters = params.object(obj.filters, 'filters');
    extensions = params.optionalStringArray(filters, 'extensions', 'filters.') ?? [];
    excludes = params.optionalStringArray(filters, 'exclude_patterns', 'filters.') ?? [];
    if (extensions.length > MAX_FILTER_ENTRIES) throw new ParamError('filters.extensions', `at most ${MAX_FILTER_ENTRIES} entries`);
    if (excludes.length > MAX_FILTER_ENTRIES) throw new ParamError('filters.exclude_patterns', `at most ${MAX_FILTER_ENTRIES} entries`);
    excludes.forEach((glob, i) => {
      const problem = globProblem(glob);
      if (problem) throw new ParamError(`filters.exclude_patterns[${i}]`, `${JSON.stringify(glob)}: ${problem}`);
    });
  }
  return {
    queryId,
    query: query.slice(0, MAX_QUERY_LENGTH),
    scope,
    maxResults,
    filters: { extensions: normaliseExtensions(extensions), excludes },
    fromUri,
  };
}
