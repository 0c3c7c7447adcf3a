import type { Finding } from '../core/findings';
import { ZERO_RANGE } from '../core/text';
import type { DocumentKind } from '../workspace/classify';
import { agentModel, ownerBehindLink, ownerOf, type AgentId, type AgentModel, type AgentPlaces, type Placement } from './agents';
import type { ReadProblem } from './analysis';
import { finding } from './codes';
import { brokenLinkFinding, skippedBrokenLinkFinding, linkedOutFileFinding, linkedOutFolderFinding, notReadForKind, selfHoldingLocationFinding, specialEntryFinding, tooDeepLinkFinding } from './lint/notRead';
import { fileTargets } from './targets';
import { toolFindings } from './toolLint';
import { recentToolReading } from './toolLint/recent';
import { followsFileLinks } from './toolOnly';
import { linkLeadsToFolder } from '../workspace/links';

/** A file the xcsh agent's engine does not list (nested, legacy below the root, another tool's format), as linters see it. */
export interface OutsideFile {
  path: string;
  /** Relative to its workspace folder, `/`-separated (`toolRelativePath`). */
  rel: string;
  root: string | undefined;
  /** The rule folders its workspace folder's settings name (`AgentPlaces`). */
  places?: AgentPlaces;
  /** Its text (undefined when it could not be read). */
  text: string | undefined;
  /** Where it leads when it is a link out of the workspace (not read: said). */
  linkedOutTo?: string;
  /** What it leads to, in words, when it is a link to no file (`brokenLinkReason`). */
  brokenLink?: string;
  /**
   * A link to a folder in a rule folder whose agent walks it as the folder (`LINK_FOLLOWING_RULE_FOLDER`):
   * no rule file itself (its files are listed through it); `holdsItself`, where it leads, as written,
   * when that folder holds the link (a walk of it meets the link again); `tooDeep`, the links on the way
   * to it, itself included, where its agent follows fewer (`rooLinkTooDeep`).
   */
  linkedFolder?: { holdsItself?: string; tooDeep?: number };
  /** The classifier's verdict for the xcsh agent. */
  kind: DocumentKind;
  agents: 'auto' | readonly string[];
  workspaceHasXcsh: boolean;
  /** The user named this file (`agentls check FILE`): lint it by its format even where no agent reads it. */
  named: boolean;
  /** Why its text could not be read (with `text` undefined), or is not text (binary), or not UTF-8 (with `text` decoded lossily). */
  readProblem?: ReadProblem;
}

/**
 * Findings for a rule-like file outside the xcsh agent's listing, per target: the xcsh
 * agent's "never reads" (saying when the file's own tool does read it), the own tool's
 * view of the file, and, for a file named on the command line where no agent looks, its
 * format's checks with a note that nothing reads it there.
 */
export function outsideFindings(file: OutsideFile): Finding[] {
  const owner = file.linkedFolder !== undefined ? ownerBehindLink(file.rel, file.places) : ownerOf(file.rel, file.places);
  const targets = fileTargets(file.agents, owner?.agent.id, file.workspaceHasXcsh);
  const out: Finding[] = [];
  if (file.brokenLink !== undefined) return brokenLinkFindings(file.path, file.brokenLink, owner, targets, file.kind.kind === 'rule');
  if (targets.has('xcsh')) {
    const notRead = notReadForKind(file.kind);
    if (notRead) out.push(sayingWhoReads(notRead, owner));
  }
  if (file.linkedFolder !== undefined) {
    // Its agent reads the folder's files, listed through the link where it stays in the workspace: nothing to say of the link then.
    if (!owner?.placement.read || !targets.has(owner.agent.id)) return out;
    // Not followed by its agent, wherever it leads: it reads nothing there, in or out of the workspace.
    if (file.linkedFolder.tooDeep !== undefined) out.push(tooDeepLinkFinding(file.linkedFolder.tooDeep, owner.agent.name));
    else if (file.linkedOutTo !== undefined) out.push(linkedOutFolderFinding(file.linkedOutTo, owner.agent.name));
    else if (file.linkedFolder.holdsItself !== undefined) out.push(selfHoldingLocationFinding(file.linkedFolder.holdsItself, owner.agent.name));
    return out;
  }
  if (file.linkedOutTo !== undefined && owner && followsFileLinks(owner.agent.id)) out.push(linkedOutFileFinding(file.linkedOutTo, owner.agent.name));
  if (owner && owner.agent.id !== 'xcsh' && targets.has(owner.agent.id) && (file.text !== undefined || file.readProblem)) {
    // Kept for the hover in the same version (`recentToolReading`).
    out.push(...recentToolReading({ agent: owner.agent, placement: owner.placement, path: file.path, text: file.text ?? '', root: file.root, targets, readProblem: file.readProblem }).findings);
    return out;
  }
  if (file.text === undefined) return out;
  if (!owner && file.named) {
    const format = formatOf(file.path, file.text);
    if (format) {
      out.push(finding('rule/no-reader', 'information', ZERO_RANGE, `No agent reads rules from this place; agentls checked it as a ${format.name} rule by its format (${format.reads}).`));
      out.push(...toolFindings({ agent: format, placement: { read: true, frontmatter: true }, path: file.path, text: file.text, targets: new Set<AgentId>([format.id]) }));
    }
  }
  return out;
}

