import { shortened } from '../core/shortText';
import { displayPath } from '../workspace/paths';
import type { RulesEngine } from './engine';
import { bucketPhrase, providerLabel } from './lint/words';


/**
 * A rule name as the agent sees it in one folder, in Markdown: the file it uses, its
 * bucket, the files it hides, whether rule:// reaches it. `thisPath` marks the file the
 * user is looking at.
 */
export function describeRuleName(engine: RulesEngine, root: string, name: string, home: string, thisPath?: string): string | undefined {
  const lines = xcshNameLines(engine, root, name, home, thisPath);
  return lines && [ruleNameHeading(name), ...lines].join('\n');
}

/** The heading of a hover on a rule's name. */
export function ruleNameHeading(name: string): string {
  return `**rule \`${name}\`**`;
}

/** `describeRuleName` without its heading: the xcsh agent's paragraphs, each after a blank line. */
export function xcshNameLines(engine: RulesEngine, root: string, name: string, home: string, thisPath?: string): string[] | undefined {
  const state = engine.nameState(root, name);
  if (!state) return undefined;
  const label = (p: string) => {
    const a = engine.analysis(p);
    const where = a ? providerLabel(a.candidate.provider, a.candidate.level) : '';
    return `\`${displayPath(p, root, home)}\` (${where})${p === thisPath ? ' ← this file' : ''}`;
  };
  const lines: string[] = [];
  const effective = state.effective;
  if (effective) {
    const analysis = engine.analysis(effective.path);
    lines.push('', `The xcsh agent uses ${label(effective.path)}: it ${bucketPhrase(state.placement?.bucket ?? 'none')}.`);
    const description = analysis?.rule?.description;
    // Cut short as `agentls rules` cuts it (the block quote quotes it): a description the length of a page filled the hover.
    if (typeof description === 'string' && description) lines.push('', `> ${shortened(description.split('\n')[0])}`);
    const resolvable = engine.availableNames(root).includes(name);
    lines.push('', resolvable ? `\`rule://${name}\` resolves to it.` : `\`rule://${name}\` does not resolve (only rulebook and always-apply rules do).`);
  } else {
    lines.push('', 'The xcsh agent loads no file for this name (its first file is dropped: empty body, or switched off in settings).');
  }
  const hidden = state.entries.filter((c) => c.path !== effective?.path);
  // Hidden from the xcsh agent alone: another tool's same-named file (`.windsurf/rules/x.md`
  // beside `.cursor/rules/x.mdc`) is still read by that tool, so "never read" must say whose.
  if (hidden.length) lines.push('', `Hidden by it (the xcsh agent never reads them): ${hidden.map((c) => label(c.path)).join(', ')}.`);
  return lines;
}
