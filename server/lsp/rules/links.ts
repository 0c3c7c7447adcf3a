import type { DocumentLink, Location } from 'vscode-languageserver/node';
import { ZERO_RANGE } from '../../core/text';
import type { FileAnalysis } from '../../rules/analysis';
import { RuleLocator } from '../../rules/lint/locate';
import { findRuleRefs, refAt } from '../../rules/ruleRefs';
import { findClaudeImports, isClaudeMemoryFile, resolveClaudeImport } from '../../rules/claudeImports';
import { findMdcLinks, isCursorRuleFile, mayHoldMdcLinks, mdcLinkState, type MdcLink } from '../../rules/mdcLinks';
import { findKiroFileRefs, isKiroSteeringFile, kiroFileRefState, mayHoldKiroFileRefs, type KiroFileRef } from '../../rules/kiroFileRefs';
import type { PathRefState } from '../../rules/pathReadings';
import type { PathGuard } from '../../workspace/confine';
import type { FileSystem } from '../../workspace/fs';
import { isMarkdownKind } from '../../workspace/classify';
import type { Feature } from '../feature';
import type { RulesState } from './state';

/**
 * Document links and go-to-definition: `rule://NAME` → the file the agent uses for the
 * name; a rule file's first line (its name) → every other file with the same name; a
 * CLAUDE.md's `@path` import → the file it imports; a Cursor rule's `mdc:` link and a Kiro
 * steering file's `#[[file:…]]` reference → the file it names.
 */
export function rulesLinksFeature(state: RulesState): Feature {
  return {
    id: 'rules-links',
    async documentLinks(doc) {
      if (!doc.path || !(doc.kind.kind === 'rule' || isMarkdownKind(doc.kind, doc.path))) return undefined;
      const range = (start: number, end: number) => doc.lines.range(start, end);
      const imports = isClaudeMemoryFile(doc.path) ? await importLinks(state, doc.path, doc.text, range) : [];
      imports.push(...(await mdcLinks(state, doc.path, cursorMdcLinks(doc.path, doc.text), range)));
      imports.push(...(await kiroRefLinks(state, doc.path, steeringFileRefs(doc.path, doc.text), range)));
      const refs = findRuleRefs(doc.text);
      if (refs.length === 0) return imports.length ? imports : undefined;
      const engine = await state.engine();
      // The folder holding the file names its rules; a file of no folder links to none (not the first folder's).
      const root = engine.ownerRoot(doc.path);
      if (!root) return imports.length ? imports : undefined;
      const links: DocumentLink[] = [...imports];
      for (const ref of refs) {
        const target = engine.nameState(root, ref.name);
        const file = target?.effective ?? target?.entries[0];
        if (!file) continue;
        const link: DocumentLink = { range: doc.lines.range(ref.start, ref.end), target: state.uriOf(file.path) };
        if (state.context.client.linkTooltip) link.tooltip = `rule ${ref.name}: ${file.path}`;
        links.push(link);
      }
      return links;
    },
    async definition(doc, params) {
      if (!doc.path || !(doc.kind.kind === 'rule' || isMarkdownKind(doc.kind, doc.path))) return undefined;
      if (isClaudeMemoryFile(doc.path)) {
        const offset = doc.lines.offsetAt(params.position);
        const imp = findClaudeImports(doc.text).find((i) => offset >= i.start && offset <= i.end);
        const target = imp && (await importTarget(state, doc.path, imp.path));
        if (target) return [{ uri: state.uriOf(target), range: ZERO_RANGE }];
      }
      const offset = doc.lines.offsetAt(params.position);
      const mdc = await mdcLinks(state, doc.path, cursorMdcLinks(doc.path, doc.text).filter((l) => offset >= l.start && offset <= l.end), () => ZERO_RANGE);
      if (mdc.length > 0) return [{ uri: mdc[0].target!, range: ZERO_RANGE }];
      const kiroRef = await kiroRefLinks(state, doc.path, steeringFileRefs(doc.path, doc.text).filter((r) => offset >= r.start && offset <= r.end), () => ZERO_RANGE);
      if (kiroRef.length > 0) return [{ uri: kiroRef[0].target!, range: ZERO_RANGE }];
      const engine = await state.engine();
      const root = engine.rootFor(doc.path);
      if (!root) return undefined;
      const at = (p: string): Location => ({ uri: state.uriOf(p), range: anchorOf(engine.analysis(p)) });
      const ref = refAt(doc.text, doc.lines.offsetAt(params.position));
      if (ref) {
        const owner = engine.ownerRoot(doc.path);
        const target = owner ? engine.nameState(owner, ref.name) : undefined;
        const files = target?.effective ? [target.effective] : (target?.entries ?? []);
        return files.map((c) => at(c.path));
      }
      const analysis = engine.analysis(doc.path);
      if (doc.kind.kind !== 'rule' || !analysis) return undefined;
      if (params.position.line !== new RuleLocator(analysis).openerRange().start.line) return undefined;
      const group = engine.nameState(root, analysis.candidate.name);
      return (group?.entries ?? []).filter((c) => c.path !== doc.path).map((c) => at(c.path));
    },
  };
}

