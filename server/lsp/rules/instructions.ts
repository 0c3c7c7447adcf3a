import * as path from 'node:path';
import type { AgentView } from '../../rules/context/agentView';
import { instructionViews, sessionInstructionHost, touchesInstructions, type CappedInstructionFolder, type InstructionViews } from '../../rules/context/instructionViews';
import type { DirEntry, FileSystem, ReadOptions, ReadResult } from '../../workspace/fs';
import { noLinkOnTheWay } from '../../workspace/confine';
import { LIMITS } from '../../core/limits';
import type { ServerContext } from '../feature';
import { MAX_NESTED_FILES, NESTED_FOLDERS_CAPPED, nearestHolders, nestedToolHolders } from '../../rules/context/nestedRules';
import { relativeInside, toPosix } from '../../workspace/paths';
import { NESTED_CLAUDE, NESTED_CLAUDE_CAPPED } from '../../rules/context/nestedClaude';
import { NESTED_AGENTS_MD, NESTED_AGENTS_MD_CAPPED } from '../../rules/context/nestedAgentsMd';
import { NESTED_GEMINI, NESTED_GEMINI_CAPPED } from '../../rules/context/nestedGemini';
import type { NestedNamedFiles } from '../../rules/context/nestedNamedFiles';

/** The instruction files read by name in subfolders (`nestedNamedFiles.ts`), each with what an answer says past their folder cap. */
const NAMED = {
  claude: { files: NESTED_CLAUDE, capped: NESTED_CLAUDE_CAPPED },
  agentsMd: { files: NESTED_AGENTS_MD, capped: NESTED_AGENTS_MD_CAPPED },
  gemini: { files: NESTED_GEMINI, capped: NESTED_GEMINI_CAPPED },
} satisfies Record<string, { files: NestedNamedFiles; capped: string }>;
type NamedKind = keyof typeof NAMED;
const NAMED_KINDS = Object.keys(NAMED) as NamedKind[];
/** The folders of each kind, nearest the root first; `more`: some left out past the cap. */
type NamedFolders = Record<NamedKind, { holders: string[]; more: boolean }>;

/** The folders of each kind the paths name (`NestedNamedFiles.folders`), and those of `also` with them. */
function namedFolders(rels: readonly string[], also?: NamedFolders): NamedFolders {
  const out = {} as NamedFolders;
  for (const kind of NAMED_KINDS) {
    const found = NAMED[kind].files.folders(rels);
    const both = also ? nearestHolders([...also[kind].holders, ...found.holders]) : found;
    out[kind] = { holders: both.holders, more: both.more || found.more || (also?.[kind].more ?? false) };
  }
  return out;
}

/** A rule file in any `.cursor/rules` or `.windsurf/rules`: one that came may be in a nested folder the index does not list yet. */
const NESTED_CURSOR_FILE = /\/(\.cursor\/rules\/.+\.mdc?|\.windsurf\/rules\/[^/]+\.md)$/;

/** A file that came may hold rules of a folder the index does not list yet: in a `.cursor/rules`, or a subfolder's CLAUDE.md or AGENTS.md (`nestedNamedFiles.ts`). O(path length). */
function isNestedRuleFile(p: string): boolean {
  const posix = toPosix(p);
  // Any CLAUDE.md or AGENTS.md: the root's own is no folder's (`NestedNamedFiles.folders` leaves it out).
  return NESTED_CURSOR_FILE.test(posix) || NAMED_KINDS.some((kind) => NAMED[kind].files.isPath(posix));
}
/** A change that may add or drop a nested `.cursor/rules` in the file index: the folder itself, or an ignore file. */
const HOLDERS_CHANGE = /(^|\/)(\.cursor|\.windsurf|\.gitignore|\.ignore)(\/|$)/;

/** The nested holders the file index names, whether some were left out past the cap, and whether the index itself stopped at `search.maxFiles`. */
interface IndexedHolders {
  holders: string[];
  more: boolean;
  /** The folders holding a subfolder's CLAUDE.md or CLAUDE.local.md (`nestedClaude.ts`), or AGENTS.md (`nestedAgentsMd.ts`), from the same paths. */
  named: NamedFolders;
  truncated: boolean;
  /** `search.maxFiles` when they were asked: the cap a `truncated` index stopped at, said with the answer. */
  maxFiles: number;
  /** From a first index still listing: holders it had not reached are missing. */
  partial: boolean;
}

