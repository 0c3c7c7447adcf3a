import type { Finding } from '../../core/findings';
import type { FileAnalysis } from '../analysis';
import { toolAnalysis, toolFindings, type ToolFile } from './index';
import { takenMoveTarget } from './takenMove';

/**
 * What a tool's lint of a file depends on beside its text: the tool, the agents judged, where
 * the file stands for the tool, its folder, why it could not be read and whether the place it
 * would be moved to is taken. Two lints with the same key and text say the same.
 */
export function toolLintKey(file: ToolFile): string {
  return `${file.agent.id}|${[...file.targets].join(',')}|${JSON.stringify(file.placement)}|${file.root ?? ''}|${JSON.stringify(file.readProblem ?? null)}|${movesTaken(file)}`;
}

/** Which of the places a file never read may be moved to are taken (the text, also in the key, chooses between them). */
function movesTaken(file: ToolFile): string {
  if (file.placement.read) return '';
  return [file.placement.move, file.placement.moveWithKeys?.move].map((m) => takenMoveTarget(m, file.root) ?? '').join(',');
}

/** A file as its tool parses it (`toolAnalysis`) and that tool's lint of it (`toolFindings`). */
export interface ToolReadingOf {
  analysis: FileAnalysis;
  findings: Finding[];
}

/**
 * The last few files read so, by path: the diagnostics of a file the engine does not list
 * (`outsideFindings`: `.claude/rules`, `.github/instructions`) and a hover in it ask for the
 * same version's, and a frontmatter of 6,000 keys takes tens of milliseconds to parse and lint.
 * Few, because each holds the file's text and parse (a rule file is up to 2 MiB).
 */
const recent = new Map<string, { text: string; key: string; reading: ToolReadingOf }>();
const RECENT_READINGS = 4;

/** `file` as its tool reads it and lints it, from the last reading of the same text and key when there is one. */
export function recentToolReading(file: ToolFile): ToolReadingOf {
  const key = toolLintKey(file);
  const kept = recent.get(file.path);
  if (kept && kept.text === file.text && kept.key === key) return kept.reading;
  const analysis = toolAnalysis(file);
  const reading = { analysis, findings: toolFindings(file, analysis) };
  recent.delete(file.path);
  recent.set(file.path, { text: file.text, key, reading });
  if (recent.size > RECENT_READINGS) recent.delete(recent.keys().next().value!);
  return reading;
}
