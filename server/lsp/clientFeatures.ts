import type { ClientCapabilities, InitializeParams } from 'vscode-languageserver/node';

/**
 * What the client can do, looked up once at `initialize` and read as flags by every
 * feature; nothing reads raw capabilities elsewhere, and nothing is assumed.
 */
export interface ClientFeatures {
  snippets: boolean;
  /** Completion items may carry an `InsertReplaceEdit`. */
  insertReplace: boolean;
  completionResolve: boolean;
  /** Code actions as literals (not bare commands). */
  codeActionLiterals: boolean;
  /** The client resolves a code action's `edit` lazily. */
  codeActionResolveEdit: boolean;
  codeActionDisabled: boolean;
  /** Pull diagnostics with refresh: only then is `diagnosticProvider` offered. */
  pullDiagnostics: boolean;
  diagnosticVersion: boolean;
  relatedInformation: boolean;
  configuration: boolean;
  configurationDynamic: boolean;
  workspaceFolders: boolean;
  watchedFilesDynamic: boolean;
  watchedFilesRelativePatterns: boolean;
  applyEdit: boolean;
  /** `documentChanges` with versioned edits (so the editor's undo works per file). */
  documentChanges: boolean;
  resourceOperations: string[];
  /** `workspace/willRenameFiles` is sent (LSP 3.16, `workspace.fileOperations.willRename`): only then is it registered. */
  willRenameFiles: boolean;
  workDoneProgress: boolean;
  showDocument: boolean;
  /** `textDocument.hover.contentFormat` includes markdown. */
  markdownHover: boolean;
  linkTooltip: boolean;
  /**
   * Accepting a plain-text completion item replaces only what lies before the cursor, and
   * puts the additional edits where they were before the item went in: Neovim's own
   * completion (0.11+) and its omnifunc insert the first line of the item's `newText` over
   * the typed word, ignore the end of its range, and then apply `additionalTextEdits` at
   * their unchanged positions (runtime/lua/vim/lsp/completion.lua, `get_completion_word`
   * and `on_complete_done`, as of 0.12.4). No capability says so: told by the client's name.
   */
  completionKeepsTextAfterCursor: boolean;
  /**
   * The client takes `documentChanges` and skips a versioned edit older than its buffer,
   * though it advertises neither: Neovim's `apply_workspace_edit` reads `documentChanges`
   * whatever the capabilities say, and `apply_text_document_edit` drops an edit whose
   * version is below the buffer's ("newer than edits"), still answering `applied: true`
   * (runtime/lua/vim/lsp/util.lua and handlers.lua, read in 0.7.2 and 0.12.4). Version 0
   * (a buffer unchanged since it was opened) counts as no version there.
   */
  skipsStaleVersionedEdits: boolean;
}

export function readClientFeatures(caps: ClientCapabilities, clientInfo?: InitializeParams['clientInfo']): ClientFeatures {
  const td = caps.textDocument ?? {};
  const ws = caps.workspace ?? {};
  const completionItem = td.completion?.completionItem ?? {};
  const codeAction = td.codeAction ?? {};
  return {
    snippets: completionItem.snippetSupport === true,
    insertReplace: completionItem.insertReplaceSupport === true,
    completionResolve: (completionItem.resolveSupport?.properties?.length ?? 0) > 0,
    codeActionLiterals: codeAction.codeActionLiteralSupport !== undefined,
    codeActionResolveEdit: codeAction.resolveSupport?.properties?.includes('edit') === true,
    codeActionDisabled: codeAction.disabledSupport === true,
    pullDiagnostics: td.diagnostic !== undefined && ws.diagnostics?.refreshSupport === true,
    diagnosticVersion: td.publishDiagnostics?.versionSupport === true,
    relatedInformation: td.publishDiagnostics?.relatedInformation === true,
    configuration: ws.configuration === true,
    configurationDynamic: ws.didChangeConfiguration?.dynamicRegistration === true,
    workspaceFolders: ws.workspaceFolders === true,
    watchedFilesDynamic: ws.didChangeWatchedFiles?.dynamicRegistration === true,
    watchedFilesRelativePatterns: ws.didChangeWatchedFiles?.relativePatternSupport === true,
    applyEdit: ws.applyEdit === true,
    documentChanges: ws.workspaceEdit?.documentChanges === true,
    resourceOperations: ws.workspaceEdit?.resourceOperations ?? [],
    willRenameFiles: ws.fileOperations?.willRename === true,
    workDoneProgress: caps.window?.workDoneProgress === true,
    showDocument: caps.window?.showDocument?.support === true,
    markdownHover: td.hover?.contentFormat?.includes('markdown') ?? false,
    linkTooltip: td.documentLink?.tooltipSupport === true,
    completionKeepsTextAfterCursor: clientInfo?.name === 'Neovim',
    skipsStaleVersionedEdits: clientInfo?.name === 'Neovim',
  };
}
