import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * Gemini CLI reads the context files `context.fileName` of `.gemini/settings.json` names in place
 * of GEMINI.md (its docs, "Customizing the context file name"; rules/agents/gemini.ts): where the
 * workspace's settings name AGENTS.md alone, a GEMINI.md at the root or in a package is never read.
 * Before, check said nothing of it.
 */
describe('a GEMINI.md where context.fileName names other files', () => {
  it('is said never read by Gemini CLI; is left alone where the names include GEMINI.md', () => {
    const files = { '.git/HEAD': 'ref: refs/heads/main\n', 'GEMINI.md': 'Use tabs.\n', 'pkg/GEMINI.md': 'Use tabs.\n', 'AGENTS.md': 'Use tabs.\n' };
    const without = writeTree(tempDir(), { ...files, '.gemini/settings.json': '{ "context": { "fileName": "AGENTS.md" } }\n' });
    const json = JSON.parse(builtCli(['check', '--format', 'json'], { cwd: without }).stdout) as CheckJson;
    expect(json.diagnostics.map((d) => [d.path, d.severity, d.code, d.message])).toEqual(
      ['GEMINI.md', 'pkg/GEMINI.md'].map((p) => [
        p,
        'warning',
        'rule/not-read',
        'Gemini CLI reads the context files `.gemini/settings.json` names in `context.fileName` (AGENTS.md) in place of GEMINI.md: Gemini CLI never reads this file, unless a context file it reads imports it (`@./GEMINI.md` in AGENTS.md, say).',
      ]),
    );
    const withIt = writeTree(tempDir(), { ...files, '.gemini/settings.json': '{ "context": { "fileName": ["AGENTS.md", "GEMINI.md"] } }\n' });
    expect((JSON.parse(builtCli(['check', '--format', 'json'], { cwd: withIt }).stdout) as CheckJson).diagnostics).toEqual([]);
  });
});
