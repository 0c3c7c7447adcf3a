/**
 * A workspace where each agent that reads files of the home beside the project's is in use, so
 * that `auto` shows it (`rules/context/instructionViews.ts`): Kiro and Continue (a rule in their
 * folder), Roo Code (its `.roo` folder), Gemini CLI (a root GEMINI.md) and Codex (its `.codex`
 * folder). For tests of those agents' user-level files.
 */
export const HOME_AGENTS_WORKSPACE = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  'src/a.ts': 'x\n',
  '.kiro/steering/p.md': '---\ninclusion: always\n---\n# P\n',
  '.continue/rules/p.md': '---\nalwaysApply: true\n---\nC\n',
  '.roo/rules/p.md': 'Roo.\n',
  'GEMINI.md': 'Gemini.\n',
  '.codex/config.toml': '',
};
