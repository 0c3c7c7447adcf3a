/**
 * A workspace whose CLAUDE.md and GEMINI.md each import `count` files (`d/1.md` …), the one
 * numbered `missingIn` importing a file that is not there: past 50 files, more than agentls
 * follows for one memory or context file (`followBudget`).
 */
export function manyImports(count: number, missingIn: number): Record<string, string> {
  const imports = Array.from({ length: count }, (_, i) => `@./d/${i + 1}.md`).join('\n') + '\n';
  const tree: Record<string, string> = { '.git/HEAD': 'ref: refs/heads/main\n', 'CLAUDE.md': imports, 'GEMINI.md': imports };
  for (let i = 1; i <= count; i++) tree[`d/${i}.md`] = i === missingIn ? `Part ${i}.\n@./gone.md\n` : `Part ${i}.\n`;
  return tree;
}
