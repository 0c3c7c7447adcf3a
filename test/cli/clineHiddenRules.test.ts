import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { tempDir, writeTree } from '../helpers/repo';
import { agentlsWithHome } from '../helpers/cliWithHome';

/*
 * Cline 4 and the Cline CLI read a rule file whose name starts with a dot (`.x.md`): their loader
 * keeps every regular file whose extension is one of theirs, and Node's `extname('.x.md')` is `.md`
 * (rules/agents/cline.ts, `isClineRuleName`, has the sources); `.md` alone has no extension to Node,
 * so it is no rule. agentls listed its rule folders as the xcsh agent does, hidden files left out,
 * so such a rule was neither counted in Cline's total nor checked.
 */

type Rules = { alwaysSent: { agent: string; items: { label: string; path?: string }[] }[] };

const WRONG = '---\npaths: 42\n---\nUse tabs.\n';

function setUp(): { ws: string; home: string } {
  const ws = writeTree(tempDir(), {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.clinerules/plain.md': 'Plain.\n',
    '.clinerules/.hidden.md': WRONG,
    '.cline/rules/.notes.txt': WRONG,
    // No rule: `.md` has no extension to Cline's loader.
    '.cline/rules/.md': WRONG,
  });
  const home = writeTree(tempDir('agentls-home-'), { '.cline/rules/.global.md': WRONG, 'Documents/Cline/Rules/.docs.markdown': 'Docs.\n' });
  return { ws, home };
}

describe('A Cline rule file whose name starts with a dot', () => {
  it("is counted in Cline's total, in .clinerules, .cline/rules and the global folders, and in Cline's alone", () => {
    const { ws, home } = setUp();
    const rules = JSON.parse(agentlsWithHome(ws, home, 'rules', '--json').stdout) as Rules;
    const cline = rules.alwaysSent.find((a) => a.agent === 'cline')?.items ?? [];
    const shown = cline.map((i) => `${i.label} ${i.path?.startsWith(home) ? `~/${path.relative(home, i.path)}` : i.path}`);
    expect(shown).toEqual(['plain .clinerules/plain.md', '.hidden .clinerules/.hidden.md', '.notes .cline/rules/.notes.txt', '.global (global) ~/.cline/rules/.global.md', '.docs (global) ~/Documents/Cline/Rules/.docs.markdown']);
    // The xcsh agent's walker skips hidden files (rules.md §2.1): its own listing is unchanged.
    expect(rules.alwaysSent.find((a) => a.agent === 'seed')?.items ?? []).toEqual([]);
  });

  it("is checked as Cline's rule, where a whole-project check and a named global folder are run", () => {
    const { ws, home } = setUp();
    const run = agentlsWithHome(ws, home, 'check', '--format', 'json');
    const report = JSON.parse(run.stdout) as CheckJson;
    expect(report.diagnostics.map((d) => `${d.path} ${d.code}`)).toEqual(['.cline/rules/.notes.txt frontmatter/wrong-type', '.clinerules/.hidden.md frontmatter/wrong-type']);
    expect(report.diagnostics[1].message).toMatch(/^Cline reads `paths` only as a YAML list of globs/);
    expect(run.stderr).toMatch(/1 problem in your user-level rules \(~\/\.cline\/rules\/\.global\.md\)/);
    const global = JSON.parse(agentlsWithHome(ws, home, 'check', '--format', 'json', path.join(home, '.cline', 'rules')).stdout) as CheckJson;
    expect(global.diagnostics.map((d) => `${path.relative(home, d.path)} ${d.code}`)).toEqual(['.cline/rules/.global.md frontmatter/wrong-type']);
  });
});
