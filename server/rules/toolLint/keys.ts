import { isScalar, isSeq } from 'yaml';
import type { Finding } from '../../core/findings';
import type { Range } from '../../core/text';
import type { AgentId, AgentModel } from '../agents';
import type { KeySpec } from '../agents/types';
import { finding } from '../codes';
import type { KeyEntry, RuleLocator } from '../lint/locate';
import { show } from '../lint/words';
import { keySlipFinding } from './keySlips';
import { nearestValue } from './nearestValue';
import { globListParts } from './globValues';
import { regexValueFindings } from './regexValues';

/** The glob key of each tool: one tool's key in another tool's file is the commonest slip. */
const GLOB_KEY_OWNERS: Record<string, string> = { globs: 'Cursor', paths: 'Cline and Claude Code', applyTo: 'GitHub Copilot' };
/** Keys of one tool that others ignore (besides glob keys). */
const TOOL_KEYS: Record<string, string> = { alwaysApply: 'Cursor', trigger: 'Windsurf' };
/** Keys the xcsh agent reads: harmless in another tool's file when xcsh is targeted too. */
const XCSH_KEYS = new Set(['description', 'globs', 'alwaysApply', 'condition', 'ttsr_trigger', 'ttsrTrigger', 'scope', 'interruptMode']);

/** The tool whose key `key` is, as `rule/foreign-key` names it ("Windsurf", "Cline and Claude Code"), or undefined for a key of none. */
export function foreignKeyOwner(key: string): string | undefined {
  return TOOL_KEYS[key] ?? GLOB_KEY_OWNERS[key];
}

/** Values whose meaning is clear: `"true"`, `yes`, `on`… for a boolean. */
function meantBoolean(value: unknown): boolean | undefined {
  const text = String(value).trim();
  if (/^(true|yes|on|y|1)$/i.test(text)) return true;
  if (/^(false|no|off|n|0)$/i.test(text)) return false;
  return undefined;
}

/**
 * The agent's own keys with the wrong type or value, and other tools' keys in its file.
 * `targets` are the agents judged for this file: a key the xcsh agent reads is not
 * reported as foreign when xcsh is among them.
 */
