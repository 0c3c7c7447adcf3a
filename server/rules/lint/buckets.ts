import type { Finding } from '../../core/findings';
import type { Range } from '../../core/text';
import { buildRule, isTruthy } from '../build';
import { placeRule } from '../resolve';
import { finding } from '../codes';
import { registerTtsr } from '../ttsr';
import type { RuleLocator } from './locate';
import { bucketPhrase, sentWholeWords, show } from './words';
import { agentModel, agentOfLocation, type AgentModel } from '../agents';
import type { ProviderId, RuleLevel } from '../model';
import { intendedFrontmatter } from './yamlFallback';
import { describeActivation } from './keyBlocks';

/**
 * Where the effective rule of a name ends up, when that is not what its file suggests:
 * nowhere, or out of TTSR because its patterns or scope fail, or with keys that its
 * bucket never uses. Only the file the xcsh agent actually uses gets these.
 */
export function bucketLints(loc: RuleLocator, wholeBy?: AgentModel): Finding[] {
  const analysis = loc.analysis;
  const rule = analysis.rule;
  const placement = analysis.placement;
  if (!rule || !placement || analysis.readProblem?.kind === 'too-large' || rule.content === '') return [];
  const out: Finding[] = [];
  const profile = analysis.profile;
  const anchor = loc.openerRange();

  // A Windsurf always_on rule in no bucket is rule/windsurf-trigger's (one finding, one fix),
  // unless Windsurf sends the file whole: its trigger means nothing there, so the bucket is this finding's.
  const windsurfAlways = !wholeBy && analysis.candidate.provider === 'windsurf' && analysis.parsed?.frontmatter.trigger === 'always_on';
  if (placement.bucket === 'none' && !windsurfAlways) out.push(noBucketFinding(loc, anchor, wholeBy));

  if (rule.condition?.length) {
    const registration = registerTtsr(rule, new Set());
    const conditionEntry = analysis.condition?.conditionKey ? loc.entry(analysis.condition.conditionKey) : undefined;
    const elements = conditionEntry ? loc.elementRanges(conditionEntry) : [];
    const rawList = conditionEntry ? analysis.parsed?.frontmatter[conditionEntry.key] : undefined;
    const rangeOf = (pattern: string): Range => {
      if (Array.isArray(rawList)) {
        const i = rawList.findIndex((v) => typeof v === 'string' && v.trim() === pattern);
        if (i >= 0 && elements[i]) return elements[i];
      }
      return conditionEntry?.valueRange ?? anchor;
    };
    const allInvalid = registration.failure === 'no-valid-pattern';
    for (const { pattern, error } of registration.invalidPatterns) {
      const consequence = allInvalid
        ? profile === 'xcsh'
          ? `no pattern compiles, so the xcsh agent does not register the rule as TTSR: it ${bucketPhrase(placement.bucket)}`
          : 'no pattern compiles, so this TTSR rule never fires'
        : 'the xcsh agent skips this pattern and keeps the others';
      out.push(finding('rule/ttsr-invalid-regex', allInvalid ? 'error' : 'warning', rangeOf(pattern), `${JSON.stringify(pattern)} is not a valid regular expression (${error}): ${consequence}.`));
    }
    const scopeEntry = loc.entry('scope');
    for (const token of registration.invalidScopeTokens) {
      out.push(finding('rule/ttsr-scope', 'warning', scopeEntry?.valueRange ?? anchor, `The xcsh agent cannot parse the scope token ${JSON.stringify(token)} and skips it (tokens: text, thinking, tool, tool:NAME, tool:NAME(GLOB), NAME(GLOB)).`));
    }
    if (registration.failure === 'scope-unreachable') {
      out.push(
        finding(
          'rule/ttsr-scope',
          profile === 'xcsh' ? 'error' : 'warning',
          scopeEntry?.valueRange ?? anchor,
          profile === 'xcsh'
            ? `No scope token is valid, so no stream is left to watch: the xcsh agent does not register the rule as TTSR; it ${bucketPhrase(placement.bucket)}.`
            : 'No scope token is valid, so no stream is left to watch: this TTSR rule never fires.',
        ),
      );
    }
    for (const token of analysis.condition?.globTokens ?? []) {
      const onlyGlobs = rule.condition.length === 1 && rule.condition[0] === '.*';
      out.push(
        finding(
          'rule/ttsr-glob-condition',
          'information',
          rangeOf(token),
          `${JSON.stringify(token)} looks like a file glob: the xcsh agent turns it into the scope tool:edit(${token}), tool:write(${token})${onlyGlobs ? ' and, with no other condition, fires on any output of those tools (condition `.*`)' : ''}.`,
        ),
      );
    }
    if (placement.bucket === 'ttsr') {
      const always = loc.entry('alwaysApply');
      if (rule.alwaysApply === true && always) {
        out.push(finding('rule/ttsr-overrides', 'error', always.lineRange, 'This rule has a condition, so the xcsh agent makes it a TTSR rule and does not always apply it: alwaysApply is ignored.'));
      } else if (isTruthy(rule.description)) {
        const description = loc.entry('description');
        if (description) out.push(finding('rule/ttsr-overrides', 'information', description.keyRange, 'TTSR rules are not listed in the prompt: the xcsh agent does not use this description.'));
      }
    }
  } else if (placement.bucket === 'alwaysApply' && isTruthy(rule.description)) {
    const description = loc.entry('description');
    if (description) out.push(finding('rule/always-apply-description', 'information', description.keyRange, 'An always-apply rule is injected whole: the xcsh agent does not show this description anywhere.'));
  }
  return out;
}

