import * as path from 'node:path';
import type { Connection } from 'vscode-languageserver/node';
import type { Logger } from '../core/log';
import { pathToUri } from '../workspace/paths';
import { writeFilesAtomically } from '../workspace/write';
import type { ClientFeatures } from './clientFeatures';

/** The folder reports are written to. */
export function reportsDir(cacheDir: string): string {
  return path.join(cacheDir, 'reports');
}

/**
 * True for a report this server wrote: it is our own output, and its examples (the
 * placeholder `rule://NAME` in the buckets report) are not the user's to fix.
 */
export function isReportPath(cacheDir: string, filePath: string): boolean {
  const rel = path.relative(reportsDir(cacheDir), filePath);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/**
 * Shows a report the way every client can: the text goes to a Markdown file in the
 * cache folder (never into the workspace), which is opened with `window/showDocument`
 * when the client supports it; otherwise a message names the file. Returns its path.
 */
export async function showReport(
  connection: Connection,
  client: ClientFeatures,
  log: Logger,
  showMessage: (level: 'info', message: string) => void,
  cacheDir: string,
  name: string,
  title: string,
  markdown: string,
): Promise<string> {
  const dir = reportsDir(cacheDir);
  const file = path.join(dir, `${name.replace(/[^A-Za-z0-9._-]/g, '_')}.md`);
  // Through the workspace's one atomic write: an editor showing the report never reads half of it.
  const written = await writeInTurn(file, markdown);
  if (!written.ok) throw new Error(`${title}: could not write the report: ${written.message}`);
  log.info(`${title}: report written to ${file}`);
  if (client.showDocument) {
    try {
      const shown = await connection.window.showDocument({ uri: pathToUri(file), takeFocus: true });
      if (shown.success) return file;
    } catch (err) {
      log.debug(`showDocument failed: ${(err as Error).message}`);
    }
  }
  showMessage('info', `${title}: see ${file}`);
  return file;
}

/** The last write of each report file, so that the next waits for it. */
const writing = new Map<string, Promise<unknown>>();

/**
 * Writes one report after any earlier write of the same file. The atomic write refuses a
 * file that changes while it is being written (right for the user's files); two requests
 * for one report (a command sent twice) would otherwise refuse each other.
 */
function writeInTurn(file: string, markdown: string): ReturnType<typeof writeFilesAtomically> {
  const next = (writing.get(file) ?? Promise.resolve()).then(() => writeFilesAtomically([{ path: file, text: markdown }]));
  const settled = next.catch(() => undefined);
  writing.set(file, settled);
  void settled.then(() => {
    if (writing.get(file) === settled) writing.delete(file);
  });
  return next;
}
