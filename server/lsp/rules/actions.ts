import * as fs from 'node:fs';
import * as path from 'node:path';
import { CodeActionKind, type CodeAction, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver/node';
import type { Finding } from '../../core/findings';
import { lineBreakOf, rangesIntersect, withLineBreak, type Range } from '../../core/text';
import type { FileAnalysis } from '../../rules/analysis';
import type { FixData } from '../../rules/codes';
import type { RulesEngine } from '../../rules/engine';
import { RuleLocator } from '../../rules/lint/locate';
import { quoteValueEdits } from '../../rules/quoteValues';
import { safeRuleFix } from '../../rules/safeFixes';
import { Commands } from '../../../protocol/methods';
import type { Feature } from '../feature';
import type { OpenDocument } from '../documents';
import { renameRuleFile } from './renameFile';
import { mdcLinkFix } from './mdcLinkFix';
import { mergeSameActions } from './mergeActions';
import type { RulesState } from './state';

/**
 * Quick fixes for rule findings, every one with its edit inline (Neovim and Helix drop
 * command results). File renames go through `documentChanges` for editors that apply
 * rename operations; others get the same fix as a command the server runs on disk.
 */
export function rulesActionsFeature(state: RulesState): Feature {
  return {
    id: 'rules-actions',
    commands: {
      [Commands.rulesRenameFile]: (args) => renameRuleFile(state.context, args),
    },
    async codeActions(doc, params, token) {
      // Rule files beside the roots (a parent folder's `.clinerules`) are for reading only: no edit is offered there.
      if (!doc.path || !state.context.session.allows(doc.path)) return undefined;
      const findings = await state.findingsForDocument(doc, token);
      if (!findings?.length) return undefined;
      const engine = await state.engine();
      const builder = new ActionBuilder(state, engine, doc);
      const out: CodeAction[] = [];
      for (const f of findings) {
        if (!f.data || !(rangesIntersect(f.range, params.range) || quotesAt(f, doc, params.range))) continue;
        if ((f.data as FixData).fix === 'point-mdc-link') {
          const fix = await mdcLinkFix(state, doc, f);
          if (fix) out.push(builder.fix(f, fix.title, [fix.edit], true));
        } else out.push(...builder.actionsFor(f));
      }
      return mergeSameActions(out);
    },
  };
}

/**
 * The quote fix of `f` (`quote-values`) on the text as it is now: the lines it names, quoted
 * where that holds, with the lines the finding is about free of errors.
 */
function quoteEdits(f: Finding, doc: OpenDocument): TextEdit[] | undefined {
  const data = f.data as FixData;
  const lines = Array.isArray(data.lines) ? data.lines.filter((l): l is number => typeof l === 'number') : [];
  return quoteValueEdits(doc.lines, lines, { first: f.range.start.line, last: f.range.end.line });
}

/**
 * Whether `range` touches a value a quote fix quotes. The parser's error names one character
 * (`U` of `description: Use it: always`), but the message says to quote the value: Neovim's
 * and Eglot's code action ask at the cursor, Helix's at its selection, anywhere on that value.
 */
function quotesAt(f: Finding, doc: OpenDocument, range: Range): boolean {
  if ((f.data as FixData).fix !== 'quote-values') return false;
  return quoteEdits(f, doc)?.some((e) => rangesIntersect(e.range, range)) ?? false;
}

class ActionBuilder {
  private readonly analysis: FileAnalysis | undefined;

  constructor(
    private readonly state: RulesState,
    private readonly engine: RulesEngine,
    private readonly doc: OpenDocument,
  ) {
    this.analysis = doc.path ? engine.analysis(doc.path) : undefined;
  }

  /**
   * A target path as the finding's message names it: from the workspace folder
   * (`.cursor/rules/style.mdc`), not from the file's own folder (`../rules/style.mdc`).
   */
  private shownPath(to: string): string {
    const root = this.engine.rootFor(this.doc.path);
    return (root ? path.relative(root, to) : to).split(path.sep).join('/');
  }

  actionsFor(f: Finding): CodeAction[] {
    const data = f.data as FixData;
    const doc = this.doc;
    const text = (r: Range) => doc.text.slice(doc.lines.offsetAt(r.start), doc.lines.offsetAt(r.end));
    switch (data.fix) {
      case 'quote-value':
      case 'set-value':
      case 'listify-globs':
      case 'close-frontmatter':
      case 'open-frontmatter':
      case 'rename-key': {
        const fix = safeRuleFix(f, doc.text, doc.lines);
        return fix ? [this.fix(f, fix.title, fix.edits, !fix.needsReview)] : [];
      }
      case 'quote-values': {
        // Computed on the text as it is now: a line edited since the finding is quoted as it reads now, or not at all.
        const edits = quoteEdits(f, doc);
        return edits ? [this.fix(f, edits.length === 1 ? 'Quote the value so the frontmatter is valid YAML' : `Quote the ${edits.length} values so the frontmatter is valid YAML`, edits, true)] : [];
      }
      case 'replace':
        return [this.fix(f, String(data.title ?? `Write ${String(data.newText)}`), [{ range: f.range, newText: String(data.newText) }], true)];
      case 'move-to':
        return [this.renameAction(f, `Move to ${this.shownPath(String(data.to))}`, doc.path ?? '', String(data.to))];
      case 'add-key':
        return this.insertKey(f, String(data.key), String(data.value), `Add ${String(data.key)}: ${String(data.value)}`);
      case 'add-description':
        return this.insertKey(f, 'description', this.placeholderDescription(), 'Add a description (lists the rule in the rulebook)');
      case 'no-bucket':
        return [
          ...this.insertKey(f, 'description', this.placeholderDescription(), 'Add a description (lists the rule in the rulebook)'),
          ...this.insertKey(f, 'alwaysApply', 'true', 'Add alwaysApply: true (puts the rule in every prompt)'),
        ];
      case 'remove-bom':
        return [this.fix(f, 'Remove the byte-order mark', [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, newText: '' }], true)];
      case 'remove-leading': {
        const end = doc.lines.positionAt(Number(data.end));
        return [this.fix(f, 'Remove what comes before ---', [{ range: { start: { line: 0, character: 0 }, end }, newText: '' }], true)];
      }
      case 'delimiter': {
        const line = text(f.range);
        const rest = line.slice(3).trim();
        const keep = rest === '' || /^-+$/.test(rest) ? '' : data.which === 'opener' ? `\n# ${rest}` : `\n${rest}`;
        return [this.fix(f, keep ? `Put --- on its own line` : 'Write the delimiter as ---', [{ range: f.range, newText: '---' + keep }], true)];
      }
      case 'copy-paths': {
        const paths = this.analysis?.parsed?.frontmatter.paths;
        if (!Array.isArray(paths) && typeof paths !== 'string') return [];
        return this.insertKey(f, 'globs', JSON.stringify(Array.isArray(paths) ? paths : [paths]), 'Copy paths into globs (the xcsh agent lists them as the domain)');
      }
      case 'rename-ref': {
        const range = doc.lines.range(Number(data.start), Number(data.end));
        return [this.fix(f, `Change to rule://${String(data.to)}`, [{ range, newText: String(data.to) }], true)];
      }
      case 'rename-rule':
        return this.renameRule(f);
      case 'move-legacy':
        return this.moveLegacy(f);
      case 'fix-extension':
        return this.fixExtension(f);
      default:
        return [];
    }
  }

  fix(f: Finding, title: string, edits: TextEdit[], preferred = false): CodeAction {
    // Lines a fix adds are written `\n` here and take the file's own line break: a CRLF rule must not be left mixed.
    const eol = lineBreakOf(this.doc.text);
    const written = edits.map((e) => ({ range: e.range, newText: withLineBreak(e.newText, eol) }));
    return { title, kind: CodeActionKind.QuickFix, diagnostics: [this.diagnosticOf(f)], isPreferred: preferred, edit: this.textEdit(written) };
  }

  private diagnosticOf(f: Finding) {
    return { range: f.range, message: f.message, code: f.code, source: 'agentls', severity: ({ error: 1, warning: 2, information: 3, hint: 4 } as const)[f.severity] };
  }

  private textEdit(edits: TextEdit[]): WorkspaceEdit {
    const doc = this.doc;
    if (this.state.context.client.documentChanges) return { documentChanges: [{ textDocument: { uri: doc.uri, version: doc.version }, edits }] };
    return { changes: { [doc.uri]: edits } };
  }

  /**
   * Inserts `key: value` before the closing `---`, or a new frontmatter block when there is
   * none; a key already written with an empty value gets the value instead of a second line.
   */
  private insertKey(f: Finding, key: string, value: string, title: string): CodeAction[] {
    const loc = this.analysis ? new RuleLocator(this.analysis) : undefined;
    const existing = loc?.entries().find((e) => e.rawKey === key);
    if (existing) {
      if (existing.valueText !== '' && existing.valueText !== '""' && existing.valueText !== "''") return [];
      const at = existing.keyRange.end;
      const line = this.doc.lines.lineText(at.line);
      const end = { line: at.line, character: line.length };
      return [this.fix(f, title, [{ range: { start: at, end }, newText: `: ${value}` }])];
    }
    const at = loc?.insertionPoint();
    if (at) return [this.fix(f, title, [{ range: { start: at, end: at }, newText: `${key}: ${value}\n` }])];
    if (this.analysis?.parsed?.layout.block || this.doc.text.startsWith('---')) return [];
    const start = { line: 0, character: 0 };
    return [this.fix(f, title, [{ range: { start, end: start }, newText: `---\n${key}: ${value}\n---\n` }])];
  }

  /** A first guess at a description: the body's first line, without Markdown markers. */
  private placeholderDescription(): string {
    const body = this.analysis?.rule?.content ?? '';
    const first = body.split('\n').map((l) => l.replace(/^\s*(#+|[-*+]|\d+\.)\s*/, '').trim()).find((l) => l !== '') ?? `When to use ${this.analysis?.candidate.name ?? 'this rule'}`;
    return JSON.stringify(first.length > 80 ? first.slice(0, 79) + '…' : first);
  }

  private canRename(): string | undefined {
    const client = this.state.context.client;
    if (!client.documentChanges || !client.resourceOperations.includes('rename')) return 'this editor does not apply file renames from code actions; rename the file by hand';
    return undefined;
  }

  private renameAction(f: Finding, title: string, from: string, to: string, prepend?: string): CodeAction {
    const reason = this.state.context.session.allows(to) ? undefined : `${to} lies outside the workspace`;
    const action: CodeAction = { title, kind: CodeActionKind.QuickFix, diagnostics: [this.diagnosticOf(f)] };
    if (reason) {
      action.disabled = { reason };
      return action;
    }
    const newUri = this.state.uriOf(to);
    // An editor moves a link as it is, and a relative one then leads elsewhere: the server moves links.
    if (this.canRename() || isLink(from)) {
      // Editors that cannot rename through an edit get the same fix as a command the server runs.
      action.command = { title, command: Commands.rulesRenameFile, arguments: [this.state.uriOf(from), newUri, ...(prepend ? [prepend] : [])] };
      return action;
    }
    action.edit = {
      documentChanges: [
        { kind: 'rename', oldUri: this.state.uriOf(from), newUri, options: { overwrite: false, ignoreIfExists: false } },
        ...(prepend ? [{ textDocument: { uri: newUri, version: null }, edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: prepend }] }] : []),
      ],
    };
    return action;
  }

  private renameRule(f: Finding): CodeAction[] {
    const a = this.analysis;
    if (!a || !this.doc.path) return [];
    const root = this.engine.rootFor(this.doc.path);
    const taken = new Set(root ? this.engine.names(root).keys() : []);
    const ext = path.extname(this.doc.path);
    let name = `${a.candidate.name}-${a.candidate.provider}${a.candidate.level === 'user' ? '-user' : ''}`;
    for (let i = 2; taken.has(name); i++) name = `${a.candidate.name}-${a.candidate.provider}-${i}`;
    const fixedName = a.candidate.provider === 'windsurf' && a.candidate.name === 'global_rules' && a.candidate.level === 'user';
    const clineFile = a.candidate.provider === 'cline' && path.basename(this.doc.path) === '.clinerules';
    if (fixedName || clineFile) return [];
    const to = path.join(path.dirname(this.doc.path), name + ext);
    return [this.renameAction(f, `Rename to ${name}${ext} so the xcsh agent loads it as rule \`${name}\``, this.doc.path, to)];
  }

  private moveLegacy(f: Finding): CodeAction[] {
    const p = this.doc.path;
    if (!p) return [];
    const cursor = path.basename(p) === '.cursorrules';
    const dir = path.join(path.dirname(p), cursor ? '.cursor' : '.windsurf', 'rules');
    const to = path.join(dir, cursor ? 'cursorrules.mdc' : 'windsurfrules.md');
    const front = withLineBreak(cursor ? '---\nalwaysApply: true\n---\n' : '---\ntrigger: always_on\nalwaysApply: true\n---\n', lineBreakOf(this.doc.text));
    const where = path.relative(path.dirname(p), to);
    // A link's text lives in the file it leads to (often shared with other tools): the new rule is a copy of it, and the title says so.
    const title = isLink(p) ? `Copy the linked text into ${where} as an always-apply rule, and remove the link` : `Move into ${where} as an always-apply rule`;
    const action = this.renameAction(f, title, p, to, front);
    if (!action.disabled && this.engine.analysis(to)) action.disabled = { reason: `${to} already exists` };
    return [action];
  }

  private fixExtension(f: Finding): CodeAction[] {
    const p = this.doc.path;
    if (!p) return [];
    const ext = path.extname(p);
    const to = p.slice(0, -ext.length) + ext.toLowerCase();
    return [this.renameAction(f, `Rename to ${path.basename(to)} (extensions are case-sensitive)`, p, to)];
  }
}

function isLink(p: string): boolean {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}