/**
 * For the test of an answer made from part of the first index while that index completes
 * (`AGENTLS_TEST_HOLD_ANSWER=FILE`): the answer waits, once made, until FILE exists.
 */
export const PARTIAL_ANSWER_HOLD = 'AGENTLS_TEST_HOLD_ANSWER';

interface Entry {
  views: Promise<InstructionViews>;
  done?: InstructionViews;
  /** What the nested holders the views were made from lack: filled in before `views` resolves. */
  gaps: Gaps;
}

/** What the nested holders a folder's views were made from lack. */
interface Gaps {
  /** They came from a first index still listing: holders it had not reached are missing. */
  indexing: boolean;
  /** Why they are not all of them, one line a reason (`RuleBucketsResult.incomplete`). */
  incomplete: string[];
}

/** A folder's instruction views, and what the nested holders they were made from lack: one answer's flags describe the data it sends. */
export interface InstructionSnapshot extends Gaps {
  views: AgentView[];
  /** Claude Code's and Copilot's rule folders the views were made from only in part. */
  capped: CappedInstructionFolder[];
  /** Entries of those folders named as their files are that are a pipe, socket or device (`InstructionViews.special`). */
  special: InstructionViews['special'];
  /** Links to a folder an agent never walks in its rule folder (`InstructionViews.unwalkedLinks`). */
  unwalkedLinks: InstructionViews['unwalkedLinks'];
  /** The AGENTS.md files Codex does not read for an AGENTS.override.md beside them (`InstructionViews.codexOverridden`). */
  codexOverridden: InstructionViews['codexOverridden'];
  /** The fallback files Roo Code does not read (`InstructionViews.rooShadowed`). */
  rooShadowed: InstructionViews['rooShadowed'];
  /** The root's `.roomodes` where Roo Code refuses it, or agentls did not read it (`InstructionViews.rooModesNotes`). */
  rooModesNotes: InstructionViews['rooModesNotes'];
  /** The files of Zed's list it does not read (`InstructionViews.zedSkipped`). */
  zedSkipped: InstructionViews['zedSkipped'];
  /** The file of Zed's list Zed reads (`InstructionViews.zedReads`). */
  zedReads?: string;
}

/**
 * The views of Claude Code, Copilot and the AGENTS.md readers for each folder
 * (`rules/context/instructionViews.ts`), read on first use through the rule reader with
 * open buffers over it, and kept until a file they read or looked for changes (on disk
 * or in a buffer), or the roots or settings do. The views are then made again from the
 * files' texts kept in `reads`, of which only the changed file's is read anew: a keystroke
 * in one rule file must not re-read every other one.
 */
export class InstructionViewsCache {
  private readonly byRoot = new Map<string, Entry>();
  private readonly reads = new RememberedReads();
  /** Files in a `.cursor/rules`, and subfolders' CLAUDE.md and AGENTS.md files, that change events named (`nestedHolders`). */
  private readonly changedNested = new Set<string>();
  /**
   * Per folder, the nested `.cursor/rules` holders the file index gave: spelling its every
   * Markdown path again each time the views are made (a keystroke in CLAUDE.md makes them
   * again) would cost a pass over the index per keystroke. Asked again when a `.cursor`
   * folder or an ignore file comes, goes or changes on disk.
   */
  private readonly indexedHolders = new Map<string, Promise<IndexedHolders>>();
  /** Folders whose holders came from a first index still listing: their views are made again once it is complete. */
  private readonly partial = new Map<string, object>();
  private readonly remade: ((root: string) => void)[] = [];
  private listening = false;

  constructor(private readonly context: () => ServerContext) {}

  async views(root: string): Promise<AgentView[]> {
    return (await this.snapshot(root)).views;
  }

