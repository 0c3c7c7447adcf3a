import { throwIfCancelled, type Cancellation } from '../../core/cancel';
import type { Finding } from '../../core/findings';
import type { FileSystem } from '../../workspace/fs';
import { workspaceScope, type LintNotes, type LintScope } from '../../workspace/linter';
import { displayPath, relativeInside } from '../../workspace/paths';
import type { WorkspaceSession } from '../../workspace/session';
import { refreshedEngine } from '../sessionEngine';
import { LineIndex } from '../../core/text';
import { agentViews } from './agents';
import { agentGlobs, contextFindings, instructionGlobFindings, judgedRuleGlobs } from './findings';
import { judgeIgnoredGlobs } from './ignoredGlobs';
import { GlobReach } from './globReach';
import { holdersAbove, nearestHolders, NESTED_FOLDERS_CAPPED, nestedToolHolders } from './nestedRules';
import { instructionFilesWithGlobs, instructionViews, MAX_INSTRUCTION_FILE_BYTES, sessionInstructionHost, type CappedInstructionFolder } from './instructionViews';
import { cappedFolderMissing, cappedInstructionFinding } from './cappedFolders';
import { filesPastSubfolders, withUncheckedCount } from '../pastSubfolders';
import { agentModel } from '../agents';
import { specialEntryFinding, unwalkedLinkedFolderFinding } from '../lint/notRead';
import { codexFindings } from './codexChain';
import { rooFindings } from './rooFallback';
import { rooModesFindings } from './rooModesFindings';
import { zedFindings } from './zedRules';
import { NESTED_AGENTS_MD } from './nestedAgentsMd';
import { NESTED_GEMINI } from './nestedGemini';

/**
 * Rules in context for `agentls check`: dead and broad globs, tool limits, the budget and
 * drift, for every rule file the engine loaded. Globs are judged against every file of
 * the folder (the scope when it is the whole tree, else the scope's `everyFileOf` or a walk),
 * as the language server judges them against its file index.
 */
