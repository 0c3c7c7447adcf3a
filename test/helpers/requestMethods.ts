import { Methods } from '../../protocol/methods';

/** The standard LSP requests the server answers. */
export const LSP_REQUESTS = [
  'textDocument/completion',
  'textDocument/hover',
  'textDocument/definition',
  'textDocument/documentLink',
  'textDocument/codeAction',
  'textDocument/diagnostic',
  'codeAction/resolve',
  'workspace/executeCommand',
] as const;

/** agentls's own requests, from the protocol's one list (`agentls/fileSearchCancel`, a notification, is answered as a request too). */
export const AGENTLS_REQUESTS: readonly string[] = Object.values(Methods);

/** Every request the server answers: tests that try them all take them from here, so a new method is tried too. */
export const ALL_REQUESTS: readonly string[] = [...LSP_REQUESTS, ...AGENTLS_REQUESTS];
