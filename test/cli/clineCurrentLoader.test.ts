import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { tempDir, writeTree } from '../helpers/repo';
import { agentlsWithHome } from '../helpers/cliWithHome';

/*
 * Cline 4 (its extension on the SDK runtime) and the Cline CLI read the `.md`, `.markdown` and
 * `.txt` files directly in `.clinerules/` and `.cline/rules/`, the extension in any case (`X.MD`);
 * Cline 3.x read every file of `.clinerules/` and of its subfolders (rules/agents/cline.ts has the
 * sources). agentls listed `.clinerules/*.md` and `*.txt` alone, judged a subfolder's rule as one
 * Cline sends, and a `.mdc` as well.
 */

type Sent = { agent: string; items: { label: string; path?: string }[] };

function workspace(): string {
  return writeTree(tempDir(), {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.clinerules/a.md': 'Use tabs.\n',
    '.clinerules/X.MD': 'Upper case.\n',
    '.clinerules/m.markdown': 'Markdown.\n',
    '.clinerules/t.txt': 'Text.\n',
    '.clinerules/r.mdc': 'Cursor style.\n',
    '.clinerules/sub/b.md': 'Nested.\n',
    '.cline/rules/c.md': 'Dot cline.\n',
    '.cline/rules/d.txt': 'Dot cline text.\n',
    '.cline/rules/sub/e.md': 'Nested there.\n',
    // A `.txt` is Cline's name as `.md` is, below a `.cline/rules` Cline does not read too.
    '.cline/rules/sub/f.txt': 'Nested text.\n',
    'pkg/.cline/rules/g.txt': 'A package of its own.\n',
  });
}

describe("Cline's rule folders, read as Cline 4 and the Cline CLI read them", () => {
  it('lists and counts the files they read, whatever the case of the extension, in .clinerules and .cline/rules', () => {
    const ws = workspace();
    const home = tempDir('agentls-home-');
    const rules = JSON.parse(agentlsWithHome(ws, home, 'rules', '--json').stdout) as { alwaysSent: Sent[] };
    const cline = rules.alwaysSent.find((a) => a.agent === 'cline')?.items ?? [];
    expect(cline.map((i) => i.path).sort()).toEqual(['.cline/rules/c.md', '.cline/rules/d.txt', '.clinerules/X.MD', '.clinerules/a.md', '.clinerules/m.markdown', '.clinerules/t.txt']);
    expect(cline.find((i) => i.path === '.clinerules/X.MD')?.label).toBe('X');
  });

  it('says where Cline 3.x read a file the current Cline does not, and says nothing of the files both read', () => {
    const ws = workspace();
    const home = tempDir('agentls-home-');
    const report = JSON.parse(agentlsWithHome(ws, home, 'check', '--format', 'json').stdout) as CheckJson;
    const said = report.diagnostics.map((d) => `${d.path} ${d.severity} ${d.code} ${d.message}`);
    expect(said).toEqual([
      '.cline/rules/sub/e.md warning rule/not-read Cline 4 and the Cline CLI read only the files directly in `.cline/rules`, not its subfolders: Cline never reads this file.',
      '.cline/rules/sub/f.txt warning rule/not-read Cline 4 and the Cline CLI read only the files directly in `.cline/rules`, not its subfolders: Cline never reads this file.',
      '.clinerules/r.mdc information rule/not-read Cline 4 and the Cline CLI read only the `.md`, `.markdown` and `.txt` files of `.clinerules`; Cline 3.x read it, as it read every file of `.clinerules`.',
      '.clinerules/sub/b.md information rule/not-read Cline 4 and the Cline CLI read only the files directly in `.clinerules`, not its subfolders; Cline 3.x read it, as it read the subfolders of `.clinerules` too.',
      'pkg/.cline/rules/g.txt warning rule/not-read Cline reads `.cline/rules` only at the workspace root: Cline never reads this file.',
    ]);
  });
});