export async function lintRulesInContext(session: WorkspaceSession, fs: FileSystem, scope: LintScope, cancel: Cancellation, notes?: LintNotes): Promise<Map<string, Finding[]>> {
  const engine = await refreshedEngine(session, cancel);
  const wanted = scope.named ? new Set(scope.files) : undefined;
  const out = new Map<string, Finding[]>();
  // Listed only when a checked rule has globs: `agentls check` on a few named files (a
  // pre-commit hook) should not walk the whole tree for nothing.
  let everyFile: readonly string[] | undefined = scope.whole ? scope.files : undefined;
  // Every file of a root, relative to it: the scope's listing when it has one (relative already), else every file of the roots.
  const relsOf = async (root: string): Promise<readonly string[]> => {
    const listed = scope.whole ? undefined : scope.everyFileOf?.(root);
    if (listed) return listed;
    everyFile ??= (await workspaceScope(session, fs, cancel)).files;
    const rels: string[] = [];
    for (const f of everyFile) {
      const rel = relativeInside(root, f);
      if (rel) rels.push(rel);
    }
    return rels;
  };
  // The files of subfolders discovery did not look into, which check does not check one by one (`pastSubfolders.ts`); a file named is checked.
  const pastSubfolders = scope.named ? new Map<string, string[]>() : filesPastSubfolders(engine, scope.files);
  for (const root of engine.rootPaths) {
    throwIfCancelled(cancel);
    const view = engine.view(root);
    if (!view) continue;
    // With the files only their own tool reads (ignored, or links: `toolOnly.ts`), judged for that tool alone: the xcsh agent's view has none of them.
    const checked = [...view.analyses, ...view.toolOnly].filter((a) => engine.rootFor(a.candidate.path) === root && (!wanted || wanted.has(a.candidate.path)));
    // Nested `.cursor/rules` folders, from the files checked (all of them, or the named ones): never a walk of its own.
    // Past `MAX_NESTED_FOLDERS`, the folders farthest from the root are not checked: the run says so, as it says a capped listing.
    // The files checked relative to the root, made once a root: each agent's nested folders are found from them (up to
    // 200,000 files, the listing's cap), and making them again for each was most of a check's time in such a tree.
    let relsMade: string[] | undefined;
    const rels = () => (relsMade ??= scope.files.map((f) => relativeInside(root, f) ?? ''));
    let held: ReturnType<typeof nestedToolHolders> | undefined;
    const nested = async () => {
      held ??= nestedToolHolders(rels());
      if (held.more) notes?.incomplete(NESTED_FOLDERS_CAPPED);
      return held.holders;
    };
    // Subfolders' AGENTS.md (and Codex's AGENTS.override.md), from the files checked as the nested rule folders are. Where the
    // scope is part of the tree (named files: a pre-commit hook's staged ones; a folder), the folders above each one found are
    // read too: Codex joins theirs before it (`codexChain.ts`), so a file between the root and it the scope left out still
    // counts toward its limit. O(folders found × depth).
    const nestedAgentsMd = async () => {
      const found = NESTED_AGENTS_MD.folders(rels()).holders;
      return scope.whole ? found : nearestHolders([...found, ...found.flatMap((h) => holdersAbove(`${h}/AGENTS.md`))]).holders;
    };
    // And subfolders' GEMINI.md the same way (`nestedGemini.ts`).
    const nestedGemini = async () => NESTED_GEMINI.folders(rels()).holders;
    const made = await instructionViews(root, sessionInstructionHost(session, session.ruleFs, nested, { nestedAgentsMdFolders: nestedAgentsMd, nestedGeminiFolders: nestedGemini }));
    const shown = (q: string) => displayPath(q, root, session.home);
    for (const [p, found] of [...codexFindings(made.views, made.codexOverridden, shown), ...rooFindings(made.rooShadowed, shown), ...rooModesFindings(made.rooModesNotes), ...zedFindings(made.zedSkipped, shown)]) {
      if (!wanted || wanted.has(p)) out.set(p, [...(out.get(p) ?? []), ...found]);
    }
    noteCappedFolders(made.capped, scope, out, notes, engine.xcshSubfoldersCapped(root), pastSubfolders);
    for (const { path: p, agent } of made.special) if (!wanted || wanted.has(p)) out.set(p, [...(out.get(p) ?? []), specialEntryFinding(agentModel(agent).name)]);
    for (const { path: p, agent } of made.unwalkedLinks) if (!wanted || wanted.has(p)) out.set(p, [...(out.get(p) ?? []), unwalkedLinkedFolderFinding(agentModel(agent), p)]);
    const instructions = instructionFilesWithGlobs(made.views, (p) => !engine.analysis(p) && (!wanted || wanted.has(p)));
    if (checked.length === 0 && instructions.size === 0) continue;
    const paths = new Set(checked.map((a) => a.candidate.path));
    const agents = agentViews(view);
    // Those of the rule files checked, for the agents their findings are about, as the server follows them.
    const globs = [...judgedRuleGlobs(agents, (p) => engine.targetsOf(p), (p) => paths.has(p)), ...agentGlobs([...instructions.values()].flat(), (r) => instructions.has(r.path))];
    let reach: GlobReach | undefined;
    if (globs.length) {
      reach = new GlobReach();
      reach.setPaths(await relsOf(root));
      reach.setGlobs(globs);
      await judgeIgnoredGlobs(reach, session.ignoreFor(root), session.diskFs);
    }
    for (const analysis of checked) {
      const p = analysis.candidate.path;
      const findings = contextFindings({ path: p, text: analysis.text, lines: analysis.lines, root, engine, views: agents, reach, budget: session.settings.rules.budgetTokens });
      if (findings.length) out.set(p, [...(out.get(p) ?? []), ...findings]);
    }
    for (const [p, views] of instructions) {
      throwIfCancelled(cancel);
      const read = reach && (await fs.readText(p, { maxBytes: MAX_INSTRUCTION_FILE_BYTES }));
      if (!read || !read.ok) continue;
      const findings = instructionGlobFindings({ path: p, text: read.text, lines: new LineIndex(read.text), views, reach: reach! });
      if (findings.length) out.set(p, [...(out.get(p) ?? []), ...findings]);
    }
  }
  return out;
}

/**
 * The agents' rule folders read only in part (`CappedInstructionFolder`), as `lintRulesWorkspace` says
 * the other rule folders past their cap (`cappedFolders`): a finding on the folder, and where
 * the run was asked for part of the tree (named files, a folder walked) and one of the files
 * given is an agent's file past the cap, the run is incomplete: its globs were not judged.
 * A whole run is not: the folder's finding says it. The files given are the scope's (one
 * test each against the few capped folders), never a listing of the folder.
 */
function noteCappedFolders(
  capped: readonly CappedInstructionFolder[],
  scope: LintScope,
  out: Map<string, Finding[]>,
  notes: LintNotes | undefined,
  xcshSubfolders: ReadonlySet<string>,
  pastSubfolders: ReadonlyMap<string, readonly string[]>,
): void {
  if (capped.length === 0) return;
  const said = (c: CappedInstructionFolder) => cappedInstructionFinding(c, xcshSubfolders.has(c.path));
  // Where it says the xcsh agent's subfolders too, with how many files there `agentls check` did not check (`lintRulesWorkspace`).
  for (const c of capped) out.set(c.path, [...(out.get(c.path) ?? []), withUncheckedCount(said(c), pastSubfolders.get(c.path)?.length ?? 0)]);
  if (scope.whole) return;
  for (const file of scope.files) {
    const c = cappedFolderMissing(capped, file);
    if (c) notes?.incomplete(said(c).message, c.path);
  }
}
