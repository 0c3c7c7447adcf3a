import { hoverSubject, ruleNameHover, type HoverSubject } from '../../rules/agentHover';
import type { RulesEngine } from '../../rules/engine';
import type { OpenDocument } from '../documents';
import type { RulesState } from './state';

/**
 * What a hover in an open document speaks of (`hoverSubject`), once the engine has its buffer:
 * a rule file it lists or reads for its own tool takes the buffer's text (`syncReadDocument`);
 * a tool's file it does not list (`.claude/rules`, `.github/instructions`) is read from the
 * buffer here. Undefined for a document that is no rule file of an agent spoken for.
 */
export async function hoverSubjectOf(state: RulesState, doc: OpenDocument): Promise<HoverSubject | undefined> {
  if (!doc.path) return undefined;
  await state.syncReadDocument(doc);
  const engine = await state.engine();
  return hoverSubject(engine, doc.path, doc.text, state.context.session.settings.rules.agents);
}

/** The first-line hover of the subject's rule (`ruleNameHover`), its tool's view joined by the views of the files the engine does not list. */
export async function ruleNameHoverOf(state: RulesState, engine: RulesEngine, root: string, p: string, subject: HoverSubject): Promise<{ markdown: string; always: boolean; sent?: string } | undefined> {
  const extra = subject.tool ? await state.instructions.views(root) : [];
  return ruleNameHover(engine, root, p, subject, state.context.session.home, extra);
}
