import { throwIfCancelled, type Cancellation } from '../core/cancel';
import { SEVERITIES, type Finding, type Severity } from '../core/findings';
import { formatCount, LIMITS, overLimit } from '../core/limits';
import { shortened } from '../core/shortText';
import { comparePositions, LineIndex } from '../core/text';
import { entryLookup, type PromptModel, type RefEntry } from './model';
import { resolveReference, type RefEnvironment, type Resolution } from './resolve';
import { backslashesBefore, findTokens, type TokenMatch } from './token';

/** What a finding is about, so that its fixes can be computed (offsets: see each kind). */
export type IssueSubject =
  /** A token-shaped span; offsets are prompt-text indices. */
  | { kind: 'token'; token: TokenMatch; entry?: RefEntry }
  | { kind: 'entry'; entry: RefEntry; resolution?: Resolution; firstWithId?: RefEntry }
  /** An `<@` that would start a token; `index` is the prompt-text index of `<`. */
  | { kind: 'start'; index: number }
  | { kind: 'document' };

export interface RefIssue {
  finding: Finding;
  subject: IssueSubject;
}

/** Every diagnostic code of the refs engine, with its default severity and meaning. */
export const REF_CODES: Record<string, { severity: Severity; summary: string }> = {
  'ref/unmapped': { severity: 'warning', summary: 'a token whose ref_id has no file_references entry is read as literal text' },
  'ref/missing-file': { severity: 'error', summary: 'a file_references path names no file of the workspace' },
  'ref/outside-workspace': { severity: 'error', summary: 'a file_references path lies outside the workspace' },
  'ref/duplicate-id': { severity: 'error', summary: 'two file_references entries share a ref_id' },
  'ref/unused-entry': { severity: 'hint', summary: 'a file_references entry no token uses' },
  'ref/display-mismatch': { severity: 'warning', summary: "a token's display path differs from the path it maps to" },
  'ref/unescaped-start': { severity: 'warning', summary: 'an unescaped <@ in typed text would start a token' },
  'ref/invalid-entry': { severity: 'error', summary: 'a file_references entry without a usable ref_id or path' },
  'ref/invalid-references': { severity: 'error', summary: 'file_references is not a list of entries' },
  'ref/invalid-frontmatter': { severity: 'error', summary: 'the frontmatter of a prompt cannot be read' },
  'ref/invalid-json': { severity: 'error', summary: 'a RAWP prompt message is not valid JSON' },
  'ref/json-bom': { severity: 'warning', summary: 'a RAWP prompt message begins with a byte-order mark, which JSON.parse rejects' },
  'ref/invalid-message': { severity: 'error', summary: 'a RAWP message is not a usable control.prompt.request' },
  'ref/too-large': { severity: 'information', summary: 'a prompt document too large to check' },
  'ref/unreadable': { severity: 'error', summary: 'a prompt document agentls cannot read as text (not valid UTF-8, binary or unreadable), so its file references are not checked' },
};

const MAX_START_FINDINGS = 200;

/** Text of the document quoted in a message, cut short: a token, path or run of backslashes may be thousands of characters long. */
const q = (text: string | undefined): string => shortened(text ?? '');

/** `n` backslashes and `<@` as the agent reads them, by count when too many to show. */
function escapedStart(n: number): string {
  return n <= 8 ? `"${'\\'.repeat(n)}<@"` : `${formatCount(n)} backslashes and "<@"`;
}

