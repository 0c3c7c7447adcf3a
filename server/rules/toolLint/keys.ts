import { isScalar, isSeq } from 'yaml';
import { editDistance, prefixEditDistance } from '../../core/editDistance';
import type { Finding } from '../../core/findings';
import type { Range } from '../../core/text';
import type { AgentId, AgentModel } from '../agents';
import { finding } from '../codes';
import type { KeyEntry, RuleLocator } from '../lint/locate';
import { show } from '../lint/words';
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

/** Longest slip compared letter by letter: a value or key is a word or two. */
const MAX_SLIP_CHARS = 40;

/**
 * The known value closest to a slip: the same letters (`always on`, `alwaysOn`, `Always_On`
 * → `always_on`), its start (`always`), or one letter off either (`allways`, `manul`; two
 * in a long word: `model_decison`), when no other known value is as close.
 */
export function nearestValue(value: string, values: readonly string[]): string | undefined {
  const squash = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, '');
  const typed = squash(value);
  const same = values.find((v) => squash(v) === typed) ?? values.find((v) => typed.length >= 4 && leadingWords(v).includes(typed));
  if (same !== undefined || typed.length < 4 || typed.length > MAX_SLIP_CHARS) return same;
  const allowed = typed.length > 8 ? 2 : 1;
  // A short word a letter off the start of a value is as likely another word (`codex`, not `code-review`): starts only from six letters on.
  const distance = (v: string) => (typed.length >= 6 ? prefixEditDistance(typed, squash(v), 6, allowed) : editDistance(typed, squash(v), allowed));
  const near = values.map((v) => ({ v, d: distance(v) })).filter((x) => x.d <= allowed);
  const best = Math.min(...near.map((x) => x.d));
  const closest = near.filter((x) => x.d === best);
  return closest.length === 1 ? closest[0].v : undefined;
}

/**
 * A value's leading words, squashed as `nearestValue` squashes (`code-review` → `code`;
 * `always_on` → `always`; `alwaysApply` → `always`): a start that stops inside a word
 * (`Coder` against `code-review`, a custom agent's name seen in a real excludeAgent list)
 * is another word, not a value cut short.
 */
function leadingWords(value: string): string[] {
  const words = value.split(/[\s_-]+|(?<=[a-z])(?=[A-Z])/).filter((w) => w !== '');
  return words.slice(0, -1).map((_, i) => words.slice(0, i + 1).join('').toLowerCase());
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
      out.push(finding('frontmatter/wrong-type', 'warning', entry.valueRange, `${agent.name} expects \`${key}\` to be text or a list of text, not ${show(value)}.`, typeof value === 'number' || typeof value === 'boolean' ? { data: { fix: 'quote-value' } } : {}));
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
    if (GLOB_KEY_OWNERS[key] && ownGlobKey && fm[ownGlobKey] === undefined) {
      const rename = !xcshReads;
      out.push(
        finding(
          'rule/foreign-key',
          xcshReads ? 'information' : 'warning',
          entry.keyRange,
          `\`${key}\` is ${GLOB_KEY_OWNERS[key]}'s key: ${agent.name} reads \`${ownGlobKey}\` and ignores \`${key}\`, so it does not limit this rule to those files.${xcshReads ? ` (The xcsh agent reads \`${key}\`; add \`${ownGlobKey}\` for ${agent.name}.)` : ` Rename it to \`${ownGlobKey}\`.`}`,
          rename ? { data: { fix: 'rename-key', to: ownGlobKey } } : {},
        ),
      );
    } else if ((TOOL_KEYS[key] || GLOB_KEY_OWNERS[key]) && !xcshReads) {
      out.push(finding('rule/foreign-key', 'information', entry.keyRange, `\`${key}\` is ${foreignKeyOwner(key)}'s key: ${agent.name} ignores it.`));
    } else if (!xcshReads) {
      const meant = switchMeant(key, agent, fm);
      if (meant) {
        out.push(
          finding('frontmatter/unknown-key', 'warning', entry.keyRange, `${agent.name} reads \`${meant}\`, not \`${key}\`: it ignores this key, so the rule is not activated the way the file says. Rename it to \`${meant}\`.`, {
            data: { fix: 'rename-key', to: meant },
          }),
        );
      }
    }
  }
  return out;
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

/**
 * The agent's on/off key a slip of spelling stands for (`always_apply`, `AlwaysApply`,
 * `always` → `alwaysApply`, seen in real Cursor rules), when the file does not also
 * have the real key: the agent ignores the slip, and the rule does not switch on.
 */
function switchMeant(key: string, agent: AgentModel, fm: Record<string, unknown>): string | undefined {
  const absent = Object.entries(agent.keys).filter(([own, spec]) => spec.kind === 'boolean' && fm[own] === undefined).map(([own]) => own);
  return nearestValue(key, absent);
}
