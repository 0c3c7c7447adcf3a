import * as path from 'node:path';
import { isClaudeMemoryFile } from '../../rules/claudeImports';
import { isCursorRuleFile } from '../../rules/mdcLinks';
import { isInside } from '../../workspace/paths';
import type { PathMove } from '../../workspace/renamedPaths';
import type { ServerContext } from '../feature';

/** What an agent file may hold that names another file. */
export interface AgentFileKinds {
  claudeMemory: boolean;
  cursorRule: boolean;
  prompt?: 'markdown' | 'rawp-json';
}

/** Memory files Claude Code reads at a project's top besides CLAUDE.md (its memory docs, https://code.claude.com/docs/en/memory: `./CLAUDE.md` or `./.claude/CLAUDE.md`, and `./CLAUDE.local.md`). */
const ROOT_MEMORY = ['CLAUDE.md', 'CLAUDE.local.md', path.join('.claude', 'CLAUDE.md')];

/**
 * The agent files that may name a file about to move, from what the server already knows and
 * never from a walk of the tree: open documents first (their buffers are what the user sees),
 * then Claude Code's memory files of each workspace folder and of the folders above each moved
 * path, then the files the rules engine lists, then the memory files and Cursor rules the file
 * index names anywhere (a package's own), then the prompt documents it names. Each lies in a workspace folder; the order decides which are read when they are
 * too many to read.
 */
export async function agentFilesToUpdate(ctx: ServerContext, moves: readonly PathMove[]): Promise<string[]> {
  const session = ctx.session;
  const out = new Set<string>();
  for (const doc of ctx.documents.all()) if (doc.path) out.add(doc.path);
  for (const root of session.roots.paths) for (const name of ROOT_MEMORY) out.add(path.join(root, name));
  for (const move of moves) {
    const root = session.rootOf(move.from);
    // The chain of folders from the moved path up to its workspace folder: bounded by the path's depth.
    for (let dir = path.dirname(move.from); root !== undefined && isInside(root, dir); dir = path.dirname(dir)) {
      out.add(path.join(dir, 'CLAUDE.md'));
      out.add(path.join(dir, 'CLAUDE.local.md'));
      if (dir === root) break;
    }
  }
  const engine = ctx.services.rulesEngine && (await ctx.services.rulesEngine());
  for (const p of engine?.reportedPaths() ?? []) out.add(p);
  const prompts: string[] = [];
  for (const root of session.roots.paths) {
    // Also the memory files and Cursor rules no folder chain above reaches: a sibling package's CLAUDE.md, a package's own `.cursor/rules`.
    const indexed = await ctx.services.fileSearch?.pathsWithExtensionsNow(root, ['.md', '.mdc', '.json']);
    for (const rel of indexed?.paths ?? []) {
      const p = path.join(root, ...rel.split('/'));
      if (isClaudeMemoryFile(p) || isCursorRuleFile(p, root)) out.add(p);
      else if (promptFormOf(rel) !== undefined) prompts.push(p);
    }
  }
  for (const p of prompts) out.add(p);
  return [...out].filter((p) => session.rootOf(p) !== undefined && session.allows(p) && isAgentFile(kindsOf(ctx, p)));
}

/** What references the file `p` may hold, as the server reads it. */
export function kindsOf(ctx: ServerContext, p: string): AgentFileKinds {
  const root = ctx.session.rootOf(p);
  const open = ctx.documents.getByPath(p);
  const prompt = open ? (open.kind.kind === 'prompt' ? open.kind.form : undefined) : promptFormOf(p);
  return { claudeMemory: isClaudeMemoryFile(p), cursorRule: root !== undefined && isCursorRuleFile(p, root), ...(prompt ? { prompt } : {}) };
}

export function isAgentFile(kinds: AgentFileKinds): boolean {
  return kinds.claudeMemory || kinds.cursorRule || kinds.prompt !== undefined;
}

/** A prompt document known by its name (`classify.ts`: `.prompt.md`, `.rawp.json`). */
function promptFormOf(p: string): 'markdown' | 'rawp-json' | undefined {
  const lower = p.toLowerCase();
  if (lower.endsWith('.prompt.md')) return 'markdown';
  if (lower.endsWith('.rawp.json')) return 'rawp-json';
  return undefined;
}
