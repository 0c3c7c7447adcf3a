import * as path from 'node:path';
import type { TextEdit } from 'vscode-languageserver/node';
import type { Finding } from '../../core/findings';
import type { FixData } from '../../rules/codes';
import { destinationSafe } from '../../rules/mdcLinkRenames';
import { cursorProjectOf, findMdcLinks, mdcLinkState, type MdcReading } from '../../rules/mdcLinks';
import { joinRelative, toPosix } from '../../workspace/paths';
import { writtenLike } from '../../workspace/renamedPaths';
import type { OpenDocument } from '../documents';
import type { RulesState } from './state';

/**
 * The fix of a `cursor/mdc-link-missing` link whose file was moved: when the file index holds
 * exactly one file of the link's base name, the link is pointed at it; none when it holds no
 * such file or several (never a guess), or before it knows every name. The path is written in
 * the reading the file's other links resolve by, when they agree; else as the link was written
 * (`./`, `../`: from the rule's folder; else from the workspace folder). A `#fragment` or
 * `?query` is kept. Refused when the text at the finding no longer reads as it did.
 */
export async function mdcLinkFix(state: RulesState, doc: OpenDocument, f: Finding): Promise<{ title: string; edit: TextEdit } | undefined> {
  const data = f.data as FixData;
  const written = String(data.written);
  const target = String(data.target);
  if (!doc.path || doc.text.slice(doc.lines.offsetAt(f.range.start), doc.lines.offsetAt(f.range.end)) !== written) return undefined;
  const session = state.context.session;
  const root = session.rootOf(doc.path);
  const search = state.context.services.fileSearch;
  const suffix = /[#?].*$/.exec(target)?.[0] ?? '';
  const bare = target.slice(0, target.length - suffix.length);
  const name = path.posix.basename(toPosix(safeDecode(bare)));
  if (root === undefined || !search || name === '' || name === '.' || name === '..') return undefined;
  const found = await search.pathsNamedNow(root, name);
  if (found?.length !== 1) return undefined;
  const to = joinRelative(root, found[0]);
  const reading = (await readingOfOthers(state, doc, root, f)) ?? (/^\.\.?\//.test(bare) ? 'rule' : 'workspace');
  const base = reading === 'rule' ? path.dirname(doc.path) : reading === 'project' ? cursorProjectOf(doc.path, root) : root;
  // Written as a rename writes a link: a `./` kept from the rule's folder, and one destination (CommonMark) however the path is spelled.
  const newText = `mdc:${destinationSafe(writtenLike(reading === 'rule' ? bare : '', to, base))}${suffix}`;
  return { title: `Point the link at ${toPosix(path.relative(root, to))}`, edit: { range: f.range, newText } };
}

/** The one reading (not an absolute path) the file's other links that name a file resolve by, if they agree. Each link a bounded stat per reading, only on a code action at a broken link. */
async function readingOfOthers(state: RulesState, doc: OpenDocument, root: string, f: Finding): Promise<MdcReading | undefined> {
  const at = doc.lines.offsetAt(f.range.start);
  const seen = new Set<MdcReading>();
  for (const link of findMdcLinks(doc.text)) {
    if (link.start === at) continue;
    const st = await mdcLinkState(state.context.documents.ruleFs, state.context.session.confinement, doc.path!, root, link.target);
    if (st.kind === 'found' && st.from !== 'absolute') seen.add(st.from);
  }
  return seen.size === 1 ? [...seen][0] : undefined;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
