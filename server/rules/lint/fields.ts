import type { Finding, Severity } from '../../core/findings';
import { afterBang, bangAwareGlobIssues, shownGlob, splitTopLevelCommas, uncheckedGlobFinding, unknownBangFinding, unquote } from '../agents/globs';
import type { ProviderId, RuleLevel } from '../../workspace/ruleLocations';
import { toolSkipsLocation, type AgentModel } from '../agents';
import { finding } from '../codes';
import { INTERRUPT_MODES, type Rule } from '../model';
import { placeRule } from '../resolve';
import { buildRule } from '../build';
import { intendedFrontmatter } from './yamlFallback';
import type { RuleLocator } from './locate';
import { bucketPhrase, originTool, show } from './words';

/** Keys the xcsh agent reads (camelCase; xcsh also accepts their kebab-case spelling). */
export const AGENT_KEYS = ['description', 'globs', 'alwaysApply', 'condition', 'ttsr_trigger', 'ttsrTrigger', 'scope', 'interruptMode', 'repeatMode', 'repeatGap', 'contextMode'];

/** Each origin tool's own keys, where its documentation names them. */
export const ORIGIN_KEYS: Partial<Record<ProviderId, string[]>> = {
  cursor: ['description', 'globs', 'alwaysApply'],
  windsurf: ['trigger', 'description', 'globs'],
  cline: ['paths', 'description'],
};

/** Keys of one tool that another tool ignores: whose they are. */
const TOOL_KEYS: Record<string, ProviderId> = { trigger: 'windsurf', paths: 'cline', alwaysApply: 'cursor', globs: 'cursor' };

/** Unknown keys reported per file (a pasted config should not bury the real findings). */
const MAX_UNKNOWN_KEY_FINDINGS = 20;

export const WINDSURF_TRIGGERS = ['always_on', 'manual', 'model_decision', 'glob'];

