import type { RefIssue } from './lint';
import { entryLookup, type PromptModel, type RefEntry, type SourceEdit } from './model';
import { referencePathKey, resolveReference, type RefEnvironment } from './resolve';
import { canBeDisplayPath, findTokens, nextRefId } from './token';

/** One fix for one issue: edits of the document source, all applied together. */
export interface RefFix {
  title: string;
  edits: SourceEdit[];
  preferred?: boolean;
  /** Set when the fix cannot apply; `edits` is then empty. */
  disabledReason?: string;
}

/**
 * `closestFile`'s answer while the workspace's first file index is being built: the file
 * meant may not be listed yet, so none is offered (a worse match from part of the tree would
 * be a wrong fix) and nothing says that none resembles the missing one.
 */
export const NOT_LISTED_YET = { notListedYet: true } as const;

/** The closest file's workspace-relative path; undefined when none resembles the missing one. */
export type ClosestFile = string | typeof NOT_LISTED_YET | undefined;

export interface FixHelpers {
  env: RefEnvironment;
  /** The existing workspace file closest to a path that does not exist (fuzzy search + edit distance), other than those in `exclude`. */
  closestFile(missing: string, exclude?: ReadonlySet<string>): Promise<ClosestFile>;
}

/** The fixes of one issue, best first. */
export async function fixesFor(issue: RefIssue, model: PromptModel, helpers: FixHelpers): Promise<RefFix[]> {
  const { finding, subject } = issue;
  const prompt = model.prompt;
  const noEditor = (title: string): RefFix => ({ title, edits: [], disabledReason: `file_references cannot be edited until it is fixed (${model.problems[0]?.message ?? 'it is broken'})` });
  switch (finding.code) {
    case 'ref/unmapped': {
      if (subject.kind !== 'token' || !prompt) return [];
      const t = subject.token;
      const fixes: RefFix[] = [];
      const named = await resolveReference(t.displayPath, helpers.env);
      if (named.status === 'found') {
        const title = `Add ${t.refId} → ${t.displayPath} to file_references`;
        fixes.push(model.editor ? { title, edits: [model.editor.add(t.refId, t.displayPath)], preferred: true } : noEditor(title));
      } else {
        const closest = await helpers.closestFile(t.displayPath);
        const match = typeof closest === 'string' ? closest : undefined;
        if (match && canBeDisplayPath(match)) {
          const title = `Add ${t.refId} → ${match} to file_references (closest to ${t.displayPath}, which does not exist)`;
          fixes.push(model.editor ? { title, edits: [model.editor.add(t.refId, match), displayEdit(model, t.displayStart, t.end - 1, match)], preferred: true } : noEditor(title));
        } else {
          const reason = closest === NOT_LISTED_YET ? stillListing(t.displayPath) : `no file of the workspace is named ${t.displayPath} or resembles it`;
          fixes.push({ title: `Add ${t.refId} to file_references`, edits: [], disabledReason: reason });
        }
      }
      fixes.push(escapeFix(model, t.start));
      return fixes;
    }
    case 'ref/unescaped-start':
      return subject.kind === 'start' ? [escapeFix(model, subject.index)] : [];
    case 'ref/display-mismatch': {
      if (subject.kind !== 'token' || !subject.entry?.path) return [];
      const t = subject.token;
      const entry = subject.entry;
      // A path a token cannot show (a `>` ends the display part; a line break splits the token) is offered disabled, saying why.
      const fixes: RefFix[] = [
        canBeDisplayPath(entry.path!)
          ? { title: `Show the mapped path ${entry.path} in the token`, edits: [displayEdit(model, t.displayStart, t.end - 1, entry.path!)], preferred: true }
          : { title: `Show the mapped path in the token`, edits: [], disabledReason: `${JSON.stringify(entry.path)} cannot be shown in a token: a ">" would end it and a line break would split it` },
      ];
      const shown = await resolveReference(t.displayPath, helpers.env);
      const edit = model.editor?.setPath(entry, t.displayPath);
      // Another entry mapping that path already: two ids for one file is a new problem, not a fix.
      if (shown.status === 'found' && edit && !pathsMappedByOthers(model, entry).has(referencePathKey(t.displayPath))) fixes.push({ title: `Re-point ${entry.refId} to ${t.displayPath}, the path the token shows`, edits: [edit, ...displayEditsFor(model, entry.refId!, entry.path!, t.displayPath, t.start)] });
      return fixes;
    }
    case 'ref/missing-file':
    case 'ref/outside-workspace': {
      if (subject.kind !== 'entry' || !subject.entry.path) return [];
      const entry = subject.entry;
      const title = `Re-point ${entry.refId}`;
      const missing = finding.code === 'ref/outside-workspace' ? entry.path!.replace(/^.*[\\/]/, '') : entry.path!;
      // The closest file may be one another entry maps: then the tokens move to that entry
      // (a second id for one file would be a new problem, not a fix).
      const nearest = await helpers.closestFile(missing);
      const owner = typeof nearest !== 'string' ? undefined : model.entries.find((e) => e !== entry && e.path === nearest && e.refId !== undefined);
      if (owner && model.editor && model.prompt) {
        return [{ title: `Use ${owner.refId} (${owner.path}) for the tokens of ${entry.refId} and remove ${entry.refId}`, edits: [model.editor.remove(entry), ...tokenIdEdits(model, entry.refId!, owner.refId!, owner.path!)], preferred: true }];
      }
      const closest = owner ? await helpers.closestFile(missing, pathsMappedByOthers(model, entry)) : nearest;
      if (closest === NOT_LISTED_YET) return [{ title, edits: [], disabledReason: stillListing(entry.path!) }];
      const match = typeof closest === 'string' ? closest : undefined;
      if (!match || !canBeDisplayPath(match)) return [{ title, edits: [], disabledReason: `no file of the workspace resembles ${entry.path}` }];
      const edit = model.editor?.setPath(entry, match);
      if (!edit) return [noEditor(`${title} to ${match}`)];
      return [{ title: `Re-point ${entry.refId} to ${match} (closest to ${entry.path})`, edits: [edit, ...displayEditsFor(model, entry.refId!, entry.path!, match)], preferred: true }];
    }
    case 'ref/unused-entry':
      if (subject.kind !== 'entry' || !model.editor) return [];
      return [{ title: `Remove the unused entry ${subject.entry.refId} (${subject.entry.path})`, edits: [model.editor.remove(subject.entry)], preferred: true }];
    case 'ref/invalid-entry':
      if (subject.kind !== 'entry' || !model.editor) return [];
      return [{ title: 'Remove this unusable entry', edits: [model.editor.remove(subject.entry)] }];
    case 'ref/duplicate-id': {
      if (subject.kind !== 'entry' || !model.editor) return [];
      const entry = subject.entry;
      const remove: RefFix = { title: `Remove the ignored duplicate entry ${entry.refId} (${entry.path})`, edits: [model.editor.remove(entry)], preferred: true };
      if (subject.firstWithId?.path === entry.path) return [remove];
      const fresh = nextRefId(usedIds(model));
      const edit = model.editor.setRefId(entry, fresh);
      return edit ? [remove, { title: `Give this entry the new ref_id ${fresh}, for tokens to use`, edits: [edit] }] : [remove];
    }
    default:
      return [];
  }
}

