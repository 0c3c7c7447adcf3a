import type { Connection } from 'vscode-languageserver/node';
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

  async begin(title: string, message?: string): Promise<ProgressHandle> {
    this.log.info(message ? `${title}: ${message}` : title);
    if (!this.client.workDoneProgress) {
      return {
        report: (m) => this.log.debug(`${title}: ${m}`),
        done: (m) => this.log.info(m ? `${title}: ${m}` : `${title}: done`),
      };
    }
    try {
      const reporter = await this.connection.window.createWorkDoneProgress();
      reporter.begin(title, 0, message, false);
      let finished = false;
      return {
        report: (m, p) => {
          if (!finished) reporter.report(p ?? 0, m);
        },
        done: (m) => {
          if (finished) return;
          finished = true;
          if (m) this.log.info(`${title}: ${m}`);
          reporter.done();
        },
      };
    } catch (err) {
      this.log.debug(`progress unavailable: ${(err as Error).message}`);
      return { report: () => undefined, done: () => undefined };
    }
  }
}
