import {
  CodeActionKind,
  ErrorCodes,
  LSPErrorCodes,
  MessageType,
  ResponseError,
  ShowMessageNotification,
  type DocumentLink,
  type Location,
  TextDocumentSyncKind,
  type CodeAction,
  type CompletionItem,
  type CompletionList,
  type Connection,
  type InitializeParams,
  type InitializeResult,
  type ServerCapabilities,
} from 'vscode-languageserver/node';
import { leveledLogger, type Logger } from '../core/log';
import { ParamError } from '../core/params';
import type { Settings } from '../core/settings';
import { VERSION } from '../version';
import { indexRefusal } from '../workspace/roots';
import { WorkspaceSession } from '../workspace/session';
import { readClientFeatures, type ClientFeatures } from './clientFeatures';
import { ConfigurationManager } from './configuration';
import { DiagnosticsHub } from './diagnostics';
import { DocumentStore } from './documents';
import { applyWorkspaceEdit } from './edits';
import { splitLinkNote } from '../workspace/write';
import type { Feature, ServerContext } from './feature';
import { createFeatures } from './features';
import { Progress } from './progress';
import { isReportPath, showReport } from './reports';
import { BurstCollector } from './idleCollect';
import { RequestIntake } from './intake';
import { requestParams } from './requestParams';
import { OwnRoots } from './ownRoots';
import { guarded } from './requests';
import { usableRoot } from './roots';
import { statusFeature } from './status';
import { Watching } from './watching';

const LOG_TYPES = { error: 1, warn: 2, info: 3, debug: 4 } as const;
const MESSAGE_TYPES = { error: MessageType.Error, warning: MessageType.Warning, info: MessageType.Info } as const;

/**
 * The one place that wires the protocol: every `connection.onX` is here, and each
 * fans out to the features (`features.ts`) that implement the matching hook.
 */
