import { applyTextEdits, LineIndex, type TextEdit } from '../core/text';
import { isSafeRuleFix, safeRuleFix, type RuleFix } from '../rules/safeFixes';
import { NodeFileSystem } from '../workspace/fs';
import { isInside } from '../workspace/paths';
import type { Confinement } from '../workspace/confine';
import { writeFilesAtomically } from '../workspace/write';
import type { FileFindings, FixedFile } from './output';

/** One file's text and the safe fixes of its findings, computed on that text. */
export interface FileFixes {
  path: string;
  text: string;
  fixes: { code: string; fix: RuleFix }[];
}

/**
 * Attaches to each finding its safe fix (`rules/safeFixes.ts`), computed on the file as
 * it is on disk now; returns per file the text the edits are against. Only files under
 * the root get fixes: user-level rules under the home directory are the user's to edit.
 */
export async function attachFixes(results: FileFindings[], root: string): Promise<FileFixes[]> {
  const disk = new NodeFileSystem();
  const out: FileFixes[] = [];
  for (const r of results) {
    if (!isInside(root, r.path) || !r.findings.some(isSafeRuleFix)) continue;
    const read = await disk.readText(r.path);
    if (!read.ok) continue;
    const lines = new LineIndex(read.text);
    const entry: FileFixes = { path: r.path, text: read.text, fixes: [] };
    for (const f of r.findings) {
      const fix = safeRuleFix(f, read.text, lines);
      if (!fix || fix.needsReview) continue;
      f.fix = fix;
      entry.fixes.push({ code: f.code, fix });
    }
    if (entry.fixes.length) out.push(entry);
  }
  return out;
}

/**
 * Applies the fixes, one file at a time and each file atomically: the file is written only
 * if it still holds the text the fixes were computed on. A fix whose edits overlap one
 * already taken waits for the next run (the finding is still reported).
 */
export async function applyFixes(files: FileFixes[], confinement: Confinement): Promise<{ fixed: FixedFile[]; failures: string[]; splitLinks: string[] }> {
  const fixed: FixedFile[] = [];
  const failures: string[] = [];
  const splitLinks: string[] = [];
  for (const file of files) {
    const lines = new LineIndex(file.text);
    const taken: { start: number; end: number }[] = [];
    const accepted: FixedFile['fixes'] = [];
    for (const { code, fix } of file.fixes) {
      // Two findings can share one fix (an unquoted `*` glob breaks the YAML and turns
      // `alwaysApply: true` into a string): the edit is made once and resolves both.
      const same = accepted.find((a) => sameEdits(a.edits, fix.edits));
      if (same) {
        same.codes.push(code);
        continue;
      }
      const spans = fix.edits.map((e) => ({ start: lines.offsetAt(e.range.start), end: lines.offsetAt(e.range.end) }));
      const clashes = spans.some((s) => taken.some((t) => s.start < t.end && t.start < s.end || (s.start === s.end && s.start === t.start)));
      if (clashes) continue;
      taken.push(...spans);
      accepted.push({ code, codes: [code], title: fix.title, edits: fix.edits });
    }
    if (accepted.length === 0) continue;
    const next = applyTextEdits(file.text, accepted.flatMap((a) => a.edits));
    const written = await writeFilesAtomically([{ path: file.path, text: next, expectedText: file.text }], confinement);
    if (written.ok) {
      fixed.push({ path: file.path, fixes: accepted });
      splitLinks.push(...(written.splitLinks ?? []));
    } else failures.push(`${file.path}: ${written.message}`);
  }
  return { fixed, failures, splitLinks };
}

function sameEdits(a: readonly TextEdit[], b: readonly TextEdit[]): boolean {
  return a.length === b.length && a.every((e, i) => e.newText === b[i].newText && sameRange(e.range, b[i].range));
}

function sameRange(a: TextEdit['range'], b: TextEdit['range']): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}
