import { tempDir, writeTree } from './repo';

/**
 * A Windsurf project with a rule without `trigger` (`none`), whose manual mode Windsurf's docs
 * do not give (agents/windsurf.ts), beside one with `trigger: manual` (`manual`), said plainly.
 * `src/a.ts`: a file to ask the rules of.
 */
export function windsurfNoTriggerTree(): string {
  return writeTree(tempDir(), {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.windsurf/rules/none.md': '---\ndescription: x\n---\nNo trigger.\n',
    '.windsurf/rules/manual.md': '---\ntrigger: manual\n---\nManual.\n',
    'src/a.ts': '',
  });
}