/** The file an import names, when it is a file agentls may read (never a path outside the workspace and the user-level folders). */
async function importTarget(state: RulesState, from: string, token: string): Promise<string | undefined> {
  const target = resolveClaudeImport(from, token, state.context.session.home);
  const st = await state.context.documents.ruleFs.stat(target);
  return st?.kind === 'file' ? target : undefined;
}

async function importLinks(state: RulesState, from: string, text: string, range: (start: number, end: number) => DocumentLink['range']): Promise<DocumentLink[]> {
  const links: DocumentLink[] = [];
  for (const imp of findClaudeImports(text)) {
    const target = await importTarget(state, from, imp.path);
    if (target) links.push({ range: range(imp.start, imp.end), target: state.uriOf(target) });
  }
  return links;
}

/** The `mdc:` links of a file that may be a Cursor rule holding some: every Markdown file asks for its links, and most hold none. */
function cursorMdcLinks(p: string, text: string): MdcLink[] {
  return mayHoldMdcLinks(p, text) ? findMdcLinks(text) : [];
}

/** A path written in a rule file: an `mdc:` link, a `#[[file:…]]` reference. */
type WrittenPath = { target: string; start: number; end: number };

/**
 * The written paths of a rule file (its agent's, as `owns` says) that name a file in its
 * workspace folder, under the first reading that does (`pathReadings.ts`). A path naming a
 * folder opens nothing: an LSP Location is a place in a document, and Helix 25.01 answers one
 * of a folder with "failed to open path: … IrregularFile" (seen in its log through the shared
 * harness); the hover of an `mdc:` link still says which folder it names.
 */
async function fileLinks(
  state: RulesState,
  from: string,
  paths: readonly WrittenPath[],
  range: (start: number, end: number) => DocumentLink['range'],
  owns: (file: string, root: string) => boolean,
  named: (fs: FileSystem, guard: PathGuard, file: string, root: string, target: string) => Promise<PathRefState>,
): Promise<DocumentLink[]> {
  const session = state.context.session;
  const root = session.rootOf(from);
  if (paths.length === 0 || root === undefined || !owns(from, root)) return [];
  const out: DocumentLink[] = [];
  for (const written of paths) {
    const found = await named(state.context.documents.ruleFs, session.confinement, from, root, written.target);
    // `stat` does not follow a symlink: one is taken as the file it most often names (a folder behind one is rare).
    if (found.kind === 'found' && found.is !== 'directory') out.push({ range: range(written.start, written.end), target: state.uriOf(found.path) });
  }
  return out;
}

/** A Cursor rule's `mdc:` links that name a file (`mdcLinks.ts`). */
function mdcLinks(state: RulesState, from: string, links: readonly MdcLink[], range: (start: number, end: number) => DocumentLink['range']): Promise<DocumentLink[]> {
  return fileLinks(state, from, links, range, isCursorRuleFile, mdcLinkState);
}

/** The `#[[file:…]]` references of a file that may be a Kiro steering file holding some. */
function steeringFileRefs(p: string, text: string): KiroFileRef[] {
  return mayHoldKiroFileRefs(p, text) ? findKiroFileRefs(text) : [];
}

/** A Kiro steering file's `#[[file:…]]` references that name a file (`kiroFileRefs.ts`). */
function kiroRefLinks(state: RulesState, from: string, refs: readonly KiroFileRef[], range: (start: number, end: number) => DocumentLink['range']): Promise<DocumentLink[]> {
  return fileLinks(state, from, refs, range, isKiroSteeringFile, kiroFileRefState);
}

function anchorOf(analysis: FileAnalysis | undefined) {
  return analysis ? new RuleLocator(analysis).openerRange() : ZERO_RANGE;
}
