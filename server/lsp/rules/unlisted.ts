import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { yieldToEventLoop, type Cancellation } from '../../core/cancel';
import { outsideFindings } from '../../rules/agentFiles';
import type { RulesEngine } from '../../rules/engine';
import { isUnlistedRuleFile, mayBeRuleFile, readOutsideFile, RULE_FILE_CANDIDATES } from '../../rules/outsideFile';
import { unfollowedRuleFolderFindings } from '../../rules/unfollowedRuleFolders';
import { holdsRuleUrl, outsideFileLinkFindings } from '../../rules/outsideFileLinks';
import { isClaudeMemoryFile } from '../../rules/claudeImports';
import { mayBeGeminiContextFile } from '../../rules/lint/geminiImports';
import { mayHoldMdcLinks } from '../../rules/mdcLinks';
import { judgesMdcLinks } from '../../rules/lint/mdcLinks';
import { judgesKiroFileRefs } from '../../rules/lint/kiroFileRefs';
import { mayHoldKiroFileRefs } from '../../rules/kiroFileRefs';
import type { FileChange } from '../../workspace/changes';
import { changesIgnoreRules } from '../../workspace/ignore';
import { MAX_LINTED_FILES } from '../../workspace/linter';
import { isInside, joinRelative, relativeInside } from '../../workspace/paths';
import { realFolderOf, walkLinkedRuleFolder } from '../../workspace/linkedRuleFolders';
import type { WalkEntry } from '../../workspace/walk';
import type { ServerContext } from '../feature';
import { ChainReads } from './chainReads';

/**
 * The rule files of the file index that may be unlisted ones, per workspace folder it lists
 * (absolute paths), with the nested rule folders that are links out of the workspace or to
 * nothing (never followed: said of the link), and where each one listed through a link really is.
 */
export interface IndexedRuleFiles {
  files: Map<string, string[]>;
  /**
   * The real folder (absolute, under its workspace folder) of each nested rule folder listed
   * through a link, and the rule folders the tools name by it: several packages may link to
   * one shared folder.
   */
  linkedFolders: Map<string, string[]>;
  /** Folders whose index knew its names (a stored snapshot) before its listing told the links: judged again once it has. */
  linksPending: string[];
}

/**
 * Findings pushed for closed rule files the engine does not list (the xcsh agent's
 * discovery leaves them out) but a tool reads: a Cursor rule in a folder inside
 * `.cursor/rules/`, a package's own `.cursor/rules` or `.windsurf/rules`, Devin Desktop's
 * `.devin/rules`. `agentls check` lints every such file of the tree; without this the
 * editor showed their findings only once the file was opened. The files come from the
 * file index (never a walk of the tree) and are kept current from the change stream; an
 * open one is diagnosed from its buffer instead (`RulesState.findingsForDocument`).
 */
export class UnlistedRuleFiles {
  /** Paths whose findings were pushed here, while not open. */
  private readonly pushed = new Set<string>();
  /** Unlisted rule files holding a `rule://` link, as last read: what it finds depends on the rule names the engine knows. */
  private readonly linking = new Set<string>();
  /** Unlisted rule files whose imports are judged (Claude Code's CLAUDE.md and AGENTS.md, Gemini CLI's GEMINI.md): what they say depends on the files around them. */
  private readonly memory = new Set<string>();
  /** Unlisted Cursor rules holding an `mdc:` link, as last read: what it names may come or go. */
  private readonly mdcLinking = new Set<string>();
  private readonly kiroRefLinking = new Set<string>();
  /** Unlisted files said never read: whether the place their fix moves them to is taken (`takenMove.ts`) changes as files come and go. */
  private readonly neverRead = new Set<string>();
  /** Nested rule folders' links said to be unfollowed (out of the workspace, to nothing): what they say depends on what is at their target. */
  private readonly unfollowed = new Set<string>();
  /** What the verdict on each of those files read (the files of its import chains): a change to one of them judges it again. */
  private readonly chains = new ChainReads();
  /**
   * Nested rule folders listed through a link in the workspace, by the folder their files really
   * are in (`IndexedRuleFiles.linkedFolders`, as the last sweep had them from the listing): a
   * change arrives with the real path, and the file seen through the link is judged again.
   * Looked up by the changed path's folders, never by walking the tree.
   */
  private linkedFolders = new Map<string, string[]>();

  constructor(
    private readonly context: () => ServerContext,
    private readonly source: string,
  ) {}

