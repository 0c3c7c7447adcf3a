/**
 * Names of agentls's custom LSP methods and commands, shared with editor clients.
 * Custom methods use the prefix `agentls/`, commands `agentls.`; the README's "Requests and their commands" says
 * what each does and which command stands in for it.
 */
export const Methods = {
  fileSearch: 'agentls/fileSearch',
  /** A notification, not a request (`{ query_id }`, sent without an id): the search it names answers RequestCancelled. */
  fileSearchCancel: 'agentls/fileSearchCancel',
  ruleBuckets: 'agentls/ruleBuckets',
  systemPrompt: 'agentls/systemPrompt',
  resolveRule: 'agentls/resolveRule',
  rulesForFile: 'agentls/rulesForFile',
  hashlineRead: 'agentls/hashlineRead',
  hashlineApply: 'agentls/hashlineApply',
  astEditPreview: 'agentls/astEditPreview',
  astEditResolve: 'agentls/astEditResolve',
  parsePrompt: 'agentls/parsePrompt',
  convertPrompt: 'agentls/convertPrompt',
  /** Server status (roots, index state); used by tests and `:checkhealth`-style views. */
  status: 'agentls/status',
} as const;

export const Commands = {
  hashlineApply: 'agentls.hashline.apply',
  astEditPreview: 'agentls.astEdit.preview',
  astEditApply: 'agentls.astEdit.apply',
  rulesShowBuckets: 'agentls.rules.showBuckets',
  rulesShowSystemPrompt: 'agentls.rules.showSystemPrompt',
  rulesShowForFile: 'agentls.rules.showForFile',
  rulesConvert: 'agentls.rules.convert',
  /** Copies one rule file's body over another's (args: { from, to } URIs), the target keeping its own frontmatter: the drift fix for editors that cannot resolve edits. */
  rulesCopyBody: 'agentls.rules.copyBody',
  /** Renames a rule file on disk (args: from URI, to URI, text to put first): the quick fix for editors without file renames in edits. */
  rulesRenameFile: 'agentls.rules.renameFile',
  indexRebuild: 'agentls.index.rebuild',
  fileSearchReport: 'agentls.fileSearch.report',
} as const;

/**
 * Titles of the file index's work-done progress (`$/progress` begin, when the client declared
 * `window.workDoneProgress`): its end is when searches answer from the whole tree again, no
 * longer `indexing` (the VS Code extension searches again then).
 */
export const IndexProgressTitles = { build: 'Indexing files', rebuild: 'Rebuilding the file index' } as const;

/** `agentls/status` result. */
export interface StatusResult {
  version: string;
  roots: string[];
  /** Where file changes come from. */
  watcher: 'client' | 'server' | 'off';
  /** How far the server's own watching is (it is installed in the background, after start-up). */
  watching: WatchingStatus;
  settings: unknown;
}

/** The server's own watching: `starting` until every folder is watched or checked. */
export interface WatchingStatus {
  /** `client` and `off` when the server does not watch the roots itself. */
  state: 'starting' | 'watching' | 'client' | 'off';
  /** `native` (one recursive watch), or `fs.watch` on up to 20,000 folders plus checks of folder times for the rest. */
  backend?: 'native' | 'fs.watch';
  /** Folders the ignore rules keep, found so far. */
  folders: number;
  /** Folders with a watch. */
  watched: number;
  /** From the start until every folder was covered (ms), once they all are. */
  coveredMs?: number;
  roots: { root: string; state: 'starting' | 'watching' | 'stopped'; backend?: 'native' | 'fs.watch'; folders: number; watched: number; coveredMs?: number }[];
}
