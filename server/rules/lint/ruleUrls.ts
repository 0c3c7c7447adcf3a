import type { Finding } from '../../core/findings';
import type { LineIndex } from '../../core/text';
import { finding } from '../codes';
import type { RulesEngine } from '../engine';
import { findRuleRefs } from '../ruleRefs';
import { bucketName, namingXcsh } from './words';

/**
 * `ruleUrlFindings` as the xcsh agent's, named so, when the user targets it: `rule://` is the
 * xcsh agent's scheme, so a list of agents without it (`--agents cursor`) has none of them.
 */
export function xcshRuleUrlFindings(text: string, lines: LineIndex, engine: RulesEngine, root: string | undefined, agents: 'auto' | readonly string[]): Finding[] {
  if (!targetsXcsh(agents)) return [];
  return ruleUrlFindings(text, lines, engine, root).map(namingXcsh);
}

const targetsXcsh = (agents: 'auto' | readonly string[]) => agents === 'auto' || agents.includes('xcsh');

/** Whether `text` holds a `rule://` link (outside code) that `xcshRuleUrlFindings` checks: a file `check` counts among those it lints. */
export function checksRuleLinks(text: string, agents: 'auto' | readonly string[]): boolean {
  return targetsXcsh(agents) && findRuleRefs(text, 1).length > 0;
}

/**
 * `rule://NAME` in any Markdown: names the agent cannot resolve, with what it answers
 * (its error lists the available names) and why a rule that exists is not reachable.
 */
export function ruleUrlFindings(text: string, lines: LineIndex, engine: RulesEngine, root: string | undefined): Finding[] {
  const refs = findRuleRefs(text);
  if (refs.length === 0 || !root) return [];
  const available = engine.availableNames(root);
  const out: Finding[] = [];
  for (const ref of refs) {
    const range = lines.range(ref.start, ref.end);
    if (ref.name === '') {
      out.push(finding('rule-url/empty', 'error', range, 'rule:// needs a rule name: the agent answers "rule:// URL requires a rule name: rule://<name>".'));
      continue;
    }
    if (available.includes(ref.name)) continue;
    const state = engine.nameState(root, ref.name);
    if (state) {
      let why: string;
      if (!state.effective) why = 'every file with this name is dropped (an empty body, or switched off in settings)';
      else why = `the rule goes to ${bucketName(state.placement?.bucket ?? 'none')}, and rule:// reaches only rulebook and always-apply rules`;
      out.push(finding('rule-url/not-resolvable', 'error', range, `The agent cannot resolve rule://${ref.name}: ${why}. It answers "Unknown rule: ${ref.name}".`));
      continue;
    }
    const near = available.find((n) => n.toLowerCase() === ref.name.toLowerCase());
    out.push(
      finding(
        'rule-url/unknown',
        'error',
        range,
        `The agent knows no rule \`${ref.name}\`${near ? ` (names are case-sensitive: \`${near}\`?)` : ''}: it answers "Unknown rule: ${ref.name}". Available: ${available.length ? available.join(', ') : 'none'}.`,
        near ? { data: { fix: 'rename-ref', to: near, start: ref.nameStart, end: ref.end } } : {},
      ),
    );
  }
  return out;
}
