/**
 * The frontmatter of a GitHub Copilot prompt file (`.github/prompts/NAME.prompt.md`), as
 * data. Sources:
 * - VS Code docs, "Use prompt files in VS Code" (code.visualstudio.com/docs/agent-customization/
 *   prompt-files; microsoft/vscode-docs `docs/agent-customization/prompt-files.md`, approved
 *   2026-07-29): the header table lists `description`, `name`, `argument-hint`, `agent`,
 *   `model` and `tools`, each optional.
 * - GitHub's docs (docs.github.com/copilot/tutorials/customization-library/prompt-files;
 *   github/docs `data/reusables/copilot/prompt-files-preview-note.md`): prompt files are in
 *   public preview and "only available in VS Code, Visual Studio, and JetBrains IDEs" (not on
 *   GitHub.com); their examples use `agent:` and, before github/docs#41327 (2025-11), `mode:`.
 *   GitHub's pages list no key VS Code's table lacks: VS Code's table is the narrower
 *   description of each key, and it is what is said here.
 */

export interface PromptKeyDoc {
  key: string;
  /** What Copilot does with the key, in the docs' terms. */
  summary: string;
  /** The value's documented shape: one text, a list of texts, or either (`model`). */
  shape: 'text' | 'list' | 'text-or-list';
}

/** Built-in agents the current VS Code docs name for `agent` (besides any custom agent's name). */
export const BUILT_IN_AGENTS: readonly string[] = ['ask', 'agent', 'plan'];

/**
 * Tool names the VS Code docs use: the prompt-files page's example (`search/codebase`,
 * `vscode/askQuestions`) and the tools page's examples ("Use tools with agents",
 * docs/agents/run/tools.md: `#web`, `#problems`, `#codebase`). The set is open: tools of MCP
 * servers (`SERVER/*` for all of one server's) and of extensions count too.
 */
export const DOCUMENTED_TOOLS: readonly string[] = ['search/codebase', 'vscode/askQuestions', 'web', 'problems', 'codebase'];

/** Models the docs' examples name; the model picker's names are the open set. */
export const DOCUMENTED_MODELS: readonly string[] = ['GPT-4o', 'Claude Sonnet 4'];

export const PROMPT_KEYS: readonly PromptKeyDoc[] = [
  { key: 'description', shape: 'text', summary: 'A short description of the prompt, shown beside its name when you type `/` in chat.' },
  { key: 'name', shape: 'text', summary: 'The name typed after `/` in chat to run the prompt. Without it, the file name (without `.prompt.md`) is the name.' },
  { key: 'argument-hint', shape: 'text', summary: 'Hint text shown in the chat input field, telling how to use the prompt (what to type after `/name`).' },
  {
    key: 'agent',
    shape: 'text',
    summary: `The agent that runs the prompt: ${BUILT_IN_AGENTS.map((a) => `\`${a}\``).join(', ')}, or the name of a custom agent. Without it the current agent is used, and \`agent\` when \`tools\` are given.`,
  },
  // The docs' table says only "the language model used"; VS Code's custom-agent docs take a list
  // as models tried in order, and its prompt validator (promptValidator.ts, `validateModel`)
  // accepts a text or a list of texts for prompt files too: only a mapping is ruled out.
  { key: 'model', shape: 'text-or-list', summary: "The language model that runs the prompt, by the name the model picker shows (or a list, tried in order). Without it the model selected in the picker is used." },
  {
    key: 'tools',
    shape: 'list',
    summary: 'A list of the tool or tool set names available while the prompt runs: built-in tools, tool sets, MCP tools (`SERVER/*` for all of one server\'s) and extension tools. A tool that is not available is ignored. These come before the tools of the `agent` it names.',
  },
];

/**
 * `mode`: the earlier name of `agent`. VS Code's docs listed `mode` (`ask`, `edit` or `agent`)
 * until `agent` replaced it (their current table has no `mode`); GitHub's tutorials were
 * changed from `mode:` to `agent:` (github/docs#41327). VS Code's source still reads `mode`
 * where no `agent` is given and marks it deprecated (microsoft/vscode,
 * `src/vs/workbench/contrib/chat/common/promptSyntax/languageProviders/promptValidator.ts`,
 * `validateAgent`): not a documented fact, so it is said as advice only.
 */
export const RENAMED_KEYS: Readonly<Record<string, string>> = { mode: 'agent' };

export function promptKeyDoc(key: string): PromptKeyDoc | undefined {
  return PROMPT_KEYS.find((k) => k.key === key);
}
