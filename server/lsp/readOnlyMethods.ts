import { Methods } from '../../protocol/methods';

/**
 * Requests whose handlers change nothing: once cancelled they may be answered at once,
 * even while running (their late result is dropped). Others that already run answer
 * themselves when they have stopped, so a cancel never hides an edit that happened.
 *
 * The standard methods are spelled out rather than read from the LSP library's request
 * types: the wire thread (`wire/`) decides with this set and loads nothing else.
 */
export const READ_ONLY_METHODS: ReadonlySet<string> = new Set<string>([
  Methods.fileSearch,
  Methods.status,
  Methods.ruleBuckets,
  Methods.systemPrompt,
  Methods.resolveRule,
  Methods.rulesForFile,
  Methods.hashlineRead,
  Methods.astEditPreview,
  Methods.parsePrompt,
  'textDocument/completion',
  'textDocument/hover',
  'textDocument/definition',
  'textDocument/documentLink',
  'textDocument/codeAction',
  'textDocument/diagnostic',
  'codeAction/resolve',
]);
