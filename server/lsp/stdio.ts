import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './server';

/** Starts the language server on stdin/stdout; the process lives until `exit` or stdin closes. */
export function runStdioServer(): void {
  const connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout);
  startServer(connection);
  connection.listen();
}