/** Every problem of a prompt document's file references (`file-refs.md` §2–§4). */
export async function lintPromptModel(model: PromptModel, env: RefEnvironment, cancel?: Cancellation): Promise<RefIssue[]> {
  const lines = new LineIndex(model.source);
  const issues: RefIssue[] = [];
  const add = (code: string, start: number, end: number, message: string, subject: IssueSubject, tags?: Finding['tags']) => {
    issues.push({ finding: { code, severity: REF_CODES[code].severity, message, range: lines.range(start, end), ...(tags ? { tags } : {}) }, subject });
  };
  for (const p of model.problems) add(p.code, p.start, p.end, p.message, { kind: 'document' });

  const prompt = model.prompt;
  const tokens = prompt ? findTokens(prompt.value) : [];
  const src = (i: number) => prompt!.toSource(i);
  const lookup = entryLookup(model);

  if (prompt) {
    const tokenStarts = new Set(tokens.map((t) => t.start));
    let flagged = 0;
    // Tokens in order: a `<@` inside one's display path (`<@file:a|x<@y.ts>`) is part of the token, not typed text.
    let within = 0;
    for (let i = prompt.value.indexOf('<@'); i >= 0 && flagged < MAX_START_FINDINGS; i = prompt.value.indexOf('<@', i + 2)) {
      while (within < tokens.length && tokens[within].end <= i) within++;
      if (within < tokens.length && tokens[within].start < i) continue;
      const slashes = backslashesBefore(prompt.value, i);
      if (slashes % 2 === 1 || (slashes === 0 && tokenStarts.has(i))) continue;
      flagged++;
      const message =
        slashes === 0
          ? 'this "<@" would start a token if an agent ever reads it as one: escape it as \\<@ to keep it literal text'
          : `the "\\\\" before "<@" is read as escaping the "<@" and one backslash is dropped: the xcsh agent reads ${escapedStart(slashes / 2 - 1)}, not ${escapedStart(slashes / 2)}; add one more backslash`;
      add('ref/unescaped-start', src(i), src(i + 2), message, { kind: 'start', index: i });
    }
    if (model.referencesReadable) {
      for (const t of tokens) {
        const entry = lookup.get(t.refId);
        const raw = prompt.value.slice(t.start, t.end);
        if (!entry) {
          add('ref/unmapped', src(t.start), src(t.end), `ref_id "${q(t.refId)}" has no entry in file_references: the xcsh agent reads ${q(raw)} as literal text, not as the file ${q(t.displayPath)}`, { kind: 'token', token: t });
        } else if (entry.path !== t.displayPath) {
          add(
            'ref/display-mismatch',
            src(t.displayStart),
            src(t.end - 1),
            `the token shows ${q(t.displayPath)} but ${q(t.refId)} maps to ${q(entry.path)}: the xcsh agent gets ${q(entry.path)}`,
            { kind: 'token', token: t, entry },
          );
        }
      }
    }
  }

  if (!model.referencesReadable) return capIssues(issues, lines);
  const used = new Set(tokens.map((t) => t.refId));
  const firstById = new Map<string, RefEntry>();
  let checked = 0;
  const maxResolved = env.maxEntriesResolved ?? LIMITS.promptEntriesResolved;
  for (const entry of model.entries) {
    throwIfCancelled(cancel);
    const [start, end] = entry.range;
    if (entry.problem !== undefined) {
      add('ref/invalid-entry', start, end, `this file_references entry is unusable: ${entry.problem}`, { kind: 'entry', entry });
      continue;
    }
    const refId = entry.refId!;
    const first = firstById.get(refId);
    const idRange = entry.refIdRange ?? entry.range;
    if (first) {
      const same = first.path === entry.path;
      add(
        'ref/duplicate-id',
        idRange[0],
        idRange[1],
        `ref_id "${q(refId)}" is already used by entry ${first.index + 1} (${q(first.path)})${same ? ', for the same path' : ''}: tokens resolve to that first entry, this one is ignored`,
        { kind: 'entry', entry, firstWithId: first },
      );
      continue;
    }
    firstById.set(refId, entry);
    if (prompt && !used.has(refId)) {
      add('ref/unused-entry', start, end, `${q(refId)} (${q(entry.path)}) is not used by any token in the prompt`, { kind: 'entry', entry }, ['unnecessary']);
    }
    if (checked++ >= maxResolved) continue;
    const resolution = await resolveReference(entry.path!, env);
    const pathRange = entry.pathRange ?? entry.range;
    if (resolution.status === 'missing') {
      add('ref/missing-file', pathRange[0], pathRange[1], `${q(entry.path)} (${q(refId)}) does not exist in the workspace: the xcsh agent cannot load it`, { kind: 'entry', entry, resolution });
    } else if (resolution.status === 'outside') {
      add('ref/outside-workspace', pathRange[0], pathRange[1], `${q(refId)} is outside the workspace: ${resolution.reason}`, { kind: 'entry', entry, resolution });
    }
  }
  if (checked > maxResolved) {
    const message = `this prompt has ${formatCount(model.entries.length)} file_references entries; as it is edited, agentls looks up the first ${formatCount(maxResolved)} on disk, so the rest are not checked for missing files here (agentls check looks up all of them)`;
    issues.push({ finding: { code: 'ref/too-large', severity: REF_CODES['ref/too-large'].severity, message, range: lines.range(0, 0) }, subject: { kind: 'document' } });
  }
  return capIssues(issues, lines);
}

/** At most `LIMITS.diagnosticsPerDocument` findings, and one more at the top saying how many were left out. */
function capIssues(issues: RefIssue[], lines: LineIndex): RefIssue[] {
  const limit = LIMITS.diagnosticsPerDocument;
  if (issues.length <= limit) return issues;
  const note: RefIssue = {
    finding: {
      code: 'ref/too-large',
      severity: REF_CODES['ref/too-large'].severity,
      message: `${overLimit('this prompt has', issues.length, limit, 'findings')}; the first ${formatCount(limit)} are shown`,
      range: lines.range(0, 0),
    },
    subject: { kind: 'document' },
  };
  // Errors first (a missing file must not be cut for a thousand unmapped tokens), then by position.
  const rank = (i: RefIssue) => SEVERITIES.indexOf(i.finding.severity);
  const kept = [...issues].sort((a, b) => rank(a) - rank(b) || comparePositions(a.finding.range.start, b.finding.range.start)).slice(0, limit);
  return [note, ...kept];
}
