import * as path from 'node:path';
import type { Finding } from '../../core/findings';
import type { FileSystem } from '../../workspace/fs';
import type { IgnoreRules } from '../../workspace/ignore';
import { displayPath, isInside, relativeInside } from '../../workspace/paths';
import { CLAUDE_LOCAL_MEMORY } from '../../workspace/ruleLocations';
import { claudeImportFindings } from '../claudeImportFindings';
import { importsLoad } from '../claudeImportWalk';
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
  return claudeImportFindings(file, text, lines, fs, home, display, ignoredPart, root);
}

/** What `agentsMdForClaudeFindings` reads of a CLAUDE.md: enough for a shim and its imports. */
const MAX_MEMORY_BYTES = 1024 * 1024;

/**
 * An AGENTS.md that Claude Code passes over. Claude Code reads AGENTS.md only where no
 * CLAUDE.md is in the working directory or above it (its memory docs, "AGENTS.md":
 * "By default, Claude reads AGENTS.md only when you have no CLAUDE.md in your working
 * directory or above it"; its changelog, 2.1.277; the user can turn this off in /config).
 * So a CLAUDE.md (or `.claude/CLAUDE.md`) beside the AGENTS.md or in a folder above it,
 * up to the workspace folder, keeps it out unless that CLAUDE.md imports it. One that is
 * a symbolic link (often to AGENTS.md itself) is not judged, nor one that is a copy of the
 * AGENTS.md, nor one beside it that names AGENTS.md in its text ("Read `AGENTS.md` first",
 * a link to it): that CLAUDE.md sends Claude to the file, which Claude Code then reads with
 * its Read tool when it follows the instruction (Claude Code's memory docs: CLAUDE.md is
 * instructions to the model, `@path` imports are what is loaded at launch). A real
 * repository's shape: the audit of whole repositories found pointer-style CLAUDE.md files
 * reported as if they ignored AGENTS.md. Information: the split may be deliberate.
 *
 * `noMemory`: the folders one run found to hold no memory file, filled as it goes, so that a
 * run over every AGENTS.md of a tree 200 folders deep asks each folder once, not once for
 * each AGENTS.md below it (`agentls check`, where the tree is taken as it stands).
 */
export async function agentsMdForClaudeFindings(
  file: string,
  fs: FileSystem,
  where: { home: string; settings: { rules: { agents: 'auto' | readonly string[] } }; rootOf(p: string): string | undefined },
  noMemory?: Set<string>,
): Promise<Finding[]> {
  if (path.basename(file) !== 'AGENTS.md') return [];
  const agents = where.settings.rules.agents;
  if (agents !== 'auto' && !agents.includes('claude')) return [];
  const dir = path.dirname(file);
  const root = where.rootOf(file);
  // The folder itself, then each folder above it up to the workspace folder (none above: agentls reads nothing there).
  for (let at = dir; ; at = path.dirname(at)) {
    const memory = noMemory?.has(at) ? undefined : await blockingMemory(file, at, fs);
    if (memory === undefined) noMemory?.add(at);
    if (memory === 'kept') return [];
    if (memory) {
      if (await loadedByMemory(file, root, fs, where.home)) return [];
      const beside = at === dir;
      const shown = (beside ? path.relative(dir, memory) : path.relative(root ?? at, memory)).split(path.sep).join('/');
      const importPath = path.relative(path.dirname(memory), file).split(path.sep).join('/');
      const rule = 'AGENTS.md only where no CLAUDE.md is in the working folder or above it';
      const why = beside ? `it reads ${shown} in this folder instead (${rule}), and ${shown}` : `it reads ${rule}, and ${shown} is in a folder above this one and`;
      // An import in a CLAUDE.md above loads the file in every session; a CLAUDE.md beside it loads
      // when Claude Code works in that folder (its memory docs: subfolders' CLAUDE.md files load on
      // demand, imports with the file that holds them), the scope a nested AGENTS.md is written for.
      const fix = beside
        ? `Add \`@${importPath}\` to ${shown} if Claude Code should follow these instructions too.`
        : `If Claude Code should follow these instructions too, add a CLAUDE.md holding \`@AGENTS.md\` beside this file: Claude Code loads it when it works in this folder, as this file is meant. (\`@${importPath}\` in ${shown} would load it in every session.)`;
      return [finding('claude/agents-md-unread', 'information', ZERO_RANGE, `Claude Code does not read this file: ${why} does not import it. ${fix}`)];
    }
    if (root === undefined || at === root || !isInside(root, at)) return [];
  }
}

