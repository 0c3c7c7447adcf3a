import { createConnection, ProposedFeatures, type MessageReader, type MessageWriter, type ResponseMessage } from 'vscode-languageserver/node';
import { FrameWriter } from './frameWriter';
import { ResyncingMessageReader } from './framing';
import { RequestIntake } from './intake';
import { loadTrace } from './loadTrace';
import { startServer } from './server';
import type { WireThread } from './wire/spawn';
import { wireTransport } from './wire/wireTransport';

/**
 * Starts the language server on stdin/stdout; the process lives until `exit` or stdin
 * closes. Messages are read by our own frame reader (it resynchronises after a bad
 * header where the library's would hang) and pass the intake (cancels answered at once).
 * Given the wire thread (`wire/spawn.ts`: where stdin and stdout are pipes, as editors
 * start servers), the reading and writing happen there, so a cancel is answered while
 * this thread is busy; without it, on this thread.
 */
export function runStdioServer(wireThread: WireThread | undefined): void {
  const intake = new RequestIntake();
  const problems: ((problem: string) => void)[] = [];
  const report = (problem: string) => {
    process.stderr.write(`agentls: ${problem}\n`);
    for (const p of problems) p(problem);
  };
  const leave = () => process.exit(intake.shuttingDown ? 0 : 1);
  let reader: MessageReader;
  let writer: MessageWriter;
  const wire = wireThread && wireTransport(wireThread);
  if (wire) {
    reader = wire.reader;
    writer = wire.writer;
    wire.onProblem(report);
    wire.onClosed(leave);
    if (loadTrace) {
      const trace = loadTrace;
      trace.answersElsewhere();
      wire.onCancels((cancels) => trace.cancelsAnswered(cancels));
    }
  } else {
    writer = new FrameWriter(process.stdout);
    const answer = writer;
    reader = new ResyncingMessageReader(process.stdin, report, ({ id = null, ...error }) => void answer.write({ jsonrpc: '2.0', id, error } as ResponseMessage).catch(() => undefined));
    // The library exits on its own only when handed the raw streams; an editor that goes away must not leave us behind.
    process.stdin.on('end', leave);
    process.stdin.on('close', leave);
  }
  const connection = createConnection(ProposedFeatures.all, intake.reader(reader), intake.writerFor(writer), intake.connectionOptions());
  problems.push((problem) => connection.console.warn(`protocol: ${problem}`));
  startServer(connection, intake);
  connection.listen();
}
