import { describe, expect, it } from 'vitest';
import { agentlsWithHome } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * A dead glob names the nearest existing files. `lib/**\/*.ts` in a workspace with no `lib/`
 * at the top named none: the files nearest it by sorted path share not even a first letter.
 * A folder of that name deeper down (`src/lib/`, a package's `lib/`) is what it most likely meant.
 */
describe('agentls check: the nearest files of a dead glob whose folder is not at the root', () => {
  const deadMessage = (ws: string) => {
    const r = agentlsWithHome(ws, tempDir('agentls-home-'), 'check', '--format', 'json');
    const found = (JSON.parse(r.stdout) as { diagnostics: { code: string; message: string }[] }).diagnostics.filter((d) => d.code === 'context/dead-glob');
    expect(found).toHaveLength(1);
    return found[0].message;
  };

  it('names files of a folder of the same name deeper down', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': '',
      '.cursor/rules/lib.mdc': '---\nglobs: lib/**/*.ts\n---\nLib rule.\n',
      'src/index.ts': '',
      'src/lib/util.ts': '',
      'packages/core/lib/b.ts': '',
      'packages/core/lib/notes.md': '',
      'test/a.test.ts': '',
    });
    expect(deadMessage(ws)).toContain('Nearest existing: packages/core/lib/b.ts, src/lib/util.ts.');
  });

  it('names none where no folder of that name exists', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': '',
      '.cursor/rules/lib.mdc': '---\nglobs: lib/**/*.ts\n---\nLib rule.\n',
      'src/index.ts': '',
      'src/library.ts': '',
    });
    expect(deadMessage(ws)).not.toContain('Nearest existing');
  });
});
