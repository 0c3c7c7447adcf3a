import * as path from 'node:path';
import type { Finding } from '../../core/findings';
import { personCharacters, type Range } from '../../core/text';
import type { FileAnalysis } from '../analysis';
import type { AgentModel, Placement } from '../agents';
import { finding } from '../codes';
import { formatCount } from '../../core/limits';

/** The file as the tool lint holds it (`ToolFile`): what its limit depends on. */
interface LimitedFile {
  agent: AgentModel;
  placement: Placement;
  path: string;
  text: string;
}

/** A tool's character limit for one file, and where it is documented; `lower`: a figure an earlier revision of its docs gave this file alone, which may still hold. */
interface CharLimit {
  chars: number;
  what: string;
  source: string;
  lower?: { chars: number; source: string };
}


/** The tool's character limit for this file, when it has one. */
function limitOf(file: LimitedFile): CharLimit | undefined {
  const limits = file.agent.maxChars;
  const which = file.placement.limit;
  if (!limits || !which) return undefined;
  if (which === 'user') return limits.user ? { chars: limits.user, what: 'global_rules.md', source: limits.source } : undefined;
  // A legacy file (`.windsurfrules`): its own figure is of an earlier revision of the docs, and the current one's figure for rule files may reach it (agents/windsurf.ts).
  const lower = which === 'legacy' ? limits.legacy : undefined;
  return { chars: limits.workspace, what: 'a rule file', source: limits.source, ...(lower ? { lower } : {}) };
}

/** What the docs say of the limit, as the opening of a message: one figure, or for a legacy file both, and that neither is said of it now. */
function limitSaid(name: string, file: LimitedFile, limit: CharLimit): string {
  if (!limit.lower) return `${name} reads at most ${formatCount(limit.chars)} characters of ${limit.what} (${limit.source})`;
  const base = `\`${path.basename(file.path)}\``;
  return `${name}'s docs gave ${base} ${formatCount(limit.lower.chars)} characters, the rest cut (${limit.lower.source}); its current docs give ${formatCount(limit.chars)} to ${limit.what} (${limit.source}) and do not name ${base}`;
}

/** A file too large to analyse (`size` bytes) that is past the tool's limit however its characters are counted (even at four bytes each). */
export function tooLargeLimitFindings(file: LimitedFile, size: number, first: Range): Finding[] {
  const limit = limitOf(file);
  const fewest = Math.floor(size / 4);
  if (!limit || fewest <= limit.chars) return [];
  const name = file.agent.name;
  return [finding('rule/too-long', 'error', first, `${limitSaid(name, file, limit)}; this one is ${formatCount(size)} bytes, at least ${formatCount(fewest)} characters, so ${name} never sees most of it. Split the file.`)];
}

/**
 * A file past the tool's limit, from its first character past it. A legacy file between the
 * figure the docs once gave it and the one they give rule files now: an information, since
 * which holds is not documented; past both: an error.
 */
export function limitFindings(file: LimitedFile, analysis: FileAnalysis): Finding[] {
  const limit = limitOf(file);
  const least = limit?.lower?.chars ?? limit?.chars;
  // Code units are at least code points: a text this short is within the limit.
  if (!limit || least === undefined || file.text.length <= least) return [];
  // Whether the tool counts a BOM or the CR of a CRLF is not documented: left out, so a rule is
  // called too long only when it is over the limit however they are counted (its CRLF copy too).
  const chars = personCharacters(file.text).count;
  if (chars <= least) return [];
  const name = file.agent.name;
  const said = limitSaid(name, file, limit);
  const from = (max: number) => analysis.lines.positionAt(personCharacters(file.text, max).offset);
  const end = analysis.lines.positionAt(file.text.length);
  if (chars <= limit.chars) {
    // Only `lower` can be passed here.
    const start = from(least);
    return [finding('rule/too-long', 'information', { start, end }, `${said}. This one has ${formatCount(chars)}: if the ${formatCount(least)} still holds, ${name} does not see the text from line ${start.line + 1} on. To be sure it is all read, move some of it into rule files.`)];
  }
  const start = from(limit.chars);
  const earlier = limit.lower ? `, and from line ${from(limit.lower.chars).line + 1} on if the ${formatCount(limit.lower.chars)} still holds` : '';
  return [finding('rule/too-long', 'error', { start, end }, `${said}; this one has ${formatCount(chars)}, so ${name} never sees the text from line ${start.line + 1} on${earlier}. Split the file.`)];
}
