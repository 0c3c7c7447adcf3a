import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { tempDir, writeTree } from '../helpers/repo';
import { agentlsWithHome } from '../helpers/cliWithHome';

/*
 * Cline 4 and the Cline CLI read a global rule folder flat, its `.md`, `.markdown` and `.txt`
 * files in any case; Cline 3.x walked `~/Documents/Cline/Rules` whole, every file
 * (rules/agents/cline.ts has the sources). `agentls check ~/Documents/Cline/Rules` judged a
 * subfolder's rule as one Cline sends, and a `.mdc` there as read by no agent; the listing
 * left out `U.MD`.
 */

type Sent = { agent: string; items: { label: string; path?: string }[] };

function setUp(): { ws: string; home: string } {
  const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'src/a.ts': 'export const a = 1;\n' });
  const home = writeTree(tempDir('agentls-home-'), {
    'Documents/Cline/Rules/g.md': 'Global.\n',
    'Documents/Cline/Rules/U.MD': 'Upper case.\n',
    'Documents/Cline/Rules/x.mdc': 'Cursor style.\n',
    'Documents/Cline/Rules/team/n.md': 'Nested.\n',
    '.cline/rules/team/o.md': 'Nested in the SDK folder.\n',
  });
  return { ws, home };
}

describe("Cline's global rule folders, read as Cline 4 and the Cline CLI read them", () => {
  it('lists the files directly in them, whatever the case of the extension', () => {
    const { ws, home } = setUp();
    const rules = JSON.parse(agentlsWithHome(ws, home, 'rules', '--json').stdout) as { alwaysSent: Sent[] };
    const globals = path.join(home, 'Documents', 'Cline', 'Rules');
    expect(rules.alwaysSent.find((a) => a.agent === 'cline')?.items.map((i) => i.path)).toEqual([path.join(globals, 'U.MD'), path.join(globals, 'g.md')]);
  });

  it('checks a global folder named as Cline 4 reads it, and says which files only Cline 3.x read', () => {
    const { ws, home } = setUp();
    const run = agentlsWithHome(ws, home, 'check', '--format', 'json', path.join(home, 'Documents', 'Cline', 'Rules'), path.join(home, '.cline', 'rules'));
    const report = JSON.parse(run.stdout) as CheckJson;
    expect(report.diagnostics.map((d) => `~/${path.relative(home, d.path)} ${d.severity} ${d.code} ${d.message}`)).toEqual([
      '~/.cline/rules/team/o.md warning rule/not-read Cline 4 and the Cline CLI read only the files directly in `~/.cline/rules`, not its subfolders: Cline never reads this file.',
      '~/Documents/Cline/Rules/team/n.md information rule/not-read Cline 4 and the Cline CLI read only the files directly in `~/Documents/Cline/Rules`, not its subfolders; Cline 3.x read it, as it read the subfolders of `~/Documents/Cline/Rules` too.',
      '~/Documents/Cline/Rules/x.mdc information rule/not-read Cline 4 and the Cline CLI read only the `.md`, `.markdown` and `.txt` files of `~/Documents/Cline/Rules`; Cline 3.x read it, as it read every file of `~/Documents/Cline/Rules`.',
    ]);
  });
});
