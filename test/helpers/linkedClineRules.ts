import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir, writeTree } from './repo';

/** The links of `linkedClineRules`, relative to its workspace. */
export const CLINE_LINKS = ['.clinerules/c.md', '.clinerules/out.md'];

/**
 * Rule files in `.clinerules` that are links: one to a file of the workspace, one out of it,
 * beside a plain rule. Cline reads the regular files of `.clinerules` only (its
 * `readDirectory` keeps the entries whose `isFile()` is true, and a link's entry is the
 * link), so neither link reaches it. `withXcsh`: a `.xcsh` folder, so that the xcsh agent is judged too.
 */
export function linkedClineRules(withXcsh: boolean): string {
  const outside = path.join(tempDir('agentls-outside-'), 'out.md');
  fs.writeFileSync(outside, 'Outside.\n');
  const ws = writeTree(tempDir(), {
    ...(withXcsh ? { '.xcsh/rules/base.md': '---\nalwaysApply: true\n---\nBe brief.\n' } : {}),
    'shared/c.md': '---\npaths:\n  - "src/**"\n---\nShared.\n',
    '.clinerules/ok.md': 'Plain.\n',
    'src/a.ts': 'export const a = 1;\n',
  });
  fs.symlinkSync('../shared/c.md', path.join(ws, CLINE_LINKS[0]));
  fs.symlinkSync(outside, path.join(ws, CLINE_LINKS[1]));
  return ws;
}
