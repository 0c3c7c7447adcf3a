import type {
  CodeAction,
  CodeActionParams,
  CompletionItem,
  CompletionList,
  CompletionParams,
  Connection,
  DefinitionParams,
  DocumentLink,
  FileOperationOptions,
  Hover,
  HoverParams,
  Location,
  WorkspaceEdit,
} from 'vscode-languageserver/node';
import type { FileCandidatesPayload, FileSearchPayload } from '../../protocol/rawp';
import type { Cancellation } from '../core/cancel';
import type { Logger } from '../core/log';
import type { Settings } from '../core/settings';
import type { RulesEngine } from '../rules/engine';
import type { FolderOutline, OutlineLeaveOut } from '../search/outline';
import type { PathPick } from '../search/engine';
import type { RuleFolderLinks } from '../workspace/linkedRuleFolders';
import type { WorkspaceSession } from '../workspace/session';
import type { ClientFeatures } from './clientFeatures';
import type { DiagnosticSource } from './diagnosticSource';
import type { DiagnosticsHub } from './diagnostics';
import type { DocumentStore, OpenDocument } from './documents';
import type { RequestIntake } from './intake';
import type { EditBasis } from './edits';
import type { Progress } from './progress';

/**
 * What every feature gets from the server: the engines' view of the workspace plus the
 * few protocol services features need. Features never read raw client capabilities
 * (`client` is the record made at `initialize`).
 */
export interface ServerContext {
  readonly connection: Connection;
  /** Sees requests as they arrive, before they queue: cancel or supersede them there. */
  readonly intake: RequestIntake;
  readonly session: WorkspaceSession;
  readonly documents: DocumentStore;
  readonly client: ClientFeatures;
  readonly log: Logger;
  readonly diagnostics: DiagnosticsHub;
  readonly progress: Progress;
  readonly settings: () => Settings;
  onSettingsChanged(listener: (settings: Settings, previous: Settings) => void): void;
  /** Workspace folders were added or removed (the session already knows). */
  onRootsChanged(listener: (added: string[], removed: string[]) => void): void;
  /**
   * Registers a custom request. The handler gets raw params (validate them with
   * `core/params`): a `ParamError` becomes `InvalidParams`, a `CancelledError`
   * `RequestCancelled`, anything else `InternalError` plus a log line. The server
   * keeps serving whatever a handler does.
   */
  onRequest(method: string, handler: (params: unknown, token: Cancellation) => unknown): void;
  onNotification(method: string, handler: (params: unknown) => void): void;
  /**
   * Applies an edit the way the client can: `workspace/applyEdit` when it supports it,
   * otherwise atomic writes to disk (all files or none). Returns whether it was applied
   * and, when not, why. `basis` is the text the edit was computed from, per file: a
   * disk write refuses a file that no longer has it.
   */
  applyEdit(edit: WorkspaceEdit, label: string, basis?: EditBasis): Promise<{ applied: boolean; reason?: string }>;
  /** Tells the user that files the server wrote itself lost their second name by a hard link (`WriteResult.splitLinks`). */
  noteSplitLinks(paths: readonly string[] | undefined): void;
  /**
   * Shows a report (buckets, a preview): written to a Markdown file in the cache folder
   * and opened with `window/showDocument`; clients without it get a message naming the file.
   */
  showReport(name: string, title: string, markdown: string): Promise<string>;
  /**
   * A message in the editor's message area (and the log), as the `window/showMessage`
   * notification: the library's `show*Message` sends a request, which Neovim 0.7 turns
   * into a blocking prompt and some clients do not serve.
   */
  showMessage(level: 'error' | 'warning' | 'info', message: string): void;
  /** Services one feature offers others (filled in by the owning feature at `activate`). */
  readonly services: Services;
}

/**
 * Cross-feature services. The file-search feature provides `fileSearch`; prompt
 * completion uses it. The rules features provide `rulesEngine`. Absent until the owning feature is activated.
 */
export interface Services {
  fileSearch?: FileSearchService;
  /** The rules features' engine, kept current (awaits a refresh in progress): ast-edit resolves `rule://` paths over it. */
  rulesEngine?: () => Promise<RulesEngine>;
}

