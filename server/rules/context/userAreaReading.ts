import * as path from 'node:path';
import { claudeUserMemoryFile, claudeUserRulesFolder, clineGlobalRuleAreas, CODEX_GLOBAL_NAMES, codexHomeFolder, CONTINUE_RULES_FOLDER, geminiUserMemoryFile, KIRO_STEERING_FOLDER, rooUserRuleFolder, userRuleFolders, windsurfGlobalRulesFile, type RulesProfile } from '../../workspace/ruleLocations';
import type { AgentId } from '../agents';
import { rooLinkTooDeep, rooSkipsFile } from '../agents/roo';
import { isClineRuleName } from '../agents/cline';
import { isMarkdownName } from '../agents/shared';
import { rooUserModeFolderOf } from '../rooRoot';
import { linkLeadsToFolder } from '../../workspace/links';
import { agentFolderFiles, type CappedInstructionFolder, type InstructionHost } from './instructionViews';

/**
 * How the agent that owns a user-level rule location (`userRuleAreas`) reads it, for `agentls
 * check` naming it or a folder inside it: `walk`, for a folder read as the views read one
 * (`suffixes`: the files it takes, `skips`: those it passes over, `through: 0`: its own files
 * alone); none for a folder the xcsh agent's discovery lists, flat (rules.md §2.2), or for a
 * location that is one file (`file`).
 */
export interface UserAreaReading {
  agent: AgentId;
  file?: true;
  /** `followsLinks`: the agent walks a symbolic link to a folder as the folder (where a source says so). */
  walk?: { suffixes: readonly string[]; through?: number; skips?: (name: string) => boolean; followsLinks?: true };
}

/** The reading of `area`, one of `userRuleAreas(home, profile, piConfigDir)`, or a user's mode folder of Roo Code's (`rooUserModeFolderOf`). */
export function userAreaReading(area: string, home: string, profile: RulesProfile, piConfigDir: string | undefined): UserAreaReading {
  // The xcsh agent's folders and `~/.cursor/rules`, which Cursor does not read (`agents/cursor.ts`): the files directly in them.
  if (userRuleFolders(home, profile, piConfigDir).some((f) => f.dir === area)) return { agent: 'xcsh' };
  // Kiro: the `.md` files directly in the folder (`agents/kiro.ts`: kirodotdev/Kiro#3215), as `kiroView` reads them.
  if (area === path.join(home, KIRO_STEERING_FOLDER)) return { agent: 'kiro', walk: { suffixes: ['.md'], through: 0 } };
  // Continue: its loader walks the folder, keeping the `.md` files (`agents/continue.ts`), as `continueView` reads them.
  if (area === path.join(home, CONTINUE_RULES_FOLDER)) return { agent: 'continue', walk: { suffixes: ['.md'] } };
  // Roo Code: every file, subfolders too, but its caches and system files (`agents/roo.ts`), as `rooView` reads them; a link to a
  // folder is walked too (its source, src/core/prompts/sections/custom-instructions.ts: `resolveDirectoryEntry` → `resolveSymLink`).
  if (area === rooUserRuleFolder(home) || rooUserModeFolderOf(area, home) === area) return { agent: 'roo', walk: { suffixes: [''], skips: rooSkipsFile, followsLinks: true } };
  // Cline: Cline 4 and the Cline CLI read a global rule folder flat, its `.md`, `.markdown` and `.txt` files
  // (`agents/cline.ts`, `isClineRuleName`, with the sources); Cline 3.x walked it whole, every file but `.DS_Store`,
  // `Thumbs.db` and `desktop.ini` (cline/cline, src/utils/fs.ts, `OS_GENERATED_FILES`), none of them a name kept here. The subfolders and the other Markdown files are walked too, so that each is
  // checked and said to reach Cline 3.x alone (`clineGlobalPlacementOf`).
  if (clineGlobalRuleAreas(home).includes(area)) return { agent: 'cline', walk: { suffixes: [''], skips: (name) => !(isClineRuleName(name) || isMarkdownName(name)) } };
  // Claude Code: the `.md` files of `~/.claude/rules`, subfolders included (`claudeUserRulesFolder` has the source), as its view reads them;
  // linked folders too (the same docs page, "Share rules across projects with symlinks": the folder "supports symlinks").
  if (area === claudeUserRulesFolder(home)) return { agent: 'claude', walk: { suffixes: ['.md'], followsLinks: true } };
  // The single files: Claude Code's and Gemini CLI's user memory, Windsurf's global_rules.md, Codex's global AGENTS.override.md and AGENTS.md.
  if (area === claudeUserMemoryFile(home)) return { agent: 'claude', file: true };
  if (area === windsurfGlobalRulesFile(home)) return { agent: 'windsurf', file: true };
  if (area === geminiUserMemoryFile(home)) return { agent: 'gemini', file: true };
  if (CODEX_GLOBAL_NAMES.some((name) => area === path.join(codexHomeFolder(home), name))) return { agent: 'codex', file: true };
  // A place added to `userRuleAreas` and not here: a fallback would read it as some other agent's (Claude Code's were once read as Codex's one file).
  throw new Error(`no agent's reading is known for the user-level rule location ${area}`);
}

/**
 * The files the owning agent reads at or below `dir` (the area itself, or a folder inside it the
 * agent reads), in name order, walked as the views walk it (`agentFolderFiles`), with the
 * walk's cap where it stopped short and the subfolders it could not read (`unlisted`); the
 * special entries it passed over are among the files (a named one is said, never opened).
 */
export async function userFolderFiles(
  host: InstructionHost,
  dir: string,
  agent: AgentId,
  walk: NonNullable<UserAreaReading['walk']>,
): Promise<{ files: string[]; capped?: CappedInstructionFolder; unlisted: string[]; linkedFolders: string[] }> {
  // A linked folder the agent follows is walked where it stays in the places agentls reads; the rest are handed back (`linkedFolders`).
  const listed = await agentFolderFiles(host, dir, walk.suffixes, { agent, through: walk.through, followsLinks: walk.followsLinks });
  // A stat through each link, never a listing: it may lead out of the places agentls reads. One past the links Roo Code
  // follows is no folder it reads (`rooLinkTooDeep`): kept among the files, for the lint to say so of the link.
  const linkedFolders = listed.links.filter((link) => linkLeadsToFolder(link) && !(agent === 'roo' && rooLinkTooDeep(link) !== undefined));
  const files = [...listed.files, ...listed.special].filter((p) => !walk.skips?.(path.basename(p)) && !linkedFolders.includes(p)).sort();
  return { files, ...(listed.capped ? { capped: listed.capped } : {}), unlisted: listed.unlisted, linkedFolders };
}
