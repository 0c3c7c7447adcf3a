import { hoverSubject, ruleNameHover, type HoverSubject } from '../../rules/agentHover';
import type { RulesEngine } from '../../rules/engine';
import { RuleLocator } from '../../rules/lint/locate';
import type { OpenDocument } from '../documents';
import type { RulesState } from './state';

/** A hover subject with its keys located, as computed for one version of a document. */
export interface LocatedSubject {
  subject: HoverSubject;
  loc: RuleLocator;
}

/**
 * The hover subjects of open documents, one per path, kept while neither the buffer (its
 * version) nor anything the engine knows (its counters of analyses, group resolutions and
 * discoveries, which every update moves) nor the targeted agents changed: on a frontmatter of
 * thousands of keys each hover otherwise parsed the buffer again (`toolAnalysis`), ran the
 * tool's lint and located every key.
 */
export class HoverSubjects {
  private readonly cache = new Map<string, { key: string; engine: RulesEngine; located: LocatedSubject | undefined }>();

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
    const { analyses, groupResolutions, discoveries } = engine.stats;
    const key = `${doc.version}|${analyses}|${groupResolutions}|${discoveries}|${JSON.stringify(agents)}`;
    const cached = this.cache.get(doc.path);
    // The version says the buffer: a document's versions only grow while it is open, and closing it forgets its entry.
    if (cached && cached.key === key && cached.engine === engine) {
      // Said so that a test through the server sees the parse reused (a timing would be flaky).
      state.context.log.debug(`rules: hover in ${doc.path} answered from the parse of version ${doc.version}`);
      return cached.located;
    }
    const subject = hoverSubject(engine, doc.path, doc.text, agents);
    const located = subject && { subject, loc: new RuleLocator(subject.analysis) };
    this.cache.set(doc.path, { key, engine, located });
    return located;
  }

  /** The document closed: its subject goes. */
  forget(p: string): void {
    this.cache.delete(p);
  }
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
export async function ruleNameHoverOf(state: RulesState, engine: RulesEngine, root: string, p: string, subject: HoverSubject): Promise<{ markdown: string; always: boolean; sent?: string } | undefined> {
  const extra = subject.tool ? await state.instructions.views(root) : [];
  return ruleNameHover(engine, root, p, subject, state.context.session.home, extra);
}
