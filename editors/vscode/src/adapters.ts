/**
 * The adapters `agentls.prompt.convert` accepts, in the order the quick pick offers them
 * (generic first: the server's default), each with what it does (spec file-refs.md §3). The
 * server's list is protocol/refs.ts `PROMPT_ADAPTERS`; the extension keeps its own copy so that
 * it bundles nothing of the server, and test/vscode/adapters.test.ts holds the two together.
 */
export const PROMPT_ADAPTER_CHOICES: readonly { adapter: string; detail: string }[] = [
  { adapter: 'generic', detail: 'a general LLM: each file reference becomes [File: path]' },
  { adapter: 'claude-code', detail: 'Claude Code: the references leave the text, the files go in context_files' },
  { adapter: 'script', detail: 'a script: the referenced paths become its arguments' },
];
