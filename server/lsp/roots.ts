import * as path from 'node:path';
import type { Logger } from '../core/log';
import { uriToPath } from '../workspace/paths';

/**
 * Whether a workspace folder the client names can be a root: a `file:` URI, or for the
 * old `rootPath` an absolute path. Anything else (`""`, a relative path, another scheme)
 * would otherwise resolve against the server's working directory, which from `/tmp` or
 * `/` means indexing whatever lies there. Logs why a folder is left out.
 */
export function usableRoot(value: unknown, field: string, log: Logger): boolean {
  const ok = typeof value === 'string' && (/^file:/i.test(value) ? uriToPath(value) !== undefined : field === 'rootPath' && path.isAbsolute(value));
  if (!ok) log.warn(`workspace folder ${JSON.stringify(value)} (${field}) is left out: it is not a file URI${field === 'rootPath' ? ' or an absolute path' : ''}`);
  return ok;
}
