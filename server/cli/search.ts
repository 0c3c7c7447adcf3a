import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { NEVER_CANCELLED } from '../core/cancel';
import { leveledLogger } from '../core/log';
import { ParamError } from '../core/params';
import { SearchEngine } from '../search/engine';
import { unreadableSummary } from '../search/folderIndex';
import { MAX_RESULTS, readSearchRequest } from '../search/request';
import { SqliteStore } from '../search/sqliteStore';
import { MemoryStore, type IndexStore } from '../search/store';
import { resolveHome } from '../workspace/home';
import { refuseWholeRoot } from './wholeRoot';
import { WorkspaceSession } from '../workspace/session';
import { EXIT, UsageError, exitCodesHelp, write, type CliCommand } from './command';
import { linePath } from './output';

export const searchCommand: CliCommand = {
  name: 'search',
  summary: 'fuzzy-find files of the workspace, ranked as the editor ranks them (RAWP control.file.search)',
  usage: `agentls search [QUERY] [--json] [--max N] [--ext .ts,.tsx] [--exclude GLOB]… [--scope workspace|project|global] [--no-cache]
    Fuzzy-finds files of the workspace, ranked as the editor ranks them; an empty QUERY lists
    the most recently modified files. Prints one path a line (relative to the root; one that
    holds a line break as a quoted JSON string), or with --json the RAWP
    session.file.candidates payload.
    --max N       most candidates (default and ceiling ${MAX_RESULTS}, as RAWP control.file.search caps it)
    --ext         only these extensions (comma-separated, repeatable)
    --exclude     leave out paths matching GLOB (repeatable), on top of .gitignore, .ignore
    --scope       workspace (default) or project: the root (the CLI has one folder); global adds
                  the user-level rule folders under the home directory (RAWP scope)
    --no-cache    index in memory only (no SQLite file under the cache folder)
${exitCodesHelp('candidates found', 'no file matches (said on standard error)')}`,
  async run(args, common, io) {
    const { values, positionals } = parseArgs({
      args,
      options: {
        json: { type: 'boolean', default: false },
        max: { type: 'string' },
        ext: { type: 'string', multiple: true },
        exclude: { type: 'string', multiple: true },
        scope: { type: 'string' },
        'no-cache': { type: 'boolean', default: false },
      },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length > 1) throw new UsageError('give one QUERY (quote it when it has spaces)');
    const query = positionals[0] ?? '';
    let maxResults: number | undefined;
    if (values.max !== undefined) {
      maxResults = Number(values.max);
      if (!Number.isInteger(maxResults) || maxResults < 1) throw new UsageError(`--max must be a positive integer, not ${values.max}`);
      if (maxResults > MAX_RESULTS) {
        write(io.stderr, `agentls search: warning: --max ${maxResults} is over the ceiling of ${MAX_RESULTS} candidates; showing at most ${MAX_RESULTS}`);
        maxResults = MAX_RESULTS;
      }
    }
    const extensions = (values.ext ?? []).flatMap((e) => e.split(',')).filter((e) => e.trim() !== '');
    let request;
    try {
      request = readSearchRequest({
        query_id: randomUUID(),
        query,
        max_results: maxResults,
        scope: values.scope,
        filters: { extensions, exclude_patterns: values.exclude ?? [] },
      });
    } catch (err) {
      if (err instanceof ParamError) throw new UsageError(err.message.replace(/^filters\.exclude_patterns/, '--exclude').replace(/^scope/, '--scope'));
      throw err;
    }

    const log = leveledLogger((level, message) => write(io.stderr, `agentls search: ${message}`), () => 'warn');
    refuseWholeRoot('search', common.root, resolveHome(common.settings.home));
    const session = new WorkspaceSession(common.settings, log);
    session.addFolder(common.root);
    const store: IndexStore = values['no-cache'] ? new MemoryStore() : await SqliteStore.open(session.cacheDir, log);
    // The walk reconciles the stored list with the disk; sizes and times are read only for
    // the answer, unless the query is empty (most recently modified first needs them all).
    const engine = new SearchEngine(session, { store, log, statFiles: request.query.trim() === '', reconcileDelayMs: 0 });
    try {
      const reports = await engine.sync();
      const result = await engine.search(request, NEVER_CANCELLED);
      if (values.json) write(io.stdout, JSON.stringify(result, null, 2));
      else if (result.candidates.length) write(io.stdout, result.candidates.map((c) => linePath(c.path)).join('\n'));
      // A folder that could not be read was not searched: the answer is partial, whatever it found (exit 2, as every command).
      const unread = unreadableSummary(reports);
      if (unread) write(io.stderr, `agentls search: ${unread}: the files there were not searched`);
      if (result.candidates.length === 0) write(io.stderr, `agentls search: no file matches ${JSON.stringify(query)}${unread ? ' among the files that could be read' : ''}`);
      if (unread) return EXIT.error;
      return result.candidates.length ? EXIT.clean : EXIT.problems;
    } finally {
      engine.dispose();
      store.close();
      session.dispose();
    }
  },
};
