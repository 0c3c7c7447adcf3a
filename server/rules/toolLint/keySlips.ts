import type { Finding } from '../../core/findings';
import { KEYS_AGENTS_READ, type AgentModel } from '../agents';
import type { Activation } from '../agents/types';
import { finding } from '../codes';
import { AGENT_KEYS } from '../lint/fields';
import type { KeyEntry } from '../lint/locate';
import { nearestValue } from './nearestValue';

/**
 * A key the agent does not read that is a slip of one it does and the file lacks: the same
 * letters (`AlwaysApply`, `apply_to`, `applyto`), one letter off (`glob` for `globs`, `path`
 * for `paths`, `fileMatchPatterns` for `fileMatchPattern`: singular and plural), or, for a yes/no
 * key alone, its start (`always`; not `file` for `fileMatchPattern`); `nearestValue` decides, and only where one key alone is that close. Seen in real
 * rule files and in an audit of broken projects (Continue's `glob: "src/**"`): the agent ignores
 * the key, so a rule meant for some files is applied as if it had none, often always.
 */
export function keySlipFinding(entry: KeyEntry, agent: AgentModel, fm: Record<string, unknown>): Finding | undefined {
  const key = entry.key;
  // A key some agent reads (the xcsh agent's all, `AGENT_KEYS`) is that tool's (`rule/foreign-key` says so where agentls
  // knows whose), never a misspelling of this agent's own (Kiro's `name` in a Cursor rule is not a slip of anything).
  if (KEYS_AGENTS_READ.has(key) || AGENT_KEYS.includes(key)) return undefined;
  const absent = Object.keys(agent.keys).filter((own) => fm[own] === undefined);
  // A key cut short (`file`, `exclude`, `apply`) is as likely a word of its own as the start of a
  // longer key (`fileMatchPattern`, `excludeAgent`, `applyTo`): a start counts for a yes/no key alone (`always`).
  const meant = nearestValue(key, absent, (own) => agent.keys[own].kind === 'boolean');
  if (!meant) return undefined;
  const rename = { data: { fix: 'rename-key' as const, to: meant } };
  const said = `${agent.name} reads \`${meant}\`, not \`${key}\`: it ignores this key`;
  // An on/off switch: what the file says is the switch, not a mode the rest of the file gives.
  if (agent.keys[meant].kind === 'boolean') return finding('frontmatter/unknown-key', 'warning', entry.keyRange, `${said}, so the rule is not activated the way the file says. Rename it to \`${meant}\`.`, rename);
  const without = agent.activation(fm);
  const renamed: Record<string, unknown> = { ...fm, [meant]: fm[key] };
  delete renamed[key];
  const phrase = JSON.stringify(agent.activation(renamed)) === JSON.stringify(without) ? undefined : asIfAbsent(agent, without);
  return finding('frontmatter/unknown-key', 'warning', entry.keyRange, `${said}${phrase ? `, and applies the rule as if it were absent: ${phrase}` : ''}. Rename it to \`${meant}\`.`, rename);
}

/** How the agent applies a rule, said after "applies the rule": the activation the slip leaves it with. */
function asIfAbsent(agent: AgentModel, activation: Activation): string | undefined {
  switch (activation.mode) {
    case 'always':
      return 'always';
    case 'globs':
      return activation.globs.length ? `by its ${agent.globs?.key ?? 'globs'} alone` : 'to no file (it has no patterns)';
    case 'description':
      return 'only when the model picks it by its description';
    case 'manual':
      return `${activation.inferred ? 'most likely ' : ''}only when it is named or attached by hand`;
    default:
      return undefined;
  }
}
