import type { Finding } from '../../core/findings';
import type { LineIndex } from '../../core/text';
import type { PathGuard } from '../../workspace/confine';
import type { FileSystem } from '../../workspace/fs';
import { finding } from '../codes';
import { cursorProjectOf, findMdcLinks, isCursorRuleFile, mdcLinkState } from '../mdcLinks';
import { relativeInside } from '../../workspace/paths';
import { triedReadingsSaid, type PathReading } from '../pathReadings';
import { fileTargets } from '../targets';

const UNDOCUMENTED = "Cursor's documentation does not say what an mdc: link's path is relative to";

/** What a lint of the paths written in a rule file asks of the session: the agents judged, and the paths it may look at. */
export interface LinkLintPlace {
  settings: { rules: { agents: 'auto' | readonly string[] } };
  confinement: PathGuard;
}

/** Whether `mdc:` links are judged at all: not when `agentls.rules.agents` (`--agents`) leaves Cursor out. */
export function judgesMdcLinks(agents: 'auto' | readonly string[]): boolean {
  return fileTargets(agents, 'cursor', false).has('cursor');
}

/**
 * The `mdc:` links of a Cursor rule file that name no file under any reading (`mdcLinks.ts`),
 * as information: what Cursor does with such a link is not documented, only that the path
 * names nothing a user can open. None when `agentls.rules.agents` leaves Cursor out, for a
 * file of no Cursor rule folder, or one outside the workspace folders (`root`).
 */
export async function mdcLinkFindings(
  file: string,
  text: string,
  lines: LineIndex,
  fs: FileSystem,
  where: LinkLintPlace,
  root: string | undefined,
): Promise<Finding[]> {
  if (root === undefined || !text.includes('mdc:') || !isCursorRuleFile(file, root)) return [];
  if (!judgesMdcLinks(where.settings.rules.agents)) return [];
  const out: Finding[] = [];
  // Every folder a link was read from (`mdcLinkReadings`): a package's rule is read from its package too.
  const project = relativeInside(root, cursorProjectOf(file, root));
  const tried = project
    ? `read from the workspace folder, from ${project} (which holds this rule's .cursor) and from this rule's folder (${UNDOCUMENTED}, so each was tried)`
    : `read from the workspace folder or from this rule's folder (${UNDOCUMENTED}, so both were tried)`;
  const readingWords: [PathReading, string][] = [['workspace', 'the workspace folder'], ...(project ? [['project', `${project} (which holds this rule's .cursor)`] as [PathReading, string]] : []), ['rule', "this rule's folder"]];
  for (const link of findMdcLinks(text)) {
    const state = await mdcLinkState(fs, where.confinement, file, root, link.target);
    const range = lines.range(link.start, link.end);
    if (state.kind === 'missing') {
      out.push(
        finding(
          'cursor/mdc-link-missing',
          'information',
          range,
          `No file at \`mdc:${link.target}\`, ${triedReadingsSaid(readingWords, state.left, UNDOCUMENTED, tried)}: the file may have been renamed or deleted, and Cursor gets a link to nothing.`,
          // What the link read when judged: a fix pointing it elsewhere is refused once it reads otherwise.
          { data: { fix: 'point-mdc-link', written: text.slice(link.start, link.end), target: link.target } },
        ),
      );
    } else if (state.kind === 'outside') {
      out.push(
        finding(
          'cursor/mdc-link-outside',
          'information',
          range,
          `\`mdc:${link.target}\` names no file in the workspace: every reading of it leads out of the workspace, where agentls does not look (${UNDOCUMENTED}): whether Cursor finds a file there is not checked.`,
        ),
      );
    }
  }
  return out;
}
