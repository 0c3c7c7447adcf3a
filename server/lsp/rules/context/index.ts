import { markdownToPlainText } from '../../plainText';
import { MarkupKind, type Hover } from 'vscode-languageserver/node';
import { Commands, Methods } from '../../../../protocol/methods';
import type { RulesForFileResult } from '../../../../protocol/rulesContext';
import { params } from '../../../core/params';
import { estimateTokens, tokensText } from '../../../rules/context/cost';
import { rulesForFileMarkdown } from '../../../rules/context/report';
import { refAt } from '../../../rules/ruleRefs';
import { forFileFromHome } from '../../../rules/homePaths';
import { defaultingToCurrent } from '../../currentDocument';
import type { Feature } from '../../feature';
import { hoverSubjectOf, ruleNameHoverOf } from '../hoverSubject';
import type { RulesState } from '../state';
import { copyBodyActions } from './actions';
import { convertCommand, copyBodyCommand, pathOf, resolveCopyBody, showForFile } from './commands';
import { CONTEXT_SOURCE, RulesContext } from './service';

/**
 * Rules in context: `agentls/rulesForFile` and `agentls.rules.showForFile`, the hover on
 * any file's first line (the rules that apply, by agent, setting `agentls.rules.forFileHover`) and on a
 * rule file's first line (its size in tokens), dead and broad globs, tool limits, the
 * token budget, drift between copies with its copy-body actions, `agentls.rules.convert`.
 */
export function rulesContextFeature(state: RulesState): Feature {
  const context = new RulesContext(state);
  const md = (markdown: string, range?: Hover['range']): Hover => ({
    contents: state.context.client.markdownHover ? { kind: MarkupKind.Markdown, value: markdown } : { kind: MarkupKind.PlainText, value: markdownToPlainText(markdown) },
    range,
  });
  return {
    id: CONTEXT_SOURCE,
    // Drift and dead globs are facts of the workspace: pushed for closed rule files too.
    keepsDiagnosticsWhenClosed: true,
    commands: {
      [Commands.rulesShowForFile]: defaultingToCurrent(() => state.context, Commands.rulesShowForFile, { what: 'document', accept: () => true, argument: (doc) => doc.uri }, (args) => showForFile(context, args[0])),
      [Commands.rulesConvert]: (args) => convertCommand(context, args[0]),
      [Commands.rulesCopyBody]: (args) => copyBodyCommand(context, args[0]),
    },
    activate(ctx) {
      state.onUpdated((paths, all) => context.rulesChanged(all ? undefined : paths));
      ctx.onRequest(Methods.rulesForFile, async (raw): Promise<RulesForFileResult | null> => {
        const uri = params.string(params.object(raw), 'uri');
        return (await context.forFile(pathOf(uri))) ?? null;
      });
    },
    diagnose: (doc) => context.findings(doc),
    onDocumentEvent(doc, event) {
      // Claude Code's and Copilot's files are read through the open buffers.
      if (doc.path && event !== 'save') state.instructions.touched(doc.path, event === 'change');
      // An AGENTS.md's new text (typed, or its disk text again at close) changes what Codex sends of the files below it.
      if (doc.path && event !== 'save') context.codexChainChanged(doc.path);
      // And which of Zed's rules files it reads, where the text of the first one there becomes empty or not.
      if (doc.path && event !== 'save') context.zedRulesChanged(doc.path, event === 'change');
      if (event === 'close') context.closed(doc);
    },
    async hover(doc, p) {
      if (!doc.path || p.position.line !== 0) return undefined;
      // `rule://NAME` on the first line keeps its own hover.
      if (refAt(doc.text, doc.lines.offsetAt(p.position))) return undefined;
      const engine = await state.engine();
      const line = doc.lines.lineRange(0);
      // A rule file, listed or read by its tool alone (`.claude/rules`, an ignored `.cursor/rules` file): its size, and how its agents apply it.
      const subject = (await hoverSubjectOf(state, doc))?.subject;
      if (doc.kind.kind === 'rule' || subject) {
        const rule = subject?.analysis.rule;
        const root = engine.rootFor(doc.path);
        if (!subject || !rule || !root) return undefined;
        // For the agents the file is judged for, as the diagnostics are (`agentHover.ts`).
        const named = await ruleNameHoverOf(state, engine, root, doc.path, subject);
        // A file its tool's view could not read has no size agentls knows of what the tool sends: its line says why.
        if (named?.unread) return md(named.markdown, line);
        // What its tool sends, where it reads the file: a file sent whole counts its frontmatter too.
        const tokens = estimateTokens(named?.sent ?? rule.content);
        return md(`${named ? `${named.markdown}\n\n` : ''}Size: ${tokensText(tokens)} (UTF-8 bytes / 4)${named?.always ? ', sent in every request' : ''}.`, line);
      }
      if (!state.context.session.settings.rules.forFileHover) return undefined;
      const result = await context.forFile(doc.path);
      if (!result || result.agents.every((a) => a.rules.length === 0)) return undefined;
      // No count in the header: one number over several agents read as their total; each agent's line counts its own.
      return md(`**Rules that apply to this file, by agent** (\`${Commands.rulesShowForFile}\` for the report)\n\n${rulesForFileMarkdown(forFileFromHome(result, state.context.session.home), true)}`, line);
    },
    codeActions: (doc, p) => copyBodyActions(context, doc, p),
    resolveCodeAction: (action) => resolveCopyBody(context, action),
    dispose: () => context.dispose(),
  };
}


