import * as fsp from 'node:fs/promises';
import type { FileFindings } from './output';

/** A UTF-8 byte-order mark, as it starts a file on disk. */
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * The files a report points into (those with findings and those their related locations
 * name) that start with a UTF-8 BOM. The report gives their line-1 columns as an editor
 * shows the file, without the BOM (`editorView` is the same judgement on text). Only the
 * first three bytes of each are read: the linters have read the files already.
 */
export async function filesWithBom(results: readonly FileFindings[]): Promise<Set<string>> {
  const paths = new Set(results.flatMap((r) => [r.path, ...r.findings.flatMap((f) => f.related?.map((x) => x.path) ?? [])]));
  const out = new Set<string>();
  for (const p of paths) if (await startsWithBom(p)) out.add(p);
  return out;
}

async function startsWithBom(p: string): Promise<boolean> {
  const head = await readRegularFile(p, 3);
  return head !== undefined && head.equals(BOM);
}

/**
 * Up to `maxBytes` of the file at `p` from its start, or undefined where it is no regular file
 * or cannot be read. Regular files only: a finding can name a FIFO (a rule file that is one),
 * and opening it would let a writer waiting on it through. O_NONBLOCK for one swapped in since.
 */
export async function readRegularFile(p: string, maxBytes: number): Promise<Buffer | undefined> {
  if (!(await fsp.stat(p).then((st) => st.isFile(), () => false))) return undefined;
  const file = await fsp.open(p, fsp.constants.O_RDONLY | fsp.constants.O_NONBLOCK).catch(() => undefined);
  if (!file) return undefined;
  try {
    const buffer = Buffer.alloc(maxBytes);
    const { bytesRead } = await file.read(buffer, 0, maxBytes, 0);
    return buffer.subarray(0, bytesRead);
  } catch {
    return undefined;
  } finally {
    await file.close().catch(() => undefined);
  }
}
