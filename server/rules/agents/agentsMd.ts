import { baseName } from './shared';
import type { AgentModel } from './types';

/**
 * AGENTS.md, the open format (https://agents.md). Plain Markdown with no required fields;
 * files may sit in any folder and the nearest one to the edited file takes precedence
 * (`context/nestedAgentsMd.ts` reads a subfolder's, scoped to it).
 */
export const agentsMd: AgentModel = {
  id: 'agents-md',
  name: 'AGENTS.md readers',
  plural: true,
  // Claude Code reads AGENTS.md only where no CLAUDE.md is in the working folder or above it
  // (its memory docs, "AGENTS.md"; its changelog, 2.1.277).
  reads: '`AGENTS.md` in any folder (nearest wins); read by Codex (where no `AGENTS.override.md` is beside it), Cursor, Windsurf, Cline, Copilot and others, and by Claude Code where neither its folder nor one above it has a `CLAUDE.md`',
  owns(rel) {
    // agents.md: the file name is exactly AGENTS.md; nested files are expected in monorepos.
    return baseName(rel) === 'AGENTS.md' ? { read: true, frontmatter: false } : undefined;
  },
  keys: {},
  activation: () => ({ mode: 'always' }),
};
