import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../protocol/rules';
import type { CheckJson } from '../../server/cli/output';
import { useLspClients } from '../helpers/lspClient';
import { tempDir, writeTree } from '../helpers/repo';
import { agentlsWithHome } from '../helpers/cliWithHome';

const start = useLspClients(afterEach);

/*
 * Cline's global rules (`~/.cline/rules/`, `~/Documents/Cline/Rules/`, and `~/Cline/Rules/`
 * where there is no `~/Documents`: workspace/ruleLocations.ts, `clineGlobalRuleFolders`, with
 * Cline's docs): Cline reads them in every task beside `.clinerules/`; the xcsh agent never
 * does. They count in Cline's total alone, and are checked as Cline's rules.
 */

type Sent = { agent: string; items: { label: string; path?: string }[] };

function sentPaths(alwaysSent: readonly Sent[] | undefined, agent: string): (string | undefined)[] {
  return (alwaysSent ?? []).find((a) => a.agent === agent)?.items.map((i) => i.path) ?? [];
}

function workspace(): string {
  return writeTree(tempDir(), {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.clinerules/project.md': 'Use the design tokens.\n',
    'src/a.ts': 'export const a = 1;\n',
  });
}

describe("Cline's global rules", () => {
  it("count in Cline's total, from ~/.cline/rules and ~/Documents/Cline/Rules, and ~/Cline/Rules only without ~/Documents", () => {
    const ws = workspace();
    const home = writeTree(tempDir('agentls-home-'), {
      '.cline/rules/style.md': 'Answer briefly.\n',
      'Documents/Cline/Rules/docs.md': 'Write docs in English.\n',
      'Documents/Cline/Rules/scoped.md': '---\npaths:\n  - "src/**"\n---\nScoped.\n',
      'Cline/Rules/fallback.md': 'Fallback.\n',
    });
    const rules = JSON.parse(agentlsWithHome(ws, home, 'rules', '--json').stdout) as { alwaysSent: Sent[] };
    // A rule `paths` scopes too: Cline 4 ignores `paths` (rules/agents/cline.ts).
    expect(sentPaths(rules.alwaysSent, 'cline')).toEqual(['.clinerules/project.md', path.join(home, '.cline', 'rules', 'style.md'), path.join(home, 'Documents', 'Cline', 'Rules', 'docs.md'), path.join(home, 'Documents', 'Cline', 'Rules', 'scoped.md')]);
    // The xcsh agent reads none of them (rules.md §2.6).
    expect(sentPaths(rules.alwaysSent, 'seed')).toEqual([]);
    expect(agentlsWithHome(ws, home, 'rules').stdout).toMatch(/\n {2}Cline: ≈\d+ tokens in every request\n {4}project: ≈\d+\n {4}style \(global\): ≈\d+\n {4}docs \(global\): ≈\d+\n {4}scoped \(global\): ≈\d+\n/);

    // No ~/Documents: Cline's docs say it falls back to ~/Cline/Rules.
    fs.rmSync(path.join(home, 'Documents'), { recursive: true });
    const fallback = JSON.parse(agentlsWithHome(ws, home, 'rules', '--json').stdout) as { alwaysSent: Sent[] };
    expect(sentPaths(fallback.alwaysSent, 'cline')).toEqual(['.clinerules/project.md', path.join(home, '.cline', 'rules', 'style.md'), path.join(home, 'Cline', 'Rules', 'fallback.md')]);
  });

  it('are checked as Cline reads them when named: a string `paths` is said to be ignored; a glob matching nothing here is not called dead', () => {
    const ws = workspace();
    const home = writeTree(tempDir('agentls-home-'), {
      'Documents/Cline/Rules/typed.md': '---\npaths: "src/**"\n---\nTyped.\n',
      '.cline/rules/elsewhere.md': '---\npaths:\n  - "services/**"\n---\nFor the services of another project.\n',
    });
    const typed = path.join(home, 'Documents', 'Cline', 'Rules', 'typed.md');
    const elsewhere = path.join(home, '.cline', 'rules', 'elsewhere.md');
    const named = agentlsWithHome(ws, home, 'check', '--format', 'json', typed, elsewhere);
    const found = (JSON.parse(named.stdout) as CheckJson).diagnostics.map((d) => [path.basename(d.path), d.code, d.message]);
    // The list is said to be ignored by Cline 4, not to match nothing here.
    expect(found).toEqual([
      ['elsewhere.md', 'rule/scope-ignored', expect.stringMatching(/^Cline 4 and the Cline CLI ignore `paths`/)],
      ['typed.md', 'frontmatter/wrong-type', expect.stringMatching(/^Cline reads `paths` only as a YAML list of globs/)],
    ]);
  });

  it('a global folder that reaches no rules is said to be read by Cline alone: the xcsh agent never looks there', () => {
    const ws = workspace();
    const home = writeTree(tempDir('agentls-home-'), { 'Documents/Cline/Rules': 'A file where the folder goes.\n' });
    fs.symlinkSync('../gone', path.join(home, '.cline'));
    const rules = JSON.parse(agentlsWithHome(ws, home, 'rules', '--json').stdout) as { unread?: { path: string; message: string }[] };
    expect((rules.unread ?? []).map((u) => [u.path, u.message])).toEqual([
      [path.join(home, '.cline'), 'This rule location is a symbolic link that leads to ../gone, which does not exist: Cline reads no rules from it.'],
      [path.join(home, 'Documents', 'Cline', 'Rules'), `This rule location is a file, not a folder: Cline reads no rules from it. Make ${path.join(home, 'Documents', 'Cline', 'Rules')} a folder holding the rules: the rule files go inside that folder.`],
    ]);
  });

  it('are counted and checked by the server', async () => {
    const ws = workspace();
    const home = writeTree(tempDir('agentls-home-'), { 'Documents/Cline/Rules/typed.md': '---\npaths: "src/**"\n---\nTyped.\n' });
    const typed = path.join(home, 'Documents', 'Cline', 'Rules', 'typed.md');
    const c = await start({ folders: [ws], home });
    const buckets = await c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) });
    expect(sentPaths(buckets.alwaysSent, 'cline')).toEqual(['.clinerules/project.md', typed]);
    const uri = await c.open(typed);
    const ds = await c.waitForDiagnostics(uri, (all) => all.some((d) => d.code === 'frontmatter/wrong-type'));
    expect(ds.map((d) => [d.code, String(d.message).startsWith('Cline reads `paths` only as a YAML list')])).toEqual([['frontmatter/wrong-type', true]]);
  });
});
