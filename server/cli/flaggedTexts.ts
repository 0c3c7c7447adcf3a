import { editorView } from '../core/text';
import { readRegularFile } from './bomFiles';
import type { FileFindings } from './output';

/** Files larger than this give no snippets: a rule file is far smaller, and a report reads each file once more. */
const MAX_SNIPPET_FILE_BYTES = 1024 * 1024;

/**
 * The text of each file a report flags (its findings' files, not related ones), as an editor
 * shows it (no BOM: the report's ranges are given so), for SARIF's snippets. A file that is
 * no regular file, larger than `MAX_SNIPPET_FILE_BYTES` or not UTF-8 gives none.
 */
export async function flaggedTexts(results: readonly FileFindings[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const { path } of results) {
    const bytes = await readRegularFile(path, MAX_SNIPPET_FILE_BYTES + 1);
    if (bytes === undefined || bytes.length > MAX_SNIPPET_FILE_BYTES) continue;
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      continue;
    }
    out.set(path, editorView(text).text);
  }
  return out;
}
