import { LanguageClient } from 'vscode-languageclient/node';

/** What vscode-languageclient 9.0.1 logs when the server process ends with code 0 (lib/node/main.js). */
const CLEAN_EXIT = 'Server process exited with code 0.';

/**
 * The language client, with one difference: the end of a server it was asked to stop is not
 * logged as an error. vscode-languageclient 9.0.1 (lib/node/main.js, the 'exit' listener it
 * puts on the server process) calls `error()` for every exit, "Server process exited with code
 * 0." after a `stop()` too; and the process ends after `stop()` resolves, so on "Restart the
 * server" the line came after "starting the server with …", an error for a restart the user
 * asked for. Once a stop was asked for (restart, a settings change, deactivation), a clean exit
 * is logged as Info; any other end (a code other than 0, a signal, or an exit nobody asked
 * for) stays an error, so real crashes are still reported.
 */
export class AgentlsLanguageClient extends LanguageClient {
  private stopRequested = false;

  override stop(timeout?: number): Promise<void> {
    // dispose() stops through here as well (vscode-languageclient's common/client.js).
    this.stopRequested = true;
    return super.stop(timeout);
  }

  override error(message: string, data?: unknown, showNotification?: boolean | 'force'): void {
    if (this.stopRequested && message === CLEAN_EXIT) return this.info('the server stopped, as asked (exit code 0)', undefined, false);
    super.error(message, data, showNotification);
  }
}
