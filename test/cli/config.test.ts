import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { parseProjectConfig } from '../../server/workspace/projectConfig';
import { tempDir, writeTree } from '../helpers/repo';
import { cli } from './run';

const COMMA_RULE = '---\ndescription: Two globs in one string\nglobs: "*.ts, *.tsx"\n---\nReact rules.\n';

function project(config?: unknown): { ws: string; home: string } {
  const home = tempDir('agentls-home-');
  const ws = writeTree(tempDir(), {
    '.git/HEAD': '',
    '.xcsh/.keep': '',
    '.cursor/rules/comma.mdc': COMMA_RULE,
    'docs/guide.md': 'See rule://nope.\n',
    'fixtures/broken/README.md': 'See rule://ghost.\n',
    // Files the rule's globs name, so that they are live (else `context/dead-glob`).
    'src/app.ts': '',
    'src/view.tsx': '',
    ...(config === undefined ? {} : { 'agentls.json': typeof config === 'string' ? config : JSON.stringify(config) }),
  });
  return { ws, home };
}

async function codes(ws: string, home: string, ...extra: string[]): Promise<string[]> {
  const r = await cli(['check', '--format', 'json', '--home', home, ...extra], ws);
  return (JSON.parse(r.stdout) as CheckJson).diagnostics.map((d) => `${d.path} ${d.severity} ${d.code}`);
}

