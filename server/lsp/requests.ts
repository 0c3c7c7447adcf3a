import { ErrorCodes, LSPErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver/node';
import { CancelledError } from '../core/cancel';
import { answeringRequest } from '../core/foreground';
import { ParamError } from '../core/params';
import type { Logger } from '../core/log';

/**
 * Runs a request handler so that nothing it does can take the server down: bad params
 * become `InvalidParams`, cancellation `RequestCancelled`, and any other failure an
 * `InternalError` with a log line carrying the stack.
 */
export async function guarded<T>(
  method: string,
  log: Logger,
  token: CancellationToken | undefined,
  run: () => Promise<T> | T,
  /** Background work steps aside while this is answered (`core/foreground.ts`): false for commands, which may run long and often wait for that very work (a rebuild of the index). */
  holdsBackground = true,
): Promise<T | ResponseError<void>> {
  const answered = holdsBackground ? answeringRequest() : () => undefined;
  try {
    const result = await run();
    if (token?.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, `${method} was cancelled`);
    return result;
  } catch (err) {
    if (err instanceof ResponseError) return err;
    if (err instanceof ParamError) return new ResponseError(ErrorCodes.InvalidParams, `${method}: ${err.message}`);
    if (err instanceof CancelledError || token?.isCancellationRequested) {
      return new ResponseError(LSPErrorCodes.RequestCancelled, `${method} was cancelled`);
    }
    log.error(`${method} failed: ${(err as Error)?.stack ?? String(err)}`);
    return new ResponseError(ErrorCodes.InternalError, `${method} failed: ${(err as Error)?.message ?? String(err)}`);
  } finally {
    answered();
  }
}