  /** Whether this holds pushed findings for the file. */
  has(p: string): boolean {
    return this.pushed.has(p);
  }

  /**
   * The candidate files of each folder the file index lists (it may still be listing: this
   * waits for it, so call it outside the rules queue). A folder it does not index is left
   * out, and not walked: its files keep what they had.
   */
  async indexed(roots: readonly string[]): Promise<IndexedRuleFiles> {
    const out: IndexedRuleFiles = { files: new Map(), linkedFolders: new Map(), linksPending: [] };
    const search = this.context().services.fileSearch;
    if (!search) return out;
    for (const root of roots) {
      // The files that may be rule files by their names only: spelling out every path of a 92k-file tree took 200-260 ms, twice on a restart.
      // And Gemini CLI's context files by the names its settings give (`context.fileName`), which may have any extension.
      const session = this.context().session;
      const rels = await search.pathsWithExtensions(root, RULE_FILE_CANDIDATES.extensions, [...RULE_FILE_CANDIDATES.names, ...session.geminiContextNames(root)], RULE_FILE_CANDIDATES.also);
      if (!rels) continue;
      const files: string[] = [];
      // The cap `agentls check` puts on the files it lists per folder.
      for (const rel of rels) {
        if (files.length >= MAX_LINTED_FILES) break;
        const p = joinRelative(root, rel);
        if (mayBeRuleFile(p) || mayBeGeminiContextFile(p, session)) files.push(p);
      }
      // The index keeps no link, and no file behind one out of the workspace: the listing hands those links on.
      // Not waited for here: a restart from a stored snapshot knows the names a listing before the links.
      const links = await search.ruleFolderLinks(root, 0);
      if (!links) out.linksPending.push(root);
      for (const rel of links?.unfollowed ?? []) files.push(joinRelative(root, rel));
      // And the links inside Roo Code's and Claude Code's rule folders it did not list through (out, to nothing, too deep), as `check` lists them; capped as the files are.
      const known = new Set(files);
      for (const rel of links?.unlistedLinks ?? []) {
        if (files.length >= MAX_LINTED_FILES) break;
        if (!known.has(joinRelative(root, rel))) files.push(joinRelative(root, rel));
      }
      for (const { link, target } of links?.followed ?? []) {
        const real = joinRelative(root, target);
        out.linkedFolders.set(real, [...(out.linkedFolders.get(real) ?? []), joinRelative(root, link)]);
      }
      out.files.set(root, files);
    }
    return out;
  }

  /** Waits (at most a minute) for the listings `listing.linksPending` lacks; false when there were none to wait for. */
  async linksListed(listing: IndexedRuleFiles): Promise<boolean> {
    const search = this.context().services.fileSearch;
    if (!search || listing.linksPending.length === 0) return false;
    await Promise.all(listing.linksPending.map((root) => search.ruleFolderLinks(root)));
    return true;
  }

  /** Lints every unlisted rule file of the listing and pushes its findings; clears those of files gone from it. */
  async sweep(engine: RulesEngine, listing: IndexedRuleFiles, token: Cancellation): Promise<void> {
    const started = Date.now();
    const reported = engine.reportedPaths();
    const kept = new Set<string>();
    // The folders found to hold no CLAUDE.md in this pass: each asked once, not for every AGENTS.md below it.
    const noMemory = new Set<string>();
    let linted = 0;
    this.linkedFolders = listing.linkedFolders;
    for (const files of listing.files.values()) {
      for (const p of files) {
        if (token.isCancellationRequested) return;
        if (reported.has(p) || !this.judged(engine, p)) continue;
        kept.add(p);
        // A pass over a large tree gives requests their turn now and then, as `check`'s lint does.
        if (++linted % 64 === 0) await yieldToEventLoop();
        await this.update(engine, p, reported, noMemory);
      }
    }
    for (const p of [...this.pushed]) {
      const root = [...listing.files.keys()].find((r) => isInside(r, p));
      if (root !== undefined && !kept.has(p)) this.forget(p, reported);
    }
    this.context().log.info(`rules: ${linted} rule files the xcsh agent does not list, judged for their own tools in ${Date.now() - started} ms`);
  }

