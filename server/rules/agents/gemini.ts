import { baseName } from './shared';
import type { AgentModel } from './types';

/**
 * Gemini CLI (Google's coding agent). Source: its docs, "Provide context with GEMINI.md files"
 * (https://geminicli.com/docs/cli/gemini-md; in its repository, docs/cli/gemini-md.md):
 * context files, named `GEMINI.md` by default, are loaded from `~/.gemini/GEMINI.md`, from
 * the workspace folders and the folders above them, and, just in time, from the folder of a
 * file a tool accesses and the folders above it up to a trusted root; every file found is
 * concatenated and sent with every prompt. (An earlier revision of that page said the files
 * of the subfolders below the working folder were scanned at start, respecting `.gitignore`
 * and `.geminiignore`; the current one says they load when a tool reaches their folder, and
 * agentls follows the current one.) Plain Markdown: the docs name no frontmatter.
 * `context.fileName` in `settings.json` may name other file names (same page, "Customizing
 * the context file name"); this model owns `GEMINI.md`, the default.
 */
export const gemini: AgentModel = {
  id: 'gemini',
  name: 'Gemini CLI',
  reads: '`GEMINI.md` at the root (and `~/.gemini/GEMINI.md`), and in a subfolder when a tool reaches a file there; all joined, none overriding another',
  owns(rel, places) {
    if (baseName(rel) !== GEMINI_MD) return undefined;
    // Same page, "Customizing the context file name": `context.fileName` names the files Gemini CLI
    // reads in place of GEMINI.md (google-gemini/gemini-cli, packages/core/src/tools/memoryTool.ts:
    // `setGeminiMdFilename` replaces the names `getAllGeminiMdFilenames` gives the discovery), so where
    // the workspace's settings name others, it reads none of these.
    const names = places?.geminiNames;
    if (names && !names.includes(GEMINI_MD)) {
      // A context file it reads may import this one all the same (its "Memory Import Processor" docs,
      // docs/core/memport.md: `@path` in a context file; lint/geminiImports.ts has the details), as an
      // AGENTS.md keeping Gemini's own part in GEMINI.md does, and agentls does not follow them here.
      const unless = `a context file it reads imports it (\`@./${GEMINI_MD}\` in ${names[0]}, say)`;
      return { read: false, frontmatter: false, why: `Gemini CLI reads the context files \`.gemini/settings.json\` names in \`context.fileName\` (${names.join(', ')}) in place of ${GEMINI_MD}`, unless };
    }
    return { read: true, frontmatter: false };
  },
  keys: {},
  activation: () => ({ mode: 'always' }),
};

/** Gemini CLI's default context file name (its docs, above). */
export const GEMINI_MD = 'GEMINI.md';
