import { hoverSubject, ruleNameHover, type HoverSubject } from '../../rules/agentHover';
import type { RulesEngine } from '../../rules/engine';
import { RuleLocator } from '../../rules/lint/locate';
import { countWork } from '../../workspace/testCounts';
import type { OpenDocument } from '../documents';
import type { RulesState } from './state';

/** A hover subject with its keys located, as computed for one version of a document. */
export interface LocatedSubject {
  subject: HoverSubject;
  loc: RuleLocator;
}

/**
 * The hover subjects of open documents, one per path, kept while nothing they are made of
 * changed (`subjectInputs`): on a frontmatter of thousands of keys each hover otherwise
 * parsed the buffer again (`toolAnalysis`), ran the tool's lint and located every key. What
 * a hover says of other files (a same-named rule that shadows this one) is not kept: the
 * first-line hover reads it from the engine each time (`ruleNameHover`).
 */
export class HoverSubjects {
  private readonly cache = new Map<string, { inputs: unknown[]; engine: RulesEngine; located: LocatedSubject | undefined }>();

  /**
   * What a hover in `doc` speaks of (`hoverSubject`), once the engine has its buffer: a rule
   * file it lists or reads for its own tool takes the buffer's text (`syncReadDocument`); a
   * tool's file it does not list (`.claude/rules`, `.github/instructions`) is read from the
   * buffer here. Undefined for a document that is no rule file of an agent spoken for.
   */
  async of(state: RulesState, doc: OpenDocument): Promise<LocatedSubject | undefined> {
    if (!doc.path) return undefined;
    await state.syncReadDocument(doc);
    const engine = await state.engine();
    const agents = state.context.session.settings.rules.agents;
    const inputs = subjectInputs(engine, doc.path, doc.version, agents);
    const cached = this.cache.get(doc.path);
    if (cached && cached.engine === engine && sameInputs(cached.inputs, inputs)) {
      // Said so that a test through the server sees the parse reused (a timing would be flaky).
      state.context.log.debug(`rules: hover in ${doc.path} answered from the parse of version ${doc.version}`);
      return cached.located;
    }
    countWork('hover-subject');
    const subject = hoverSubject(engine, doc.path, doc.text, agents);
    const located = subject && { subject, loc: new RuleLocator(subject.analysis) };
    this.cache.set(doc.path, { inputs, engine, located });
    return located;
  }

  /** The document closed: its subject goes. */
  forget(p: string): void {
    this.cache.delete(p);
  }
}

/**
 * What `hoverSubject` makes the subject of `p` from: the buffer (its version: a document's
 * versions only grow while it is open, and closing it forgets its entry), the targeted agents,
 * the engine's analysis of the file (a new object only when the file is read anew with another
 * text or as another rule), the tool it belongs to, where it stands for it and the agents it is
 * judged for, and the workspace folder it is judged in and whether that folder has `.xcsh`.
 * The tool's lint follows from these (the engine keeps it by text and the same key). Nothing
 * here walks or reads a folder: each is a lookup in what the engine holds.
 */
function subjectInputs(engine: RulesEngine, p: string, version: number, agents: 'auto' | readonly string[]): unknown[] {
  const owner = engine.ownerOf(p);
  const root = engine.ownerRoot(p);
  return [version, JSON.stringify(agents), engine.analysis(p) ?? engine.toolOnlyAnalysis(p), owner?.agent.id, JSON.stringify(owner?.placement), [...engine.targetsOf(p)].join(','), root, engine.workspaceHasXcsh(root)];
}

function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** One cache per server, shared by the hovers that ask (the keys' and the first line's size). */
const SUBJECTS = new WeakMap<RulesState, HoverSubjects>();

/** What a hover in `doc` speaks of, from the server's cache (`HoverSubjects`). */
export function hoverSubjectOf(state: RulesState, doc: OpenDocument): Promise<LocatedSubject | undefined> {
  let subjects = SUBJECTS.get(state);
  if (!subjects) SUBJECTS.set(state, (subjects = new HoverSubjects()));
  return subjects.of(state, doc);
}

/** `doc` closed: its hover subject goes. */
export function forgetHoverSubject(state: RulesState, p: string): void {
  SUBJECTS.get(state)?.forget(p);
}

/** The first-line hover of the subject's rule (`ruleNameHover`), its tool's view joined by the views of the files the engine does not list. */
export async function ruleNameHoverOf(state: RulesState, engine: RulesEngine, root: string, p: string, subject: HoverSubject): Promise<ReturnType<typeof ruleNameHover>> {
  const extra = subject.tool ? await state.instructions.views(root) : [];
  return ruleNameHover(engine, root, p, subject, state.context.session.home, extra);
}