  /** Files changed on disk: each unlisted rule file among them is judged again, a deleted one (or folder) cleared. */
  async onChanges(engine: RulesEngine, given: readonly FileChange[]): Promise<void> {
    const reported = engine.reportedPaths();
    // A change where the files of a linked rule folder really are is one of the files seen through the link too.
    const batch = [...given, ...given.flatMap((c) => this.throughLink(c))];
    await this.dropUnderReplacedFolders(batch, reported);
    for (const change of batch) {
      if (change.type === 'deleted') {
        const gone = (p: string) => p === change.path || isInside(change.path, p);
        for (const p of [...this.pushed]) if (gone(p)) this.forget(p, reported);
        // What a gone memory file's verdict read goes with it (before it leaves `memory`).
        for (const p of [...this.memory]) if (gone(p)) this.chains.forget(p);
        for (const tracked of [this.linking, this.memory, this.unfollowed, this.mdcLinking, this.kiroRefLinking, this.neverRead]) for (const p of [...tracked]) if (gone(p)) tracked.delete(p);
      } else await this.update(engine, change.path, reported);
    }
    // An import came or went, or a CLAUDE.md that keeps an AGENTS.md out changed, or what is ignored did.
    if (movesEveryClaudeVerdict(batch)) await this.rejudge(engine, this.memory);
    // Else a file of some import chain may have changed (a note a CLAUDE.local.md imports): the verdicts that read it.
    else await this.rejudge(engine, new Set(batch.flatMap((c) => this.chains.readersOf(c.path))));
    // Something came or went: a link to nothing may lead somewhere now (a few links, each a stat),
    // and an mdc: link or a Kiro #[[file:…]] reference may name the file now or no longer (a rename on disk is both), when its agent's are judged.
    const agents = this.context().session.settings.rules.agents;
    const mdcLinking = judgesMdcLinks(agents) ? this.mdcLinking : [];
    const kiroRefLinking = judgesKiroFileRefs(agents) ? this.kiroRefLinking : [];
    // A file said never read is told to move where nothing is, or to merge where something is: that place may have come or gone.
    if (batch.some((c) => c.type !== 'changed')) await this.rejudge(engine, new Set([...this.unfollowed, ...mdcLinking, ...kiroRefLinking, ...this.neverRead]));
    // Something went: a followed link's folder, or one above it, may be gone, and the link now leads nowhere.
    // Said of the link now, as the file index drops its files (`FolderIndex.relinkRuleFolders`), not at the
    // next full sweep: a stat through each followed link (a handful), never a walk.
    // The link may be the folder above the rule folder (`packages/web/.cursor`): the listing says it there (`unfollowedEntry`), so it is judged too.
    if (batch.some((c) => c.type === 'deleted')) await this.rejudge(engine, new Set([...this.linkedFolders.values()].flat().flatMap((link) => [link, path.dirname(link)])));
    // Files the engine lists now (a setting or an ignore file changed) are its to publish.
    for (const p of [...this.pushed]) if (reported.has(p)) this.pushed.delete(p);
  }

  /**
   * A folder deleted and a file made in its place in one batch (`.continue/rules` written as one
   * file) reaches here as one change of the path (ChangeStream folds "deleted" then "created" into
   * "changed"; VS Code's watcher sends it so), never as a deletion: what was pushed for files under
   * it went with the folder. O(depth) per pushed path, and a look at the disk only for a changed
   * folder above one.
   */
  private async dropUnderReplacedFolders(batch: readonly FileChange[], reported: ReadonlySet<string>): Promise<void> {
    const changed = new Set(batch.filter((c) => c.type !== 'deleted').map((c) => c.path));
    if (changed.size === 0) return;
    for (const p of [...this.pushed]) {
      for (let dir = path.dirname(p); dir !== path.dirname(dir); dir = path.dirname(dir)) {
        if (!changed.has(dir)) continue;
        if (!(await folderOrLinkAt(dir))) this.forget(p, reported);
        break;
      }
    }
  }

  /** The rule names the engine knows changed: the unlisted files with `rule://` links are judged again (from disk, no listing). */
  ruleNamesChanged(engine: RulesEngine): Promise<void> {
    return this.rejudge(engine, this.linking);
  }

  /** What decides which files' imports are judged changed for `root` (Gemini CLI's context names): those of its files that may be are judged again. */
  importersChanged(engine: RulesEngine, root: string): Promise<void> {
    return this.rejudge(engine, new Set([...this.memory].filter((p) => isInside(root, p))));
  }

