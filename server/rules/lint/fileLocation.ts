import type { Finding } from '../../core/findings';
import { ZERO_RANGE } from '../../core/text';
import { finding } from '../codes';

/**
 * What each tool keeps in its rule folder, said to someone who wrote the folder as one file.
 * Sources, where each tool reads its rules (read through the copies the search tools hold):
 * Cursor's "Rules" (https://cursor.com/docs/rules): project rules are `.mdc` files in
 * `.cursor/rules`, the single `.cursorrules` being the legacy form; Windsurf's "Memories &
 * Rules" (https://docs.windsurf.com/windsurf/cascade/memories): workspace rules are `.md`
 * files in `.windsurf/rules`; Claude Code's "Manage Claude's memory"
 * (https://code.claude.com/docs/en/memory): `.md` files in `.claude/rules/`, subfolders too;
 * Copilot's (rules/agents/copilot.ts): `.instructions.md` files in `.github/instructions`;
 * the xcsh agent's (rules.md §2.2 to §2.5): `.md` and `.mdc` files directly in its folders
 * (PROVIDER_EXTENSIONS).
 */
const RULE_FILES_INSIDE: Record<string, string> = {
  cursor: "Cursor's rule files are .mdc files inside that folder",
  windsurf: "Windsurf's rule files are .md files inside that folder",
  claude: "Claude Code's rule files are .md files inside that folder",
  copilot: "Copilot's instruction files are .instructions.md files inside that folder",
  // VS Code's docs ("Use prompt files in VS Code"): a prompt file is a `.prompt.md` file in the `.github/prompts` folder.
  'copilot prompt files': "Copilot's prompt files are .prompt.md files inside that folder",
  xcsh: "the xcsh agent's rule files are .md and .mdc files directly inside that folder",
};

/**
 * The finding for a rule location (a rule folder, or the folder above it) that is a file, or
 * a link to one, or a named pipe, socket or device (`fileInPlaceOfFolder`): whatever it holds reaches no tool (none can list a file as a folder), so it
 * is an error, as a location linked to nothing is (`brokenLinkFinding`), in the same words.
 * `readers`: who would list it, by name; `tool`: whose rule files go there (`RULE_FILES_INSIDE`);
 * `shown`: the rule folder as users know it, from the home (`~/.xcsh/agent/rules`) or
 * from the workspace root (`.cursor/rules`, `packages/web/.cursor/rules`): `displayPath`; `place`: what is there (`fileInPlaceOfFolder`): where the link leads, as
 * written, when it is one, or what special entry it is.
 */
export function fileLocationFinding(readers: string, tool: string, shown: string, place: { link?: string; special?: string }, files = 'rules'): Finding {
  const read = readers.includes(' and ') ? 'read' : 'reads';
  const { link, special } = place;
  const what = special !== undefined ? `${special}, not a folder` : link === undefined ? 'a file, not a folder' : `a symbolic link that leads to a file, ${link}, not a folder`;
  const inside = RULE_FILES_INSIDE[files === 'rules' ? tool : `${tool} ${files}`] ?? 'the rule files go inside that folder';
  return finding('rule/unreadable', 'error', ZERO_RANGE, `This ${placeOf(files)} is ${what}: ${readers} ${read} no ${files} from it. Make ${shown} a folder${link === undefined ? '' : ' (or a link to one)'} holding the ${files}: ${inside}.`);
}

/** What a location holding `files` is called: "rule location", "prompt file location". */
export function placeOf(files: string): string {
  return files === 'rules' ? 'rule location' : `${files.replace(/s$/, '')} location`;
}
