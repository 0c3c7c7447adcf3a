import { afterMarker, baseName, globList } from './shared';
import { misspeltFolderPlacement } from './misspeltFolder';
import type { AgentModel, Placement } from './types';
import { DEFAULT_INSTRUCTIONS } from '../../workspace/copilotLocations';
import { isSlipOf } from '../../workspace/folderSlips';

/**
 * The agents an instructions file's `excludeAgent` can keep away. Source: GitHub's
 * documentation, "Adding repository custom instructions", path-specific instructions (its
 * text is github/docs `data/reusables/copilot/custom-instructions-path.md`): "Use either
 * `"code-review"` or `"cloud-agent"`". Revisions from before GitHub renamed the coding agent
 * the cloud agent say `"coding-agent"` instead; files written then still do, and nothing
 * documents that Copilot stopped reading it, so it is accepted too (no false alarm). The
 * docs name no other value and say nothing of what Copilot does with one.
 */
export const COPILOT_EXCLUDABLE_AGENTS = ['code-review', 'cloud-agent', 'coding-agent'] as const;

/**
 * GitHub Copilot. Source: GitHub's documentation, "Adding repository custom instructions"
 * (https://docs.github.com/en/copilot/how-tos/configure-custom-instructions/add-repository-instructions).
 */
export const copilot: AgentModel = {
  id: 'copilot',
  name: 'GitHub Copilot',
  reads: '`.github/copilot-instructions.md`; `.github/instructions/**/*.instructions.md` with `applyTo`; `AGENTS.md`',
  owns(rel, places) {
    const configured = places && configuredPlacement(rel, places.copilotInstructions);
    if (configured !== undefined) return configured || undefined;
    return copilotPlacement(rel) ?? misspeltFolderPlacement(rel, '.github', 'instructions', 'GitHub Copilot', copilotPlacement, 'instruction files');
  },
  // Docs: the frontmatter's applyTo holds globs, several separated by commas; description
  // is shown in the editor. excludeAgent: the docs show one value; VS Code's attribute
  // table for instruction files types it `scalar | sequence` (src/vs/workbench/contrib/chat/
  // common/promptSyntax, the prompt header attributes), and repositories write lists: both
  // are accepted, each value one of COPILOT_EXCLUDABLE_AGENTS.
  keys: {
    applyTo: { kind: 'globs' },
    description: { kind: 'string' },
    excludeAgent: {
      kind: 'strings',
      values: COPILOT_EXCLUDABLE_AGENTS,
      // An exclusion names the agent kept from the file; a name no doc lists keeps none away.
      unknownEffect: 'so it most likely keeps these instructions from no agent',
    },
  },
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

/** Where GitHub Copilot reads a path, the folder spelt right. */
function copilotPlacement(rel: string): Placement | undefined {
  if (rel === '.github/copilot-instructions.md') return { read: true, frontmatter: false };
  // Docs: the file goes in the .github folder at the root of the repository (GitHub's page
  // above); VS Code reads the one of the opened workspace folder (VS Code's "custom
  // instructions" docs; github.com/orgs/community/discussions/155450: a copy below the
  // opened folder is not picked up). One in a subfolder's .github is read by neither,
  // unless that subfolder is opened as the workspace (then it is this workspace's root).
  // Copilot CLI does read it: "the repository root, the current working directory,
  // intermediate directories between them, and any directories nested in the path of a
  // file it is working on" (GitHub's docs, "Adding custom instructions for GitHub Copilot
  // CLI", docs.github.com/en/enterprise-cloud@latest/copilot/how-tos/copilot-cli/
  // customize-copilot/add-custom-instructions), so this is a note, not a warning.
  if (rel.endsWith('/.github/copilot-instructions.md')) {
    return {
      read: false,
      frontmatter: false,
      why: 'GitHub Copilot in VS Code and on github.com reads `.github/copilot-instructions.md` only at the root of the repository or workspace',
      alsoReadBy: 'Copilot CLI reads it too when it runs in this folder or below it, or works on a file there',
    };
  }
  // An instructions file put in .github itself (found by the second audit of whole
  // repositories: withroka/roka kept `.github/coding.instructions.md`, later moved into
  // instructions/): GitHub's docs place NAME.instructions.md "within or below" the
  // .github/instructions directory, and VS Code's default instruction folder is
  // .github/instructions (chat.instructionsFilesLocations). Reported only with an applyTo,
  // the mark of a file written for Copilot.
  const inGithub = /(?:^|\/)\.github\/([^/]+\.instructions\.md)$/.exec(rel);
  if (inGithub) {
    return { read: false, frontmatter: true, onlyWithKeys: ['applyTo'], why: 'GitHub Copilot reads `NAME.instructions.md` files only within `.github/instructions/`', move: `${rel.slice(0, rel.length - inGithub[1].length)}instructions/${inGithub[1]}` };
  }
  const misnamed = misnamedRepositoryFile(rel);
  if (misnamed) return misnamed;
  const at = afterMarker(rel, '.github/instructions/');
  if (!at || at.rest === '') return undefined;
  const name = baseName(rel);
  // Docs: path-specific files are NAME.instructions.md "within or below" .github/instructions.
  if (name.endsWith('.instructions.md')) return at.prefix === '' ? { read: true, frontmatter: true } : nestedInstructions(at.prefix);
  // The repository-wide file put in the instructions folder: its name is not NAME.instructions.md
  // (`copilot-instructions` then `.md`), so Copilot reads it neither as the one nor as the other.
  // One written with `applyTo` is a path-specific file by its format (the docs give that key to those alone): its name is what slipped.
  if (name === REPOSITORY_FILE && at.prefix === '') {
    return {
      read: false,
      frontmatter: false,
      why: `GitHub Copilot reads the repository-wide \`${REPOSITORY_FILE}\` in \`.github/\` itself, and files in \`.github/instructions/\` only when named \`NAME.instructions.md\``,
      move: `.github/${REPOSITORY_FILE}`,
      moveWithKeys: { keys: ['applyTo'], move: rel.replace(/\.md$/, '.instructions.md') },
    };
  }
  if (name.endsWith('.md')) {
    return { read: false, frontmatter: true, onlyWithKeys: ['applyTo'], why: 'Copilot reads only files named `NAME.instructions.md` in `.github/instructions/`', move: rel.replace(/\.md$/, '.instructions.md') };
  }
  return undefined;
}

/** The repository-wide instructions file's name (GitHub's page above: `.github/copilot-instructions.md`). */
const REPOSITORY_FILE = 'copilot-instructions.md';

/**
 * A file directly in a `.github` folder whose name is a slip of `copilot-instructions.md`
 * (`copilot-instruction.md`, `copilot_instructions.md`, `copilot-instructons.md`): GitHub's docs
 * name that one file, and no client reads another name there. A name that differs only in letter
 * case is left alone, as folder slips are (`misspeltFolder.ts`): a case-insensitive file system finds it.
 */
function misnamedRepositoryFile(rel: string): Placement | undefined {
  const inGithub = /(?:^|\/)\.github\/([^/]+)$/.exec(rel);
  if (!inGithub || inGithub[1] === REPOSITORY_FILE) return undefined;
  const written = inGithub[1];
  const dashed = written.replace(/_/g, '-');
  if (dashed !== REPOSITORY_FILE && !isSlipOf(dashed, REPOSITORY_FILE)) return undefined;
  return { read: false, frontmatter: false, why: `GitHub Copilot reads its repository-wide instructions from \`.github/${REPOSITORY_FILE}\`, and this file is \`${written}\``, move: `${rel.slice(0, rel.length - written.length)}${REPOSITORY_FILE}` };
}

/**
 * An instructions file in a subfolder's `.github/instructions` (a package of a monorepo).
 * GitHub's docs for VS Code and github.com place them "within or below the
 * .github/instructions directory in the repository", the one at its root (the page above),
 * as for copilot-instructions.md. Copilot CLI reads one in the folder it runs in: "or within
 * or below a .github/instructions directory in the current working directory" (GitHub's docs,
 * "Adding custom instructions for GitHub Copilot CLI"; its own help says "(in git root and
 * cwd)", quoted in github/copilot-cli#713). So a note, naming that client.
 */
function nestedInstructions(prefix: string): Placement {
  return {
    read: false,
    frontmatter: true,
    why: 'GitHub Copilot in VS Code and on github.com reads `.github/instructions/` only at the root of the repository or workspace',
    alsoReadBy: `Copilot CLI reads it too when it runs in \`${prefix.slice(0, -1)}\``,
  };
}

/**
 * A path under the instruction folders a workspace folder's `.vscode/settings.json` names
 * (`chat.instructionsFilesLocations`, `workspace/copilotLocations.ts`): an `*.instructions.md`
 * anywhere below one is read ("Each folder is searched recursively, including subdirectories",
 * VS Code's docs, copilot-settings.md). The root's `.github/instructions` turned off (`false`)
 * is no folder of Copilot's: `false` here, so that nothing else takes its files for Copilot's.
 * Copilot on github.com reads `.github/instructions` whatever an editor setting says (GitHub's
 * page above); agentls follows the settings the workspace holds, as the user asked of it.
 * Undefined: the path is decided by the fixed places.
 */
function configuredPlacement(rel: string, folders: readonly string[]): Placement | false | undefined {
  const inside = (dir: string) => rel.startsWith(`${dir}/`);
  if (rel.endsWith('.instructions.md') && folders.some(inside)) return { read: true, frontmatter: true };
  if (!folders.includes(DEFAULT_INSTRUCTIONS) && inside(DEFAULT_INSTRUCTIONS)) return false;
  return undefined;
}