  private async rejudge(engine: RulesEngine, paths: ReadonlySet<string>): Promise<void> {
    const reported = engine.reportedPaths();
    const noMemory = new Set<string>();
    for (const p of [...paths]) await this.update(engine, p, reported, noMemory);
  }

  /** Its document was closed (`shown`: with findings of its buffer): what the disk holds replaces them. */
  closed(engine: RulesEngine, p: string, shown: boolean): Promise<void> {
    if (shown) this.pushed.add(p);
    return this.update(engine, p, engine.reportedPaths());
  }

  /** Whether the file is one judged here: an unlisted rule file, or a nested rule folder linked out of the workspace or to nothing. */
  private judged(engine: RulesEngine, p: string): boolean {
    return isUnlistedRuleFile(this.context().session, engine, p) || unfollowedRuleFolderFindings(this.context().session, p).length > 0;
  }

  /** A change under the real folder of rule folders listed through links (or a deletion above it), as the paths seen through each link. O(depth of the path), plus the linked folders for a deletion. */
  private throughLink(change: FileChange): FileChange[] {
    if (this.linkedFolders.size === 0) return [];
    for (let dir = change.path; dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const links = this.linkedFolders.get(dir);
      if (links !== undefined) return links.map((link) => ({ ...change, path: path.join(link, path.relative(dir, change.path)) }));
    }
    // A folder above the real folder deleted (`shared/web-cursor`, the target of a linked `packages/web/.cursor`): the files seen through each link went with it.
    // One check per linked folder (a handful), only for a deletion.
    if (change.type !== 'deleted') return [];
    return [...this.linkedFolders].filter(([real]) => isInside(change.path, real)).flatMap(([, links]) => links.map((link) => ({ ...change, path: link })));
  }

  /**
   * A nested rule folder's link that led nowhere leads to a folder of the workspace now: the
   * index listed nothing behind it, so its rule files are listed through the link here, as a
   * listing would (`walkLinkedRuleFolder`, capped as `agentls check` caps a folder), judged,
   * and followed where they really are (`linkedFolders`).
   */
  private async followNow(engine: RulesEngine, link: string, reported: ReadonlySet<string>): Promise<void> {
    const session = this.context().session;
    const root = session.rootOf(link);
    const folder = root === undefined ? undefined : relativeInside(root, link);
    if (root === undefined || folder === undefined) return;
    const target = realFolderOf(root, folder);
    if (target === undefined) return;
    const found: string[] = [];
    const onBatch = (batch: WalkEntry[]) => {
      for (const e of batch) if (mayBeRuleFile(joinRelative(root, e.rel))) found.push(joinRelative(root, e.rel));
    };
    await walkLinkedRuleFolder({ fs: session.diskFs, root, ignore: session.ignoreFor(root), maxFiles: MAX_LINTED_FILES, onBatch, includeSymlinks: true }, folder);
    const real = joinRelative(root, target);
    if (target !== folder) this.linkedFolders.set(real, [...new Set([...(this.linkedFolders.get(real) ?? []), link])]);
    for (const p of found) await this.update(engine, p, reported);
  }

  /**
   * Judges one file from disk and pushes what its tool's view of it says (nothing when it is
   * open: its buffer is diagnosed). `noMemory`: the folders this pass found no CLAUDE.md in (`agentsMdForClaudeFindings`).
   */
  private async update(engine: RulesEngine, p: string, reported: ReadonlySet<string>, noMemory?: Set<string>): Promise<void> {
    const ctx = this.context();
    if (reported.has(p)) {
      this.pushed.delete(p);
      this.noteDependents(p, undefined);
      return;
    }
    if (ctx.documents.getByPath(p)) return;
    // A rule folder linked out of the workspace or to nothing: said of the link, which is never read.
    const unfollowed = unfollowedRuleFolderFindings(ctx.session, p);
    if (unfollowed.length > 0) {
      // What was pushed for files seen through it went with its folder: a folder deleted and a file made in its
      // place in one batch reaches here as one change of the path (ChangeStream folds "deleted" then "created" into "changed"), never as a deletion.
      for (const q of [...this.pushed]) if (q !== p && isInside(p, q)) this.forget(q, reported);
      ctx.diagnostics.setForPath(this.source, p, unfollowed);
      this.pushed.add(p);
      this.unfollowed.add(p);
      return;
    }
    if (this.unfollowed.delete(p)) await this.followNow(engine, p, reported);
    // Nothing there (a buffer closed after its file was deleted behind it), or a folder made where a rule file was
    // (a checkout; the watcher folds its deletion and creation into a change): `agentls check` lists files, never a
    // folder, as rule files, so there is nothing to say of it. The entry itself: a link is judged as a link.
    if (!isUnlistedRuleFile(ctx.session, engine, p) || (await noFileAt(p))) {
      this.noteDependents(p, undefined);
      this.forget(p, reported);
      return;
    }
    const fs = ctx.session.diskFs;
    const file = await readOutsideFile(ctx.session, fs, engine, p, false);
    this.noteDependents(p, file.text);
    const read = new Set<string>();
    // All that `agentls check` reports for it: its tool's lint, then its links (`rule://`, Claude's `@` imports).
    const findings = [...outsideFindings(file), ...(await outsideFileLinkFindings(ctx.session, ChainReads.recording(fs, read), engine, file, noMemory))];
    this.chains.set(p, read);
    if (findings.some((f) => f.code === 'rule/not-read')) this.neverRead.add(p);
    else this.neverRead.delete(p);
    if (ctx.documents.getByPath(p) || (findings.length === 0 && !this.pushed.has(p))) return;
    ctx.diagnostics.setForPath(this.source, p, findings, file.text);
    if (findings.length) this.pushed.add(p);
    else this.pushed.delete(p);
  }

