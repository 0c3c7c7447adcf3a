import { MarkupKind, type Hover, type Position, type Range } from 'vscode-languageserver/node';
import { rangeContains } from '../../core/text';
import { toolKeyLine } from '../../rules/agentHover';
import { describeRuleName } from '../../rules/describe';
import { keyDoc } from '../../rules/keyDocs';
import type { KeyEntry, RuleLocator } from '../../rules/lint/locate';
import { show } from '../../rules/lint/words';
import { refAt } from '../../rules/ruleRefs';
import { isMarkdownKind } from '../../workspace/classify';
import type { Feature } from '../feature';
import { markdownToPlainText } from '../plainText';
import { forgetHoverSubject, hoverSubjectOf, ruleNameHoverOf } from './hoverSubject';
import { mdcLinkHover } from './mdcLinkHover';
import type { RulesState } from './state';

/**
 * Hover on `rule://NAME` (in any Markdown) and, in a rule file (one the engine lists, or one
 * only its tool reads: `hoverSubject`), on its first line (how its tool applies the rule; the
 * rule's name: bucket, provider, shadowing) and on frontmatter keys and their values (what
 * each key does and what the agents it is judged for read from it), and on a Cursor rule's
 * `mdc:` link (the file it names and the reading that found it).
 */
export function rulesHoverFeature(state: RulesState): Feature {
  return {
    id: 'rules-hover',
    onDocumentEvent(doc, event) {
      if (event === 'close' && doc.path) forgetHoverSubject(state, doc.path);
    },
    async hover(doc, params) {
      if (!doc.path || !(doc.kind.kind === 'rule' || isMarkdownKind(doc.kind, doc.path))) return undefined;
      const ctx = state.context;
      const engine = await state.engine();
      const root = engine.rootFor(doc.path);
      const offset = doc.lines.offsetAt(params.position);
      const wrap = (markdown: string, range?: Hover['range']): Hover => ({
        contents: ctx.client.markdownHover ? { kind: MarkupKind.Markdown, value: markdown } : { kind: MarkupKind.PlainText, value: markdownToPlainText(markdown) },
        range,
      });
      const ref = refAt(doc.text, offset);
      // A file of no folder: no folder's rules answer for its links (the first folder's would mislead).
      if (ref && root && engine.ownerRoot(doc.path) === root) {
        const range = doc.lines.range(ref.start, ref.end);
        const described = describeRuleName(engine, root, ref.name, ctx.session.home);
        if (described) return wrap(described, range);
        const available = engine.availableNames(root);
        return wrap(`**rule://${ref.name}**: the xcsh agent knows no rule \`${ref.name}\`. Available: ${available.join(', ') || 'none'}.`, range);
      }
      const mdc = await mdcLinkHover(state, doc, offset);
      if (mdc) return wrap(mdc.markdown, doc.lines.range(mdc.start, mdc.end));
      const located = await hoverSubjectOf(state, doc);
      if (!located || !root) return undefined;
      const { subject, loc } = located;
      const { analysis, tool, xcsh } = subject;
      const at = keyOrValueAt(loc, params.position);
      if (at) {
        const { entry, range } = at;
        const docEntry = keyDoc(entry.key);
        const value = analysis.rule ? readValue(analysis.rule as unknown as Record<string, unknown>, entry.key) : undefined;
        const lines = !xcsh ? [`**${entry.rawKey}**`] : docEntry ? [`**${entry.rawKey}** (read by ${docEntry.readBy})`, '', docEntry.summary] : [`**${entry.rawKey}**: not a key the xcsh agent reads.`];
        // The tool first, as the diagnostics name the targets (`targets.ts`): its own key as written (tools do not camelCase).
        if (tool) lines.push('', toolKeyLine(tool, entry));
        if (xcsh && value !== undefined) lines.push('', `The xcsh agent reads: \`${show(value)}\``);
        return wrap(lines.join('\n'), range);
      }
      if (params.position.line === loc.openerRange().start.line) {
        const named = await ruleNameHoverOf(state, engine, root, doc.path, subject);
        if (named) return wrap(named.markdown, loc.openerRange());
      }
      return undefined;
    },
  };
}

/**
 * The key whose hover answers at `position`: on the key itself, or on its value (the key's
 * hover says what the tool reads from that value), where a list's element under the cursor is
 * the range shown. An empty value (nothing after the colon) has no hover of its own.
 */
export function keyOrValueAt(loc: RuleLocator, position: Position): { entry: KeyEntry; range: Range } | undefined {
  for (const entry of loc.entries()) {
    if (rangeContains(entry.keyRange, position)) return { entry, range: entry.keyRange };
    if (isEmptyRange(entry.valueRange) || !rangeContains(entry.valueRange, position)) continue;
    const element = loc.elementRanges(entry).find((r) => rangeContains(r, position));
    return { entry, range: element ?? entry.valueRange };
  }
  return undefined;
}

function isEmptyRange(r: Range): boolean {
  return r.start.line === r.end.line && r.start.character === r.end.character;
}

function readValue(rule: Record<string, unknown>, key: string): unknown {
  if (key === 'ttsr_trigger' || key === 'ttsrTrigger') return rule.condition;
  return rule[key];
}