/** Paths the other entries map (`referencePathKey`): a re-point never picks one (the tokens would then have two ids for one file). */
function pathsMappedByOthers(model: PromptModel, entry: RefEntry): Set<string> {
  return new Set(model.entries.filter((e) => e !== entry && e.path !== undefined).map((e) => referencePathKey(e.path!)));
}

/** Every ref_id in use: entries, and tokens (so a new id never adopts a forged token). */
export function usedIds(model: PromptModel): Set<string> {
  const used = new Set<string>();
  for (const e of model.entries) if (e.refId !== undefined) used.add(e.refId);
  if (model.prompt) for (const t of findTokens(model.prompt.value)) used.add(t.refId);
  return used;
}

/** Keeps the literal text of `<@…` by escaping it (one more backslash before `<`). */
function escapeFix(model: PromptModel, index: number): RefFix {
  const at = model.prompt!.toSource(index);
  return { title: 'Escape as literal text (\\<@)', edits: [{ start: at, end: at, text: model.prompt!.encode('\\') }] };
}

/** Replaces the display path between two prompt-text indices. */
function displayEdit(model: PromptModel, start: number, end: number, displayPath: string): SourceEdit {
  const prompt = model.prompt!;
  return { start: prompt.toSource(start), end: prompt.toSource(end), text: prompt.encode(displayPath) };
}

/** Rewrites every token of `refId` to name `toId` and show `toPath`. */
function tokenIdEdits(model: PromptModel, refId: string, toId: string, toPath: string): SourceEdit[] {
  return findTokens(model.prompt!.value)
    .filter((t) => t.refId === refId)
    .map((t) => displayEdit(model, t.start + '<@file:'.length, t.end - 1, `${toId}|${toPath}`));
}

/** Display-path edits for every token of `refId` that showed the entry's old path. */
function displayEditsFor(model: PromptModel, refId: string, oldPath: string, newPath: string, skipStart?: number): SourceEdit[] {
  if (!model.prompt) return [];
  const first = entryLookup(model).get(refId);
  if (!first) return [];
  return findTokens(model.prompt.value)
    .filter((t) => t.refId === refId && t.displayPath === oldPath && t.start !== skipStart)
    .map((t) => displayEdit(model, t.displayStart, t.end - 1, newPath));
}

/** Why no file is offered for a missing one during the first file index (`NOT_LISTED_YET`). */
function stillListing(missing: string): string {
  return `the workspace's files are still being listed (a first index): the file closest to ${missing} may not be among them yet; ask again once the listing ends`;
}