export function startServer(connection: Connection, intake: RequestIntake = new RequestIntake()): void {
  let settings: () => Settings = () => config.settings;
  const log: Logger = leveledLogger(
    (level, message) => void connection.sendNotification('window/logMessage', { type: LOG_TYPES[level], message }).catch(() => undefined),
    () => settings().log.level,
  );
  const config = new ConfigurationManager(connection, log);
  const session = new WorkspaceSession(config.settings, log);
  const documents = new DocumentStore(session);
  const rootListeners: ((added: string[], removed: string[]) => void)[] = [];
  // The folders whose agentls.json the settings take, first one first: a folder agentls does
  // not index (the home directory, the file system root) is no project, so it comes last.
  const projectRoots = (): string[] => {
    const usable = (p: string) => indexRefusal(p, session.home) === undefined;
    return [...session.roots.paths.filter(usable), ...session.roots.paths.filter((p) => !usable(p))];
  };
  /**
   * After folders came or went (from the editor, or a root found for a file): documents are
   * classified again, a new first project folder brings its agentls.json (or none), the
   * features hear of it, and open documents are diagnosed again.
   */
  const rootsChanged = async (c: ServerContext, added: string[], removed: string[], firstBefore: string | undefined) => {
    documents.reclassify();
    if (projectRoots()[0] !== firstBefore) await config.loadProject(projectRoots());
    for (const l of rootListeners) l(added, removed);
    for (const doc of documents.all()) c.diagnostics.schedule(doc);
  };
  let watching: Watching | undefined;
  let features: Feature[] = [];
  let ctx: ServerContext | undefined;
  // Requests that arrive between initialize and the end of initialized wait for this.
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  // A bug in one handler must never take the editor's server down with it.
  process.on('uncaughtException', (err) => log.error(`uncaught: ${err.stack ?? err}`));
  process.on('unhandledRejection', (err) => log.error(`unhandled rejection: ${(err as Error)?.stack ?? err}`));
  const collector = new BurstCollector(log);
  intake.onRequestArrival = () => collector.requestArrived();
  // A client that only sends notifications while the user types is not idle: a full collection must wait for the typing to stop.
  for (const method of ['textDocument/didOpen', 'textDocument/didChange', 'textDocument/didSave']) intake.onArrival(method, () => collector.requestArrived());
  session.changes.onChanges((batch) => collector.changesArrived(batch.length));
  intake.onDispatchError = (message, err) => log.error(`a message the protocol library could not take was dropped (${JSON.stringify(message).slice(0, 200)}): ${(err as Error)?.message ?? err}`);

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const client = readClientFeatures(params.capabilities ?? {}, params.clientInfo);
    config.initialize(params.initializationOptions);
    session.setSettings(config.settings);
    addInitialRoots(session, params, log);
    const diagnostics = new DiagnosticsHub(connection, documents, client, settings, log);
    config.listen(client);
    watching = new Watching(connection, client, session, log);
    ctx = makeContext(connection, session, documents, client, log, diagnostics, config, rootListeners, ready, intake);
    features = [statusFeature(() => watching?.mode ?? 'off', () => watching?.status()), ...createFeatures()];
    diagnostics.setFeatures(features);
    diagnostics.skipWhen((p) => isReportPath(session.cacheDir, p));
    diagnostics.hideWhen((p) => config.isIgnored(p));
    for (const feature of features) {
      try {
        feature.activate?.(ctx);
      } catch (err) {
        log.error(`feature ${feature.id} failed to activate: ${(err as Error).stack ?? err}`);
      }
    }
    return { capabilities: capabilities(client, features), serverInfo: { name: 'agentls', version: VERSION } };
  });

  connection.onInitialized(async () => {
    const c = ctx!;
    // Subscribed here, not in onInitialize: the library registers the notification as soon as
    // it is subscribed, and a `client/registerCapability` before the initialize answer is
    // rejected by VS Code. Subscribed after the answer, the `changeNotifications: true` we
    // announce already covers it and nothing is registered.
    if (c.client.workspaceFolders) {
      connection.workspace.onDidChangeWorkspaceFolders(async (event) => {
        await ready;
        const firstBefore = projectRoots()[0];
        const added: string[] = [];
        const removed: string[] = [];
        for (const f of event.removed) {
          const folder = session.removeFolder(f.uri);
          if (folder) {
            removed.push(folder.path);
            watching?.removeRoot(folder.path);
          }
        }
        for (const f of event.added) {
          if (!usableRoot(f?.uri, 'workspaceFolders', log)) continue;
          const folder = session.addFolder(f.uri, f.name);
          if (folder) {
            added.push(folder.path);
            watching?.addRoot(folder.path);
          }
        }
        await rootsChanged(c, added, removed, firstBefore);
      });
    }
    await config.loadProject(projectRoots());
    await config.start(c.client);
    session.setSettings(config.settings);
    // Heard from here on: settings the client gives later than start-up waits for (`configuration.ts`) apply as any change does.
    config.onChange(async (next, previous) => {
      session.setSettings(next);
      documents.reclassify();
      await watching?.onSettingsChanged(next, previous);
      c.diagnostics.republishAll();
      for (const doc of documents.all()) c.diagnostics.schedule(doc);
    });
    await watching!.start();
    config.watchProject(session.changes, projectRoots);
    // A root's `.vscode/settings.json` names Copilot's prompt folders (workspace/copilotLocations.ts): read again, documents classified again.
    session.changes.onChanges((batch) => {
      // A root's `.gemini/settings.json` names Gemini CLI's context files (workspace/geminiSettings.ts): read again, its views remade (`onGeminiContextNamesChanged`).
      for (const change of batch) session.noteGeminiSettingsChange(change.path);
      const dropped = batch.map((change) => session.noteCopilotSettingsChange(change.path)).some(Boolean);
      if (!dropped) return;
      documents.reclassify();
      c.diagnostics.republishAll();
      for (const doc of documents.all()) c.diagnostics.schedule(doc);
      // Said once it is done: one save comes as two or three notifications, each heard here (a test waits for the second).
      log.debug(`copilot: a root's .vscode/settings.json changed: its folders read again, ${documents.all().length} open document(s) diagnosed again`);
    });
    markReady();
    // Side by side, not one after the other: the rules engine waits on reading rule files and
    // the file index on its cache, and the first `@` completion need not wait until every
    // rule has been analysed (20-30 ms on a tree without rules, more with many).
    await Promise.all(
      features.map(async (feature) => {
        try {
          await feature.start?.();
        } catch (err) {
          log.error(`feature ${feature.id} failed to start: ${(err as Error).stack ?? err}`);
        }
      }),
    );
    collector.startupDone();
    for (const doc of documents.all()) c.diagnostics.schedule(doc, true);
    log.info(`agentls ${VERSION} ready: ${session.roots.paths.join(', ') || 'no workspace folder'}; file changes from ${watching!.mode}`);
  });

  const ownRoots = new OwnRoots(
    session,
    async (root) => {
      const firstBefore = projectRoots()[0];
      const folder = session.addFolder(root);
      if (!folder || !ctx) return;
      watching?.addRoot(folder.path);
      await rootsChanged(ctx, [folder.path], [], firstBefore);
    },
    () => {
      for (const doc of documents.all()) ctx?.diagnostics.schedule(doc, true);
    },
    log,
  );

  documents.onEvent((doc, event) => {
    if (!ctx) return;
    if (event === 'open' && doc.path) ownRoots.opened(doc.path);
    if (event === 'close') ctx.diagnostics.closed(doc.uri);
    // Opened while a root is being found: diagnosed once it is in place.
    else if (event !== 'save' && !(event === 'open' && ownRoots.finding)) ctx.diagnostics.schedule(doc, event === 'open');
    if (event === 'save' && doc.path) void session.reportChange(doc.path, 'changed');
    for (const feature of features) {
      try {
        feature.onDocumentEvent?.(doc, event);
      } catch (err) {
        log.error(`${feature.id} on ${event} failed: ${(err as Error).stack ?? err}`);
      }
    }
  });
  documents.listen(connection);

  /** The open document a request is about; bad params are `InvalidParams`, a closed document null. */
  const docOrNull = async (params: unknown, needs: 'uri' | 'position' | 'range' = 'uri') => {
    const uri = requestParams.document(params, needs).textDocument.uri;
    await ready;
    return documents.get(uri);
  };

  connection.onCompletion((params, token) =>
    guarded('textDocument/completion', log, token, async () => {
      const doc = await docOrNull(params, 'position');
      if (!doc) return null;
      let incomplete = false;
      const items: CompletionItem[] = [];
      for (const f of features) {
        if (!f.completion) continue;
        const r: CompletionList | CompletionItem[] | undefined = await f.completion(doc, params, token);
        if (!r) continue;
        if (Array.isArray(r)) items.push(...r);
        else {
          incomplete ||= r.isIncomplete;
          items.push(...r.items);
        }
      }
      return { isIncomplete: incomplete, items };
    }),
  );

  connection.onHover((params, token) =>
    guarded('textDocument/hover', log, token, async () => {
      const doc = await docOrNull(params, 'position');
      if (!doc) return null;
      for (const f of features) {
        const h = await f.hover?.(doc, params, token);
        if (h) return h;
      }
      return null;
    }),
  );

  connection.onDefinition((params, token) =>
    guarded('textDocument/definition', log, token, async () => {
      const doc = await docOrNull(params, 'position');
      if (!doc) return null;
      const out: Location[] = [];
      for (const f of features) out.push(...((await f.definition?.(doc, params, token)) ?? []));
      return out.length ? out : null;
    }),
  );

  connection.onDocumentLinks((params, token) =>
    guarded('textDocument/documentLink', log, token, async () => {
      const doc = await docOrNull(params);
      if (!doc) return null;
      const out: DocumentLink[] = [];
      for (const f of features) out.push(...((await f.documentLinks?.(doc, token)) ?? []));
      return out;
    }),
  );

  connection.onCodeAction((params, token) =>
    guarded('textDocument/codeAction', log, token, async () => {
      const doc = await docOrNull(params, 'range');
      if (!doc) return null;
      const out: CodeAction[] = [];
      for (const f of features) {
        const actions = await f.codeActions?.(doc, params, token);
        if (!actions) continue;
        for (const a of actions) {
          if (a.disabled && !ctx!.client.codeActionDisabled) continue;
          if (params.context.only && a.kind && !params.context.only.some((k) => a.kind === k || a.kind!.startsWith(k + '.'))) continue;
          out.push(a);
        }
      }
      return out;
    }),
  );

  connection.onCodeActionResolve((action, token) =>
    guarded('codeAction/resolve', log, token, async () => {
      const featureId = (requestParams.object(action).data as { feature?: string } | undefined)?.feature;
      const f = features.find((x) => x.id === featureId);
      return f?.resolveCodeAction ? f.resolveCodeAction(action, token) : action;
    }),
  );

  connection.onExecuteCommand(async (params, token) => {
    const method = `workspace/executeCommand ${params.command}`;
    const result = await guarded(method, log, token, async () => {
      if (params.arguments !== undefined && params.arguments !== null && !Array.isArray(params.arguments)) throw new ParamError('arguments', 'expected an array');
      for (const f of features) {
        const handler = f.commands?.[params.command];
        if (handler) return (await handler(params.arguments ?? [], token)) ?? null;
      }
      throw new ResponseError(ErrorCodes.InvalidParams, `unknown command ${params.command}`);
    }, false);
    // Helix only logs a command's error reply: the user is told in a message as well.
    if (result instanceof ResponseError && result.code !== LSPErrorCodes.RequestCancelled) {
      ctx?.showMessage('error', `agentls: ${params.command} did nothing: ${result.message.replace(`${method}: `, '')}`);
    }
    return result;
  });

  connection.languages.diagnostics.on(async (params, token) => {
    const result = await guarded('textDocument/diagnostic', log, token, () => ctx!.diagnostics.pull(requestParams.document(params, 'uri').textDocument.uri));
    if (result instanceof ResponseError) return new ResponseError(result.code, result.message, { retriggerRequest: false });
    return result;
  });

  connection.onShutdown(() => {
    for (const f of features) f.dispose?.();
    watching?.dispose();
    session.dispose();
  });
}

