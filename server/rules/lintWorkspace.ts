import { throwIfCancelled, yieldToEventLoop, type Cancellation } from '../core/cancel';
import type { Finding } from '../core/findings';
import { isMarkdownKind } from '../workspace/classify';
import type { FileSystem } from '../workspace/fs';
import * as path from 'node:path';
import type { LintNotes, LintScope } from '../workspace/linter';
import { foldersHolding, isInside } from '../workspace/paths';
import type { WorkspaceSession } from '../workspace/session';
import { outsideFindings, formatOf } from './agentFiles';
import { ownerOf } from './agents';
import { mayBeRuleFile, ownerOfEntry, placeOf, readOutsideFile } from './outsideFile';
import { unfollowedRuleFolderFindings } from './unfollowedRuleFolders';
import { outsideFileLinkFindings } from './outsideFileLinks';
import { refreshedEngine } from './sessionEngine';
import { checksRuleLinks, xcshRuleUrlFindings } from './lint/ruleUrls';
import { agentsMdForClaudeFindings, claudeImportFindingsFor } from './lint/claudeImports';
import { isClaudeMemoryFile } from './claudeImports';
import { mdcLinkFindings } from './lint/mdcLinks';
import { filesPastSubfolders, withUncheckedCount } from './pastSubfolders';
import { outOfPlayUserFolder, shownUserLevelFiles } from './context/userLevelFiles';

/**
 * Every rules finding of a workspace (or of `files`): rule files the agents read and
 * the files they skip, look-alikes anywhere in the tree (legacy and nested rule files,
 * other tools' formats), and `rule://` references in every Markdown file. Used by
 * `agentls check`.
 */
export async function lintRulesWorkspace(session: WorkspaceSession, fs: FileSystem, scope: LintScope, cancel: Cancellation, notes?: LintNotes): Promise<Map<string, Finding[]>> {
  // The rule files beside the roots (a parent folder's `.clinerules`) are read through the rule reader.
  const engine = await refreshedEngine(session, cancel);
  const out = new Map<string, Finding[]>();
  const wanted = scope.named ? new Set(scope.files) : undefined;
  // And the folders holding them: a rule folder read up to a cap says so on itself, for every file named in it.
  const holding = scope.named ? foldersHolding(scope.files, (f) => session.rootOf(f) ?? (isInside(session.home, f) ? session.home : undefined)) : undefined;
  const add = (p: string, findings: Finding[]) => {
    if (findings.length === 0 || (wanted && !wanted.has(p) && !holding?.has(p))) return;
    out.set(p, [...(out.get(p) ?? []), ...findings]);
  };
  const reported = engine.reportedPaths();
  // A whole run also judges the user-level files of the agents whose views read the home (not the project's: `agentls check` counts them in its note).
  const ownerId = (p: string) => {
    const place = placeOf(session, engine, p);
    return ownerOf(place.rel, place.places)?.agent.id;
  };
  const shownUserLevel = scope.whole ? await shownUserLevelFiles(session, ownerId) : undefined;
  // The folders found to hold no CLAUDE.md: each asked once in the run, whatever the AGENTS.md files below it.
  const noMemory = new Set<string>();
  for (const p of reported) {
    // Another agent's user-level folder linked to nothing (`~/.roo/rules → /gone`) is counted in the note of a whole run
    // only where that agent is in play, as its files there are: named by `--agents` (the engine says it of no other), or,
    // under `auto`, with a view of some rule (Roo Code's: a project that uses Roo Code; Kiro's: a steering file anywhere).
    if (shownUserLevel && outOfPlayUserFolder(session, p, shownUserLevel.agents)) continue;
    notes?.judged?.(p, 'rule');
    const analysis = engine.analysis(p);
    add(p, [...engine.findings(p), ...(analysis ? xcshRuleUrlFindings(analysis.text, analysis.lines, engine, engine.rootFor(p), session.settings.rules.agents) : [])]);
    if (analysis && isClaudeMemoryFile(p)) add(p, await claudeImportFindingsFor(p, analysis.text, analysis.lines, fs, session, session.rootOf(p) ?? engine.rootFor(p)));
    if (analysis) add(p, await mdcLinkFindings(p, analysis.text, analysis.lines, fs, session, session.rootOf(p)));
    add(p, await agentsMdForClaudeFindings(p, fs, session, noMemory));
  }
  const userLevel = shownUserLevel?.files ?? [];
  const candidates = scope.named ? scope.files : [...scope.files.filter(mayBeRuleFile), ...userLevel];
  const capped = engine.cappedFolders();
  // Files of subfolders discovery did not look into: said once, on their folder, not checked one by one. A file named is checked all the same: it was asked for.
  const pastSubfolders = scope.named ? new Map<string, string[]>() : filesPastSubfolders(engine, candidates);
  const notLookedInto = new Set([...pastSubfolders.values()].flat());
  for (const [i, file] of candidates.entries()) {
    if (i % 64 === 63) {
      throwIfCancelled(cancel);
      await yieldToEventLoop();
    }
    if (reported.has(file) || out.has(file)) continue;
    if (notLookedInto.has(file)) {
      notes?.leftUnread?.(file);
      continue;
    }
    // A file of a rule folder past its cap (`LIMITS.ruleFolderFiles`) is not read: the folder's
    // finding says so, and a run asked for part of the tree that holds the file (named, or in a
    // folder walked) is incomplete: it was asked to check it. A whole run is not: the finding says it.
    const cap = capped.get(path.dirname(file));
    if (cap) {
      notes?.leftUnread?.(file);
      if (!scope.whole) notes?.incomplete(cap.message, path.dirname(file));
      continue;
    }
    const place = placeOf(session, engine, file);
    const { kind } = place;
    const markdown = isMarkdownKind(kind, file) || kind.kind === 'prompt';
    const owner = ownerOfEntry(file, place);
    const ruleLike = kind.kind === 'rule' || owner !== undefined || (scope.named && /\.(mdc|md)$/.test(file));
    if (!ruleLike && !markdown) continue;
    const outside = await readOutsideFile(session, fs, engine, file, scope.named, place);
    const text = outside.text;
    if (ruleLike && (kind.kind === 'rule' || owner || (text !== undefined && formatOf(file, text)))) {
      notes?.judged?.(file, 'rule');
      add(file, outsideFindings(outside));
    }
    // A Markdown file holding rule:// links is checked for them (check's usage names it among
    // what it lints): judged, so that a run does not say it found nothing beside their findings.
    if (markdown && text !== undefined && checksRuleLinks(text, session.settings.rules.agents)) notes?.judged?.(file, 'rule-links');
    add(file, await outsideFileLinkFindings(session, fs, engine, outside, noMemory));
  }
  // A nested rule folder that is a link out of the workspace or to nothing is listed as the link it is (never followed): said of the link.
  for (const file of scope.files) add(file, unfollowedRuleFolderFindings(session, file));
  // The folder's own warning (where Cursor's walk stopped too, the context lint's finding says it: `noteCappedFolders`).
  for (const [folder, files] of pastSubfolders) {
    const said = out.get(folder);
    if (said) out.set(folder, said.map((f) => (f.code === 'rule/too-large' ? withUncheckedCount(f, files.length) : f)));
  }
  return out;
}