/**
 * A rule the xcsh agent loads and never shows: why, what the file's own tool does with it
 * (from its agent model), and only the advice that applies. When the YAML fell back to
 * strings, the keys are there and the cause is the YAML: the fix is the YAML's.
 * `wholeBy`: the tool that sends this file whole in every request, reading no frontmatter
 * in it (`sentWhole`: Windsurf's global_rules.md). Keys written there for the xcsh agent
 * would reach that tool's model as text (the placement's reading; `sentWhole` says what is
 * documented and what assumed), so no keys are advised and no action adds them.
 */
function noBucketFinding(loc: RuleLocator, anchor: Range, wholeBy: AgentModel | undefined): Finding {
  const analysis = loc.analysis;
  const rule = analysis.rule!;
  const parsed = analysis.parsed;
  const provider = analysis.candidate.provider;
  const fallback = parsed?.fallbackUsed === true;
  const written = (key: string) => loc.entries().some((e) => e.key === key);
  const why: string[] = [];
  if (rule.description === '') why.push('its description is empty');
  else if (!isTruthy(rule.description)) why.push('it has no description (the rulebook needs one)');
  if (rule.alwaysApply !== true) why.push(fallback && written('alwaysApply') ? (rule.alwaysApply === undefined ? 'its alwaysApply, read as a string, is dropped (unset, not true)' : `its alwaysApply is read as the string ${show(rule.alwaysApply)}, not true`) : 'it is not `alwaysApply: true`');
  if (!rule.condition?.length) why.push('it has no condition (TTSR)');
  else if (analysis.placement?.ttsrFailure) why.push('its TTSR condition could not be registered');
  if (wholeBy) {
    const { sends, model } = sentWholeWords(wholeBy);
    const cost = `${sends}: keys added here for the xcsh agent would most likely reach ${model} as text. To have the xcsh agent apply them too, copy them into a rule of its own with \`alwaysApply: true\`.`;
    return finding('rule/no-bucket', 'warning', anchor, `The xcsh agent loads rule \`${rule.name}\` but never shows it to the model: ${why.join(', ')}. ${cost}`);
  }
  const intended = fallback && parsed?.layout.metadata ? intendedFrontmatter(parsed.layout.metadata.text, analysis.profile) : (parsed?.frontmatter ?? {});
  let hint = originHint(provider, analysis.candidate.level, intended);
  if (analysis.profile === 'seed' && isTruthy(rule.alwaysApply) && rule.alwaysApply !== true) hint += ` Its alwaysApply ${show(rule.alwaysApply)} is truthy but not true, which also keeps it out of the rulebook.`;
  const missing = [isTruthy(intended.description) ? undefined : written('description') ? 'a non-empty description' : 'a description', intended.alwaysApply === true ? undefined : '`alwaysApply: true`'].filter(Boolean);
  // A frontmatter the agent does not see (BOM, text before ---, no closing ---) holds keys
  // the file means: the cure is the delimiter's diagnostic, not a second block of keys.
  const unseen = !parsed?.layout.block && /^[\s\uFEFF]*(<!--[\s\S]*?-->[\s]*)*---/.test(analysis.text);
  const advice = unseen
    ? ' The xcsh agent sees no frontmatter in this file (see the frontmatter/… diagnostic at its start): fix that and its keys count.'
    : fallback && placeRule(buildRule(analysis.candidate, intended, rule.content, analysis.profile).rule, analysis.profile, new Set()).bucket !== 'none'
      ? ' The frontmatter is not valid YAML: fix it (see frontmatter/yaml-error) and the keys count.'
      : missing.length
        ? ` Give it ${missing.join(' or ')}.`
        : '';
  return finding('rule/no-bucket', 'warning', anchor, `The xcsh agent loads rule \`${rule.name}\` but never shows it to the model: ${why.join(', ')}.${hint}${advice}`, unseen ? {} : { data: { fix: 'no-bucket' } });
}

/** What the tool the file was written for does with the same rule, by its agent model. */
function originHint(provider: ProviderId, level: RuleLevel, fm: Record<string, unknown>): string {
  const id = agentOfLocation(provider, level);
  if (id === 'xcsh') return '';
  const tool = agentModel(id);
  const activation = tool.activation(fm);
  // Globs the tool's current clients ignore (Cline 4's `paths`): they send it always.
  if (activation.mode === 'globs' && activation.sentAlways !== undefined) return ` In ${tool.name} it is ${describeActivation(activation, tool)}; the xcsh agent does not apply it always.`;
  switch (activation.mode) {
    case 'always':
      return ` ${tool.name} applies it always${id === 'cline' ? ' (no `paths`)' : ''}; the xcsh agent does not.`;
    case 'globs':
      return ` ${tool.name} attaches it to files matching its ${tool.globs?.key ?? 'globs'}; the xcsh agent only lists globs beside a description.`;
    case 'manual':
      return ` (In ${tool.name} such a rule is "manual", used when @-mentioned; the xcsh agent has no way to mention it.)`;
    default:
      return '';
  }
}