function addInitialRoots(session: WorkspaceSession, params: InitializeParams, log: Logger): void {
  if (Array.isArray(params.workspaceFolders) && params.workspaceFolders.length) {
    for (const f of params.workspaceFolders) if (usableRoot(f?.uri, 'workspaceFolders', log)) session.addFolder(f.uri, f.name);
  } else if (params.rootUri) {
    if (usableRoot(params.rootUri, 'rootUri', log)) session.addFolder(params.rootUri);
  } else if (params.rootPath) {
    if (usableRoot(params.rootPath, 'rootPath', log)) session.addFolder(params.rootPath);
  }
}

function capabilities(client: ClientFeatures, features: Feature[]): ServerCapabilities {
  const triggers = new Set<string>();
  for (const f of features) for (const t of f.completionTriggers ?? []) triggers.add(t);
  const commands = features.flatMap((f) => Object.keys(f.commands ?? {}));
  const caps: ServerCapabilities = {
    positionEncoding: 'utf-16',
    textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
    completionProvider: { triggerCharacters: [...triggers], resolveProvider: false },
    hoverProvider: true,
    definitionProvider: true,
    documentLinkProvider: { resolveProvider: false },
    codeActionProvider: client.codeActionLiterals
      ? { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite], resolveProvider: client.codeActionResolveEdit }
      : true,
    executeCommandProvider: { commands },
    workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
  };
  const fileOperations = features.map((f) => f.fileOperations?.(client)).filter((o) => o !== undefined);
  if (fileOperations.length > 0) caps.workspace!.fileOperations = Object.assign({}, ...fileOperations);
  if (client.pullDiagnostics) caps.diagnosticProvider = { interFileDependencies: true, workspaceDiagnostics: false };
  return caps;
}

