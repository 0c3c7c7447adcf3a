import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { tempDir, writeTree } from '../helpers/repo';
import { agentlsWithHome } from '../helpers/cliWithHome';

/*
 * Cline 4 and the Cline CLI list a rule file and then send no part of it when its frontmatter is
 * not valid YAML, when nothing is left below the frontmatter, or when `name` is not text or
 * `disabled` / `enabled` not true or false; `disabled: true` and `enabled: false` switch a rule off
 * (rules/agents/clineDrops.ts has the sources). agentls read the invalid YAML as Cline 3.x did (the
 * whole file sent) and counted every one of them in what Cline sends in every request.
 */

type Rules = { alwaysSent: { agent: string; items: { path?: string }[] }[] };

function setUp(): { ws: string; home: string } {
  const ws = writeTree(tempDir(), {
    '.git/HEAD': 'ref: refs/heads/main\n',
    'src/a.ts': 'export const a = 1;\n',
    '.clinerules/ok.md': '---\npaths:\n  - "src/**"\n---\nScoped.\n',
    '.clinerules/plain.md': 'Use tabs.\n',
    '.clinerules/named.md': '---\nname: Style guide\nenabled: true\n---\nNamed.\n',
    '.clinerules/bad.md': '---\npaths: [src/**\n---\nBad YAML.\n',
    '.clinerules/empty.md': '---\npaths:\n  - "src/**"\n---\n\n',
    '.clinerules/off.md': '---\ndisabled: true\n---\nSwitched off.\n',
    '.clinerules/off2.md': '---\nenabled: false\n---\nSwitched off too.\n',
    '.clinerules/typo.md': '---\ndisabled: "no"\n---\nA string.\n',
  });
  const home = writeTree(tempDir('agentls-home-'), { '.cline/rules/g.md': '---\ndisabled: false\n---\nGlobal.\n', '.cline/rules/gbad.md': '---\nname: [a\n---\nGlobal bad.\n' });
  return { ws, home };
}

describe('Cline rules that Cline 4 lists and sends no part of', () => {
  it('are said to be dropped, an error where the file says otherwise, an information where its author switched it off', () => {
    const { ws, home } = setUp();
    const report = JSON.parse(agentlsWithHome(ws, home, 'check', '--format', 'json', '.', path.join(home, '.cline', 'rules')).stdout) as CheckJson;
    const said = report.diagnostics.map((d) => `${d.path.startsWith(home) ? `~/${path.relative(home, d.path)}` : d.path} ${d.severity} ${d.code}`);
    expect(said).toEqual([
      '.clinerules/bad.md error frontmatter/yaml-error',
      '.clinerules/empty.md information rule/empty-body',
      '.clinerules/off.md information rule/inactive',
      '.clinerules/off2.md information rule/inactive',
      '.clinerules/ok.md information rule/scope-ignored',
      '.clinerules/typo.md error frontmatter/wrong-type',
      '~/.cline/rules/gbad.md error frontmatter/yaml-error',
    ]);
    const message = (p: string) => report.diagnostics.find((d) => d.path === p)!.message;
    expect(message('.clinerules/bad.md')).toContain('Cline 4 and the Cline CLI send no part of this rule');
    expect(message('.clinerules/bad.md')).toContain('Cline 3.x read none of its keys and sent the whole file in every request');
    expect(message('.clinerules/off.md')).toMatch(/^`disabled: true` switches this rule off: Cline 4 and the Cline CLI send no part of it/);
    expect(message('.clinerules/typo.md')).toContain("`disabled` is not true or false");
  });

  it('are listed as not sent, and left out of what Cline sends in every request', () => {
    const { ws, home } = setUp();
    const rules = JSON.parse(agentlsWithHome(ws, home, 'rules', '--json').stdout) as Rules;
    const sent = rules.alwaysSent.find((a) => a.agent === 'cline')?.items.map((i) => (i.path!.startsWith(home) ? `~/${path.relative(home, i.path!)}` : i.path)) ?? [];
    // `ok`, scoped by `paths`, is sent too: Cline 4 ignores `paths` (rules/agents/cline.ts).
    expect(sent.sort()).toEqual(['.clinerules/named.md', '.clinerules/ok.md', '.clinerules/plain.md', '~/.cline/rules/g.md']);
    const text = agentlsWithHome(ws, home, 'rules').stdout;
    expect(text).toMatch(/^ {2}bad +\.clinerules\/bad\.md +not sent by Cline 4 and the Cline CLI, its frontmatter not being valid YAML \(Cline 3\.x sent the whole file\)/m);
    expect(text).toMatch(/^ {2}off +\.clinerules\/off\.md +switched off by `disabled: true`: not sent by Cline 4 and the Cline CLI/m);
    expect(text).toMatch(/^ {2}empty +\.clinerules\/empty\.md +not sent by Cline 4 and the Cline CLI, having no text/m);
    expect(text).toMatch(/^ {2}ok +\.clinerules\/ok\.md +always, in every request; Cline 4 and the Cline CLI ignore `paths`/m);
  });
});
