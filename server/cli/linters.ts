import { astEditLinter } from '../astedit/linter';
import { hashlineLinter } from '../hashline/linter';
import { refsLinter } from '../refs/linter';
import { copilotPromptLinter } from '../rules/copilotPrompt/linter';
import { geminiSettingsLinter } from '../rules/geminiSettingsLinter';
import type { WorkspaceLinter } from '../workspace/linter';
import { rulesContextLinter, rulesLinter } from './rules';

/** Every domain's batch linter, run by `agentls check`. Each domain adds its own line. */
export function workspaceLinters(): WorkspaceLinter[] {
  return [
    refsLinter,
    astEditLinter,
    rulesLinter,
    rulesContextLinter,
    copilotPromptLinter,
    geminiSettingsLinter,
    hashlineLinter,
  ];
}
