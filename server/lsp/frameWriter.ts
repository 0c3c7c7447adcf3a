import { AbstractMessageWriter, type Message, type MessageWriter } from 'vscode-languageserver/node';
import { frameOf } from './frameText';

/**
 * Writes each message as one frame (`Content-Length` header and JSON body in one string)
 * straight to the stream, in the order `write` is called.
 *
 * The library's `StreamMessageWriter` writes the header and the body as two awaited
 * writes and serialises messages with a semaphore that starts each one on a later
 * `setImmediate`: a message waits one turn of the event loop per message queued before
 * it, and a search runs a slice of work in each of those turns. Under load that put a
 * `RequestCancelled` answered at arrival several milliseconds behind (the load
 * benchmark's server trace: answers of one chunk written 2-4 ms apart). One `write` call
 * per message keeps frames whole without any queue of ours: the stream keeps the order.
 */
export class FrameWriter extends AbstractMessageWriter implements MessageWriter {
  private errorCount = 0;

  constructor(private readonly stream: NodeJS.WritableStream) {
    super();
    stream.on('error', (err: Error) => this.fireError(err));
    stream.on('close', () => this.fireClose());
  }

  write(message: Message): Promise<void> {
    let frame: string;
    try {
      frame = frameOf(JSON.stringify(message));
    } catch (err) {
      this.fireError(err, message);
      return Promise.reject(err as Error);
    }
    return new Promise((resolve, reject) => {
      this.stream.write(frame, 'utf8', (err?: Error | null) => {
        if (err) {
          this.errorCount++;
          this.fireError(err, message, this.errorCount);
          reject(err);
          return;
        }
        this.errorCount = 0;
        resolve();
      });
    });
  }

  end(): void {
    this.stream.end();
  }
}