  /** Keeps the file among those judged again when what its links find changes (`text` undefined: none). */
  private noteDependents(p: string, text: string | undefined): void {
    if (text === undefined) this.neverRead.delete(p);
    if (text !== undefined && holdsRuleUrl(text)) this.linking.add(p);
    else this.linking.delete(p);
    if (text !== undefined && mayHoldMdcLinks(p, text)) this.mdcLinking.add(p);
    else this.mdcLinking.delete(p);
    if (text !== undefined && mayHoldKiroFileRefs(p, text)) this.kiroRefLinking.add(p);
    else this.kiroRefLinking.delete(p);
    if (text !== undefined && judgesImports(p, this.context().session)) this.memory.add(p);
    else {
      this.memory.delete(p);
      this.chains.forget(p);
    }
  }

  /** Clears what was pushed for a file that is gone or no longer one of these (unless it is open, or the engine lists it). */
  private forget(p: string, reported: ReadonlySet<string>): void {
    if (!this.pushed.delete(p)) return;
    if (reported.has(p) || this.context().documents.getByPath(p)) return;
    this.context().diagnostics.setForPath(this.source, p, []);
  }
}

/** Whether a folder, or a link (whose files, seen through it, are judged by the links' own rules: `throughLink`, `followNow`), is at `p`. */
async function folderOrLinkAt(p: string): Promise<boolean> {
  const entry = await fsp.lstat(p).catch(() => undefined);
  return entry !== undefined && (entry.isDirectory() || entry.isSymbolicLink());
}

/** Whether nothing, or a folder, is at `p` (not following a link there). */
async function noFileAt(p: string): Promise<boolean> {
  const entry = await fsp.lstat(p).catch(() => undefined);
  return entry === undefined || entry.isDirectory();
}

/** A file Claude Code reads by its name: its memory (CLAUDE.md), or an AGENTS.md it reads where no CLAUDE.md is. */
export function namedForClaude(p: string): boolean {
  return isClaudeMemoryFile(p) || path.basename(p) === 'AGENTS.md';
}

/**
 * A file whose findings depend on files around it, judged again when a file comes or goes
 * (`movesEveryClaudeVerdict`): Claude Code's (`namedForClaude`), or a context file of Gemini
 * CLI's (`mayBeGeminiContextFile`: its root's `context.fileName` names), whose imports of missing
 * files are warned of (`lint/geminiImports.ts`: an import created or deleted on disk moves the warning).
 */
export function judgesImports(p: string, session: Parameters<typeof mayBeGeminiContextFile>[1]): boolean {
  return namedForClaude(p) || mayBeGeminiContextFile(p, session);
}

/**
 * Whether changes may move every Claude Code verdict, not only those whose import chains read
 * a changed file: a file came or went (an import found or lost), a memory file changed (a
 * CLAUDE.md that keeps an AGENTS.md out), or what is ignored did.
 */
export function movesEveryClaudeVerdict(batch: readonly FileChange[]): boolean {
  return batch.some((c) => c.type !== 'changed' || namedForClaude(c.path) || changesIgnoreRules(c.path));
}
