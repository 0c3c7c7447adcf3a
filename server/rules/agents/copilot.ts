import { afterMarker, baseName, globList } from './shared';
import type { AgentModel } from './types';

/**
 * GitHub Copilot. Source: GitHub's documentation, "Adding repository custom instructions"
 * (https://docs.github.com/en/copilot/how-tos/configure-custom-instructions/add-repository-instructions).
 */
export const copilot: AgentModel = {
  id: 'copilot',
  name: 'GitHub Copilot',
  reads: '`.github/copilot-instructions.md`; `.github/instructions/**/*.instructions.md` with `applyTo`; `AGENTS.md`',
  owns(rel) {
    if (rel === '.github/copilot-instructions.md') return { read: true, frontmatter: false };
    const at = afterMarker(rel, '.github/instructions/');
    if (!at || at.rest === '') return undefined;
    const name = baseName(rel);
    // Docs: path-specific files are NAME.instructions.md "within or below" .github/instructions.
    if (name.endsWith('.instructions.md')) return { read: true, frontmatter: true };
    if (name.endsWith('.md')) {
      return { read: false, frontmatter: true, onlyWithKey: 'applyTo', why: 'Copilot reads only files named `NAME.instructions.md` in `.github/instructions/`', move: rel.replace(/\.md$/, '.instructions.md') };
    }
    return undefined;
  },
  // Docs: the frontmatter's applyTo holds globs, several separated by commas; description
  // is shown in the editor. excludeAgent: the docs show one value ("code-review" or
  // "coding-agent"); VS Code's attribute table for instruction files types it
  // `scalar | sequence` (src/vs/workbench/contrib/chat/common/promptSyntax, the prompt
  // header attributes), and repositories write lists: both are accepted.
  keys: { applyTo: { kind: 'globs' }, description: { kind: 'string' }, excludeAgent: { kind: 'strings' } },
  // VS Code's Copilot reads applyTo as one string (a list is ignored, and its own validator
  // says "The 'applyTo' attribute must be a string."); it splits the string at top-level
  // commas, braces kept (splitGlobAware).
  globs: { key: 'applyTo', commaSeparated: true, lists: false, braces: true },
  activation(fm) {
    // Docs: without applyTo a path-specific file is not applied automatically.
    const globs = globList(fm.applyTo, true);
    return globs.length ? { mode: 'globs', globs } : { mode: 'manual' };
  },
};
