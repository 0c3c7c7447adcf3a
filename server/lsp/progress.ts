import type { Connection, WorkDoneProgressServerReporter } from 'vscode-languageserver/node';
import type { ClientFeatures } from './clientFeatures';
import type { Logger } from '../core/log';

export interface ProgressHandle {
  report(message: string, percentage?: number): void;
  done(message?: string): void;
}

/**
 * `$/progress` for long work, when the client declared `window.workDoneProgress`;
 * otherwise the same messages go to the log, so nothing depends on the client.
 */
export class Progress {
  constructor(
    private readonly connection: Connection,
    private readonly client: ClientFeatures,
    private readonly log: Logger,
  ) {}

  /**
   * Returns at once: the work it reports on starts now, not when the client has answered
   * `window/workDoneProgress/create` (a round trip that held back the file index at every
   * start, and held it for good with a client that never answers). Until the answer, the
   * latest report is kept; progress goes out once the token is the client's, as the LSP
   * asks, and a handle done before that sends its begin and end together.
   */
  begin(title: string, message?: string): ProgressHandle {
    this.log.info(message ? `${title}: ${message}` : title);
    if (!this.client.workDoneProgress) {
      return {
        report: (m) => this.log.debug(`${title}: ${m}`),
        done: (m) => this.log.info(m ? `${title}: ${m}` : `${title}: done`),
      };
    }
    let reporter: WorkDoneProgressServerReporter | undefined;
    let pending: { message: string; percentage: number } | undefined;
    let finished = false;
    this.connection.window.createWorkDoneProgress().then(
      (created) => {
        reporter = created;
        created.begin(title, 0, message, false);
        if (pending) created.report(pending.percentage, pending.message);
        if (finished) created.done();
      },
      (err: unknown) => this.log.debug(`progress unavailable: ${(err as Error)?.message ?? err}`),
    );
    return {
      report: (m, p) => {
        if (finished) return;
        if (reporter) reporter.report(p ?? 0, m);
        else pending = { message: m, percentage: p ?? 0 };
      },
      done: (m) => {
        if (finished) return;
        finished = true;
        if (m) this.log.info(`${title}: ${m}`);
        reporter?.done();
      },
    };
  }
}