  /**
   * The views with what the holders they were made from lack, taken together: the first index
   * may complete while the views are made, and an answer made from part of it must say so
   * (`indexing`) though the index is complete by the time the answer is sent.
   */
  async snapshot(root: string): Promise<InstructionSnapshot> {
    this.listen();
    let entry = this.byRoot.get(root);
    if (!entry) {
      const ctx = this.context();
      const fs = this.reads.over(ctx.documents.ruleFs, (p) => ctx.session.rootOf(p) !== undefined, (p) => listingChangesSeen(ctx.session, p));
      // Filled in when the views ask for the holders (those of no selected agent's views never do: nothing lacks then).
      const gaps: Gaps = { indexing: false, incomplete: [] };
      let asked: ReturnType<InstructionViewsCache['nestedHolders']> | undefined;
      const nested = async () => {
        asked ??= this.nestedHolders(root);
        const got = await asked;
        Object.assign(gaps, got.gaps);
        return got;
      };
      const named = { nestedClaudeFolders: async () => (await nested()).named.claude.holders, nestedAgentsMdFolders: async () => (await nested()).named.agentsMd.holders, nestedGeminiFolders: async () => (await nested()).named.gemini.holders };
      const host = sessionInstructionHost(ctx.session, fs, async () => (await nested()).holders, named);
      const created: Entry = { views: instructionViews(root, host), gaps };
      created.views.then((v) => (created.done = v)).catch(() => this.byRoot.delete(root));
      this.byRoot.set(root, (entry = created));
    }
    const made = entry;
    const { views, capped, special, unwalkedLinks, codexOverridden, rooShadowed, rooModesNotes, zedSkipped, zedReads } = await made.views;
    return { views, capped, special, unwalkedLinks, codexOverridden, rooShadowed, rooModesNotes, zedSkipped, ...(zedReads !== undefined ? { zedReads } : {}), ...made.gaps };
  }

  /**
   * The folders holding a nested `.cursor/rules` (`nestedRules.ts`), from the file index's
   * rule-shaped files (never a walk), and those a change event named since: the index may
   * not have a file just created when the views are made again.
   */
  private async nestedHolders(root: string): Promise<{ holders: string[]; named: NamedFolders; gaps: Gaps }> {
    let indexed = this.indexedHolders.get(root);
    if (!indexed) {
      indexed = this.holdersFromIndex(root);
      this.indexedHolders.set(root, indexed);
    }
    const seen = [...this.changedNested].map((p) => relativeInside(root, p) ?? '');
    const got = await indexed;
    const held = nearestHolders([...got.holders, ...nestedToolHolders(seen).holders]);
    const named = namedFolders(seen, got.named);
    // Folders left out past the cap, or past the file index's own cap: said with the answer, as `agentls rules` says them.
    const incomplete = [
      ...(got.truncated ? [`the file index stopped at ${got.maxFiles} files (setting agentls.search.maxFiles)`] : []),
      ...(got.more || held.more ? [NESTED_FOLDERS_CAPPED] : []),
      ...NAMED_KINDS.filter((kind) => named[kind].more).map((kind) => NAMED[kind].capped),
    ];
    return { holders: held.holders, named, gaps: { indexing: got.partial, incomplete } };
  }

  /**
   * The holders of the files the index has now: a first index of a large tree lists for
   * seconds, and rules for a file, the buckets and their hover must not wait for it. What
   * it had not reached yet is missing (`indexing`) until it completes, when the views are
   * made again and those who asked hear of it (`onRemade`).
   */
  private async holdersFromIndex(root: string): Promise<IndexedHolders> {
    const service = this.context().services.fileSearch;
    const got = await this.holdersIndexedNow(root);
    if (!service || !got) return { holders: [], more: false, named: namedFolders([]), truncated: false, maxFiles: 0, partial: false };
    if (got.partial && !this.partial.has(root)) {
      // Whose wait this is: after a `clear`, a newer one may stand for the folder.
      const mine = {};
      this.partial.set(root, mine);
      void service
        .whenIndexed(root)
        .catch(() => false)
        .then(() => {
          if (this.partial.get(root) !== mine) return;
          this.partial.delete(root);
          // Not indexed any more, or its listing failed: no more names come, and views made from
          // part of them must stop saying `indexing`, so they are made again either way.
          this.remake(root);
        });
    }
    return got;
  }

