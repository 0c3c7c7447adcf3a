import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import { Commands, IndexProgressTitles, Methods } from '../../../protocol/methods';
import type { FileCandidatesPayload, FileSearchPayload } from '../../../protocol/rawp';
import { CancellationSource, CancelledError, type Cancellation } from '../../core/cancel';
import { params, ParamError } from '../../core/params';
import type { Settings } from '../../core/settings';
import { SearchEngine, type BuildProgress, type PathPick } from '../../search/engine';
import { unreadableSummary, type BuildReport } from '../../search/folderIndex';
import { readSearchRequest, type SearchRequest } from '../../search/request';
import type { OutlineLeaveOut } from '../../search/outline';
import { SqliteStore } from '../../search/sqliteStore';
import type { Feature, ServerContext } from '../feature';
import { indexWaitMs, untilFileExists } from '../testHolds';
import { countWork } from '../../workspace/testCounts';
import { fileSearchReport } from './report';
import { supersedeOnArrival } from './supersede';

/**
 * How long a search that arrives before a folder's first listing has any file waits for
 * them: it answers as soon as the first ones are in, from what is indexed so far (the answer
 * then says `indexing: true`), and at the end of this wait with nothing if none came.
 */
const FIRST_ANSWER_WAIT_MS = 300;

/**
 * The file index and fuzzy file search (`agentls/fileSearch`, `agentls/fileSearchCancel`,
 * `agentls.index.rebuild`, and the `fileSearch` service prompt completion uses). A newer
 * `agentls/fileSearch` supersedes one still running; a cancelled or superseded search
 * answers `RequestCancelled`, never results.
 */
