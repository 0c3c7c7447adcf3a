import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { tempDir, writeTree } from '../helpers/repo';
import { agentlsWithHome } from '../helpers/cliWithHome';

/*
 * Cline 4 and the Cline CLI parse a rule's frontmatter with `YAML.parse` of the `yaml` package, no
 * options given, which throws on a key written twice; their loader then keeps no rule of the file
 * (rules/agents/clineDrops.ts has the sources). agentls's own parse lets the key pass, so it listed
 * such a rule as sent in every request and said nothing of it.
 */

type Rules = { alwaysSent: { agent: string; items: { path?: string }[] }[] };

function setUp(): { ws: string; home: string } {
  const ws = writeTree(tempDir(), {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.clinerules/plain.md': 'Use tabs.\n',
    '.clinerules/named.md': '---\nname: Style guide\nenabled: true\npaths:\n  - "src/**"\n  - "lib/**"\n---\nNamed.\n',
    '.clinerules/twice.md': '---\nname: One\nenabled: true\nname: Two\n---\nWritten twice.\n',
  });
  const home = writeTree(tempDir('agentls-home-'), { '.cline/rules/g.md': '---\r\ndisabled: false\r\ndisabled: true\r\n---\r\nGlobal.\r\n' });
  return { ws, home };
}

describe('A Cline rule whose frontmatter writes a key twice', () => {
  it('is an error naming Cline 4 and the Cline CLI, on the key written again', () => {
    const { ws, home } = setUp();
    const report = JSON.parse(agentlsWithHome(ws, home, 'check', '--format', 'json', '.', path.join(home, '.cline', 'rules')).stdout) as CheckJson;
    const said = report.diagnostics.map((d) => `${d.path.startsWith(home) ? `~/${path.relative(home, d.path)}` : d.path} ${d.severity} ${d.code} ${JSON.stringify(d.range)}`);
    // `named.md` (distinct keys, a `paths` list) gets only the information that Cline 4 ignores `paths`.
    expect(said).toEqual([
      '.clinerules/named.md information rule/scope-ignored {"start":{"line":3,"character":0},"end":{"line":5,"character":12}}',
      '.clinerules/twice.md error frontmatter/yaml-error {"start":{"line":3,"character":0},"end":{"line":3,"character":4}}',
      '~/.cline/rules/g.md error frontmatter/yaml-error {"start":{"line":2,"character":0},"end":{"line":2,"character":8}}',
    ]);
    const message = report.diagnostics.find((d) => d.path === '.clinerules/twice.md')!.message;
    expect(message).toMatch(/^Cline 4 and the Cline CLI send no part of this rule: `name` is written twice, which their YAML parser rejects \(keys must be unique\), and their loader rejects a file whose frontmatter does not parse/);
    expect(message).toContain('Failed to parse YAML frontmatter');
    expect(message).toMatch(/Keep one `name`\.$/);
  });

  it('is listed as not sent, and left out of what Cline sends in every request', () => {
    const { ws, home } = setUp();
    const rules = JSON.parse(agentlsWithHome(ws, home, 'rules', '--json').stdout) as Rules;
    const sent = rules.alwaysSent.find((a) => a.agent === 'cline')?.items.map((i) => i.path) ?? [];
    expect(sent.sort()).toEqual(['.clinerules/named.md', '.clinerules/plain.md']);
    const text = agentlsWithHome(ws, home, 'rules').stdout;
    expect(text).toMatch(/^ {2}twice +\.clinerules\/twice\.md +not sent by Cline 4 and the Cline CLI, its frontmatter writing `name` twice \(Cline 3\.x sent the whole file\)/m);
    expect(text).toMatch(/^ {2}g +~\/\.cline\/rules\/g\.md \(user-level, every project\) +not sent by Cline 4 and the Cline CLI, its frontmatter writing `disabled` twice/m);
  });
});