  /** The nested holders in the file index now (its extension column, never a walk); undefined when it cannot say. */
  private async holdersIndexedNow(root: string): Promise<IndexedHolders | undefined> {
    // An index that fails to answer costs the nested rules only, never the other agents' views.
    const now = await this.context().services.fileSearch?.pathsWithExtensionsNow(root, ['.mdc', '.md']).catch(() => undefined);
    if (!now) return undefined;
    return { ...nestedToolHolders(now.paths), named: namedFolders(now.paths), truncated: now.truncated, maxFiles: this.context().session.settings.search.maxFiles, partial: !now.complete };
  }

  /**
   * A listing settled the folder's names: the one that checks a stored list against the disk
   * after a restart (nested folders may have come or gone while the server was down), or one
   * after a settings or ignore change (it may now stop at `search.maxFiles`, or at another). The holders are
   * asked of the index again, and only where they differ from those the views were made from
   * are the views made again: most listings change no nested folder.
   */
  private async relisted(root: string): Promise<void> {
    const asked = this.indexedHolders.get(root);
    // Never asked (the next views ask the index anew), or made from a first index still listing (its own wait makes them again).
    if (!asked || this.partial.has(root)) return;
    const [was, now] = await Promise.all([asked, this.holdersIndexedNow(root)]);
    // Asked anew meanwhile (a change, a `clear`), or listing again already: a later word settles it.
    if (!now || now.partial || this.indexedHolders.get(root) !== asked) return;
    // A listing under another `search.maxFiles` that stops before the end again: the cap the answer names changed.
    const sameCap = !now.truncated || now.maxFiles === was.maxFiles;
    const sameNamed = NAMED_KINDS.every((kind) => now.named[kind].more === was.named[kind].more && now.named[kind].holders.join('\0') === was.named[kind].holders.join('\0'));
    if (now.truncated === was.truncated && sameCap && sameNamed && now.more === was.more && now.holders.join('\0') === was.holders.join('\0')) return;
    this.remake(root, now);
  }

  /** The folder's views are due again, made from `holders` (asked of the index anew when not given); those who asked hear of it. */
  private remake(root: string, holders?: IndexedHolders): void {
    if (holders) this.indexedHolders.set(root, Promise.resolve(holders));
    else this.indexedHolders.delete(root);
    this.due(root);
  }

  /** The folder's views are due again, from the holders they had; those who asked hear of it. */
  private due(root: string): void {
    this.byRoot.delete(root);
    for (const listener of this.remade) listener(root);
  }

  /** Hears of a folder whose views were made from part of the index and are due again now that it is complete. */
  onRemade(listener: (root: string) => void): void {
    this.remade.push(listener);
  }

  /**
   * A file changed at `p` (on disk, or an open buffer): the folders whose views read it are
   * made again when next asked. `textOnly`: a buffer's text changed, no file came or went.
   */
  touched(p: string, textOnly = false, cameOrWent = false): void {
    if (!textOnly && isNestedRuleFile(p) && this.changedNested.size < MAX_NESTED_FILES) this.changedNested.add(p);
    if (!textOnly && HOLDERS_CHANGE.test(toPosix(p))) this.indexedHolders.clear();
    this.reads.forget(p, textOnly, cameOrWent);
    for (const [root, entry] of this.byRoot) {
      // Still being read: the change may have come after a file was read, so the result is not kept.
      if (!entry.done || touchesInstructions(entry.done, p, textOnly)) this.byRoot.delete(root);
    }
  }

  private listen(): void {
    if (this.listening) return;
    this.listening = true;
    const ctx = this.context();
    ctx.session.changes.onChanges((batch) => {
      for (const change of batch) this.touched(change.path, false, change.type !== 'changed');
    });
    ctx.onRootsChanged(() => this.clear());
    // Copilot's instruction folders come from the root's `.vscode/settings.json`: heard once the session has dropped the old ones, so the views are never made again from them.
    ctx.session.onCopilotLocationsChanged((root) => this.due(root));
    // And Gemini CLI's context file names from its `.gemini/settings.json`.
    ctx.session.onGeminiContextNamesChanged((root) => this.due(root));
    ctx.services.fileSearch?.onListed((root) => void this.relisted(root));
    ctx.onSettingsChanged((next, previous) => {
      if (next.home !== previous.home || JSON.stringify(next.rules.agents) !== JSON.stringify(previous.rules.agents)) this.clear();
    });
  }

