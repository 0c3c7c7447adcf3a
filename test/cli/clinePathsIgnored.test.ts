import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { tempDir, writeTree } from '../helpers/repo';
import { agentlsWithHome } from '../helpers/cliWithHome';

/*
 * Cline 4 and the Cline CLI never read `paths`: their runtime sends every enabled rule in every
 * request (rules/agents/cline.ts, `clineActivation`, has the sources); Cline 3.x attached such a
 * rule by path, and left a rule of `paths: []` out. agentls listed such a rule as attached by its
 * globs, out of Cline's "every request" total, and said a rule of `paths: []` was never sent.
 */

type Rules = { alwaysSent: { agent: string; items: { path?: string }[] }[] };

function setUp(): { ws: string; home: string } {
  const ws = writeTree(tempDir(), {
    '.git/HEAD': 'ref: refs/heads/main\n',
    'src/a.ts': 'export const a = 1;\n',
    'docs/b.md': '# B\n',
    '.clinerules/scoped.md': '---\npaths:\n  - "src/**"\n---\nScoped.\n',
    '.clinerules/plain.md': 'Use tabs.\n',
    '.clinerules/named.md': '---\nname: Style guide\nenabled: true\n---\nNamed.\n',
    '.clinerules/off.md': '---\npaths: []\n---\nMeant to be off.\n',
    '.clinerules/offboth.md': '---\npaths: []\ndisabled: true\n---\nOff in both.\n',
  });
  const home = writeTree(tempDir('agentls-home-'), { '.cline/rules/g.md': '---\npaths:\n  - "docs/**"\n---\nGlobal scoped.\n' });
  return { ws, home };
}

const shown = (home: string) => (p: string) => (p.startsWith(home) ? `~/${path.relative(home, p)}` : p);

describe('Cline rules scoped by `paths`, which Cline 4 ignores', () => {
  it('are counted in what Cline sends in every request, and listed as sent always, saying Cline 3.x attached them by path', () => {
    const { ws, home } = setUp();
    const rules = JSON.parse(agentlsWithHome(ws, home, 'rules', '--json').stdout) as Rules;
    const sent = rules.alwaysSent.find((a) => a.agent === 'cline')?.items.map((i) => shown(home)(i.path!)) ?? [];
    expect(sent.sort()).toEqual(['.clinerules/named.md', '.clinerules/off.md', '.clinerules/plain.md', '.clinerules/scoped.md', '~/.cline/rules/g.md']);
    const text = agentlsWithHome(ws, home, 'rules').stdout;
    expect(text).toMatch(/^ {2}scoped +\.clinerules\/scoped\.md +always, in every request; Cline 4 and the Cline CLI ignore `paths` \(Cline 3\.x attached it only while a file matching `src\/\*\*` was in play\)/m);
    expect(text).toMatch(/^ {2}off +\.clinerules\/off\.md +always, in every request; Cline 4 and the Cline CLI ignore `paths` \(Cline 3\.x never sent it, its `paths` listing no glob\)/m);
    expect(text).toMatch(/^ {2}plain +\.clinerules\/plain\.md +always, in every request ·/m);
    expect(text).toMatch(/^ {2}offboth +\.clinerules\/offboth\.md +switched off by `disabled: true`/m);
    // `rules --for` a file the globs do not match: sent all the same.
    const forDoc = agentlsWithHome(ws, home, 'rules', '--for', 'docs/b.md').stdout;
    expect(forDoc).toMatch(/^ {2}\+ scoped +.*always: the whole rule is in every request; Cline 4 and the Cline CLI ignore `paths` \(Cline 3\.x attached it only while a file matching `src\/\*\*` was in play\)/m);
  });

  it('get an information on `paths`, a warning where `paths: []` meant the rule to be off, and nothing where there is no `paths`', () => {
    const { ws, home } = setUp();
    const report = JSON.parse(agentlsWithHome(ws, home, 'check', '--format', 'json', '.', path.join(home, '.cline', 'rules')).stdout) as CheckJson;
    const said = report.diagnostics.map((d) => `${shown(home)(d.path)}:${d.range.start.line + 1} ${d.severity} ${d.code}`);
    expect(said).toEqual([
      '.clinerules/off.md:2 warning rule/inactive',
      '.clinerules/offboth.md:3 information rule/inactive',
      '.clinerules/scoped.md:2 information rule/scope-ignored',
      '~/.cline/rules/g.md:2 information rule/scope-ignored',
    ]);
    const message = (p: string) => report.diagnostics.find((d) => shown(home)(d.path) === p)!.message;
    expect(message('.clinerules/scoped.md')).toBe('Cline 4 and the Cline CLI ignore `paths` (Cline 3.x attached it only while a file matching `src/**` was in play): they send this rule in every request, whatever files are in play.');
    expect(message('.clinerules/off.md')).toContain('so this rule, meant to be off, is sent in every request. Add `disabled: true`');
  });

  it('say, where `paths` is not a list, that writing a list scopes the rule in Cline 3.x alone', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      'src/a.ts': '',
      '.clinerules/string.md': '---\npaths: "src/**"\n---\nOne string.\n',
      '.clinerules/number.md': '---\npaths: 3\n---\nA number.\n',
    });
    const report = JSON.parse(agentlsWithHome(ws, tempDir('agentls-home-'), 'check', '--format', 'json').stdout) as CheckJson;
    const typed = report.diagnostics.filter((d) => d.code === 'frontmatter/wrong-type');
    expect(typed.map((d) => d.path).sort()).toEqual(['.clinerules/number.md', '.clinerules/string.md']);
    for (const d of typed) expect(d.message).toMatch(/A list scopes the rule in Cline 3\.x alone: Cline 4 and the Cline CLI ignore `paths` in any form/);
  });
});
