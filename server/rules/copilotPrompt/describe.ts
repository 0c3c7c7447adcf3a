import * as path from 'node:path';
import type { FileAnalysis } from '../analysis';
import { BUILT_IN_AGENTS, RENAMED_KEYS, promptKeyDoc } from './keys';

/** The slash command that runs the prompt: its `name`, else the file name without `.prompt.md` (VS Code docs, the `name` key). */
export function commandName(filePath: string, frontmatter: Record<string, unknown>): string {
  const name = frontmatter.name;
  if (typeof name === 'string' && name.trim() !== '') return name.trim();
  return path.basename(filePath).replace(/\.prompt\.md$/, '');
}

/**
 * The first line's hover: what the file is to Copilot. Where it runs: GitHub's docs say
 * prompt files are "only available in VS Code, Visual Studio, and JetBrains IDEs"
 * (`data/reusables/copilot/prompt-files-preview-note.md`), the narrower of the two docs.
 */
export function promptFileMarkdown(filePath: string, analysis: FileAnalysis): string {
  const fm = analysis.parsed?.frontmatter ?? {};
  const name = commandName(filePath, fm);
  const lines = [
    `**GitHub Copilot prompt file**: run on demand by typing \`/${name}\` in Copilot Chat (VS Code, Visual Studio and JetBrains IDEs; GitHub's docs say prompt files are not available elsewhere).`,
    'It is not a rule: Copilot adds it to no request by itself and applies it to no file; its text is sent when you run it.',
  ];
  const said = (key: string, value: unknown) => (typeof value === 'string' && value.trim() !== '' ? `- \`${key}\`: ${value.trim()}` : undefined);
  const names = (key: string, value: unknown) => {
    const texts = Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string' && t.trim() !== '') : [];
    return texts.length ? `- \`${key}\`: ${texts.map((t) => `\`${t}\``).join(', ')}` : undefined;
  };
  const facts = [said('description', fm.description), said('agent', fm.agent ?? fm.mode), said('model', fm.model) ?? names('model', fm.model), names('tools', fm.tools)].filter((l): l is string => l !== undefined);
  return facts.length ? `${lines.join('\n\n')}\n\n${facts.join('\n')}` : lines.join('\n\n');
}

/** A key's hover: what Copilot does with it (`keys.ts` cites the docs), or that its docs do not list it. */
export function promptKeyMarkdown(key: string): string {
  const doc = promptKeyDoc(key);
  if (doc) return `**\`${key}\`** (GitHub Copilot prompt file)\n\n${doc.summary}`;
  const renamed = RENAMED_KEYS[key];
  if (renamed) {
    return `**\`${key}\`** (GitHub Copilot prompt file)\n\nThe earlier name of \`${renamed}\` (values then: \`ask\`, \`edit\`, \`agent\`); VS Code's current prompt-file docs list \`${renamed}\` instead (${BUILT_IN_AGENTS.map((a) => `\`${a}\``).join(', ')} or a custom agent's name).`;
  }
  return `**\`${key}\`**: GitHub Copilot's prompt-file docs do not list this key.`;
}
