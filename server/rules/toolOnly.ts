import * as path from 'node:path';
import { CLINE_RULE_EXTENSIONS, PROVIDER_EXTENSIONS } from '../workspace/ruleLocations';
import { agentModel, agentOfLocation, sentWhole } from './agents';
import { toolRelativePath } from './agents/relative';
import type { AgentId } from './agents/types';
import { analyseText, type FileAnalysis } from './analysis';
import { stripExtension, type SkippedFile } from './discovery';
import type { RulesProfile } from './model';

/**
 * Whether a file of a root rule folder that the xcsh agent skips is read all the same by
 * the tool the folder belongs to, so that it belongs in that tool's view
 * (`RulesView.toolOnly`) and its findings of rules in context. Only asked of a file whose
 * text agentls could read (a link: its target inside the workspace).
 *
 * - Ignored (`.gitignore`, `.ignore`): the xcsh agent's walker skips it (rules.md §2.1).
 *   Cline lists its rule folders with a plain `fs.readdir` that knows no ignore file (cline/cline,
 *   sdk/packages/core/src/extensions/config/user-instruction-config-loader.ts,
 *   `discoverRulesLikeFiles`, the loader of Cline 4 and the CLI; Cline 3.x's `readDirectory` in
 *   src/utils/fs.ts alike). Whether Cursor or Windsurf skip an
 *   ignored rule file is not documented: taken as read, as agentls's listing does (`listFiles.ts`).
 * - A symbolic link: the xcsh agent keeps regular files only (rules.md §2.1). Cline does too,
 *   in both its loaders: each keeps the entries of `fs.readdir(…, { withFileTypes: true })` whose
 *   `isFile()` is true, and Node's `fs.Dirent` describes the link itself, not its target
 *   (Node's fs documentation, "Class: fs.Dirent"), so a linked rule never reaches Cline.
 *   Cursor and Windsurf document nothing about links in their rule folders: taken as followed,
 *   as agentls says of them elsewhere (`lint/notRead.ts`: every tool reads its folders
 *   through links; the engine reads linked rule files for their own tool's lint).
 * - Left out by its path, where the tool's model reads it whole and sends it in every
 *   request (`sentWhole`): the legacy `.cursorrules` and `.windsurfrules` at the root of
 *   `cwd`, which the xcsh agent never reads (rules.md §2). Other files skipped by path (in a
 *   folder inside `.cursor/rules/`) have frontmatter, and are read by `instructionViews.ts`.
 * - Cline's global rules (`tool-global`): Cline reads them, the xcsh agent never looks there.
 */
export function readByItsToolOnly(skipped: SkippedFile, cwd: string): boolean {
  // A user-level location its tool does not read (`~/.cursor/rules`) has no tool to read it.
  const tool = agentOfLocation(skipped.provider, skipped.level);
  if (skipped.why === 'ignored') return tool !== 'xcsh';
  if (skipped.why === 'symlink') return followsFileLinks(tool);
  // Only project files: a user-level path would be taken relative to the home, and none is skipped by path whole.
  if (skipped.why === 'by-path') return tool !== 'xcsh' && skipped.level === 'project' && sentWhole(agentModel(tool).owns(toolRelativePath(skipped.path, cwd)));
  // Cline's global rules (discovery.ts, `clineGlobalRules`): Cline's own folders, which the xcsh agent never looks at.
  if (skipped.why === 'tool-global') return true;
  // A `.txt`, `.markdown` or `.MD` rule of the root's `.clinerules`, or any of `.cline/rules` (discovery.ts, `clineOwnFiles`): Cline reads it, the xcsh agent does not.
  if (skipped.why === 'tool-extension') return true;
  // A file of a `.clinerules` linked to a folder: Cline lists the folder (discovery.ts, `clineLinkedFolder`).
  return skipped.why === 'linked-folder' && tool === 'cline';
}

/**
 * Whether a tool reads a rule file of its folder that is a symbolic link: not the xcsh agent
 * nor Cline, which keep regular files only (see `readByItsToolOnly` for the sources); the
 * others document nothing of it and are taken as following links, as agentls says of them
 * elsewhere.
 */
export function followsFileLinks(tool: AgentId): boolean {
  return tool !== 'xcsh' && tool !== 'cline';
}

/** A file only its tool reads, analysed as it would be were it listed: the tool's view reads it so (`context/toolViews.ts`). */
export function toolOnlyAnalysis(skipped: SkippedFile, text: string, profile: RulesProfile): FileAnalysis {
  const base = path.basename(skipped.path);
  // Cline names a rule by its file less the extension, whichever of its own it has, in any case (`CLINE_RULE_EXTENSIONS`).
  const cline = skipped.provider === 'cline';
  const name = stripExtension(base, cline ? CLINE_RULE_EXTENSIONS : PROVIDER_EXTENSIONS[skipped.provider], cline);
  return analyseText({ path: skipped.path, provider: skipped.provider, level: skipped.level, name, order: [0, 0, base] }, text, profile);
}
