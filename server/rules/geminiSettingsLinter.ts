import type { Finding } from '../core/findings';
import type { Settings } from '../core/settings';
import type { GeminiSettings } from '../workspace/geminiSettings';
import type { WorkspaceLinter } from '../workspace/linter';
import { agentModel } from './agents';
import { describeRuleCode, finding } from './codes';

/**
 * What is said of a root's `.gemini/settings.json` (`workspace/geminiSettings.ts`): an error on
 * the line where Gemini CLI's parser stops, where Gemini CLI refuses the file and so does not
 * start. Said where Gemini CLI is shown: under `auto` the file's `.gemini` folder shows it; a
 * list of agents must name it.
 */
export function geminiSettingsFindings(found: GeminiSettings, agents: Settings['rules']['agents']): Map<string, Finding[]> {
  if (!found.refused || (agents !== 'auto' && !agents.includes('gemini'))) return new Map();
  const at = { start: { line: found.refused.line, character: 0 }, end: { line: found.refused.line, character: 0 } };
  const name = agentModel('gemini').name;
  const message = `${name} refuses this settings file and stops at start-up ("Please fix the configuration file(s) and try again."): ${found.refused.why}. agentls takes none of its values, so ${name}'s context file is taken to be GEMINI.md.`;
  return new Map([[found.file, [finding('gemini/settings-invalid', 'error', at, message)]]]);
}

/** `agentls check` for each root's `.gemini/settings.json`: in a whole run, or where the file is named. */
export const geminiSettingsLinter: WorkspaceLinter = {
  id: 'gemini-settings',
  describe: describeRuleCode,
  codes: ['gemini/settings-invalid'],
  async lint(session, _fs, scope, _cancel, notes) {
    const out = new Map<string, Finding[]>();
    const named = new Set(scope.files);
    for (const root of session.roots.paths) {
      const found = session.geminiSettings(root);
      if (!scope.whole && !named.has(found.file)) continue;
      if (!scope.whole) notes?.judged?.(found.file, 'settings');
      for (const [p, findings] of geminiSettingsFindings(found, session.settings.rules.agents)) out.set(p, findings);
    }
    return out;
  },
};