export interface FileSearchService {
  /**
   * Runs a search as `agentls/fileSearch` does (params already validated), over the
   * workspace folder owning `payload.from_uri` for scope `workspace`. Rejects with
   * `CancelledError` when `cancel` fires. Service calls never supersede each other
   * (completion and a quick fix may search at once); only `agentls/fileSearch`
   * requests from the client supersede older ones.
   */
  search(payload: FileSearchPayload, cancel: Cancellation): Promise<FileCandidatesPayload>;
  /** The user picked this file (absolute path): it ranks higher from now on. */
  recordPick(path: string): void;
  /** Every indexed file of a workspace folder (relative, `/`-separated), once the index knows its names; undefined when the folder is not indexed. */
  paths(root: string): Promise<string[] | undefined>;
  /**
   * The nested rule folders behind links the folder's last listing met (`RuleFolderLinks`),
   * once it was listed (waiting at most `waitMs`, a minute unless given: a snapshot's index
   * knows names before its listing ends); undefined when the folder is not indexed or not
   * listed in time.
   */
  ruleFolderLinks(root: string, waitMs?: number): Promise<RuleFolderLinks | undefined>;
  /**
   * `ruleFolderLinks` without waiting: `listed` false while the folder's first listing (or the
   * one that checks a stored list) has not ended, and none are known yet (a listing that threw
   * ended it: what is known is all there is); undefined when the folder is not indexed.
   */
  ruleFolderLinksNow(root: string): Promise<{ listed: true; links: RuleFolderLinks } | { listed: false } | undefined>;
  /** The indexed files of a folder with one of these extensions (lower-case, with the dot), or with none and one of these `names`, or that `also` picks, as `paths` gives them: far cheaper than all of them. */
  pathsWithExtensions(root: string, extensions: readonly string[], names?: readonly string[], also?: PathPick): Promise<string[] | undefined>;
  /** The indexed files of a folder named exactly `name`, as `paths` gives them, once the index knows every name; undefined before, or when the folder is not indexed. */
  pathsNamedNow(root: string, name: string): Promise<string[] | undefined>;
  /**
   * `pathsWithExtensions` without waiting for the index: what it holds now, whether its
   * listing ended (`complete`), and whether that listing stopped at `search.maxFiles`
   * (`truncated`: files past it are not among `paths`).
   */
  pathsWithExtensionsNow(root: string, extensions: readonly string[]): Promise<{ paths: string[]; complete: boolean; truncated: boolean } | undefined>;
  /**
   * What a folder of a workspace folder holds, from the index as it is (its subfolders, the
   * extensions below it with their counts: `FolderOutline`), without waiting for a listing:
   * `complete` false while the first one runs. Undefined when the workspace folder is not indexed.
   * What `leaveOut` names (folders `.cursor`, `.github/prompts`; files `AGENTS.md`) is neither offered nor counted.
   */
  outline(root: string, relDir: string, cancel: Cancellation, leaveOut?: OutlineLeaveOut): Promise<{ outline: FolderOutline | undefined; complete: boolean; indexed: number } | undefined>;
  /** Resolves true once the folder's index knows every name; false when the folder is no longer indexed. */
  whenIndexed(root: string): Promise<boolean>;
  /**
   * Hears of each workspace folder whose listing has settled its names: the first, the one
   * that checks a stored list against the disk after a restart, and those after a settings or
   * ignore change. What was made from the list before may be due again.
   */
  onListed(listener: (root: string) => void): void;
}

/**
 * One feature of the server. The wiring (`server.ts`) owns every `connection.onX` and
 * fans each request out to the features that implement the hook; results are merged.
 * Hooks get only documents; they decide from `doc.kind` whether the document is theirs.
 */
export interface Feature extends DiagnosticSource {
  /** Commands handled (announced at `initialize`). Their effect must not depend on the returned value. */
  readonly commands?: Record<string, (args: unknown[], token: Cancellation) => Promise<unknown> | unknown>;
  /** The file operations this feature hears of before they happen (announced at `initialize`, given what the client sends). */
  fileOperations?(client: ClientFeatures): FileOperationOptions | undefined;
  /** Characters that trigger completion for this feature. */
  readonly completionTriggers?: readonly string[];

  /**
   * Called at `initialize`: register requests and listeners here, without I/O (requests
   * that arrive early wait until the server is ready before they run).
   */
  activate?(ctx: ServerContext): void;
  /** Called once after `initialized`, when settings, roots and watchers are known: start work (discovery, indexing). */
  start?(): void | Promise<void>;
  /** A document was opened, changed, saved or closed (after diagnostics were scheduled). */
  onDocumentEvent?(doc: OpenDocument, event: 'open' | 'change' | 'save' | 'close'): void;
  completion?(doc: OpenDocument, params: CompletionParams, token: Cancellation): Promise<CompletionList | CompletionItem[] | undefined> | CompletionList | CompletionItem[] | undefined;
  hover?(doc: OpenDocument, params: HoverParams, token: Cancellation): Promise<Hover | undefined> | Hover | undefined;
  codeActions?(doc: OpenDocument, params: CodeActionParams, token: Cancellation): Promise<CodeAction[] | undefined> | CodeAction[] | undefined;
  /** Fills in `edit` of an action this feature returned with `data.feature === id`. */
  resolveCodeAction?(action: CodeAction, token: Cancellation): Promise<CodeAction> | CodeAction;
  definition?(doc: OpenDocument, params: DefinitionParams, token: Cancellation): Promise<Location[] | undefined> | Location[] | undefined;
  documentLinks?(doc: OpenDocument, token: Cancellation): Promise<DocumentLink[] | undefined> | DocumentLink[] | undefined;
  dispose?(): void;
}