export function fileSearchFeature(): Feature {
  let ctx: ServerContext;
  let engine: SearchEngine | undefined;
  let store: SqliteStore | undefined;
  let markStarted!: () => void;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const running = new Map<string, CancellationSource>();
  const told = new Set<string>();
  const listedListeners: ((root: string) => void)[] = [];

  /** Tells the user once about each folder that is not indexed (the home folder, the file system root). */
  const tellRefusals = (e: SearchEngine): void => {
    for (const refusal of e.refusals()) {
      if (told.has(refusal)) continue;
      told.add(refusal);
      ctx.showMessage('warning', refusal);
    }
  };

  /** `agentls.cacheDir` changed: the index is kept in the new folder from now on, no restart. */
  const moveStore = async (): Promise<void> => {
    await started;
    if (!engine) return;
    const next = await SqliteStore.open(ctx.session.cacheDir, ctx.log);
    const old = store;
    store = next;
    engine.moveTo(next);
    old?.close();
    ctx.log.info(`file index: kept in ${ctx.session.cacheDir} from now on`);
  };

  const ensureEngine = async (): Promise<SearchEngine> => {
    await started;
    if (!engine) throw new Error('the file index is not available');
    return engine;
  };

  const run = async (request: SearchRequest, cancel: Cancellation): Promise<FileCandidatesPayload> => (await ensureEngine()).search(request, cancel);

  const progressFor = (title: string): { progress: BuildProgress; done: (reports: BuildReport[]) => void } => {
    const handle = ctx.progress.begin(title);
    const counts = new Map<string, number>();
    return {
      progress: (root, files) => {
        counts.set(root, files);
        handle.report(`${[...counts.values()].reduce((a, b) => a + b, 0)} files`);
      },
      done: (reports) => handle.done(summary(reports)),
    };
  };

  const build = async (how: 'sync' | 'refresh' | 'rebuild'): Promise<BuildReport[]> => {
    const e = await ensureEngine();
    const { progress, done } = progressFor(how === 'rebuild' ? IndexProgressTitles.rebuild : IndexProgressTitles.build);
    const reports = await (how === 'sync' ? e.sync(progress) : how === 'refresh' ? e.refresh(progress) : e.rebuild(progress));
    done(reports);
    tellRefusals(e);
    return reports;
  };

  return {
    id: 'fileSearch',
    commands: {
      [Commands.indexRebuild]: async () => {
        const t0 = performance.now();
        const reports = await build('rebuild');
        const message = `File index rebuilt: ${summary(reports)} in ${Math.round(performance.now() - t0)} ms.`;
        ctx.showMessage('info', message);
        return { files: reports.reduce((n, r) => n + r.files, 0) };
      },
      [Commands.fileSearchReport]: async (args, token) => {
        // Without arguments (Helix cannot pass any): the empty query, which lists the files changed last.
        const request = readSearchRequest(args[0] ?? { query_id: randomUUID(), query: '' });
        const result = await run(request, token);
        await ctx.showReport('file-search', 'File search', fileSearchReport(request, result));
        return result;
      },
    },

    activate(context) {
      ctx = context;
      ctx.services.fileSearch = {
        search: (payload: FileSearchPayload, cancel: Cancellation) => run(readSearchRequest(payload), cancel),
        recordPick: (p: string) => engine?.recordPick(p),
        paths: async (root: string) => counted('index-paths', await (await ensureEngine()).filesOf(root, 60_000)),
        ruleFolderLinks: async (root: string, waitMs = 60_000) => (await ensureEngine()).ruleFolderLinksOf(root, waitMs),
        ruleFolderLinksNow: async (root: string) => (await ensureEngine()).ruleFolderLinksNow(root),
        pathsWithExtensions: async (root: string, extensions: readonly string[], names?: readonly string[], also?: PathPick) => counted('index-paths-with-extensions', await (await ensureEngine()).filesWithExtensions(root, extensions, 60_000, names, also)),
        pathsNamedNow: async (root: string, name: string) => (await ensureEngine()).filesNamedNow(root, name),
        pathsWithExtensionsNow: async (root: string, extensions: readonly string[]) => (await ensureEngine()).filesWithExtensionsNow(root, extensions),
        whenIndexed: async (root: string) => (await ensureEngine()).whenNamesKnown(root),
        outline: async (root: string, relDir: string, cancel: Cancellation, leaveOut?: OutlineLeaveOut) => (await ensureEngine()).outline(root, relDir, cancel, leaveOut),
        onListed: (listener) => void listedListeners.push(listener),
      };
      const holdThread = threadHold((line) => ctx.log.info(line));
      ctx.onRequest(Methods.fileSearch, async (raw, token) => {
        holdThread?.();
        const request = readSearchRequest(raw);
        const own = new CancellationSource();
        // A newer search supersedes this one through the intake (`supersede.ts`), which fires `token` as the newer one arrives.
        running.get(request.queryId)?.cancel();
        running.set(request.queryId, own);
        const cancel: Cancellation = {
          get isCancellationRequested() {
            return own.isCancellationRequested || token.isCancellationRequested;
          },
          // The search's waits for the index end at either (`within`), not at their caps.
          onCancellationRequested(listener) {
            const mine = own.onCancellationRequested(listener);
            const theirs = token.onCancellationRequested?.(listener);
            return {
              dispose() {
                mine.dispose();
                theirs?.dispose();
              },
            };
          },
        };
        try {
          const result = await run(request, cancel);
          if (cancel.isCancellationRequested) throw new CancelledError();
          return result;
        } finally {
          if (running.get(request.queryId) === own) running.delete(request.queryId);
        }
      });
      supersedeOnArrival(ctx);
      // A search's query cancelled: `agentls/fileSearchCancel` is a notification, but a client that sends it as a request
      // (with an id) is answered null once the query is cancelled, not MethodNotFound.
      // One whose search has not arrived yet is answered as that search arrives (`supersede.ts`).
      const cancelQuery = (queryId: string): void => running.get(queryId)?.cancel();
      const queryIdOf = (raw: unknown): string => params.string(params.object(raw), 'query_id');
      ctx.onNotification(Methods.fileSearchCancel, (raw) => {
        let queryId: string;
        try {
          queryId = queryIdOf(raw);
        } catch (err) {
          if (err instanceof ParamError) {
            ctx.log.warn(`${Methods.fileSearchCancel}: ${err.message}`);
            return;
          }
          throw err;
        }
        cancelQuery(queryId);
      });
      // Params that are no query are refused (InvalidParams), as any request's are.
      ctx.onRequest(Methods.fileSearchCancel, (raw) => {
        cancelQuery(queryIdOf(raw));
        return null;
      });
      ctx.onRootsChanged(() => void build('sync').catch((err) => ctx.log.error(`file index: ${(err as Error).stack ?? err}`)));
      ctx.onSettingsChanged((next: Settings, previous: Settings) => {
        const failed = (err: unknown) => ctx.log.error(`file index: ${(err as Error).stack ?? err}`);
        // Another home or profile moves the user-level rule folders (scope global).
        if (next.home !== previous.home || next.rules.profile !== previous.rules.profile || next.rules.piConfigDir !== previous.rules.piConfigDir) {
          void build('sync').catch(failed);
        }
        if (JSON.stringify(next.search) !== JSON.stringify(previous.search)) void build('refresh').catch(failed);
        if (next.cacheDir !== previous.cacheDir) void moveStore().catch(failed);
      });
    },

    async start() {
      try {
        store = await SqliteStore.open(ctx.session.cacheDir, ctx.log);
        const onListed = (root: string) => {
          for (const listener of listedListeners) listener(root);
        };
        engine = new SearchEngine(ctx.session, { store, log: ctx.log, waitForNamesMs: indexWaitMs(FIRST_ANSWER_WAIT_MS), between: listingHold((line) => ctx.log.info(line)), onListed });
      } catch (err) {
        markStarted();
        throw err;
      }
      const { progress, done } = progressFor(IndexProgressTitles.build);
      // sync() creates every folder's index before it awaits: searches from now on find them.
      const syncing = engine.sync(progress);
      markStarted();
      const reports = await syncing;
      done(reports);
      tellRefusals(engine);
      const said = `file index: ${summary(reports)}`;
      if (unreadableSummary(reports)) ctx.log.warn(said);
      else ctx.log.info(said);
    },

    dispose() {
      engine?.dispose();
      store?.close();
    },
  };
}