  private clear(): void {
    this.byRoot.clear();
    this.changedNested.clear();
    this.indexedHolders.clear();
    this.partial.clear();
    this.reads.clear();
  }
}

/**
 * Texts read for the views, kept until the file changes: what the views of a folder are
 * made from again after one file changed. Folders are listed anew each time (a few), but for the
 * top listings of instruction folders (`over`).
 */
class RememberedReads {
  private readonly texts = new Map<string, Promise<ReadResult>>();
  /** By folder, then by the most names asked (`readDir`'s `max`): a change drops a folder's every listing at once. */
  private readonly listings = new Map<string, Map<number, Promise<DirEntry[] | undefined>>>();

  /**
   * `fs` with the texts of `inside` files remembered, by path and read options. Files
   * outside the workspace folders (`~/.claude/CLAUDE.md`) are read each time: no change
   * event need come for them. The top listings of instruction folders (asked for up to
   * `LIMITS.instructionFolderNames` names, sorted after) are remembered too where every change
   * in the folder is heard of (`listed`): a keystroke in one of 1,200 rule files made the
   * views again, and listed 20,000 names, each time.
   */
  over(fs: FileSystem, inside: (p: string) => boolean, listed: (p: string) => boolean): FileSystem {
    return {
      readText: (p: string, options?: ReadOptions) => (inside(p) ? remembered(this.texts, `${p}\0${JSON.stringify(options ?? {})}`, () => fs.readText(p, options)) : fs.readText(p, options)),
      readDir: (p, options) => {
        const max = options?.max;
        if (max === undefined || max <= LIMITS.instructionFolderNames || !listed(p)) return fs.readDir(p, options);
        let byMax = this.listings.get(p);
        if (!byMax) this.listings.set(p, (byMax = new Map()));
        return remembered(byMax, max, () => fs.readDir(p, options));
      },
      readBytes: (p, options) => fs.readBytes(p, options),
      stat: (p) => fs.stat(p),
      statEntries: (folder, names) => fs.statEntries(folder, names),
    };
  }

  /**
   * Drops what was read at `p`, and below it unless only its text changed (a folder that went,
   * or came back); a file that changed on disk drops its folder's listing too. One that came or
   * went (`cameOrWent`) drops the listing of every folder above it: the folders between a rule
   * folder and the file may be new (or gone) too, and a client may report the file alone, never
   * the folder that came with it (LSP's `workspace/didChangeWatchedFiles` says nothing of folder
   * events; which clients do so was reported to us, not checked against their sources), so the
   * rule folder's own listing, naming no such folder, was kept. A few path components, never a walk.
   */
  forget(p: string, textOnly: boolean, cameOrWent = false): void {
    const below = p + path.sep;
    for (const key of this.texts.keys()) if (key.startsWith(`${p}\0`) || (!textOnly && key.startsWith(below))) this.texts.delete(key);
    if (textOnly) return;
    for (const folder of this.listings.keys()) if (folder.startsWith(below)) this.listings.delete(folder);
    this.listings.delete(p);
    for (let at = path.dirname(p); ; at = path.dirname(at)) {
      this.listings.delete(at);
      if (!cameOrWent || path.dirname(at) === at) break;
    }
  }

  clear(): void {
    this.texts.clear();
    this.listings.clear();
  }
}

/**
 * Whether every change in folder `p` reaches the change stream, so its listing may be kept
 * until one does: a watcher runs, and `p` lies in a workspace folder with no link on its way
 * from it (a change behind a link is reported at the target's path, never at the link's).
 */
function listingChangesSeen(session: ServerContext['session'], p: string): boolean {
  if (session.settings.watcher === 'off') return false;
  const owner = session.roots.relative(p);
  return owner !== undefined && noLinkOnTheWay(owner.folder.path, owner.rel, p);
}

function remembered<K, T>(cache: Map<K, Promise<T>>, key: K, read: () => Promise<T>): Promise<T> {
  let got = cache.get(key);
  if (!got) {
    got = read();
    cache.set(key, got);
    // A failed read is not kept: the next one tries again.
    got.catch(() => cache.delete(key));
  }
  return got;
}
