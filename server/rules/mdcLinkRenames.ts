import * as path from 'node:path';
import type { PathGuard } from '../workspace/confine';
import type { FileSystem } from '../workspace/fs';
import { LIMITS, overLimit } from '../core/limits';
import { afterMoves, writtenLike, type FileRenames, type PathMove, type Replacement } from '../workspace/renamedPaths';
import { isAbsoluteForm, isCursorRuleFile, mdcLinkBases, mdcLinkForms, mdcLinkState, scanMdcLinks } from './mdcLinks';

/**
 * The `mdc:` links of the Cursor rule `file` (text `text`, in the workspace folder `root`)
 * rewritten for files or folders about to be renamed: a link whose reading that resolves
 * today (`mdcLinkState`, as the diagnostics and document links read it) names a moved file,
 * or a link read from the rule's own folder when the rule moves. A link that names nothing
 * today, or something that stays where it is, is left alone. Each replacement covers the
 * link's path after `mdc:`. A rule past what agentls reads of one (its characters, its links)
 * gets none (`FileRenames`).
 */
export async function mdcLinkRenames(fs: FileSystem, guard: PathGuard, file: string, root: string, text: string, moves: readonly PathMove[]): Promise<FileRenames> {
  if (!isCursorRuleFile(file, root)) return { edits: [] };
  // Past the characters scanned, only a file that mentions `mdc:` somewhere may hold a link left unmoved: one with none has nothing to say.
  if (text.length > LIMITS.mdcLinkScanChars) return text.includes('mdc:') ? { edits: [], overLimit: overLimit('this file holds', text.length, LIMITS.mdcLinkScanChars, 'characters') } : { edits: [] };
  // All of them, to say how many: the scan is linear in the characters read, capped above; none is looked up past the limit.
  const { links, cut } = scanMdcLinks(text, Number.POSITIVE_INFINITY);
  // The scan stopped at the occurrences of `mdc:` it looks at: links past them would keep their old paths.
  if (cut) return { edits: [], overLimit: overLimit('this file holds more than', LIMITS.mdcLinkOccurrences, LIMITS.mdcLinkOccurrences, 'occurrences of mdc:') };
  if (links.length > LIMITS.mdcLinks) return { edits: [], overLimit: overLimit('this file holds', links.length, LIMITS.mdcLinks, 'mdc: links') };
  const newFile = afterMoves(file, moves);
  const out: Replacement[] = [];
  for (const link of links) {
    const state = await mdcLinkState(fs, guard, file, root, link.target);
    if (state.kind !== 'found') continue;
    const newTarget = afterMoves(state.path, moves);
    if (newTarget === state.path && newFile === file) continue;
    const written = rewrittenLink(file, root, link.target, state.path, newFile, newTarget);
    if (written !== undefined && written !== link.target) out.push({ start: link.start + 'mdc:'.length, end: link.end, text: written });
  }
  return { edits: out };
}

/**
 * The link's path naming `newTarget` from `newFile`, read the way the written `target` names
 * `found` from `file` (the same base: workspace folder, project or rule folder; the same
 * spelling: `./`, percent-encoding, a kept `#fragment`); undefined when no reading gives `found`.
 */
function rewrittenLink(file: string, root: string, target: string, found: string, newFile: string, newTarget: string): string | undefined {
  const before = mdcLinkBases(file, root);
  const after = mdcLinkBases(newFile, root);
  for (const form of mdcLinkForms(target)) {
    if (form.startsWith('~')) continue;
    const kind = isAbsoluteForm(form) ? 'absolute' : (['root', 'project', 'folder'] as const).find((k) => path.resolve(before[k], form) === found);
    if (kind === undefined || (kind === 'absolute' && path.normalize(form) !== found)) continue;
    const body = kind === 'absolute' ? newTarget : writtenLike(form, newTarget, after[kind]);
    // A form that is not the written one's start was percent-decoded: the new path is encoded as it was.
    const decoded = !target.startsWith(form);
    const cut = target.search(/[#?]/);
    const suffix = cut >= 0 && !/[#?]/.test(form) ? target.slice(cut) : '';
    const link = destinationSafe(decoded ? encodeURI(body) : body) + suffix;
    // A new name with `#` or `?` before a kept `#L3` is cut there when read (`mdcLinkForms`): such a link would name another path, so none is written.
    const names = (f: string) => (isAbsoluteForm(f) ? path.normalize(f) : path.resolve(after[kind === 'absolute' ? 'root' : kind], f)) === newTarget;
    return mdcLinkForms(link).some(names) ? link : undefined;
  }
  return undefined;
}

/**
 * A path that stays one Markdown link destination: whitespace, `<`, `>` and a parenthesis
 * without its pair would end it (CommonMark), so they are percent-encoded, a spelling the
 * link's decoded reading resolves.
 */
export function destinationSafe(p: string): string {
  let depth = 0;
  let balanced = true;
  for (const c of p) {
    if (c === '(') depth++;
    else if (c === ')' && --depth < 0) balanced = false;
  }
  balanced &&= depth === 0;
  const paren: Record<string, string> = { '(': '%28', ')': '%29' };
  return p.replace(/[\s<>()]/g, (c) => (c in paren ? (balanced ? c : paren[c]) : encodeURIComponent(c)));
}
