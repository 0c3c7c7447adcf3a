import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { FrameWriter } from './frameWriter';
import { ResyncingMessageReader } from './framing';
import { RequestIntake } from './intake';
import { startServer } from './server';

/**
 * Starts the language server on stdin/stdout; the process lives until `exit` or stdin
 * closes. Messages are read by our own frame reader (it resynchronises after a bad
 * header where the library's would hang) and pass the intake (cancels answered at once).
 */
export function runStdioServer(): void {
  const intake = new RequestIntake();
  const frames = new ResyncingMessageReader(process.stdin, (problem) => process.stderr.write(`agentls: ${problem}\n`));
  const connection = createConnection(ProposedFeatures.all, intake.reader(frames), intake.writerFor(new FrameWriter(process.stdout)), intake.connectionOptions());
  frames.onProblem((problem) => {
    process.stderr.write(`agentls: ${problem}\n`);
    connection.console.warn(`protocol: ${problem}`);
  });
  // The library exits on its own only when handed the raw streams; an editor that goes away must not leave us behind.
  const leave = () => process.exit(intake.shuttingDown ? 0 : 1);
  process.stdin.on('end', leave);
  process.stdin.on('close', leave);
  startServer(connection, intake);
  connection.listen();
}
