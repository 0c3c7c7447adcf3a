import * as path from 'node:path';
import type { Finding } from '../../core/findings';
import type { LineIndex } from '../../core/text';
import type { FileSystem } from '../../workspace/fs';
import { isInside } from '../../workspace/paths';
import { claudeImportFindings } from '../claudeImports';
import { fileTargets } from '../targets';

/**
 * The import findings of one Claude Code memory file, with paths shown as the user knows
 * them: relative to the workspace folder, or under `~` for the home directory. None when
 * `agentls.rules.agents` leaves Claude Code out.
 */
export async function claudeImportFindingsFor(file: string, text: string, lines: LineIndex, fs: FileSystem, where: { home: string; settings: { rules: { agents: 'auto' | readonly string[] } } }, root: string | undefined): Promise<Finding[]> {
  if (!fileTargets(where.settings.rules.agents, 'claude', false).has('claude')) return [];
  const home = where.home;
  const display = (p: string) => {
    if (root && isInside(root, p)) return path.relative(root, p).split(path.sep).join('/');
    if (isInside(home, p)) return `~/${path.relative(home, p).split(path.sep).join('/')}`;
    return p;
  };
  return claudeImportFindings(file, text, lines, fs, home, display);
}
