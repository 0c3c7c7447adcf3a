import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { manyImports } from '../../helpers/manyImports';
import { tempDir, writeTree } from '../../helpers/repo';

/** An import walk past what agentls follows for one file (50 files) says so in the editor, and stops saying so when the file imports less. */
const start = useLspClients(afterEach);
const coded = (code: string) => (d: Diagnostic[]) => d.filter((x) => x.code === code);

describe('an import walk cut short, in the server', () => {
  it('notes where the walk of a GEMINI.md and a CLAUDE.md stopped, and drops the note for the missing import once the buffer imports less', async () => {
    const ws = writeTree(tempDir(), manyImports(55, 53));
    const c = await start({ folders: [ws], home: tempDir() });
    for (const [name, agent] of [['CLAUDE.md', 'Claude Code'], ['GEMINI.md', 'Gemini CLI']] as const) {
      const cut = coded(`${name === 'CLAUDE.md' ? 'claude' : 'gemini'}/import-not-checked`);
      const uri = await c.open(path.join(ws, name));
      const noted = cut(await c.waitForDiagnostics(uri, (d) => cut(d).length > 0));
      expect(noted.map((d) => [d.severity, d.range.start.line, d.range.start.character, d.range.end.character])).toEqual([[3, 50, 0, 10]]);
      expect(noted[0].message).toContain(`agentls stopped following ${agent}'s imports of this file after 50 imported files`);
      // 45 imports and the one of the file that imports a missing one: within the cap, so checked.
      const fewer = [...Array.from({ length: 45 }, (_, i) => `@./d/${i + 1}.md`), '@./d/53.md', ''].join('\n');
      await c.setText(uri, fewer);
      const missing = coded(`${name === 'CLAUDE.md' ? 'claude' : 'gemini'}/import-missing`);
      const after = await c.waitForDiagnostics(uri, (d) => missing(d).length > 0);
      expect(cut(after)).toEqual([]);
      expect(missing(after).map((d) => [d.range.start.line, String(d.message).includes(`Through this import (d/53.md), ${agent} imports d/gone.md`)])).toEqual([[45, true]]);
    }
  });
});
