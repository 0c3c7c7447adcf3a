import { AbstractMessageReader, Disposable, type DataCallback } from 'vscode-languageserver/node';
import { FrameScanner, type FrameRefusal } from './frameScanner';

/**
 * The connection's reader over a stream, through `FrameScanner`: a frame it cannot read is
 * reported and skipped, and reading resumes at the next `Content-Length` header (the
 * library's reader stops at the first bad header, and the connection then hangs silently).
 */
export class ResyncingMessageReader extends AbstractMessageReader {
  private callback: DataCallback | undefined;
  private readonly scanner: FrameScanner;

  /** `refuse` answers a frame that holds no readable request (see `FrameScanner`). */
  constructor(
    private readonly readable: NodeJS.ReadableStream,
    report: (problem: string) => void = () => undefined,
    refuse: (error: FrameRefusal) => void = () => undefined,
  ) {
    super();
    this.scanner = new FrameScanner((message) => this.callback?.(message), report, refuse);
  }

  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    const onData = (data: Buffer | string) => this.scanner.push(typeof data === 'string' ? Buffer.from(data) : data);
    const onError = (err: Error) => this.fireError(err);
    const onClose = () => this.fireClose();
    this.readable.on('data', onData);
    this.readable.on('error', onError);
    this.readable.on('close', onClose);
    this.readable.on('end', onClose);
    return Disposable.create(() => {
      this.readable.off('data', onData);
      this.readable.off('error', onError);
      this.readable.off('close', onClose);
      this.readable.off('end', onClose);
    });
  }
}