/** The tool whose format a stray file is written in: by extension, else by its frontmatter keys. */
export function formatOf(filePath: string, text: string): AgentModel | undefined {
  if (filePath.endsWith('.mdc')) return agentModel('cursor');
  if (filePath.endsWith('.instructions.md')) return agentModel('copilot');
  if (!text.startsWith('---')) return undefined;
  const close = text.indexOf('\n---', 3);
  const block = close < 0 ? '' : text.slice(0, close);
  const has = (key: string) => new RegExp(`^${key}\\s*:`, 'm').test(block);
  if (has('trigger')) return agentModel('windsurf');
  if (has('applyTo')) return agentModel('copilot');
  if (has('alwaysApply') || has('globs')) return agentModel('cursor');
  if (has('paths')) return agentModel('claude');
  return undefined;
}

/** The xcsh agent's "never reads this file", saying first when the file's own tool does read it. */
export function sayingWhoReads(notRead: Finding, owner: { agent: AgentModel; placement: Placement } | undefined): Finding {
  if (!owner || owner.agent.id === 'xcsh' || !owner.placement.read || notRead.code !== 'rule/not-read') return notRead;
  const lead = /^The xcsh agent never reads this (file|entry|rule): /;
  const message = lead.test(notRead.message)
    ? notRead.message.replace(lead, `${owner.agent.name} reads this file, but the xcsh agent never does: `)
    : `${owner.agent.name} reads this file; ${notRead.message.charAt(0).toLowerCase()}${notRead.message.slice(1)}`;
  return { ...notRead, message };
}

/**
 * A rule file that is a link to no file: one error naming the targeted agents that would
 * have read it (its tool where it reads that place; the xcsh agent when `xcshLooks`, it
 * looking there), in place of what is said of a link that works (its tool follows it, the
 * xcsh agent does not). Nothing when no targeted agent looks there.
 */
export function brokenLinkFindings(link: string, leadsTo: string, owner: { agent: AgentModel; placement: Placement } | undefined, targets: ReadonlySet<AgentId>, xcshLooks: boolean): Finding[] {
  const own = owner && owner.agent.id !== 'xcsh' && owner.placement.read && targets.has(owner.agent.id) ? owner.agent : undefined;
  // An agent that passes over such a link, or takes a linked folder for an empty rule (Continue in VS Code), does not fail on it: its own words, the xcsh agent's error apart.
  const toFolder = linkLeadsToFolder(link);
  const skipper = own && !toFolder ? own.skipsBrokenLinks : undefined;
  if (!skipper && !(own && toFolder && own.readsLinkedFolderAsEmptyRule)) {
    const readers = wouldReadIt(owner, targets, xcshLooks);
    return readers === undefined ? [] : [brokenLinkFinding(leadsTo, readers)];
  }
  const xcsh = xcshLooks && targets.has('xcsh') ? [brokenLinkFinding(leadsTo, agentModel('xcsh').name)] : [];
  // A linked folder is said where the views list it (`unwalkedLinkedFolderFinding`), with the empty rule it makes.
  return skipper && own ? [skippedBrokenLinkFinding(leadsTo, skipper, followsFileLinks(own.id)), ...xcsh] : xcsh;
}

/** An entry of a rule folder that is a pipe, socket or device: the same error, for the same agents. */
export function specialEntryFindings(owner: { agent: AgentModel; placement: Placement } | undefined, targets: ReadonlySet<AgentId>, xcshLooks: boolean): Finding[] {
  const readers = wouldReadIt(owner, targets, xcshLooks);
  return readers === undefined ? [] : [specialEntryFinding(readers)];
}

/** The targeted agents that would read a rule file at this place, by name ("Cursor and the xcsh agent"). */
function wouldReadIt(owner: { agent: AgentModel; placement: Placement } | undefined, targets: ReadonlySet<AgentId>, xcshLooks: boolean): string | undefined {
  const readers: string[] = [];
  if (owner && owner.agent.id !== 'xcsh' && owner.placement.read && targets.has(owner.agent.id)) readers.push(owner.agent.name);
  if (xcshLooks && targets.has('xcsh')) readers.push(agentModel('xcsh').name);
  return readers.length === 0 ? undefined : readers.join(' and ');
}