function camelize(key: string): string {
  return key.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/**
 * Frontmatter fields: types the xcsh agent drops or misreads, kebab-case keys, the origin
 * tools' own keys (Windsurf's `trigger`, Cline's `paths`, Cursor's comma-separated
 * `globs`), keys a tool ignores, unknown keys, and globs that match nothing.
 */
export function fieldFindings(loc: RuleLocator, wholeBy?: AgentModel): Finding[] {
  const analysis = loc.analysis;
  const parsed = analysis.parsed;
  const rule = analysis.rule;
  if (!parsed || !rule || !parsed.layout.block) return [];
  const out: Finding[] = [];
  const fm = parsed.frontmatter;
  const provider = analysis.candidate.provider;
  const profile = analysis.profile;
  const typed = !parsed.fallbackUsed;
  const bucket = analysis.placement?.bucket ?? 'none';
  const own = ORIGIN_KEYS[provider] ?? [];

  let unknown = 0;
  for (const entry of loc.entries()) {
    const raw = entry.rawKey;
    if (raw.includes('-') && AGENT_KEYS.includes(camelize(raw))) {
      const camel = camelize(raw);
      out.push(
        profile === 'seed'
          ? finding('frontmatter/kebab-key', 'error', entry.keyRange, `The xcsh agent reads keys as written, so it ignores \`${raw}\`; it reads \`${camel}\`. (Under the xcsh profile it would accept \`${raw}\`.)`, { data: { fix: 'rename-key', to: camel } })
          : finding('frontmatter/kebab-key', 'information', entry.keyRange, `xcsh reads \`${raw}\` as \`${camel}\`, but the xcsh agent under the seed profile would ignore it; \`${camel}\` works for both.`, { data: { fix: 'rename-key', to: camel } }),
      );
      continue;
    }
    const key = entry.key;
    // A key the xcsh agent reads is never foreign to it (a Windsurf rule's `alwaysApply: true`
    // is there for xcsh); what the file's own tool makes of its keys is the tool's lint.
    if (AGENT_KEYS.includes(key) || own.includes(key)) continue;
    if (TOOL_KEYS[key]) {
      out.push(finding('frontmatter/unknown-key', 'information', entry.keyRange, `\`${key}\` is a ${originTool(TOOL_KEYS[key])} key: the xcsh agent ignores it.`));
      continue;
    }
    if (++unknown > MAX_UNKNOWN_KEY_FINDINGS) continue;
    // The folder's tool, where it reads the folder (`toolSkipsLocation`: not `~/.cursor/rules`).
    const tool = toolSkipsLocation(provider, analysis.candidate.level) ? 'the xcsh agent' : originTool(provider);
    out.push(finding('frontmatter/unknown-key', 'information', entry.keyRange, `Neither the xcsh agent nor ${tool === 'the xcsh agent' ? 'any other tool' : tool} reads \`${key}\`; it has no effect.`));
  }

  // Under the line fallback the field checks run on what the file means (the YAML with its
  // slips repaired): `alwaysApply: "true"` beside an unquoted `globs: *.ts` is still reported.
  const values = typed || !parsed.layout.metadata ? fm : intendedFrontmatter(parsed.layout.metadata.text, profile);
  const meant = typed ? rule : buildRule(analysis.candidate, values, parsed.body, profile).rule;
  out.push(...alwaysApplyFindings(loc, meant, values.alwaysApply));
  out.push(...descriptionFindings(loc, meant, values.description));
  out.push(...globFindings(loc, meant, values.globs, bucket === 'ttsr', provider, analysis.candidate.level));
  if (typed) out.push(...conditionFindings(loc, fm));
  const mode = fm.interruptMode;
  if (mode !== undefined && mode !== null && !(typeof mode === 'string' && (INTERRUPT_MODES as readonly string[]).includes(mode))) {
    const entry = loc.entry('interruptMode');
    if (entry) out.push(finding('frontmatter/invalid-value', 'error', entry.valueRange, `interruptMode ${show(mode)} is not one of ${INTERRUPT_MODES.join(', ')}: the xcsh agent ignores it and interrupts by its default (always).`));
  }
  if (provider === 'windsurf') out.push(...windsurfFindings(loc, rule, fm, bucket, wholeBy));
  if (provider === 'cline' && fm.paths !== undefined) {
    const entry = loc.entry('paths');
    if (entry) {
      out.push(
        finding(
          'rule/cline-paths',
          'information',
          entry.keyRange,
          `The xcsh agent does not read Cline's \`paths\`: it never limits a rule to files, and it will not list these paths as the rule's domain${rule.globs ? '' : ' (copy them into `globs` for that)'}.`,
          rule.globs ? {} : { data: { fix: 'copy-paths' } },
        ),
      );
    }
  }
  return out;
}

function placementWith(rule: Rule, profile: 'seed' | 'xcsh', patch: Partial<Rule>) {
  return placeRule({ ...rule, ...patch }, profile, new Set()).bucket;
}

function alwaysApplyFindings(loc: RuleLocator, rule: Rule, value: unknown): Finding[] {
  if (value === undefined || value === null || typeof value === 'boolean') return [];
  const entry = loc.entry('alwaysApply');
  if (!entry) return [];
  const text = String(value).trim();
  const meant = /^(true|yes|on|y|1)$/i.test(text) ? true : /^(false|no|off|n|0)$/i.test(text) ? false : undefined;
  const profile = loc.analysis.profile;
  const actual = loc.analysis.placement?.bucket ?? 'none';
  const data = meant === undefined ? undefined : { fix: 'set-value', value: String(meant) };
  const kind = typeof value === 'string' ? `the string ${JSON.stringify(value)}` : `${typeof value} ${show(value)}`;
  if (meant === undefined) {
    return [finding('frontmatter/wrong-type', 'error', entry.valueRange, `alwaysApply is ${kind}, not true or false: the xcsh agent does not always apply this rule; it ${bucketPhrase(actual)}.`)];
  }
  const intended = placementWith(rule, profile, { alwaysApply: meant });
  if (intended === actual) {
    return [finding('frontmatter/wrong-type', 'information', entry.valueRange, `alwaysApply is ${kind}, not the boolean ${meant}; the xcsh agent reads it as not always-apply, which is what it means here. Write ${meant} without quotes.`, { data })];
  }
  return [
    finding(
      'frontmatter/wrong-type',
      'error',
      entry.valueRange,
      `alwaysApply is ${kind}, not the boolean ${meant}: the xcsh agent does not treat it as ${meant}, so the rule ${bucketPhrase(actual)} instead of ${bucketPhrase(intended, false)}.`,
      { data },
    ),
  ];
}

function descriptionFindings(loc: RuleLocator, rule: Rule, value: unknown): Finding[] {
  if (value === undefined || value === null || typeof value === 'string') return [];
  const entry = loc.entry('description');
  if (!entry) return [];
  const data = typeof value === 'number' || typeof value === 'boolean' ? { fix: 'quote-value' } : undefined;
  const kind = Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'a mapping' : `a ${typeof value} (${show(value)})`;
  if (rule.description === value) {
    return [finding('frontmatter/wrong-type', 'warning', entry.valueRange, `description is ${kind}, not text: the xcsh agent (seed profile) keeps it as it is, but under the xcsh profile and in the other providers it is dropped. Quote it.`, { data })];
  }
  const actual = loc.analysis.placement?.bucket ?? 'none';
  const intended = placementWith(rule, loc.analysis.profile, { description: String(value) });
  const consequence = intended === actual ? '' : `, so the rule ${bucketPhrase(actual)} instead of ${bucketPhrase(intended, false)}`;
  return [finding('frontmatter/wrong-type', intended === actual ? 'warning' : 'error', entry.valueRange, `description is ${kind}, not text: the xcsh agent ignores it${consequence}.`, { data })];
}

function globFindings(loc: RuleLocator, rule: Rule, value: unknown, ttsr: boolean, provider: ProviderId, level: RuleLevel): Finding[] {
  if (value === undefined || value === null) return [];
  const entry = loc.entry('globs');
  if (!entry) return [];
  if (typeof value === 'string') return globTextFindings(entry.valueRange, value, ttsr, true, provider, level);
  if (!Array.isArray(value)) {
    return [finding('frontmatter/wrong-type', 'error', entry.valueRange, `globs is ${show(value)}, neither a glob nor a list of globs: the xcsh agent ignores it.`)];
  }
  const out: Finding[] = [];
  const ranges = loc.elementRanges(entry);
  const kept = rule.globs ?? [];
  value.forEach((g, i) => {
    const range = ranges[i] ?? entry.valueRange;
    if (typeof g !== 'string') {
      const severity: Severity = kept.includes(g) ? 'warning' : 'error';
      out.push(
        finding(
          'frontmatter/wrong-type',
          severity,
          range,
          severity === 'error'
            ? `globs element ${show(g)} is not text: the xcsh agent drops it from the rule's globs.`
            : `globs element ${show(g)} is not text: the xcsh agent (seed profile) keeps it, but under the xcsh profile and in the other providers it is dropped. Quote it.`,
          { data: { fix: 'quote-value' } },
        ),
      );
      return;
    }
    out.push(...globTextFindings(range, g, ttsr, false, provider, level));
  });
  return out;
}

/**
 * Who splits a comma list, as the message says it: Cursor documents the form; for the
 * other tools' folders the message names no tool, since their docs do not say. A folder
 * its tool does not read (`~/.cursor/rules`: `toolSkipsLocation`) is the xcsh agent's alone,
 * so what Cursor would do is beside the point there.
 */
function commaReaders(provider: ProviderId, level: RuleLevel): string {
  if (toolSkipsLocation(provider, level)) return 'the xcsh agent, the only agent that reads this folder, does not split globs at commas';
  return provider === 'cursor' ? 'Cursor splits globs at commas, the xcsh agent does not' : 'the xcsh agent does not split globs at commas (Cursor does)';
}

function globTextFindings(range: Finding['range'], glob: string, ttsr: boolean, whole: boolean, provider: ProviderId, level: RuleLevel): Finding[] {
  const split = splitTopLevelCommas(glob);
  if (split.length > 1) {
    // Quotes left around each part (`"*.jira", "*.confluence"`) are not part of the globs meant.
    const parts = split.map(unquote);
    return [
      finding(
        'frontmatter/comma-globs',
        ttsr ? 'error' : 'warning',
        range,
        `${JSON.stringify(glob)} is one glob with commas in it: ${commaReaders(provider, level)}, so it lists it as one glob that matches no file${ttsr ? '; this TTSR rule filters paths by it and never fires on a file' : ' (the prompt still shows the text)'}. Write a list: ${JSON.stringify(parts)}.`,
        { data: { fix: 'listify-globs', parts, whole } },
      ),
    ];
  }
  const issues = bangAwareGlobIssues(glob, 'the xcsh agent');
  // rules.md (the xcsh spec) says nothing of a leading `!`: which files such a glob reaches is not checked.
  if (issues.length === 0) return afterBang(glob) === undefined ? [] : [unknownBangFinding(range, glob, 'the xcsh agent')];
  if (issues.some((x) => x.unchecked)) return [uncheckedGlobFinding(range, glob, 'the xcsh agent')];
  const fixed = issues.every((x) => x.fixed !== undefined) ? issues[issues.length - 1].fixed : undefined;
  const severity = ttsr ? 'error' : 'warning';
  return [
    finding('frontmatter/invalid-glob', severity, range, `The glob ${JSON.stringify(shownGlob(glob))} does not match what it means for the xcsh agent: ${issues.map((x) => x.message).join('; ')}${ttsr ? '; this TTSR rule filters paths by it' : ''}.`, fixed === undefined ? {} : { data: { fix: 'replace', newText: JSON.stringify(fixed), title: `Write ${JSON.stringify(fixed)}` } }),
  ];
}

function conditionFindings(loc: RuleLocator, fm: Record<string, unknown>): Finding[] {
  const out: Finding[] = [];
  const condition = loc.analysis.condition;
  const key = condition?.conditionKey;
  const provider = loc.analysis.candidate.provider;
  if (!key) return out;
  const entry = loc.entry(key);
  if (!entry) return out;
  const value = fm[key];
  const seedStringOnly = loc.analysis.profile === 'seed' && provider !== 'native';
  if (Array.isArray(value) && seedStringOnly) {
    // A folder no other tool reads (`~/.cursor/rules`: `toolSkipsLocation`) is named by where it is, not by a tool.
    const whose = toolSkipsLocation(provider, loc.analysis.candidate.level) ? 'triggers outside its .xcsh folders' : `${originTool(provider)} triggers`;
    out.push(finding('frontmatter/wrong-type', 'error', entry.valueRange, `The xcsh agent reads ${whose} only when they are a single string: it ignores this list, so the rule has no condition. (xcsh reads lists.)`));
  } else if (Array.isArray(value)) {
    const ranges = loc.elementRanges(entry);
    value.forEach((v, i) => {
      if (typeof v !== 'string') out.push(finding('frontmatter/wrong-type', 'error', ranges[i] ?? entry.valueRange, `${key} element ${show(v)} is not text: the xcsh agent drops it.`, { data: { fix: 'quote-value' } }));
    });
  } else if (typeof value !== 'string') {
    out.push(finding('frontmatter/wrong-type', 'error', entry.valueRange, `${key} is ${show(value)}, neither a pattern nor a list of patterns: the xcsh agent ignores it, so the rule has no condition.`, { data: { fix: 'quote-value' } }));
  } else if (value.trim() === '') {
    const legacy = ['ttsr_trigger', 'ttsrTrigger'].find((k) => k !== key && fm[k] !== undefined && fm[k] !== null);
    if (legacy) out.push(finding('frontmatter/invalid-value', 'error', entry.valueRange, `${key} is empty, and an empty ${key} still hides \`${legacy}\`: the xcsh agent reads no condition at all.`));
  }
  for (const other of ['ttsr_trigger', 'ttsrTrigger']) {
    if (other === key || fm[other] === undefined || fm[other] === null) continue;
    const e = loc.entry(other);
    if (e) out.push(finding('frontmatter/unknown-key', 'information', e.keyRange, `The xcsh agent takes the condition from \`${key}\` and ignores \`${other}\`.`));
  }
  if (fm.scope !== undefined && fm.scope !== null && typeof fm.scope !== 'string' && !Array.isArray(fm.scope)) {
    const e = loc.entry('scope');
    if (e) out.push(finding('frontmatter/wrong-type', 'error', e.valueRange, `scope is ${show(fm.scope)}, neither text nor a list: the xcsh agent ignores it and watches its default streams.`));
  }
  return out;
}

/**
 * What a Windsurf `trigger` does for each agent. `wholeBy`: Windsurf, when it sends this file
 * whole (`sentWhole`: global_rules.md), reading no frontmatter in it: the trigger picks
 * nothing there, whatever its value, and reaches Windsurf's model as text, so nothing is
 * said of when Windsurf applies the rule by it, and no key is offered (it would be sent as
 * text too); where the xcsh agent puts the rule is rule/no-bucket's (`bucketLints`).
 */
function windsurfFindings(loc: RuleLocator, rule: Rule, fm: Record<string, unknown>, bucket: string, wholeBy: AgentModel | undefined): Finding[] {
  const out: Finding[] = [];
  const trigger = fm.trigger;
  if (trigger === undefined || trigger === null) return out;
  const entry = loc.entry('trigger');
  if (!entry) return out;
  // Values Windsurf does not know, and modes that cannot fire, are Windsurf's lint (toolLint).
  if (typeof trigger !== 'string') return out;
  if (wholeBy) {
    const name = wholeBy.name;
    // A value of its own is quoted as written; any other (long, or with backticks) is not repeated.
    const which = WINDSURF_TRIGGERS.includes(trigger) ? `\`trigger: ${trigger}\`` : 'its trigger';
    out.push(finding('rule/windsurf-trigger', 'warning', entry.lineRange, `${name} documents no trigger for this file: it sends the file whole in every request and documents no frontmatter for it, so ${which} most likely picks nothing and reaches ${name}'s model as text. The xcsh agent ignores trigger too.`));
    return out;
  }
  const where = bucketPhrase(bucket as 'ttsr' | 'alwaysApply' | 'rulebook' | 'none');
  switch (trigger) {
    case 'always_on':
      if (rule.alwaysApply !== true) {
        out.push(finding('rule/windsurf-trigger', 'error', entry.lineRange, `Windsurf applies this rule always (trigger: always_on); the xcsh agent ignores trigger, so the rule ${where}. Add \`alwaysApply: true\` for the xcsh agent.`, { data: { fix: 'add-key', key: 'alwaysApply', value: 'true' } }));
      }
      break;
    case 'manual':
      if (bucket === 'rulebook' || bucket === 'alwaysApply') {
        out.push(finding('rule/windsurf-trigger', 'warning', entry.lineRange, `Windsurf applies this rule only when it is @-mentioned (trigger: manual); the xcsh agent has no manual rules, so the rule ${where}.`));
      }
      break;
  }
  return out;
}
