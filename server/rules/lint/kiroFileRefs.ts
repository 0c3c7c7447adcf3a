import type { Finding } from '../../core/findings';
import type { LineIndex } from '../../core/text';
import type { FileSystem } from '../../workspace/fs';
import { finding } from '../codes';
import { findKiroFileRefs, isKiroSteeringFile, kiroFileRefState } from '../kiroFileRefs';
import { triedReadingsSaid, type PathReading } from '../pathReadings';
import { fileTargets } from '../targets';
import type { LinkLintPlace } from './mdcLinks';

const KIRO_READING_WORDS: [PathReading, string][] = [['workspace', 'the workspace folder'], ['rule', "this steering file's folder"]];
const ALL_TRIED = "read from the workspace folder or from this steering file's folder (Kiro's docs do not say which it means, so both were tried)";

/** Whether Kiro's file references are judged at all: not when `agentls.rules.agents` (`--agents`) leaves Kiro out. */
export function judgesKiroFileRefs(agents: 'auto' | readonly string[]): boolean {
  return fileTargets(agents, 'kiro', false).has('kiro');
}

/**
 * The `#[[file:…]]` references of a workspace steering file that name no file under either
 * reading (`kiroFileRefs.ts`), as information: Kiro's docs say neither what the path is
 * relative to nor what Kiro does with a reference to nothing. None when the agents judged
 * leave Kiro out, for a file Kiro does not read as steering of the workspace folder `root`,
 * or one of no workspace folder (the user's `~/.kiro/steering`: which project's folder its
 * paths are read from is not documented).
 */
export async function kiroFileRefFindings(
  file: string,
  text: string,
  lines: LineIndex,
  fs: FileSystem,
  where: LinkLintPlace,
  root: string | undefined,
): Promise<Finding[]> {
  if (root === undefined || !text.includes('#[[file:') || !judgesKiroFileRefs(where.settings.rules.agents) || !isKiroSteeringFile(file, root)) return [];
  const out: Finding[] = [];
  for (const ref of findKiroFileRefs(text)) {
    const state = await kiroFileRefState(fs, where.confinement, file, root, ref.target);
    if (state.kind !== 'missing') continue;
    out.push(
      finding(
        'kiro/file-ref-missing',
        'information',
        lines.range(ref.start, ref.end),
        `No file at \`${ref.target}\`, ${triedReadingsSaid(KIRO_READING_WORDS, state.left, "Kiro's docs do not say which folder it means", ALL_TRIED)}: Kiro has no file to include here. Renamed or deleted?`,
      ),
    );
  }
  return out;
}
