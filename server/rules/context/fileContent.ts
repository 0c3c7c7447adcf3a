import { pathToFileURL } from 'node:url';
import type { FileSystem } from '../../workspace/fs';
import { CONTINUE_EMPTY_PAST_BYTES } from '../agents/continueContent';

/**
 * A file's text as rules that test content (Continue's `regex`) are judged against: read through
 * the workspace's confined file system (an open buffer's text where the server has one), within
 * the largest file Continue reads any of (`CONTINUE_EMPTY_PAST_BYTES`); else why it was not read.
 */
export type FileContent = { text: string; uri: string; bytes: number } | { unread: string };

export async function readFileContent(fs: FileSystem, absPath: string): Promise<FileContent> {
  const read = await fs.readText(absPath, { maxBytes: CONTINUE_EMPTY_PAST_BYTES, lossy: true });
  if (!read.ok) return { unread: read.reason === 'too-large' ? `it is larger than the ${CONTINUE_EMPTY_PAST_BYTES.toLocaleString('en-US')} bytes agentls reads for this` : read.message };
  return { text: read.text, uri: pathToFileURL(absPath).href, bytes: Buffer.byteLength(read.text, 'utf8') };
}
