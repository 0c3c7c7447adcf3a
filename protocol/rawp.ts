/**
 * The RAWP payloads of file search (`control.file.search`, `session.file.candidates`,
 * `control.file.search.cancel`), exactly as on the wire.
 * `agentls/fileSearch` takes a `FileSearchPayload` and answers a `FileCandidatesPayload`.
 */

export type FileSearchScope = 'workspace' | 'project' | 'global';

/** `control.file.search` payload. */
export interface FileSearchPayload {
  /** UUID v4 identifying this search; a later answer never overwrites a newer query. */
  query_id: string;
  /** Fuzzy query; empty = the most recently modified files. */
  query: string;
  /** Default `workspace` (the folder of the requesting document, else the first). */
  scope?: FileSearchScope;
  /** Default 20; larger values are clamped to 50. */
  max_results?: number;
  filters?: {
    /** e.g. `[".ts", ".tsx"]`; case-insensitive, leading dot optional. */
    extensions?: string[];
    /** Globs on the workspace-relative path, on top of the default excludes. */
    exclude_patterns?: string[];
  };
  /** Not part of RAWP: the document the search is typed in, to pick the workspace folder. */
  from_uri?: string;
}

export interface MatchRange {
  /** UTF-16 offset into `path`. */
  start: number;
  /** Exclusive. */
  end: number;
}

/** One entry of `session.file.candidates`. */
export interface FileCandidate {
  /** Relative to the workspace folder, `/` separators. */
  path: string;
  name: string;
  /** Directory part of `path` (`""` at the root). */
  directory: string;
  extension?: string;
  mime_type?: string;
  size_bytes?: number;
  /** ISO 8601. */
  modified_at?: string;
  /** 0..1, higher is better. */
  match_score?: number;
  match_ranges?: MatchRange[];
}

/** `session.file.candidates` payload. */
export interface FileCandidatesPayload {
  query_id: string;
  /** Best first. */
  candidates: FileCandidate[];
  /** Candidates after filtering, before the `max_results` cut. */
  total_count?: number;
  truncated: boolean;
  /**
   * Not part of RAWP: present (true) while the index of a searched folder is still being
   * built, so the answer comes from part of the tree; absent once it is complete. A client
   * shows that the list may grow and asks again.
   */
  indexing?: true;
  /** Not part of RAWP: with `indexing`, the files indexed so far in the searched folders. */
  indexed_count?: number;
}

/** `control.file.search.cancel` payload (`agentls/fileSearchCancel`). */
export interface FileSearchCancelPayload {
  query_id: string;
}