/**
 * The CLAUDE.md in `at` that keeps Claude Code from reading `file` (an AGENTS.md in `at` or
 * below it); `'kept'` when one there brings it in after all (a copy, a link, a pointer
 * beside it) or cannot be judged; undefined when `at` has none. Imports are
 * `loadedByMemory`'s to judge.
 */
async function blockingMemory(file: string, at: string, fs: FileSystem): Promise<string | 'kept' | undefined> {
  // Docs: project memory is ./CLAUDE.md or ./.claude/CLAUDE.md.
  for (const memory of [path.join(at, 'CLAUDE.md'), path.join(at, '.claude', 'CLAUDE.md')]) {
    const st = await fs.stat(memory);
    if (!st) continue;
    if (st.kind !== 'file') return 'kept';
    const read = await fs.readText(memory, { maxBytes: MAX_MEMORY_BYTES });
    if (!read.ok) return 'kept';
    const local = path.join(at, 'CLAUDE.local.md');
    const localRead = (await fs.stat(local))?.kind === 'file' ? await fs.readText(local, { maxBytes: MAX_MEMORY_BYTES }) : undefined;
    // A copy kept in step (the same text in both files) reaches Claude Code through the CLAUDE.md.
    const own = await fs.readText(file, { maxBytes: MAX_MEMORY_BYTES });
    if (own.ok && own.text.trim() === read.text.trim()) return 'kept';
    // `AGENTS.md` named in the text is the one beside it, not one in a folder below; one below is sent to by its path from here.
    const names = at === path.dirname(file) ? namesAgentsMd : (text: string) => namesFileBelow(text, path.relative(at, path.dirname(file)));
    if (names(read.text) || (localRead?.ok && names(localRead.text))) return 'kept';
    return memory;
  }
  return undefined;
}

/**
 * Whether a memory file's text names the AGENTS.md beside it: `AGENTS.md` or `./AGENTS.md`
 * as a word (in prose, a code span or a link target), not a path into another folder
 * (`docs/AGENTS.md`). Case-insensitive, as people write `agents.md` too.
 */
function namesAgentsMd(text: string): boolean {
  return /(?:^|[^\w./\\-])(?:\.\/)?agents\.md(?![\w-])/im.test(text);
}

/**
 * Whether a memory file's text names the AGENTS.md of its subfolder `dir` by its path from the
 * memory file's folder: `packages/api/AGENTS.md` or `./packages/api/AGENTS.md`, in prose, a code
 * span or a link, as a root CLAUDE.md lists each package's guide. That sends Claude to the file
 * as a pointer beside it does (see `agentsMdForClaudeFindings`). Not a longer path that ends so
 * (`vendor/packages/api/AGENTS.md`); case-insensitive, as `namesAgentsMd`.
 */
function namesFileBelow(text: string, dir: string): boolean {
  const written = dir.split(path.sep).map(escapeRegExp).join('[/\\\\]');
  return new RegExp(`(?:^|[^\\w./\\\\-])(?:\\./)?${written}[/\\\\]agents\\.md(?![\\w-])`, 'im').test(text);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Files read while following the imports of every memory file above one AGENTS.md. */
const MAX_FILES_FOLLOWED = 50;

/**
 * Whether a memory file Claude Code loads when started in the AGENTS.md's folder imports it,
 * directly or through a chain of imports: CLAUDE.md, .claude/CLAUDE.md and CLAUDE.local.md
 * in that folder and in each folder above it up to the workspace folder. Claude Code's memory
 * docs ("Manage Claude's memory", https://code.claude.com/docs/en/memory): it reads CLAUDE.md
 * and CLAUDE.local.md files from the working directory up, all loaded at launch, and follows
 * `@path` imports in them up to 5 hops. CLAUDE.local.md is often kept out of git, so a
 * personal `@AGENTS.md` there (or in a note it imports) is a real way the file gets read.
 */
async function loadedByMemory(file: string, root: string | undefined, fs: FileSystem, home: string): Promise<boolean> {
  const budget = { files: MAX_FILES_FOLLOWED };
  for (let at = path.dirname(file); ; at = path.dirname(at)) {
    for (const memory of [path.join(at, 'CLAUDE.md'), path.join(at, '.claude', 'CLAUDE.md'), path.join(at, CLAUDE_LOCAL_MEMORY)]) {
      if ((await fs.stat(memory))?.kind !== 'file') continue;
      const read = await fs.readText(memory, { maxBytes: MAX_MEMORY_BYTES });
      if (read.ok && (await importsLoad(fs, memory, read.text, file, home, budget))) return true;
    }
    if (root === undefined || at === root || !isInside(root, at)) return false;
  }
}
