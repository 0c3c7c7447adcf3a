import { findMdcLinks, isCursorRuleFile, mdcLinkState, type MdcReading } from '../../rules/mdcLinks';
import { relativeInside } from '../../workspace/paths';
import type { OpenDocument } from '../documents';
import type { RulesState } from './state';

/** How each reading is named to the user; Cursor's documentation says none of them (`server/rules/mdcLinks.ts`). */
const READING: Record<MdcReading, string> = {
  workspace: 'read from the workspace folder (root-relative)',
  project: "read from the folder holding the rule's .cursor (root-relative for its package)",
  rule: "read from the rule's own folder (file-relative)",
  absolute: 'as an absolute path',
};

/**
 * The hover of the `mdc:` link at `offset` of a Cursor rule: the file it names (workspace-relative)
 * and the reading that found it, or why it names none. Asked of the file system only for the
 * link under the cursor, as go to definition is.
 */
export async function mdcLinkHover(state: RulesState, doc: OpenDocument, offset: number): Promise<{ markdown: string; start: number; end: number } | undefined> {
  const session = state.context.session;
  const root = doc.path ? session.rootOf(doc.path) : undefined;
  if (!doc.path || root === undefined || !isCursorRuleFile(doc.path, root)) return undefined;
  const link = findMdcLinks(doc.text).find((l) => offset >= l.start && offset <= l.end);
  if (!link) return undefined;
  const at = await mdcLinkState(state.context.documents.ruleFs, session.confinement, doc.path, root, link.target);
  const head = `**mdc:${link.target}**`;
  const markdown =
    at.kind === 'found'
      ? `${head} → \`${relativeInside(root, at.path) ?? at.path}\`, ${READING[at.from]}. Cursor's documentation does not say which reading Cursor uses.`
      : at.kind === 'missing'
        ? at.left.length
          ? `${head} names no file: ${at.left.map((from) => READING[from]).join(' and ')}, it leads out of the workspace, where agentls does not look; read otherwise, nothing is there (renamed or deleted?).`
          : `${head} names no file: read from the workspace folder, from the folder holding the rule's .cursor and from the rule's own folder, nothing is there (renamed or deleted?).`
        : at.kind === 'outside'
          ? `${head} names no file in the workspace: every reading of it leads out of the workspace, where agentls does not look.`
          : `${head}: a reading of it lies behind a link out of the workspace, which agentls does not look into.`;
  return { markdown, start: link.start, end: link.end };
}
