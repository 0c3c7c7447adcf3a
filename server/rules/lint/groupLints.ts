import * as path from 'node:path';
import type { Finding, RelatedLocation } from '../../core/findings';
import type { FileAnalysis } from '../analysis';
import { displayPath } from '../../workspace/paths';
import { PROVIDER_PRIORITIES } from '../../workspace/ruleLocations';
import { finding } from '../codes';
import type { RulesProfile } from '../model';
import { isRuleDisabled, validationProblem } from '../resolve';
import { RuleLocator } from './locate';
import { locationFolder, providerLabel } from './words';

export interface GroupResult {
  /** The file the xcsh agent uses for the name; undefined when none survives. */
  effective?: FileAnalysis;
  findings: Map<string, Finding[]>;
}

/**
 * One rule name across every file that carries it, in the xcsh agent's order: the first
 * readable one wins (first-wins dedup), the rest are shadowed; the winner is then
 * validated, and an empty winner takes the whole name with it (`rules.md` §4).
 */
export function groupFindings(analyses: readonly FileAnalysis[], disabledRules: readonly string[], _profile: RulesProfile, home: string): GroupResult {
  const findings = new Map<string, Finding[]>();
  const add = (p: string, f: Finding) => {
    const list = findings.get(p);
    if (list) list.push(f);
    else findings.set(p, [f]);
  };
  const readable = analyses.filter((a) => a.rule);
  if (readable.length === 0) return { findings };
  const name = readable[0].rule!.name;
  if (isRuleDisabled(name, disabledRules)) {
    for (const a of readable) add(a.candidate.path, finding('rule/disabled', 'information', anchor(a), `agentls.rules.disabledRules switches off rule \`${name}\`: the xcsh agent does not load it from any file.`));
    return { findings };
  }
  const [winner, ...shadowed] = readable;
  const invalid = validationProblem(winner.rule!);
  const winnerLabel = `${display(winner, home)} (${providerLabel(winner.candidate.provider, winner.candidate.level)})`;
  const toWinner: RelatedLocation = { path: winner.candidate.path, range: anchor(winner), message: `rule \`${name}\` the xcsh agent uses` };

  if (invalid) {
    const twins = shadowed.map((a) => `${display(a, home)} (${providerLabel(a.candidate.provider, a.candidate.level)})`);
    add(
      winner.candidate.path,
      shadowed.length
        ? finding(
            'rule/empty-body-shadows',
            'error',
            anchor(winner),
            `This rule has no body, so the xcsh agent drops it ("${invalid}") after it has already hidden ${twins.join(', ')}: no rule named \`${name}\` is loaded at all.`,
            { related: shadowed.map((a) => ({ path: a.candidate.path, range: anchor(a), message: `hidden same-named rule` })) },
          )
        : finding('rule/empty-body', 'error', anchor(winner), `This rule has no body: the xcsh agent drops it ("${invalid}"), so there is no rule \`${name}\`.`),
    );
  }
  for (const a of shadowed) {
    const sameFolder = path.dirname(a.candidate.path) === path.dirname(winner.candidate.path) && a.candidate.provider === winner.candidate.provider;
    const reason = shadowReason(winner, a);
    if (invalid) {
      add(
        a.candidate.path,
        finding('rule/shadowed', 'error', anchor(a), `The xcsh agent never reads this rule: ${winnerLabel} has the same name \`${name}\` and wins (${reason}), and is then dropped for its empty body, so no \`${name}\` is loaded at all.`, {
          related: [toWinner],
        }),
      );
      continue;
    }
    if (sameFolder && path.extname(a.candidate.path) !== path.extname(winner.candidate.path)) {
      add(
        a.candidate.path,
        finding('rule/extension-clash', 'error', anchor(a), `\`${path.basename(winner.candidate.path)}\` in the same folder is also rule \`${name}\` and comes first: the xcsh agent reads it and never this file.`, {
          related: [toWinner],
          data: { fix: 'rename-rule' },
        }),
      );
      continue;
    }
    const same = sameContent(a, winner) || sameBodyNothingLost(a, winner);
    add(
      a.candidate.path,
      finding(
        'rule/shadowed',
        same ? 'information' : 'error',
        anchor(a),
        same
          ? `The xcsh agent reads rule \`${name}\` from ${winnerLabel} instead (${reason}); it has the same body, so nothing is lost.`
          : `The xcsh agent never reads this rule: ${winnerLabel} has the same name \`${name}\` and wins (${reason}).`,
        { related: [toWinner], data: { fix: 'rename-rule' } },
      ),
    );
  }
  return { effective: invalid ? undefined : winner, findings };
}

function anchor(a: FileAnalysis) {
  return new RuleLocator(a).openerRange();
}

/**
 * A file of the group as messages name it: a project one from its agent folder on
 * (`.cursor/rules/a.mdc`), a user-level one from the home (`~/.cursor/rules/a.mdc`, absolute
 * outside it), so that a home rule hiding the project's same-named file is not named by the
 * project file's own path.
 */
function display(a: FileAnalysis, home: string): string {
  const p = a.candidate.path;
  if (a.candidate.level === 'user') return displayPath(p, undefined, home);
  const parts = p.split(path.sep);
  const i = parts.findIndex((part) => part === '.xcsh' || part === '.cursor' || part === '.windsurf' || part === '.clinerules' || part === '.agent' || part === '.agents' || part === '.codeium');
  return i > 0 ? parts.slice(i).join('/') : path.basename(p);
}

function shadowReason(winner: FileAnalysis, loser: FileAnalysis): string {
  const w = winner.candidate;
  const l = loser.candidate;
  const wName = locationFolder(w.provider, w.level);
  const lName = locationFolder(l.provider, l.level);
  if (w.provider !== l.provider) {
    return PROVIDER_PRIORITIES[w.provider] === PROVIDER_PRIORITIES[l.provider]
      ? `${wName} is read before ${lName} at the same priority`
      : `${wName} has a higher priority than ${lName}`;
  }
  if (w.level !== l.level) return w.level === 'user' ? `user rules in ${wName} are read before project rules` : 'project rules come before user rules';
  if (w.order[1] !== l.order[1]) return 'a nearer folder is read first';
  return 'it sorts first in the same folder';
}

/**
 * The copies a multi-tool repository keeps of one rule (`.cursor/rules/go.mdc` and
 * `.windsurf/rules/go.md`, same body, each with its tool's frontmatter): the winner brings
 * the same text, and the shadowed copy would not have reached the model more often (its
 * bucket is the winner's, or none), so the agent loses nothing by not reading it.
 */
function sameBodyNothingLost(loser: FileAnalysis, winner: FileAnalysis): boolean {
  if (loser.rule!.content.trim() !== winner.rule!.content.trim()) return false;
  const lost = loser.placement?.bucket ?? 'none';
  return lost === 'none' || lost === (winner.placement?.bucket ?? 'none');
}

function sameContent(a: FileAnalysis, b: FileAnalysis): boolean {
  return a.rule!.content === b.rule!.content && JSON.stringify(a.parsed?.frontmatter) === JSON.stringify(b.parsed?.frontmatter);
}
