import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { tempDir, writeTree } from '../helpers/repo';
import { agentlsWithHome } from '../helpers/cliWithHome';

/*
 * Cline 4 and the Cline CLI keep one rule per id (its `name`, else its file name less the
 * extension, lower-cased): their watcher reads `.clinerules`, `.cline/rules`, `~/.cline/rules` and
 * `~/Documents/Cline/Rules` in that order, and a later file replaces an earlier one of its id; a
 * file that does not parse replaces nothing, one switched off still does; within one folder the
 * order is the file system's (rules/agents/clineIds.ts has the sources). agentls counted every one
 * of them in Cline's totals and said nothing.
 */

type Rules = { alwaysSent: { agent: string; items: { path?: string }[] }[] };

function setUp(): { ws: string; home: string } {
  const ws = writeTree(tempDir(), {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.clinerules/plain.md': 'Workspace plain.\n',
    '.cline/rules/plain.md': 'Second plain.\n',
    // Its `name` is its id, lower-cased: the global `shared.md` replaces it.
    '.clinerules/style.md': '---\nname: " Shared "\n---\nStyle.\n',
    // One id in one folder: which one Cline keeps is not determined.
    '.clinerules/T.md': 'Upper.\n',
    '.clinerules/t.txt': 'Lower.\n',
    // Replaced by a global rule switched off: no `old` is sent at all.
    '.cline/rules/old.md': 'Old.\n',
    // The global `broken.md` has no text: Cline's loader rejects it, and it replaces nothing.
    '.clinerules/broken.md': 'Kept.\n',
    // Distinct ids: nothing said.
    '.clinerules/a.md': 'A.\n',
    '.cline/rules/b.md': 'B.\n',
  });
  const home = writeTree(tempDir('agentls-home-'), {
    'Documents/Cline/Rules/plain.md': 'Global plain.\n',
    '.cline/rules/shared.md': 'Shared.\n',
    '.cline/rules/Old.md': '---\ndisabled: true\n---\nOff.\n',
    '.cline/rules/broken.md': '---\nname: broken\n---\n',
  });
  return { ws, home };
}

describe('Two Cline rule files of one id', () => {
  it('warn on the file Cline 4 drops, naming the one that replaces it, or on each of one folder', () => {
    const { ws, home } = setUp();
    const report = JSON.parse(agentlsWithHome(ws, home, 'check', '--format', 'json').stdout) as CheckJson;
    const shadowed = report.diagnostics.filter((d) => d.code === 'rule/shadowed');
    expect(shadowed.map((d) => `${d.path} ${d.severity}`)).toEqual(['.cline/rules/old.md warning', '.cline/rules/plain.md warning', '.clinerules/T.md warning', '.clinerules/plain.md warning', '.clinerules/style.md warning', '.clinerules/t.txt warning']);
    const said = (p: string) => shadowed.find((d) => d.path === p)!.message;
    expect(said('.clinerules/plain.md')).toMatch(/^Cline 4 and the Cline CLI send no part of this rule: `~\/Documents\/Cline\/Rules\/plain\.md`, read after it, has its id `plain` and replaces it/);
    expect(said('.clinerules/style.md')).toContain('`~/.cline/rules/shared.md`, read after it, has its id `shared`');
    expect(said('.cline/rules/old.md')).toContain('`~/.cline/rules/Old.md`, read after it, has its id `old` and replaces it, though switched off, so no rule `old` is sent at all');
    expect(said('.clinerules/T.md')).toMatch(/^Cline 4 and the Cline CLI keep one rule of id `t` from this folder, where `t\.txt` has it too: one of these files is dropped, and which is not determined/);
    expect(said('.clinerules/t.txt')).toContain('where `T.md` has it too');
    // The global folders' own files are checked when named: `shared.md` wins, nothing said of it.
    const global = JSON.parse(agentlsWithHome(ws, home, 'check', '--format', 'json', path.join(home, '.cline', 'rules'), path.join(home, 'Documents', 'Cline', 'Rules')).stdout) as CheckJson;
    expect(global.diagnostics.filter((d) => d.code === 'rule/shadowed')).toEqual([]);
  });

  it("leave the dropped files out of Cline's totals, one of a folder's counted, listed as not sent", () => {
    const { ws, home } = setUp();
    const rules = JSON.parse(agentlsWithHome(ws, home, 'rules', '--json').stdout) as Rules;
    const sent = rules.alwaysSent.find((a) => a.agent === 'cline')?.items.map((i) => (i.path!.startsWith(home) ? `~/${path.relative(home, i.path!)}` : i.path)) ?? [];
    expect(sent.sort()).toEqual(['.cline/rules/b.md', '.clinerules/T.md', '.clinerules/a.md', '.clinerules/broken.md', '~/.cline/rules/shared.md', '~/Documents/Cline/Rules/plain.md']);
    const text = agentlsWithHome(ws, home, 'rules').stdout;
    expect(text).toMatch(/^ {2}plain +\.clinerules\/plain\.md +not sent by Cline 4 and the Cline CLI: ~\/Documents\/Cline\/Rules\/plain\.md, read after it, has its id `plain` and replaces it/m);
    expect(text).toMatch(/^ {2}t +\.clinerules\/t\.txt +not counted: Cline 4 and the Cline CLI keep one of the files of id `t` in this folder \(T\.md too\), which one not determined/m);
  });

  it("change Cline's view alone: the xcsh agent reads its files as before", () => {
    const { ws, home } = setUp();
    const report = JSON.parse(agentlsWithHome(ws, home, '--agents', 'xcsh', 'check', '--format', 'json').stdout) as CheckJson;
    expect(report.diagnostics.filter((d) => d.code === 'rule/shadowed')).toEqual([]);
    // Its own listing: every `.md` of `.clinerules`, none shadowed (rules.md §2.6).
    const rules = JSON.parse(agentlsWithHome(ws, home, 'rules', '--json').stdout) as { rules: { path: string }[]; shadowed: unknown[] };
    expect(rules.rules.map((r) => r.path).sort()).toEqual(['.clinerules/T.md', '.clinerules/a.md', '.clinerules/broken.md', '.clinerules/plain.md', '.clinerules/style.md']);
    expect(rules.shadowed).toEqual([]);
  });
});
