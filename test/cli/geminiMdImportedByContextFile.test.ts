import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * Where `.gemini/settings.json` names AGENTS.md alone, Gemini CLI does not load GEMINI.md as a
 * context file, but an AGENTS.md that imports it (`@./GEMINI.md`, Gemini CLI's "Memory Import
 * Processor" docs) gets its text read all the same: a layout used to keep Gemini's own part apart.
 * check no longer says flatly that Gemini CLI never reads it; it names that case.
 */
describe('a GEMINI.md that a named context file imports', () => {
  it('is not said flatly never read: the import is named as the case where Gemini CLI reads it', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.gemini/settings.json': '{ "context": { "fileName": "AGENTS.md" } }\n',
      'AGENTS.md': '# Shared\nUse tabs.\n\n@./GEMINI.md\n',
      'GEMINI.md': '# Gemini only\nKeep answers short.\n',
    });
    const json = JSON.parse(builtCli(['check', '--format', 'json'], { cwd: ws }).stdout) as CheckJson;
    const notRead = json.diagnostics.filter((d) => d.path === 'GEMINI.md' && d.code === 'rule/not-read').map((d) => d.message);
    expect(notRead).toEqual([
      'Gemini CLI reads the context files `.gemini/settings.json` names in `context.fileName` (AGENTS.md) in place of GEMINI.md: Gemini CLI never reads this file, unless a context file it reads imports it (`@./GEMINI.md` in AGENTS.md, say).',
    ]);
  });
});
