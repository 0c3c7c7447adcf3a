import { throwIfCancelled, yieldToEventLoop, type Cancellation } from '../core/cancel';
import { mergeSections, splitPatch, type MergedSection, type SplitResult } from './input';
import { parseSection, rangeBudget, type ParsedSection } from './parse';
import { applySection, MAX_PATCH_FILES, refusingLoneCr, type HostRead, type PatchHost } from './plan';
import { normalizeText, type FileLines } from './text';

/**
 * Everything an editor shows about a patch document, computed once per version: the
 * sections, where each resolves, what each file holds now, and what applying each section
 * would do. Diagnostics, hover, links and code actions all read this.
 */
export interface AnalyzedSection {
  merged: MergedSection;
  target: ReturnType<PatchHost['resolve']>;
  parsed: ParsedSection;
  read?: HostRead;
  /** The file's current LF-normalised lines, when it could be read (`[""]` when absent). */
  lines?: FileLines;
  /** What applying the section would do, when it parses and its file can be edited. */
  result?: ReturnType<typeof applySection>;
  /** Its file holds what it made of it: applied already (`applied.ts`), so its stale anchors are no fault. */
  applied?: true;
}

export interface PatchAnalysis {
  split: SplitResult;
  sections: AnalyzedSection[];
  /** Sections beyond the cap were not analysed. */
  truncated: boolean;
}

export async function analyzePatch(text: string, host: PatchHost, cancel?: Cancellation): Promise<PatchAnalysis> {
  const split = splitPatch(text, { normalizePath: host.normalize?.bind(host) });
  const merged = mergeSections(split.sections, (p) => {
    const r = host.resolve(p);
    return r.ok ? r.path : `unresolved:${p}`;
  });
  const sections: AnalyzedSection[] = [];
  const budget = rangeBudget();
  for (const m of merged.slice(0, MAX_PATCH_FILES)) {
    throwIfCancelled(cancel);
    const target = host.resolve(m.path);
    const parsed = parseSection(m.lines, budget);
    const section: AnalyzedSection = { merged: m, target, parsed };
    sections.push(section);
    if (!target.ok) continue;
    section.read = refusingLoneCr(await host.read(target.path), m.path);
    if (section.read.kind === 'error') continue;
    section.lines = normalizeText(section.read.kind === 'text' ? section.read.text : '').lines;
    const anchored = parsed.edits.some((e) => e.kind === 'delete' || e.cursor.kind === 'before' || e.cursor.kind === 'after');
    if (parsed.issues.length === 0 && (section.read.kind === 'text' || !anchored)) section.result = applySection(parsed, section.lines, host, target.path);
    if (sections.length % 16 === 0) await yieldToEventLoop();
  }
  return { split, sections, truncated: merged.length > MAX_PATCH_FILES };
}

/** The section whose header or body holds a 0-based document line. */
export function sectionAtLine(analysis: PatchAnalysis, docLine: number): AnalyzedSection | undefined {
  for (const s of analysis.sections) {
    for (const raw of s.merged.sections) {
      const last = raw.body.length ? raw.body[raw.body.length - 1].docLine : raw.header.docLine;
      if (docLine >= raw.header.docLine && docLine <= last) return s;
    }
  }
  return undefined;
}
