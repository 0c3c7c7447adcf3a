import type { ClientCapabilities } from 'vscode-languageserver/node';

/**
 * Client capability sets of the editors users run, as the harness recorded them
 * (`../shared/harness/README.md`, "Client coverage"). LSP tests run against these so
 * nothing works only for a client that can do everything.
 */
export const VSCODE_LIKE: ClientCapabilities = {
  general: { positionEncodings: ['utf-16'] },
  window: { workDoneProgress: true, showDocument: { support: true }, showMessage: {} },
  workspace: {
    applyEdit: true,
    workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] },
    configuration: true,
    didChangeConfiguration: { dynamicRegistration: true },
    workspaceFolders: true,
    didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: true },
    executeCommand: { dynamicRegistration: false },
    diagnostics: { refreshSupport: true },
  },
  textDocument: {
    synchronization: { didSave: true, dynamicRegistration: false },
    completion: {
      completionItem: { snippetSupport: true, insertReplaceSupport: true, resolveSupport: { properties: ['documentation', 'detail'] } },
      contextSupport: true,
    },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    codeAction: {
      codeActionLiteralSupport: { codeActionKind: { valueSet: ['', 'quickfix', 'refactor', 'refactor.rewrite', 'source'] } },
      resolveSupport: { properties: ['edit'] },
      dataSupport: true,
      disabledSupport: true,
      isPreferredSupport: true,
    },
    publishDiagnostics: { relatedInformation: true, versionSupport: true, tagSupport: { valueSet: [1, 2] } },
    diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false },
    documentLink: { tooltipSupport: true },
    definition: { linkSupport: true },
  },
};

/** Neovim 0.7: no configuration capability, no file watching, no pull diagnostics, no showDocument. */
export const NEOVIM_07_LIKE: ClientCapabilities = {
  window: { workDoneProgress: true, showDocument: { support: false }, showMessage: {} },
  workspace: { applyEdit: true, workspaceEdit: { resourceOperations: ['rename', 'create', 'delete'] }, workspaceFolders: true, symbol: {} },
  textDocument: {
    synchronization: { didSave: true, willSave: false },
    completion: { completionItem: { snippetSupport: false } },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    codeAction: {
      codeActionLiteralSupport: { codeActionKind: { valueSet: ['', 'quickfix', 'refactor', 'refactor.rewrite', 'source'] } },
      dataSupport: true,
      resolveSupport: { properties: ['edit'] },
    },
    publishDiagnostics: { relatedInformation: true, tagSupport: { valueSet: [1, 2] } },
    definition: { linkSupport: true },
  },
};

/** Helix 25.01: no rootUri (folders only), no showDocument, no pull, watched files dynamic. */
export const HELIX_LIKE: ClientCapabilities = {
  general: { positionEncodings: ['utf-8', 'utf-32', 'utf-16'] },
  window: { workDoneProgress: true },
  workspace: {
    applyEdit: true,
    workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] },
    configuration: true,
    didChangeConfiguration: { dynamicRegistration: false },
    workspaceFolders: true,
    didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: false },
    executeCommand: { dynamicRegistration: false },
  },
  textDocument: {
    completion: { completionItem: { snippetSupport: true, insertReplaceSupport: true, resolveSupport: { properties: ['documentation', 'detail', 'additionalTextEdits'] } } },
    hover: { contentFormat: ['markdown'] },
    codeAction: {
      codeActionLiteralSupport: { codeActionKind: { valueSet: ['', 'quickfix', 'refactor', 'refactor.extract', 'refactor.inline', 'refactor.rewrite', 'source', 'source.organizeImports'] } },
      isPreferredSupport: true,
      disabledSupport: true,
      dataSupport: true,
      resolveSupport: { properties: ['edit', 'command'] },
    },
    publishDiagnostics: { versionSupport: true, tagSupport: { valueSet: [1, 2] } },
  },
};

export const CLIENT_PRESETS = { vscode: VSCODE_LIKE, neovim: NEOVIM_07_LIKE, helix: HELIX_LIKE };
export type ClientPreset = keyof typeof CLIENT_PRESETS;