export function keyFindings(loc: RuleLocator, agent: AgentModel, fm: Record<string, unknown>, targets: ReadonlySet<AgentId>): Finding[] {
  const out: Finding[] = [];
  for (const [key, spec] of Object.entries(agent.keys)) {
    const value = fm[key];
    const entry = loc.entry(key);
    if (value === undefined || value === null || !entry) continue;
    if (spec.kind === 'boolean' && typeof value !== 'boolean') {
      const meant = meantBoolean(value);
      out.push(
        finding('frontmatter/wrong-type', 'warning', entry.valueRange, `${agent.name} expects \`${key}\` to be true or false, not ${show(value)}; how it reads other values is not documented.${meant === undefined ? '' : ` Write ${meant}.`}`, meant === undefined ? {} : { data: { fix: 'set-value', value: String(meant) } }),
      );
    } else if (spec.kind === 'strings' && typeof value !== 'string' && !(Array.isArray(value) && value.every((v) => typeof v === 'string'))) {
      out.push(finding('frontmatter/wrong-type', 'warning', entry.valueRange, `${agent.name} expects \`${key}\` to be text or a list of text, not ${show(value)}${otherValueEffect(agent, spec, value, fm)}.`, typeof value === 'number' || typeof value === 'boolean' ? { data: { fix: 'quote-value' } } : {}));
    } else if (spec.kind === 'string' && typeof value !== 'string') {
      out.push(finding('frontmatter/wrong-type', 'warning', entry.valueRange, `${agent.name} expects \`${key}\` to be text, not ${show(value)}.`, typeof value === 'number' || typeof value === 'boolean' ? { data: { fix: 'quote-value' } } : {}));
    } else if (spec.kind === 'strings' && spec.values) {
      out.push(...unknownListValues(loc, agent, key, entry, value, spec.values, spec.unknownEffect));
    } else if (spec.kind === 'strings' && spec.regex) {
      out.push(...regexValueFindings(loc, agent, key, entry, spec.regex));
    } else if (spec.kind === 'enum' && !(typeof value === 'string' && spec.values!.includes(value))) {
      const near = typeof value === 'string' ? nearestValue(value, spec.values!) : undefined;
      out.push(
        finding(
          'frontmatter/invalid-value',
          'error',
          entry.valueRange,
          `${agent.name} knows no ${key} ${show(value)} (it knows ${spec.values!.join(', ')}): the rule is not activated the way the file says.${near ? ` Write ${near}.` : ''}`,
          near ? { data: { fix: 'replace', newText: near, title: `Write ${key}: ${near}` } } : {},
        ),
      );
    }
  }
  const ownGlobKey = agent.globs?.key;
  for (const entry of loc.entries()) {
    const key = entry.key;
    if (key in agent.keys) continue;
    const xcshReads = targets.has('xcsh') && XCSH_KEYS.has(key);
    if (GLOB_KEY_OWNERS[key] && ownGlobKey && fm[ownGlobKey] === undefined && !xcshReads && renameScopesNothing(agent, fm, key)) {
      const readWith = agent.globs!.readWith;
      out.push(
        finding(
          'rule/foreign-key',
          'information',
          entry.keyRange,
          `\`${key}\` is ${GLOB_KEY_OWNERS[key]}'s key: ${agent.name} ignores it, and reads \`${ownGlobKey}\` only with ${readWith}, so renaming it alone would not scope this rule. To attach the rule by path, use ${readWith} with \`${ownGlobKey}\`; otherwise remove \`${key}\`.`,
        ),
      );
    } else if (GLOB_KEY_OWNERS[key] && ownGlobKey && fm[ownGlobKey] === undefined && !xcshReads && agent.globs!.listOnly && typeof fm[key] === 'string' && globListParts(fm[key]).length) {
      out.push(listOnlyRenameFinding(agent, entry, globListParts(fm[key]), `\`${key}\` is ${GLOB_KEY_OWNERS[key]}'s key: ${agent.name} reads \`${ownGlobKey}\` and ignores \`${key}\`, so it ${unscopedEffect(agent, fm)}.`));
    } else if (GLOB_KEY_OWNERS[key] && ownGlobKey && fm[ownGlobKey] === undefined) {
      const rename = !xcshReads;
      out.push(
        finding(
          'rule/foreign-key',
          xcshReads ? 'information' : 'warning',
          entry.keyRange,
          `\`${key}\` is ${GLOB_KEY_OWNERS[key]}'s key: ${agent.name} reads \`${ownGlobKey}\` and ignores \`${key}\`, so it ${unscopedEffect(agent, fm)}.${xcshReads ? ` (The xcsh agent reads \`${key}\`; add \`${ownGlobKey}\` for ${agent.name}.)` : ` Rename it to \`${ownGlobKey}\`.`}`,
          rename ? { data: { fix: 'rename-key', to: ownGlobKey } } : {},
        ),
      );
    } else if ((TOOL_KEYS[key] || GLOB_KEY_OWNERS[key]) && !xcshReads) {
      out.push(finding('rule/foreign-key', 'information', entry.keyRange, `\`${key}\` is ${foreignKeyOwner(key)}'s key: ${agent.name} ignores it.`));
    } else if (!xcshReads) {
      const slip = keySlipFinding(entry, agent, fm);
      if (slip) out.push(slip);
    }
  }
  return out;
}

/**
 * Another tool's glob key written as one string where the agent reads its own only as a YAML list
 * (Cline's `paths`): the rename alone leaves a string the agent ignores, so the fix renames the key
 * and writes the globs as the list, and the note on the clients that never read the key is said.
 */
function listOnlyRenameFinding(agent: AgentModel, entry: KeyEntry, parts: string[], said: string): Finding {
  const dialect = agent.globs!;
  const list = `[${parts.map((part) => JSON.stringify(part)).join(', ')}]`;
  const note = dialect.ignoredByNote ? ` ${dialect.ignoredByNote}` : '';
  return finding('rule/foreign-key', 'warning', entry.keyRange, `${said} Write it as \`${dialect.key}: ${list}\`: ${agent.name} reads \`${dialect.key}\` only as a YAML list.${note}`, {
    data: { fix: 'rename-key', to: dialect.key, list, valueRange: entry.valueRange, valueText: entry.valueText },
  });
}

