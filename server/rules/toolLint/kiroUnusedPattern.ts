import type { Finding } from '../../core/findings';
import { globList } from '../agents/shared';
import { finding } from '../codes';
import type { RuleLocator } from '../lint/locate';

/** What Kiro does with a steering file under each inclusion but `fileMatch` (agents/kiro.ts, `activation`). */
const KIRO_OTHER_MODES: Record<string, string> = {
  always: 'includes the file in every interaction',
  manual: 'includes the file only when it is named with `#` in chat',
  description: 'decides from its description whether to include the file',
};

/**
 * A `fileMatchPattern` holding patterns in a steering file whose inclusion is not `fileMatch`.
 * Kiro's docs ("Steering", kiro.dev/docs/steering: "Conditional inclusion") give the pattern with
 * `inclusion: fileMatch` alone, and "Inclusion modes" make `always` the default, so a file written
 * with a pattern and no `inclusion` is sent in every interaction, whatever files are in play: a
 * warning, the pattern showing the author meant otherwise. Under another inclusion written out,
 * the file is used as that inclusion says and only the pattern is idle: a note, as Windsurf's
 * globs under another trigger are (`windsurfUnusedGlobs`). A blank pattern, or one of another
 * type, is said by the findings on the value.
 */
export function kiroUnusedPatternFindings(loc: RuleLocator, fm: Record<string, unknown>, mode: string): Finding[] {
  const entry = loc.entry('fileMatchPattern');
  const effect = KIRO_OTHER_MODES[mode];
  if (!entry || !effect || globList(fm.fileMatchPattern, false).length === 0) return [];
  if (fm.inclusion === undefined || fm.inclusion === null) {
    return [
      finding(
        'rule/foreign-key',
        'warning',
        entry.lineRange,
        'This steering file has a `fileMatchPattern` but no `inclusion`: Kiro reads the pattern only with `inclusion: fileMatch`, and its default inclusion is `always`, so it includes the file in every interaction, not only for matching files (kiro.dev/docs/steering, "Inclusion modes"). Add `inclusion: fileMatch`.',
        { data: { fix: 'add-key', key: 'inclusion', value: 'fileMatch' } },
      ),
    ];
  }
  return [
    finding(
      'rule/foreign-key',
      'information',
      entry.lineRange,
      `Kiro reads \`fileMatchPattern\` only with \`inclusion: fileMatch\`; under \`inclusion: ${String(fm.inclusion)}\` it ${effect}, so this pattern does nothing (kiro.dev/docs/steering, "Inclusion modes"). To include the file by path, use \`inclusion: fileMatch\`; otherwise remove \`fileMatchPattern\`.`,
    ),
  ];
}
