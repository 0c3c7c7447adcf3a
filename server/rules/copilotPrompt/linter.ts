import * as path from 'node:path';
import { throwIfCancelled, yieldToEventLoop, type Cancellation } from '../../core/cancel';
import type { Finding } from '../../core/findings';
import { LIMITS } from '../../core/limits';
import { ZERO_RANGE } from '../../core/text';
import { agentModel } from '../agents';
import { specialEntryFinding } from '../lint/notRead';
import { isCopilotPromptPath } from '../../workspace/classify';
import { DEFAULT_INSTRUCTIONS, DEFAULT_PROMPTS, INSTRUCTION_LOCATIONS_KEY, PROMPT_LOCATIONS_KEY, type CopilotLocations } from '../../workspace/copilotLocations';
import type { FileSystem } from '../../workspace/fs';
import type { LintNotes, LintScope, WorkspaceLinter } from '../../workspace/linter';
import type { WorkspaceSession } from '../../workspace/session';
import { MAX_RULE_FILE_BYTES } from '../analysis';
import { describeRuleCode, finding } from '../codes';
import { copilotPromptFindings } from './lint';
import { fileTargets } from '../targets';
import type { Settings } from '../../core/settings';

/** `agentls check` for GitHub Copilot prompt files (`.github/prompts/*.prompt.md` at a root): their frontmatter as Copilot's docs describe it. */
export const copilotPromptLinter: WorkspaceLinter = {
  id: 'copilot-prompt',
  describe: describeRuleCode,
  codes: ['frontmatter/yaml-error', 'frontmatter/unknown-key', 'frontmatter/wrong-type', 'rule/unreadable'],
  async lint(session: WorkspaceSession, fs: FileSystem, scope: LintScope, cancel: Cancellation, notes?: LintNotes): Promise<Map<string, Finding[]>> {
    const out = new Map<string, Finding[]>();
    if (scope.whole) {
      for (const p of await specialPromptEntries(session, fs)) out.set(p, [specialEntryFinding(agentModel('copilot').name, 'prompt')]);
      // What the settings name is Copilot's to read: said where Copilot is targeted (`--agents cursor` speaks of Cursor alone).
      if (fileTargets(session.settings.rules.agents, 'copilot', false).has('copilot')) {
        for (const root of session.roots.paths) for (const [p, findings] of settingsFindings(session.copilotLocations(root), session.settings.rules.agents)) out.set(p, findings);
      }
    }
    // By path first: a file elsewhere is never read here.
    const dirs = session.copilotPromptDirs();
    const candidates = scope.files.filter((f) => isCopilotPromptPath(f, session.roots.paths, dirs));
    for (const [i, file] of candidates.entries()) {
      throwIfCancelled(cancel);
      if (i % 64 === 63) await yieldToEventLoop();
      const read = await fs.readText(file, { maxBytes: MAX_RULE_FILE_BYTES });
      // Over the rule limit, whose file it is still depends on its text: one holding `file_references` is an agentls prompt
      // document, which the refs linter reports as too large to check. Read up to the default limit to decide.
      if (!read.ok && read.reason === 'too-large' && (await isPromptDocument(session, fs, file))) continue;
      if (!read.ok) {
        // One that cannot be read as text (binary, too large, unreadable) is said, never passed as clean.
        if (read.reason !== 'not-found' && read.reason !== 'is-directory') {
          notes?.judged?.(file, 'copilot-prompt');
          out.set(file, [finding('rule/unreadable', 'warning', ZERO_RANGE, `agentls cannot read this GitHub Copilot prompt file as text (${read.message}), so it is not checked.`)]);
        }
        continue;
      }
      // One that holds `file_references` is an agentls prompt document, the refs linter's.
      if (session.classify(file, read.text).kind !== 'copilot-prompt') continue;
      notes?.judged?.(file, 'copilot-prompt');
      const findings = copilotPromptFindings(file, read.text);
      if (findings.length) out.set(file, findings);
    }
    return out;
  },
};

/** The file, read up to the default limit, holds `file_references` (an agentls prompt document, not Copilot's). */
async function isPromptDocument(session: WorkspaceSession, fs: FileSystem, file: string): Promise<boolean> {
  const whole = await fs.readText(file);
  return whole.ok && session.classify(file, whole.text).kind === 'prompt';
}

/**
 * The entries of each root's prompt folder named as prompt files that are a named pipe, socket
 * or device: the listing of the tree keeps files only, so these would pass in silence. Said
 * (`specialEntryFinding`), never opened: opening a pipe blocks until someone writes to it. The
 * folder's own entries only, as Copilot reads (`isCopilotPromptPath`), as many as a rule folder's.
 */
export async function specialPromptEntries(session: WorkspaceSession, fs: FileSystem): Promise<string[]> {
  const out: string[] = [];
  for (const dir of session.copilotPromptDirs()) {
    for (const e of (await fs.readDir(dir, { max: LIMITS.ruleFolderFiles })) ?? []) {
      if (e.kind === 'other' && e.name.endsWith('.prompt.md')) out.push(path.join(dir, e.name));
    }
  }
  return out;
}

/**
 * What is said of a root's `.vscode/settings.json` (`copilotLocations.ts`): once, as information
 * on the line of each `chat.promptFilesLocations` or `chat.instructionsFilesLocations` entry agentls does not read, and on the
 * settings file when it does not parse. Information: Copilot may well read those folders; agentls
 * only says it does not check them. A settings file agentls does not read at all is a warning on
 * it: the folders it names are unknown, and only the default ones are checked.
 */
export function settingsFindings(found: CopilotLocations, agents: Settings['rules']['agents']): Map<string, Finding[]> {
  const out: Finding[] = [];
  // A file agentls cannot read or parse is said where Copilot is chosen by name or in use in the root: under `auto`, a
  // Claude Code project whose `.vscode` is linked to a shared folder would be told of Copilot, an agent it never uses.
  const concerned = (agents !== 'auto' && agents.includes('copilot')) || found.copilotInUse === true;
  if (found.skipped && concerned) {
    const why = `agentls does not read this settings file (${found.skipped}), so it checks GitHub Copilot's prompt and instruction files in the default folders alone, ${DEFAULT_PROMPTS} and ${DEFAULT_INSTRUCTIONS}: folders named here by ${PROMPT_LOCATIONS_KEY} or ${INSTRUCTION_LOCATIONS_KEY} are not checked.`;
    out.push(finding('rule/unreadable', 'warning', ZERO_RANGE, why));
  }
  if (found.parseError && concerned) {
    const at = { start: { line: found.parseError.line, character: 0 }, end: { line: found.parseError.line, character: 0 } };
    out.push(finding('rule/unreadable', 'information', at, `This settings file does not parse (${found.parseError.message}): agentls reads Copilot's prompt and instruction folders from it only as far as it parses.`));
  }
  for (const r of found.refused) {
    const at = { start: { line: r.line, character: 0 }, end: { line: r.line, character: 0 } };
    const files = r.setting === PROMPT_LOCATIONS_KEY ? 'prompt files' : 'instruction files';
    out.push(finding('rule/not-read', 'information', at, `agentls does not check the Copilot ${files} of "${r.key}" (${r.setting}): ${r.why}.`));
  }
  return new Map(out.length ? [[found.file, out]] : []);
}