/**
 * Whether another tool's glob key `key`, renamed to the agent's own, would leave the rule applied
 * as it is: the agent reads its own key in one mode alone (`readWith`), and the file sets another.
 */
function renameScopesNothing(agent: AgentModel, fm: Record<string, unknown>, key: string): boolean {
  const dialect = agent.globs!;
  if (dialect.readWith === undefined) return false;
  const renamed: Record<string, unknown> = { ...fm, [dialect.key]: fm[key] };
  delete renamed[key];
  return JSON.stringify(agent.activation(renamed)) === JSON.stringify(agent.activation(fm));
}

/**
 * What ignoring another tool's glob key leaves the rule with, said after "so it": where the
 * agent's own mode attaches it by glob and it has none (Windsurf's `trigger: glob`, Kiro's
 * `inclusion: fileMatch`), no file, as rule/inactive says; otherwise it goes unscoped.
 */
function unscopedEffect(agent: AgentModel, fm: Record<string, unknown>): string {
  const activation = agent.activation(fm);
  return activation.mode === 'globs' && activation.globs.length === 0 ? 'attaches this rule to no file (it has no patterns)' : 'does not limit this rule to those files';
}

/**
 * What the agent does with a one-or-list key's value that is neither (`otherValueMatchesNothing`:
 * Continue's `regex: 42`), as a clause after the type: a truthy one matches nothing, so the rule is
 * never attached, unless its activation applies it always; a falsy one (`0`, `false`) reads as no key.
 */
function otherValueEffect(agent: AgentModel, spec: KeySpec, value: unknown, fm: Record<string, unknown>): string {
  if (spec.otherValueMatchesNothing === undefined || Array.isArray(value) || !value || agent.activation(fm).mode === 'always') return '';
  return `: it matches nothing against this value, so it never attaches this rule (${spec.otherValueMatchesNothing})`;
}

/**
 * Each string of a one-or-list value (Copilot's `excludeAgent`) that is not one of the
 * values the agent knows, pointed at where it is written; the nearest known value, when a
 * slip makes one obvious (`code_review`, `Coding Agent`), is the fix, quoted as written.
 */
function unknownListValues(loc: RuleLocator, agent: AgentModel, key: string, entry: KeyEntry, value: unknown, values: readonly string[], effect = 'which most likely has no effect'): Finding[] {
  const node = entry.node;
  const items: { value: string; range: Range; quoted: boolean }[] = [];
  if (isSeq(node)) {
    const ranges = loc.elementRanges(entry);
    node.items.forEach((item, i) => {
      if (isScalar(item) && typeof item.value === 'string') items.push({ value: item.value, range: ranges[i] ?? entry.valueRange, quoted: item.type === 'QUOTE_DOUBLE' || item.type === 'QUOTE_SINGLE' });
    });
  } else if (isScalar(node) && typeof node.value === 'string') {
    items.push({ value: node.value, range: entry.valueRange, quoted: node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE' });
  } else if (!node && typeof value === 'string') {
    // Invalid YAML elsewhere in the block: the value as the line says it.
    items.push({ value, range: entry.valueRange, quoted: /^["']/.test(entry.valueText) });
  }
  const out: Finding[] = [];
  for (const item of items) {
    if (values.includes(item.value)) continue;
    const near = nearestValue(item.value, values);
    const newText = near === undefined ? undefined : item.quoted ? JSON.stringify(near) : near;
    out.push(
      finding(
        'frontmatter/invalid-value',
        'warning',
        item.range,
        `${agent.name} knows no ${key} value ${show(item.value)} (it knows ${values.join(', ')}); it documents no other, ${effect}.${near ? ` Write ${near}.` : ''}`,
        newText ? { data: { fix: 'replace', newText, title: `Write ${key}: ${near}` } } : {},
      ),
    );
  }
  return out;
}