function makeContext(
  connection: Connection,
  session: WorkspaceSession,
  documents: DocumentStore,
  client: ClientFeatures,
  log: Logger,
  diagnostics: DiagnosticsHub,
  config: ConfigurationManager,
  rootListeners: ((added: string[], removed: string[]) => void)[],
  ready: Promise<void>,
  intake: RequestIntake,
): ServerContext {
  const context: ServerContext = {
    connection,
    intake,
    session,
    documents,
    client,
    log,
    diagnostics,
    progress: new Progress(connection, client, log),
    settings: () => config.settings,
    onSettingsChanged: (listener) => config.onChange(listener),
    onRootsChanged: (listener) => rootListeners.push(listener),
    onRequest: (method, handler) =>
      connection.onRequest(method, (params: unknown, token) =>
        guarded(method, log, token, async () => {
          await ready;
          return handler(params, token);
        }),
      ),
    onNotification: (method, handler) =>
      connection.onNotification(method, async (params: unknown) => {
        await ready;
        try {
          handler(params);
        } catch (err) {
          log.error(`${method} failed: ${(err as Error).stack ?? err}`);
        }
      }),
    applyEdit: async (edit, label, basis) => {
      const outcome = await applyWorkspaceEdit(connection, client, session, documents, edit, label, basis);
      context.noteSplitLinks(outcome.splitLinks);
      return outcome;
    },
    noteSplitLinks: (paths) => {
      for (const p of paths ?? []) context.showMessage('warning', `agentls: ${splitLinkNote(p)}`);
    },
    showReport: (name, title, markdown) => showReport(connection, client, log, (level, m) => context.showMessage(level, m), session.cacheDir, name, title, markdown),
    showMessage: (level, message) => {
      log.debug(`message to the user: ${message}`);
      void connection.sendNotification(ShowMessageNotification.type, { type: MESSAGE_TYPES[level], message }).catch(() => undefined);
    },
    services: {},
  };
  return context;
}

