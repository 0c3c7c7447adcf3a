/**
 * Names of agentls's custom LSP methods and commands, shared with editor clients.
 * Custom methods use the prefix `agentls/`, commands `agentls.` (`lsp.md` §3–§4).
 */
export const Methods = {
  fileSearch: 'agentls/fileSearch',
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
  /** Renames a rule file on disk (args: from URI, to URI, text to put first): the quick fix for editors without file renames in edits. */
  rulesRenameFile: 'agentls.rules.renameFile',
  indexRebuild: 'agentls.index.rebuild',
  fileSearchReport: 'agentls.fileSearch.report',
} as const;

/** `agentls/status` result. */
export interface StatusResult {
  version: string;
  roots: string[];
  /** Where file changes come from. */
  watcher: 'client' | 'server' | 'off';
  settings: unknown;
}