/** Counts one answer of the index to another feature and the paths it gave (`testCounts.ts`: nothing when unset). */
function counted<T extends readonly string[] | undefined>(what: string, paths: T): T {
  countWork(what);
  if (paths) countWork(`${what}-listed`, paths.length);
  return paths;
}

/**
 * For tests that need a first index caught half-way (`AGENTLS_TEST_HOLD_INDEX=FILE`): once a
 * listing has files, it waits until FILE exists. Or caught before its first files
 * (`AGENTLS_TEST_HOLD_INDEX_START=FILE`): a listing waits before it lists anything, saying so
 * in the log, and searches wait for the first files as long as it does (`indexWaitMs`).
 * Unset, listings never wait.
 */
function listingHold(say: (line: string) => void): ((root: string, files: number) => Promise<void> | undefined) | undefined {
  const halfWay = process.env.AGENTLS_TEST_HOLD_INDEX;
  const atStart = process.env.AGENTLS_TEST_HOLD_INDEX_START;
  if (!halfWay && !atStart) return undefined;
  return (root, files) => {
    const gate = files === 0 ? atStart : halfWay;
    const held = gate ? untilFileExists(gate) : undefined;
    if (held && files === 0) say(`test: holding the listing of ${root} before its first files until ${gate} exists`);
    return held;
  };
}

/**
 * For the test that a cancel is answered while this thread is busy
 * (`AGENTLS_TEST_HOLD_THREAD=FILE`): a search holds the thread, answering nothing and
 * reading nothing, until FILE exists (20 s at most). Unset, searches never wait.
 */
function threadHold(say: (line: string) => void): (() => void) | undefined {
  const gate = process.env.AGENTLS_TEST_HOLD_THREAD;
  if (!gate) return undefined;
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  return () => {
    if (fs.existsSync(gate)) return;
    say(`test: holding the server's thread until ${gate} exists`);
    const until = Date.now() + 20_000;
    while (!fs.existsSync(gate) && Date.now() < until) Atomics.wait(sleeper, 0, 0, 10);
  };
}

function summary(all: BuildReport[]): string {
  const reports = all.filter((r) => !r.userLevel);
  const files = reports.reduce((n, r) => n + r.files, 0);
  const restored = reports.some((r) => r.fromSnapshot) ? ', restored from the cache and checked against the disk' : '';
  const git = reports.some((r) => r.listedBy === 'git') ? ', listed by git' : '';
  // What the listing could not read: search and `@` completion do not offer the files there, and the user should know why.
  const unread = unreadableSummary(reports);
  return `${files} file${files === 1 ? '' : 's'} in ${reports.length} folder${reports.length === 1 ? '' : 's'}${git}${restored}${unread ? `; ${unread}: the files there are not searched` : ''}`;
}

