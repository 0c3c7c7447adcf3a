import { editorView } from '../core/text';
import { NodeFileSystem } from '../workspace/fs';
import type { FileFindings } from './output';

/**
 * The files a report points into (those with findings and those their related locations
 * name) that start with a UTF-8 BOM. The report gives their line-1 columns as an editor
 * shows the file, without the BOM; the file is read as `editorView` judges it, so the CLI
 * and the language server agree on which files have one.
 */
export async function filesWithBom(results: readonly FileFindings[]): Promise<Set<string>> {
  const paths = new Set(results.flatMap((r) => [r.path, ...r.findings.flatMap((f) => f.related?.map((x) => x.path) ?? [])]));
  const disk = new NodeFileSystem();
  const out = new Set<string>();
  for (const p of paths) {
    const read = await disk.readText(p);
    if (read.ok && editorView(read.text).bom) out.add(p);
  }
  return out;
}
