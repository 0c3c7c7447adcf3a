import * as path from 'node:path';
import type { BucketName } from '../model';
import { displayPath } from '../../workspace/paths';
import { PROVIDER_DISPLAY_NAMES, type ProviderId, type RuleLevel, userRuleFolders } from '../../workspace/ruleLocations';
import { toolSkipsLocation, type AgentModel } from '../agents';

const LONG: Record<BucketName, string> = {
  ttsr: 'the TTSR bucket (it interrupts output that matches its condition)',
  alwaysApply: 'the always-apply bucket (its text is in every prompt)',
  rulebook: 'the rulebook (listed by name and description, read on demand)',
  none: 'no bucket (loaded, never shown to the model)',
};

const SHORT: Record<BucketName, string> = {
  ttsr: 'TTSR',
  alwaysApply: 'always-apply',
  rulebook: 'the rulebook',
  none: 'no bucket',
};

/** "goes to the rulebook (…)", or the short bucket name when `long` is false. */
export function bucketPhrase(bucket: BucketName, long = true): string {
  return long ? `goes to ${LONG[bucket]}` : SHORT[bucket];
}

export function bucketName(bucket: BucketName): string {
  return SHORT[bucket];
}

/** A value as messages quote it: JSON, shortened; `unset` for undefined. */
export function show(value: unknown): string {
  if (value === undefined) return 'unset';
  const json = JSON.stringify(value);
  if (json === undefined) return String(value);
  return json.length > 80 ? json.slice(0, 77) + '…' : json;
}

/** `~/.cursor/rules, user`, `Windsurf's folder, user`, `xcsh's own folder, project`. */
export function providerLabel(provider: ProviderId, level: RuleLevel): string {
  return `${locationFolder(provider, level)}, ${level}`;
}

// Any absolute folder stands in for the home: a folder is named by its part below it (`~/.cursor/rules`).
const HOME = path.resolve('/home');

/**
 * A rule location's folder as messages name it: by its tool (`providerFolder`), but for a
 * folder named after a tool that never reads it (`~/.cursor/rules`, read by the xcsh agent
 * alone), which is named by where it is: the folder `userRuleFolders` lists, so the name
 * cannot drift from where rules are read.
 */
export function locationFolder(provider: ProviderId, level: RuleLevel): string {
  if (!toolSkipsLocation(provider, level)) return providerFolder(provider);
  const folder = userRuleFolders(HOME, 'xcsh', undefined).find((f) => f.provider === provider && f.level === level);
  return folder ? displayPath(folder.dir, undefined, HOME) : providerFolder(provider);
}

/**
 * A provider's folders as our messages name them, by what a user recognises. The agent's
 * own label for its native folder (`OMP`, `rules.md` §2) is kept only where its own
 * warnings are reproduced (`[OMP] Invalid item at …`): nothing else tells a user what it means.
 */
export function providerFolder(provider: ProviderId): string {
  switch (provider) {
    case 'native':
      return "xcsh's own folder";
    case 'agents':
      return 'the .agents folder';
    default:
      return `${PROVIDER_DISPLAY_NAMES[provider]}'s folder`;
  }
}

/** The tool a provider's folders belong to, as users call it. */
export function originTool(provider: ProviderId): string {
  switch (provider) {
    case 'native':
      return 'the xcsh agent';
    case 'agents':
      return 'the agents standard';
    default:
      return PROVIDER_DISPLAY_NAMES[provider];
  }
}

/** A finding of the xcsh agent written before messages named agents ("the agent …"), naming it. */
export function namingXcsh<T extends { message: string }>(f: T): T {
  return { ...f, message: f.message.replace(/\b([Tt])he agent\b/g, '$1he xcsh agent') };
}

/**
 * That a tool sends a file whole and reads no frontmatter in it, and whose model its text
 * then reaches, worded for a name of many tools too ("AGENTS.md readers send …: … their models").
 */
export function sentWholeWords(agent: Pick<AgentModel, 'name' | 'plural'>): { sends: string; model: string } {
  return agent.plural
    ? { sends: `${agent.name} send this file whole in every request and document no frontmatter for it`, model: 'their models' }
    : { sends: `${agent.name} sends this file whole in every request and documents no frontmatter for it`, model: `${agent.name}'s model` };
}

/** `text` with its first letter capitalised: an agent's name ("the xcsh agent") opening a sentence. */
export function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
