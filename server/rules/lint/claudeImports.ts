import * as path from 'node:path';
import type { Finding } from '../../core/findings';
import type { FileSystem } from '../../workspace/fs';
import type { IgnoreRules } from '../../workspace/ignore';
import { displayPath, relativeInside } from '../../workspace/paths';
import { claudeImportFindings, findClaudeImports, resolveClaudeImport } from '../claudeImports';
import { finding } from '../codes';
import { ZERO_RANGE, type LineIndex } from '../../core/text';
import { fileTargets } from '../targets';

/**
 * The import findings of one Claude Code memory file, with paths shown as the user knows
 * them: relative to the workspace folder, or under `~` for the home directory. None when
 * `agentls.rules.agents` leaves Claude Code out.
 */
export async function claudeImportFindingsFor(
  file: string,
  text: string,
  lines: LineIndex,
  fs: FileSystem,
  where: { home: string; settings: { rules: { agents: 'auto' | readonly string[] } }; ignoreFor(root: string): IgnoreRules },
  root: string | undefined,
): Promise<Finding[]> {
  if (!fileTargets(where.settings.rules.agents, 'claude', false).has('claude')) return [];
  const home = where.home;
  const display = (p: string) => displayPath(p, root, home);
  const ignoredPart = async (p: string) => {
    const rel = root === undefined ? undefined : relativeInside(root, p);
    return rel ? where.ignoreFor(root!).ignoredPart(rel, false) : undefined;
  };
  return claudeImportFindings(file, text, lines, fs, home, display, ignoredPart);
}

/** What `agentsMdForClaudeFindings` reads of a CLAUDE.md: enough for a shim and its imports. */
const MAX_MEMORY_BYTES = 1024 * 1024;

/**
 * An AGENTS.md that Claude Code passes over: Claude Code reads AGENTS.md only in a folder
 * without a CLAUDE.md (source: Claude Code's changelog, 2.1.277, "in a project with no
 * CLAUDE.md, Claude Code reads AGENTS.md instead", and its memory docs; the user can turn
 * this off in /config). Where the folder has a CLAUDE.md that does not import AGENTS.md,
 * these instructions never reach Claude Code. A CLAUDE.md that is a symbolic link (often to
 * AGENTS.md itself) is not judged, nor one that is a copy of the AGENTS.md, nor one that
 * names AGENTS.md in its text ("Read `AGENTS.md` first", a link to it): that CLAUDE.md
 * sends Claude to the file, which Claude Code then reads with its Read tool when it
 * follows the instruction (Claude Code's memory docs: CLAUDE.md is instructions to the
 * model, `@path` imports are what is loaded at launch). A real repository's shape: the
 * audit of whole repositories found pointer-style CLAUDE.md files reported as if they
 * ignored AGENTS.md. Information: the split may be deliberate.
 */
export async function agentsMdForClaudeFindings(file: string, fs: FileSystem, where: { home: string; settings: { rules: { agents: 'auto' | readonly string[] } } }): Promise<Finding[]> {
  if (path.basename(file) !== 'AGENTS.md') return [];
  const agents = where.settings.rules.agents;
  if (agents !== 'auto' && !agents.includes('claude')) return [];
  const dir = path.dirname(file);
  // Docs: project memory is ./CLAUDE.md or ./.claude/CLAUDE.md.
  for (const memory of [path.join(dir, 'CLAUDE.md'), path.join(dir, '.claude', 'CLAUDE.md')]) {
    const st = await fs.stat(memory);
    if (!st) continue;
    if (st.kind !== 'file') return [];
    const read = await fs.readText(memory, { maxBytes: MAX_MEMORY_BYTES });
    if (!read.ok) return [];
    const local = path.join(dir, 'CLAUDE.local.md');
    const localRead = (await fs.stat(local))?.kind === 'file' ? await fs.readText(local, { maxBytes: MAX_MEMORY_BYTES }) : undefined;
    const imports = (from: string, text: string) => findClaudeImports(text).some((i) => resolveClaudeImport(from, i.path, where.home) === file);
    if (imports(memory, read.text) || (localRead?.ok && imports(local, localRead.text))) return [];
    // A copy kept in step (the same text in both files) reaches Claude Code through the CLAUDE.md.
    const own = await fs.readText(file, { maxBytes: MAX_MEMORY_BYTES });
    if (own.ok && own.text.trim() === read.text.trim()) return [];
    if (namesAgentsMd(read.text) || (localRead?.ok && namesAgentsMd(localRead.text))) return [];
    const shown = path.relative(dir, memory).split(path.sep).join('/');
    return [
      finding(
        'claude/agents-md-unread',
        'information',
        ZERO_RANGE,
        `Claude Code does not read this file: it reads ${shown} in this folder instead (AGENTS.md only where there is no CLAUDE.md), and ${shown} does not import it. Add \`@AGENTS.md\` to ${shown} if Claude Code should follow these instructions too.`,
      ),
    ];
  }
  return [];
}

/**
 * Whether a memory file's text names the AGENTS.md beside it: `AGENTS.md` or `./AGENTS.md`
 * as a word (in prose, a code span or a link target), not a path into another folder
 * (`docs/AGENTS.md`). Case-insensitive, as people write `agents.md` too.
 */
function namesAgentsMd(text: string): boolean {
  return /(?:^|[^\w./\\-])(?:\.\/)?agents\.md(?![\w-])/im.test(text);
}
