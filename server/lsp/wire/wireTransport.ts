import { AbstractMessageReader, AbstractMessageWriter, Disposable, type DataCallback, type Message, type MessageReader, type MessageWriter, type ResponseMessage } from 'vscode-languageserver/node';
import type { FromWire, ToWire, WireCancel } from './channel';
import type { WireThread } from './spawn';

/** The connection's reader and writer through the wire thread, and what else it reports. */
export interface WireTransport {
  reader: MessageReader;
  writer: MessageWriter;
  /** A frame could not be read (skipped). */
  onProblem(listener: (problem: string) => void): void;
  /** Cancels the wire thread answered itself (only with `trace`). */
  onCancels(listener: (cancels: WireCancel[]) => void): void;
  /** stdin has closed, or the wire thread has stopped. */
  onClosed(listener: () => void): void;
}

/**
 * The connection's side of the wire thread (`spawn.ts` starts it): a reader fed with the
 * messages it passes on, chunk by chunk, and a writer that hands it each message as JSON.
 */
export function wireTransport(thread: WireThread): WireTransport {
  const problems: ((problem: string) => void)[] = [];
  const cancels: ((cancels: WireCancel[]) => void)[] = [];
  const closed: (() => void)[] = [];
  let deliver: DataCallback | undefined;
  const reader = new (class extends AbstractMessageReader {
    listen(callback: DataCallback): Disposable {
      deliver = callback;
      // Only now: what the thread said before is held for the connection until it listens.
      thread.listen(fromThread);
      return Disposable.create(() => (deliver = undefined));
    }
  })();
  const writer = new (class extends AbstractMessageWriter {
    write(message: Message): Promise<void> {
      let body: string;
      try {
        body = JSON.stringify(message);
      } catch (err) {
        this.fireError(err, message);
        return Promise.reject(err as Error);
      }
      const response = message as ResponseMessage;
      const answers = !('method' in message) && response.id !== null && response.id !== undefined ? response.id : undefined;
      thread.post({ body, answers } satisfies ToWire);
      return Promise.resolve();
    }
    end(): void {}
  })();
  const fromThread = (message: FromWire) => {
    switch (message.kind) {
      case 'messages':
        for (const m of message.messages) deliver?.(m as Message);
        break;
      case 'problem':
        for (const l of problems) l(message.problem);
        break;
      case 'cancels':
        for (const l of cancels) l(message.cancels);
        break;
      case 'failed':
        // The thread only carries bytes: with it the connection is gone, and the editor restarts a server that exits.
        process.stderr.write(`agentls: the thread reading and writing the editor's messages failed: ${message.problem}\n`);
        for (const l of closed) l();
        break;
      case 'closed':
        for (const l of closed) l();
        break;
    }
  };
  return {
    reader,
    writer,
    onProblem: (l) => problems.push(l),
    onCancels: (l) => cancels.push(l),
    onClosed: (l) => closed.push(l),
  };
}
