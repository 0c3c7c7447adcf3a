import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath, tempDir } from '../helpers/repo';
import { AGENT_FIXTURES, AGENT_NAMES, expectations, lintWorkspaceRules } from './agentFixtures';
import { builtCliAsync } from '../helpers/cliWithHome';

/**
 * The agent fixture workspaces (`fixtures/agents/<agent>/{ok,mistakes}`): correct rules
 * report nothing above information under `auto`; each listed mistake (the workspace's
 * `expect.json`, loaded as data) is reported at its severity, naming its agent.
 */
const lint = lintWorkspaceRules;

const rel = (ws: string, p: string) => path.relative(ws, p).split(path.sep).join('/');

describe('agent fixtures (engine, agents: auto)', () => {
  for (const agent of AGENT_FIXTURES) {
    it(`${agent}: correct rules report nothing above information, and every message names an agent`, async () => {
      const ws = fixturePath('agents', agent, 'ok');
      const all = await lint(ws);
      const loud = [...all].flatMap(([p, fs]) => fs.filter((f) => f.severity === 'error' || f.severity === 'warning').map((f) => `${rel(ws, p)}: ${f.code} ${f.message}`));
      expect(loud).toEqual([]);
      for (const f of [...all.values()].flat()) expect(f.message).toMatch(AGENT_NAMES);
    });

    it(`${agent}: each listed mistake is reported, naming its agent`, async () => {
      const ws = fixturePath('agents', agent, 'mistakes');
      const all = await lint(ws);
      for (const e of expectations(agent)) {
        const found = (all.get(path.join(ws, ...e.path.split('/'))) ?? []).filter((f) => f.code === e.code && f.message.includes(e.names));
        expect(found, `${e.path} ${e.code} naming "${e.names}": ${JSON.stringify(all.get(path.join(ws, ...e.path.split('/'))))}`).toHaveLength(1);
        expect(found[0].severity).toBe(e.severity);
        if (e.alsoNames) expect(found[0].message).toContain(e.alsoNames);
        const data = found[0].data as { newText?: string; value?: string; to?: string };
        if (e.fix !== undefined) expect(data.newText ?? data.value ?? data.to).toBe(e.fix);
      }
      for (const f of [...all.values()].flat()) expect(f.message).toMatch(AGENT_NAMES);
    });
  }

  it('an explicit list judges only the listed agents: with xcsh alone, a Cursor repository is judged as the xcsh agent reads it', async () => {
    const ws = fixturePath('agents', 'cursor', 'mistakes');
    const all = [...(await lint(ws, { rules: { agents: ['xcsh'] } })).values()].flat();
    expect(all.length).toBeGreaterThan(0);
    for (const f of all) expect(f.message).toContain('xcsh agent');
    expect(all.filter((f) => f.message.startsWith('Cursor '))).toEqual([]);
  });
});

/**
 * The CLI run in a fixture repository, rooted there: the fixtures sit inside this repository,
 * whose `.git` (and agentls.json, which leaves fixtures/ out) a package's `.windsurf` or
 * `.cursor` does not take the root from.
 */
async function cli(cwd: string, ...args: string[]): Promise<{ stdout: string; code: number | null }> {
  const run = await builtCliAsync(args, { cwd, root: cwd, home: tempDir() });
  return { stdout: run.stdout, code: run.status };
}

describe('agent fixtures (agentls check)', () => {
  it('exits 0 on a Windsurf-only repository with correct always_on rules', async () => {
    const { stdout, code } = await cli(fixturePath('agents', 'windsurf', 'ok'), 'check', '--format', 'json');
    expect(code).toBe(0);
    const json = JSON.parse(stdout) as { diagnostics: { severity: string }[] };
    expect(json.diagnostics.filter((d) => d.severity !== 'information')).toEqual([]);
  });

  it('reports the Windsurf mistakes and exits 1 (an unknown trigger, a file over 12,000 characters)', async () => {
    const { stdout, code } = await cli(fixturePath('agents', 'windsurf', 'mistakes'), 'check', '--format', 'json');
    expect(code).toBe(1);
    const json = JSON.parse(stdout) as { diagnostics: { path: string; code: string; message: string }[] };
    for (const e of expectations('windsurf')) expect(json.diagnostics.some((d) => d.path === e.path && d.code === e.code && d.message.includes(e.names)), `${e.path} ${e.code}`).toBe(true);
  });

  it('--agents xcsh judges a Windsurf repository as the xcsh agent reads it', async () => {
    const { stdout, code } = await cli(fixturePath('agents', 'windsurf', 'ok'), 'check', '--format', 'json', '--agents', 'xcsh');
    expect(code).toBe(1);
    const json = JSON.parse(stdout) as { diagnostics: { path: string; code: string; message: string }[] };
    expect(json.diagnostics.find((d) => d.path === '.windsurf/rules/always.md' && d.code === 'rule/windsurf-trigger')?.message).toContain('Windsurf applies this rule always');
  });

  it('--agents rejects an unknown agent with a usage error', async () => {
    const { code } = await cli(fixturePath('agents', 'windsurf', 'ok'), 'check', '--agents', 'emacs');
    expect(code).toBe(2);
  });

  it('a .txt rule in .clinerules is checked as Cline reads it (its docs: "all `.md` and `.txt` files"), on the whole tree and named', async () => {
    const ws = tempDir();
    fs.mkdirSync(path.join(ws, '.clinerules'));
    fs.mkdirSync(path.join(ws, 'src'));
    fs.writeFileSync(path.join(ws, 'src', 'a.ts'), '');
    fs.writeFileSync(path.join(ws, '.clinerules', 'style.txt'), '---\npaths: "src/**"\n---\nUse tabs.\n');
    // A .txt file elsewhere is no rule: nothing is said of it.
    fs.writeFileSync(path.join(ws, 'notes.txt'), '---\npaths: "src/**"\n---\nNotes.\n');
    for (const args of [[], ['.clinerules/style.txt']]) {
      const { stdout, code } = await cli(ws, 'check', '--format', 'json', ...args);
      const json = JSON.parse(stdout) as { diagnostics: { path: string; code: string; severity: string; message: string }[] };
      expect(json.diagnostics.map((d) => [d.path, d.code, d.severity]), args.join(' ')).toEqual([['.clinerules/style.txt', 'frontmatter/wrong-type', 'error']]);
      expect(json.diagnostics[0].message).toContain('Cline reads `paths` only as a YAML list');
      expect(code).toBe(1);
    }
  });

  it('a Cursor rule named on the command line outside any rules folder is checked by its format, with a note that no agent reads it there', async () => {
    const ws = tempDir();
    fs.mkdirSync(path.join(ws, 'collection'));
    fs.writeFileSync(path.join(ws, 'collection', 'x.mdc'), '---\nglobs: **.cs\nalwaysApply: "true"\n---\nC#.\n');
    const { stdout } = await cli(ws, 'check', '--format', 'json', 'collection/x.mdc');
    const json = JSON.parse(stdout) as { diagnostics: { path: string; code: string; message: string }[] };
    const codes = json.diagnostics.map((d) => d.code);
    expect(codes).toEqual(expect.arrayContaining(['rule/no-reader', 'frontmatter/invalid-glob', 'frontmatter/wrong-type']));
    expect(json.diagnostics.find((d) => d.code === 'rule/no-reader')?.message).toContain('as a Cursor rule');
  });
});
