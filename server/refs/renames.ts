import { afterMoves, writtenLike, type PathMove } from '../workspace/renamedPaths';
import { resolveRelativeInside } from '../workspace/paths';
import type { PromptModel, SourceEdit } from './model';
import { canBeDisplayPath, findTokens } from './token';

/**
 * A prompt document's references rewritten for files or folders about to be renamed
 * (`file-refs.md` §4: `file_references` paths are relative to the document's workspace
 * folder `root`): each entry whose path names a moved file, or one under a moved folder, gets
 * the new path in its own spelling (a leading `./` kept); each `<@file:ID|DISPLAY>` token of
 * such an entry whose display path names that same file shows the new one. An entry whose
 * new place lies outside `root` cannot be written as a path there, and is left alone.
 */
export function promptReferenceRenames(model: PromptModel, root: string, moves: readonly PathMove[]): SourceEdit[] {
  const editor = model.editor;
  if (!editor || !model.referencesReadable) return [];
  const out: SourceEdit[] = [];
  /** The moved file of each renamed entry's ref_id (the first entry of an id is the one tokens use). */
  const movedIds = new Map<string, { from: string; to: string }>();
  for (const entry of model.entries) {
    if (entry.problem !== undefined || entry.path === undefined) continue;
    const moved = movedPath(entry.path, root, moves);
    if (!moved) continue;
    const edit = editor.setPath(entry, moved.written);
    if (!edit) continue;
    out.push(edit);
    if (entry.refId !== undefined && !movedIds.has(entry.refId)) movedIds.set(entry.refId, moved);
  }
  const prompt = model.prompt;
  if (!prompt || movedIds.size === 0) return out;
  for (const token of findTokens(prompt.value)) {
    const entry = movedIds.get(token.refId);
    const shown = entry && movedPath(token.displayPath, root, moves);
    if (!shown || shown.from !== entry.from || !canBeDisplayPath(shown.written)) continue;
    const start = prompt.toSource(token.displayStart);
    out.push({ start, end: prompt.toSource(token.displayStart + token.displayPath.length), text: prompt.encode(shown.written) });
  }
  return out;
}

/** A workspace-relative path that names a moved file: the file, and the path naming its new place as `rel` was written. */
function movedPath(rel: string, root: string, moves: readonly PathMove[]): { from: string; to: string; written: string } | undefined {
  const from = resolveRelativeInside(root, rel);
  if (from === undefined) return undefined;
  const to = afterMoves(from, moves);
  const written = writtenLike(rel, to, root);
  if (to === from || resolveRelativeInside(root, written) !== to) return undefined;
  return { from, to, written };
}