describe('agentls.json', () => {
  it('sets levels per code (off included) and ignores paths, for walks and named files alike', async () => {
    const plain = project();
    expect(await codes(plain.ws, plain.home)).toEqual([
      '.cursor/rules/comma.mdc warning frontmatter/comma-globs',
      'docs/guide.md error rule-url/unknown',
      'fixtures/broken/README.md error rule-url/unknown',
    ]);
    const { ws, home } = project({
      $schema: './node_modules/agentls/agentls.schema.json',
      diagnostics: { severity: { 'frontmatter/comma-globs': 'error', 'rule-url/*': 'off' } },
      ignore: ['fixtures/'],
    });
    expect(await codes(ws, home)).toEqual(['.cursor/rules/comma.mdc error frontmatter/comma-globs']);
    // A file the project ignores is skipped even when named (pre-commit passes every staged file), and said to be.
    const named = await cli(['check', 'fixtures/broken/README.md', '--home', home], ws);
    expect(named).toEqual({ code: 0, stdout: 'Checked 0 files: found no rule files, prompt documents, hashline patches or ast-edit recipes in fixtures/broken/README.md.\n', stderr: "agentls check: fixtures/broken/README.md is not checked: agentls.json's ignore leaves it out\n" });
    // Left out by the command line's --ignore, it says so.
    const flagged = await cli(['check', '.cursor/rules/comma.mdc', '--ignore', '.cursor/', '--home', home], ws);
    expect(flagged).toEqual({ code: 0, stdout: 'Checked 0 files: found no rule files, prompt documents, hashline patches or ast-edit recipes in .cursor/rules/comma.mdc.\n', stderr: 'agentls check: .cursor/rules/comma.mdc is not checked: --ignore leaves it out\n' });
    // A folder it ignores, named, fails: nothing of what was asked was checked.
    const folder = await cli(['check', 'fixtures/broken', '--home', home], ws);
    expect(folder).toEqual({
      code: 2,
      // The report says itself that the run fails, and why (1e2e0ba4), not only standard error.
      stdout: "Checked 0 files: found no rule files, prompt documents, hashline patches or ast-edit recipes in fixtures/broken; incomplete, so it fails (exit 2): fixtures/broken: no file there was checked: agentls.json's ignore leaves it out.\n",
      stderr:
        "agentls check: fixtures/broken: no file there was checked: agentls.json's ignore leaves it out\n" +
        'agentls check: the run left out what it was asked to check, so it fails (exit 2) whatever it found\n',
    });
  });

  it('anchors a glob with a leading slash at the root, as .gitignore does, in the walk and for named files', async () => {
    const { ws, home } = project({ ignore: ['/broken', '/docs/'] });
    fs.mkdirSync(path.join(ws, 'broken'));
    fs.writeFileSync(path.join(ws, 'broken', 'notes.md'), 'See rule://gone.\n');
    // `/broken` is the root's folder only: fixtures/broken is still checked; `/docs/` leaves docs/ out.
    expect(await codes(ws, home)).toEqual(['.cursor/rules/comma.mdc warning frontmatter/comma-globs', 'fixtures/broken/README.md error rule-url/unknown']);
    const named = await cli(['check', 'fixtures/broken/README.md', 'broken/notes.md', '--format', 'json', '--home', home], ws);
    expect((JSON.parse(named.stdout) as CheckJson).diagnostics.map((d) => d.path)).toEqual(['fixtures/broken/README.md']);
    expect(named.stderr).toBe("agentls check: broken/notes.md is not checked: agentls.json's ignore leaves it out\n");
    // The same from the command line.
    expect(await codes(ws, home, '--ignore', '/fixtures')).toEqual(['.cursor/rules/comma.mdc warning frontmatter/comma-globs']);
  });

  it('is read by the rules command too, and the command line overrides it', async () => {
    const { ws, home } = project({ rules: { profile: 'xcsh' } });
    const prompt = await cli(['rules', '--json', '--home', home], ws);
    expect(prompt.code).toBe(0);
    const xcsh = JSON.parse(prompt.stdout);
    const seed = JSON.parse((await cli(['rules', '--json', '--home', home, '--profile', 'seed'], ws)).stdout);
    // xcsh reads .agents/ and other folders the seed does not: the two profiles list providers differently.
    expect(JSON.stringify(xcsh)).not.toBe(JSON.stringify(seed));
  });

  it('warns about unknown keys, machine settings and wrong types; broken JSON is an error', async () => {
    const { ws, home } = project({ ignore: 'fixtures', cacheDir: '/tmp/elsewhere', colour: 'blue', rules: { profil: 'xcsh', context: { budgetToken: 9 } }, diagnostics: { severity: { 'rule/x': 'loud' } } });
    const r = await cli(['check', 'docs', '--home', home], ws);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n').filter(Boolean)).toEqual([
      'agentls: warning: agentls.json: ignore: expected an array of globs, ignored',
      "agentls: warning: agentls.json: cacheDir: belongs to the machine, not the project (set it in the editor's settings), ignored",
      'agentls: warning: agentls.json: colour: unknown key, ignored',
      'agentls: warning: agentls.json: rules.profil: unknown key, ignored',
      'agentls: warning: agentls.json: rules.context: unknown key, ignored',
      'agentls: warning: agentls.json: diagnostics.severity.rule/x: expected one of error, warning, information, hint, off, ignored',
    ]);
    fs.writeFileSync(path.join(ws, 'agentls.json'), '{ "ignore": [ }');
    const broken = await cli(['check', '--home', home], ws);
    expect(broken.code).toBe(2);
    expect(broken.stdout).toBe('');
    expect(broken.stderr).toMatch(/agentls check: .*agentls\.json is not valid JSON/);
  });

  it('takes levels and ignore globs from the command line too, over the file', async () => {
    const { ws, home } = project({ diagnostics: { severity: { 'frontmatter/comma-globs': 'error' } } });
    expect(await codes(ws, home, '--severity', 'frontmatter/comma-globs=off', '--severity', 'rule-url/*=warning', '--ignore', 'fixtures/')).toEqual([
      'docs/guide.md warning rule-url/unknown',
    ]);
    const bad = await cli(['check', '--severity', 'rule-url/unknown=loud', '--home', home], ws);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--severity rule-url/unknown: expected one of error, warning, information, hint, off');
    expect((await cli(['check', '--severity', 'nolevel', '--home', home], ws)).code).toBe(2);
    expect((await cli(['check', '--ignore', 'bad[', '--home', home], ws)).stderr).toContain('--ignore bad[: a `[` is never closed');
  });

  it('warns of a severity set for no code agentls reports, naming the one likely meant, and still checks', async () => {
    const { ws, home } = project({ diagnostics: { severity: { 'rule-url/unknwn': 'off' } } });
    const r = await cli(['check', '--severity', 'frontmatter/coma-globs=off', '--severity', 'rul-url/*=off', '--severity', '*=error', '--severity', 'ref/*=off', '--home', home], ws);
    expect(r.stderr.split('\n').filter((l) => l.includes('a severity is set for'))).toEqual([
      'agentls check: warning: a severity is set for rule-url/unknwn, which is no code or family of codes agentls reports, so it changes nothing (rule-url/unknown?)',
      'agentls check: warning: a severity is set for frontmatter/coma-globs, which is no code or family of codes agentls reports, so it changes nothing (frontmatter/comma-globs?)',
      'agentls check: warning: a severity is set for rul-url/*, which is no code or family of codes agentls reports, so it changes nothing (rule-url/*?)',
      'agentls check: warning: a severity is set for *, which is no code or family of codes agentls reports, so it changes nothing',
    ]);
    expect(r.stdout).toMatch(/Checked 1 rule file and 2 Markdown files with rule:\/\/ links among \d+ files: /);
  });

  it('skips invalid globs with a warning', () => {
    const r = parseProjectConfig('{"ignore": ["ok/**", "bad[", ""]}', 'agentls.json');
    expect(r.ok && r.config.ignore).toEqual(['ok/**']);
    expect(r.ok && r.config.warnings[0]).toContain('"bad[" is not a valid glob');
  });
});
