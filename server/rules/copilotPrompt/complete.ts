import { BUILT_IN_AGENTS, DOCUMENTED_MODELS, DOCUMENTED_TOOLS, PROMPT_KEYS } from './keys';

/** The keys completion offers in a Copilot prompt file's frontmatter: those its docs list (`keys.ts`), never the renamed `mode`. */
export function promptKeyItems(): { key: string; detail: string; documentation: string }[] {
  return PROMPT_KEYS.map((k) => ({ key: k.key, detail: 'read by GitHub Copilot (prompt file)', documentation: k.summary }));
}

/**
 * Values offered after `key: ` (or, `item`, as an element of its block list): the built-in
 * agents, and the docs' example models and tools. Those sets are open (custom agents, the
 * model picker's names, MCP and extension tools), so these are suggestions, never a check.
 */
export function promptValueItems(key: string, item: boolean): readonly string[] | undefined {
  if (key === 'tools') return item ? DOCUMENTED_TOOLS.map((t) => `'${t}'`) : DOCUMENTED_TOOLS.map((t) => `['${t}']`);
  if (item) return undefined;
  if (key === 'agent') return BUILT_IN_AGENTS;
  if (key === 'model') return DOCUMENTED_MODELS;
  return undefined;
}
