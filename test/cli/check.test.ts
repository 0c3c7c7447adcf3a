import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { URI } from 'vscode-uri';
import type { CheckJson } from '../../server/cli/output';
import { copyFixture, tempDir, writeTree } from '../helpers/repo';
import { ownedDir, unprivileged } from '../helpers/unprivileged';
import { sarifViolations } from '../rules/sarif';
import { cli } from './run';
import { builtCli } from '../helpers/cliWithHome';

// The workspaces hold a .xcsh folder, so the xcsh agent is a target under `auto`: comma-separated
// globs are its misreading (Cursor itself reads them).
const BROKEN_RULE = '---\ndescription: Two globs in one string\nglobs: "*.ts, *.tsx"\n---\nReact rules.\n';
const GOOD_RULE = '---\ndescription: Style\nalwaysApply: true\n---\nWrite short functions.\n';

/** A project with one broken Cursor rule, a clean one, and a README that names an unknown rule. */
function project(): { ws: string; home: string } {
  const home = tempDir('agentls-home-');
  const ws = writeTree(tempDir(), {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.xcsh/.keep': '',
    '.cursor/rules/comma.mdc': BROKEN_RULE,
    '.cursor/rules/style.mdc': GOOD_RULE,
    'docs/guide.md': 'See rule://nope for details.\n',
    'docs/clean.md': 'See rule://style.\n',
    'src/app.ts': 'export const x = 1;\n',
    'src/view.tsx': 'export const y = 2;\n',
  });
  return { ws, home };
}

const runAs = unprivileged();

describe('agentls check: never a false "clean"', () => {
  it('checks every Markdown file of a large tree: a prompt and a rule:// reference after the 20,000th are not passed over', async () => {
    const { ws, home } = project();
    fs.rmSync(path.join(ws, '.cursor'), { recursive: true });
    fs.rmSync(path.join(ws, 'docs/guide.md'));
    const notes: Record<string, string> = {};
    for (let i = 0; i < 20_001; i++) notes[`docs/notes/n${String(i).padStart(5, '0')}.md`] = '# A note\n';
    writeTree(ws, {
      ...notes,
      'zz/task.prompt.md': '---\nfile_references:\n  - ref_id: a\n    path: src/app.ts\n---\nSee <@file:b|src/view.tsx>.\n',
      'zz/readme.md': 'See rule://nope.\n',
    });
    const r = await cli(['check', '--format', 'json', '--home', home], ws);
    const report = JSON.parse(r.stdout) as CheckJson;
    expect(report.diagnostics.filter((d) => d.path === 'zz/task.prompt.md').map((d) => d.code)).toContain('ref/unmapped');
    expect(report.diagnostics.filter((d) => d.path === 'zz/readme.md').length).toBeGreaterThan(0);
    expect(r.code).toBe(1);
  }, 120_000);

  it('looks up every file_references entry of a prompt, the 501st too', async () => {
    const { ws, home } = project();
    fs.rmSync(path.join(ws, '.cursor'), { recursive: true });
    fs.rmSync(path.join(ws, 'docs/guide.md'));
    const entries = Array.from({ length: 600 }, (_, i) => `  - ref_id: r${i}\n    path: src/app.ts\n`).join('');
    writeTree(ws, { 'many.prompt.md': `---\nfile_references:\n${entries}  - ref_id: gone\n    path: src/gone.ts\n---\nSee <@file:r0|src/app.ts> and <@file:gone|src/gone.ts>.\n` });
    const r = await cli(['check', '--format', 'json', '--home', home], ws);
    const report = JSON.parse(r.stdout) as CheckJson;
    const codes = report.diagnostics.filter((d) => d.path === 'many.prompt.md').map((d) => d.code);
    expect(codes).toContain('ref/missing-file');
    expect(codes).not.toContain('ref/too-large');
    expect(r.code).toBe(1);
  });

  it('checks every hashline patch of a tree, the 5,001st too', async () => {
    const { ws, home } = project();
    fs.rmSync(path.join(ws, '.cursor'), { recursive: true });
    fs.rmSync(path.join(ws, 'docs/guide.md'));
    const patches: Record<string, string> = {};
    // Patches with no ops: a hint each, which does not fail the run.
    for (let i = 0; i < 5_000; i++) patches[`patches/p${String(i).padStart(4, '0')}.hashline`] = '§src/app.ts\n';
    writeTree(ws, { ...patches, 'patches/zz.hashline': 'not a patch\n' });
    const r = await cli(['check', '--format', 'json', '--home', home], ws);
    const report = JSON.parse(r.stdout) as CheckJson;
    expect(report.diagnostics.filter((d) => d.path === 'patches/zz.hashline').map((d) => d.code)).toEqual(['hashline/input-error']);
    expect(r.code).toBe(1);
  }, 120_000);

  it('writes a path that holds a line break as a quoted string, so that each line is one finding', async () => {
    const { ws, home } = project();
    writeTree(ws, { '.cursor/rules/two\nlines.mdc': BROKEN_RULE });
    const r = await cli(['check', '--home', home], ws);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split('\n');
    const quoted = JSON.stringify('.cursor/rules/two\nlines.mdc');
    expect(lines.some((line) => line.startsWith(`${quoted}:`))).toBe(true);
    // Every line is a finding (path:line:column), an indented continuation, or the summary.
    expect(lines.filter((line) => !/^("[^"]*"|[^\s:][^:]*):\d+:\d+: /.test(line) && !line.startsWith('    ') && !line.startsWith('Checked '))).toEqual([]);
  });

  it('walks a folder given as a path, and "." is the whole workspace', async () => {
    const { ws, home } = project();
    const whole = await cli(['check', '--home', home], ws);
    const dot = await cli(['check', '.', '--home', home], ws);
    expect(whole.code).toBe(1);
    expect(whole.stdout).toContain('.cursor/rules/comma.mdc:3:8: warning [frontmatter/comma-globs]');
    expect(whole.stdout).toContain('docs/guide.md:1:5: error [rule-url/unknown]');
    expect(dot).toEqual(whole);
    const docs = await cli(['check', 'docs', '--home', home], ws);
    expect(docs.code).toBe(1);
    expect(docs.stdout).toContain('docs/guide.md:1:5');
    expect(docs.stdout).not.toContain('comma.mdc');
    // Markdown is checked for its rule:// links, but holds no rule file: said, naming the folder.
    // Files checked for their rule:// links: no "found no rule files" beside what they hold.
    expect(docs.stdout).toMatch(/Checked 2 Markdown files with rule:\/\/ links: 1 problem \(1 error, 0 warnings, 0 info\)\.\n$/);
  });

  it('takes a path spelt through a link to the project as the project\'s own, and --root given as that link', async () => {
    const { ws, home } = project();
    const link = path.join(tempDir(), 'linked-project');
    fs.symlinkSync(ws, link);
    const direct = await cli(['check', '.cursor/rules/comma.mdc', '--home', home], ws);
    expect(direct.stdout).toContain('.cursor/rules/comma.mdc:3:8: warning [frontmatter/comma-globs]');
    // A shell in the link has Node's cwd at the real folder, and the path the user typed.
    expect(await cli(['check', path.join(link, '.cursor/rules/comma.mdc'), '--home', home], ws)).toEqual(direct);
    expect(await cli(['check', '--root', link, '.cursor/rules/comma.mdc', '--home', home], ws)).toEqual(direct);
    const whole = await cli(['check', '--home', home], ws);
    expect(await cli(['check', link, '--home', home], ws)).toEqual(whole);
  });

  it('run from outside any project, takes the project that holds the path named, as it does from inside', async () => {
    const { ws, home } = project();
    const inside = await cli(['check', '.cursor', '--home', home], ws);
    expect(inside.stdout).toContain('.cursor/rules/comma.mdc:3:8: warning [frontmatter/comma-globs]');
    const outside = tempDir();
    // The same findings; text writes the files whole, as they open from that unrelated folder.
    const whole = (r: { stdout: string }) => ({ ...r, stdout: r.stdout.replace(/^\.cursor\//gm, `${ws}/.cursor/`) });
    expect(await cli(['check', path.join(ws, '.cursor'), '--home', home], outside)).toEqual(whole(inside));
    // The home directory is never a project: from there too.
    expect(await cli(['check', path.join(ws, '.cursor'), '--home', outside], outside)).toEqual(whole(await cli(['check', '.cursor', '--home', outside], ws)));
    const sarif = JSON.parse((await cli(['check', path.join(ws, '.cursor'), '--home', home, '--format', 'sarif'], outside)).stdout);
    expect(sarif.runs[0].originalUriBaseIds.ROOT.uri).toBe(`${URI.file(ws).toString()}/`);
  });

  it.skipIf(process.platform !== 'linux')('does not pass a rule file whose name is not valid UTF-8: agentls cannot open it, and says so', async () => {
    const home = tempDir('agentls-home-');
    const ws = writeTree(tempDir(), { '.git/HEAD': '' });
    fs.mkdirSync(path.join(ws, '.cursor/rules'), { recursive: true });
    // Linux takes any bytes but `/` and NUL in a name; Node reads this one as "caf\uFFFD.mdc".
    fs.writeFileSync(Buffer.concat([Buffer.from(path.join(ws, '.cursor/rules/caf')), Buffer.from([0xe9]), Buffer.from('.mdc')]), GOOD_RULE);
    const r = await cli(['check', '--home', home], ws);
    expect(r.stdout).toBe('.cursor/rules/caf\uFFFD.mdc:1:1: error [rule/unreadable] agentls cannot open this file: its name is not valid UTF-8 (shown with \uFFFD), so it is not checked for Cursor. Rename it.\nChecked 1 rule file: 1 problem (1 error, 0 warnings, 0 info).\n');
    expect(r.code).toBe(1);
    const named = await cli(['check', '.cursor/rules/caf\uFFFD.mdc', '--home', home], ws);
    expect(named.code).toBe(2);
    expect(named.stderr).toContain('the name is not valid UTF-8');
  });

  it('says how many files it checked when it finds nothing', async () => {
    const { ws, home } = project();
    const r = await cli(['check', 'docs/clean.md', 'src', '--home', home], ws);
    // docs/clean.md's rule:// link was checked, and resolves: "no problems" of it; src alone is said to hold nothing agentls lints.
    expect(r).toEqual({ code: 0, stdout: 'Checked 1 Markdown file with rule:// links among 3 files: no problems.\n', stderr: '' });
    const src = await cli(['check', 'src', '--home', home], ws);
    expect(src).toEqual({ code: 0, stdout: 'Checked 2 files: found no rule files, prompt documents, hashline patches or ast-edit recipes in src.\n', stderr: '' });
  });

  it('checks a RAWP prompt saved with a byte-order mark past it, and says the mark is there (not "invalid JSON")', async () => {
    const home = tempDir('agentls-home-');
    const message = { type: 'control.prompt.request', payload: { prompt_text: 'See <@file:ref_0|a.ts> and <@file:ref_9|a.ts>', file_references: [{ ref_id: 'ref_0', path: 'a.ts' }] } };
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'a.ts': 'export {};\n', 'p.rawp.json': '\uFEFF' + JSON.stringify(message) });
    const r = await cli(['check', 'p.rawp.json', '--home', home], ws);
    const lines = r.stdout.split('\n');
    expect(lines).toContain('p.rawp.json:1:1: warning [ref/json-bom] the message starts with a byte-order mark (U+FEFF): JSON text must not begin with one (RFC 8259 §8.1), and JSON.parse rejects it. Save the file as UTF-8 without a BOM.');
    // The rest is read: the token without an entry is found.
    expect(lines.some((l) => l.includes('[ref/unmapped]') && l.includes('ref_9'))).toBe(true);
    expect(r.stdout).not.toContain('ref/invalid-json');
  });

  it('finds the root from a subfolder', async () => {
    const { ws, home } = project();
    const r = await cli(['check', '--home', home], path.join(ws, 'src'));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('.cursor/rules/comma.mdc:3:8');
  });

  it('fails with exit 2 on a path that does not exist, a bad root, or a file outside the root', async () => {
    const { ws, home } = project();
    const outside = writeTree(tempDir(), { 'x.md': 'rule://nope\n' });
    const cases: [string[], RegExp][] = [
      [['check', 'nope.md'], /agentls check: nope\.md: no such file or folder/],
      [['check', '--root', '/nonexistent'], /--root: \/nonexistent does not exist/],
      [['check', '--root', path.join(ws, 'src/app.ts')], /--root: .*app\.ts is not a folder/],
      [['check', path.join(outside, 'x.md')], /lies outside the workspace root/],
      [['check', '--', '--stdio'], /--stdio: no such file or folder/],
    ];
    for (const [args, message] of cases) {
      const r = await cli([...args, '--home', home], ws);
      expect({ args, code: r.code, stdout: r.stdout }).toEqual({ args, code: 2, stdout: '' });
      expect(r.stderr).toMatch(message);
    }
  });

  it('fails with exit 2 on a named folder of which no file is checked, and says why', async () => {
    const { ws, home } = project();
    fs.mkdirSync(path.join(ws, 'empty'));
    const r = await cli(['check', 'empty', 'src', '--home', home], ws);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^Checked [1-9]\d* files?/m);
    expect(r.stderr).toContain("agentls check: empty: no file there was checked: it holds none, or .gitignore, .ignore, search.exclude or agentls.json's ignore leave out all of it\n");
  });

  it.skipIf('skip' in runAs)(`fails with exit 2 when a folder cannot be read (run as ${'skip' in runAs ? runAs.skip : runAs.name})`, async () => {
    if ('skip' in runAs) return;
    // Root reads every folder: the built CLI runs as an unprivileged user, in a workspace it owns.
    const ws = ownedDir(runAs, { '.git/HEAD': '', '.xcsh/.keep': '', '.cursor/rules/style.mdc': GOOD_RULE, 'locked/a.md': 'x\n' });
    const home = ownedDir(runAs);
    fs.chmodSync(path.join(ws, 'locked'), 0);
    try {
      const r = builtCli(['check'], { cwd: ws, home, user: runAs.user });
      expect(r.status).toBe(2);
      expect(r.stderr).toContain('cannot read folder locked');
      // A tool that reads only the report learns it too.
      const json = builtCli(['check', '--format', 'json'], { cwd: ws, home, user: runAs.user });
      expect((JSON.parse(json.stdout) as CheckJson).incomplete).toEqual(['cannot read folder locked']);
      const sarif = builtCli(['check', '--format', 'sarif'], { cwd: ws, home, user: runAs.user });
      const log = JSON.parse(sarif.stdout);
      expect(sarifViolations(log)).toEqual([]);
      expect(log.runs[0].invocations).toEqual([{ executionSuccessful: false, toolExecutionNotifications: [{ level: 'error', message: { text: 'cannot read folder locked' } }] }]);
    } finally {
      fs.chmodSync(path.join(ws, 'locked'), 0o755);
    }
  });

  it.skipIf('skip' in runAs)(`leaves out an unreadable folder the project ignores, written \`pgdata/\` as in .gitignore or \`pgdata\` (run as ${'skip' in runAs ? runAs.skip : runAs.name})`, async () => {
    if ('skip' in runAs) return;
    const ws = ownedDir(runAs, { '.git/HEAD': '', '.cursor/rules/style.mdc': GOOD_RULE, 'pgdata/base': 'x\n' });
    const home = ownedDir(runAs);
    fs.chmodSync(path.join(ws, 'pgdata'), 0);
    try {
      const run = (...args: string[]) => builtCli(['check', ...args], { cwd: ws, home, user: runAs.user });
      expect(run().stderr).toContain('cannot read folder pgdata');
      for (const glob of ['pgdata/', 'pgdata', '/pgdata/']) {
        const r = run('--ignore', glob);
        expect({ glob, status: r.status, stderr: r.stderr, stdout: r.stdout }).toEqual({ glob, status: 0, stderr: '', stdout: 'Checked 1 rule file: no problems.\n' });
      }
      fs.writeFileSync(path.join(ws, 'agentls.json'), '{ "ignore": ["pgdata/"] }\n');
      expect(run().status).toBe(0);
    } finally {
      fs.chmodSync(path.join(ws, 'pgdata'), 0o755);
    }
  });

  it.skipIf('skip' in runAs)(`fails when a rule file of a tool cannot be read, naming the tool, with no .xcsh folder (run as ${'skip' in runAs ? runAs.skip : runAs.name})`, async () => {
    if ('skip' in runAs) return;
    const bad = '---\ndescription: d\nalwaysApply: "true"\n---\nbody\n';
    const ws = ownedDir(runAs, { '.git/HEAD': '', '.cursor/rules/r.mdc': bad, '.windsurf/rules/w.md': bad, 'CLAUDE.md': 'See @nope.md\n' });
    const home = ownedDir(runAs);
    const locked = ['.cursor/rules/r.mdc', '.windsurf/rules/w.md', 'CLAUDE.md'];
    for (const rel of locked) fs.chmodSync(path.join(ws, rel), 0);
    try {
      const r = builtCli(['check'], { cwd: ws, home, user: runAs.user });
      expect(r.status).toBe(1);
      const lines = r.stdout.trim().split('\n');
      expect(lines.slice(0, 3).map((l) => l.replace(/ \(.*$/, ''))).toEqual([
        '.cursor/rules/r.mdc:1:1: error [rule/unreadable] Cursor cannot read this file',
        '.windsurf/rules/w.md:1:1: error [rule/unreadable] Windsurf cannot read this file',
        'CLAUDE.md:1:1: error [rule/unreadable] Claude Code cannot read this file',
      ]);
      expect(lines[3]).toBe('Checked 3 rule files: 3 problems (3 errors, 0 warnings, 0 info).');
    } finally {
      for (const rel of locked) fs.chmodSync(path.join(ws, rel), 0o644);
    }
  });

  it('does not pass a rule file too large or too binary to analyse: each is said, for its tool', async () => {
    const home = tempDir('agentls-home-');
    const big = '---\ndescription: d\nalwaysApply: "true"\n---\n' + 'a'.repeat(2_100_000) + '\n';
    const ws = writeTree(tempDir(), { '.git/HEAD': '', '.cursor/rules/big.mdc': big, '.windsurf/rules/big.md': big, '.cursor/rules/bin.mdc': '\u0000\u0001binary' });
    const r = await cli(['check', '--home', home, '--format', 'json'], ws);
    const json = JSON.parse(r.stdout) as CheckJson;
    const seen = json.diagnostics.map((d) => `${d.path} ${d.severity} ${d.code}`);
    expect(seen).toEqual([
      '.cursor/rules/big.mdc error rule/too-large',
      '.cursor/rules/bin.mdc warning rule/binary',
      '.windsurf/rules/big.md error rule/too-large',
      '.windsurf/rules/big.md error rule/too-long',
    ]);
    expect(json.diagnostics.find((d) => d.code === 'rule/too-large')?.message).toMatch(/over the 2097152-byte limit: agentls does not analyse it, so what Cursor reads in it is not checked\.$/);
    expect(json.diagnostics.find((d) => d.code === 'rule/too-long')?.message).toContain('Windsurf reads at most 12,000 characters of a rule file');
    expect(r.code).toBe(1);
  });

  it('exits 1 at or above --max-severity only', async () => {
    const home = tempDir('agentls-home-');
    const ws = writeTree(tempDir(), { '.git/HEAD': '', '.xcsh/.keep': '',
    '.cursor/rules/comma.mdc': BROKEN_RULE, 'src/app.ts': '', 'src/view.tsx': '' });
    const r = await cli(['check', '--home', home, '--format', 'json'], ws);
    const json = JSON.parse(r.stdout) as CheckJson;
    expect(json.diagnostics.map((d) => d.severity)).toEqual(['warning']);
    expect(r.code).toBe(0);
    expect((await cli(['check', '--home', home, '--max-severity', 'warning'], ws)).code).toBe(1);
    expect((await cli(['check', '--home', home, '--max-severity', 'error'], ws)).code).toBe(0);
    const bad = await cli(['check', '--max-severity', 'fatal'], ws);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--max-severity must be one of error, warning, information, hint');
  });

  it('counts hints apart from info in the text summary, as the JSON does', async () => {
    const ws = copyFixture('refs-basic');
    const r = await cli(['check', 'prompts/problems.rawp.json', '--home', tempDir('agentls-home-')], ws);
    const json = JSON.parse((await cli(['check', 'prompts/problems.rawp.json', '--format', 'json', '--home', tempDir('agentls-home-')], ws)).stdout) as CheckJson;
    expect(json.summary.hint).toBeGreaterThan(0);
    const s = json.summary;
    expect(r.stdout).toMatch(new RegExp(`\\(${s.error} errors?, ${s.warning} warnings?, ${s.information} info, ${s.hint} hints?\\)\\.\\n$`));
  });

  it('carries the counts in JSON and SARIF', async () => {
    const { ws, home } = project();
    const json = JSON.parse((await cli(['check', '--format', 'json', '--home', home], ws)).stdout) as CheckJson;
    expect(json.summary).toEqual({ filesChecked: 7, agentFiles: 4, byKind: { rule: 2, userLevelRule: 0, prompt: 0, copilotPrompt: 0, patch: 0, recipe: 0, ruleLinks: 2, settings: 0, other: 0 }, problems: 3, error: 1, warning: 1, information: 1, hint: 0, fixable: 1, fixed: 0 });
    const sarif = JSON.parse((await cli(['check', '--format', 'sarif', '--home', home], ws)).stdout);
    expect(sarif.runs[0].properties.summary).toEqual(json.summary);
    expect(sarif.runs[0].results).toHaveLength(3);
  });
});

describe('agentls check: SARIF for code scanning', () => {
  it('places paths from the repository\'s top when the check runs in a package of it, as GitHub reads a relative URI', async () => {
    const home = tempDir('agentls-home-');
    const repo = writeTree(tempDir(), { '.git/HEAD': '', 'packages/a/.cursor/rules/comma.mdc': BROKEN_RULE, 'packages/a/.xcsh/.keep': '', 'packages/a/src/app.ts': '', 'packages/a/src/view.tsx': '' });
    const pkg = path.join(repo, 'packages/a');
    const sarif = JSON.parse((await cli(['check', '--format', 'sarif', '--home', home], pkg)).stdout);
    const run = sarif.runs[0];
    expect(run.originalUriBaseIds.ROOT.uri).toBe(`${URI.file(repo).toString()}/`);
    expect(run.results.map((r: { locations: { physicalLocation: { artifactLocation: unknown } }[] }) => r.locations[0].physicalLocation.artifactLocation)).toEqual([{ uri: 'packages/a/.cursor/rules/comma.mdc', uriBaseId: 'ROOT' }]);
    expect(run.results[0].fixes[0].artifactChanges[0].artifactLocation).toEqual({ uri: 'packages/a/.cursor/rules/comma.mdc', uriBaseId: 'ROOT' });
    // Text and JSON stay relative to the root the check ran in.
    const json = JSON.parse((await cli(['check', '--format', 'json', '--home', home], pkg)).stdout) as CheckJson;
    expect(json.diagnostics.map((d) => d.path)).toEqual(['.cursor/rules/comma.mdc']);
  });
});

describe('agentls check: never a walk of everything', () => {
  it('refuses to check the home directory whole, but checks files named in it', async () => {
    const home = writeTree(tempDir('agentls-home-'), { 'notes.md': 'See rule://nope.\n' });
    const whole = await cli(['check', '--home', home, '--root', home], home);
    expect(whole.code).toBe(2);
    expect(whole.stderr).toContain('is the home directory or the file system root, not a project');
    const named = await cli(['check', 'notes.md', '--home', home, '--root', home], home);
    expect(named.code).toBe(1);
    expect(named.stdout).toContain('notes.md:1:5: error [rule-url/unknown]');
  });
});

describe('agentls check: each file once', () => {
  it('reports a file named twice, or named inside a named folder, once', async () => {
    const home = tempDir('agentls-home-');
    const ws = writeTree(tempDir(), { '.git/HEAD': '', 'docs/guide.md': 'See rule://nope.\n' });
    const r = await cli(['check', 'docs', 'docs/guide.md', './docs/guide.md', '--home', home], ws);
    expect(r.stdout.split('\n').filter((l) => l.includes('rule-url/unknown'))).toHaveLength(1);
    expect(r.stdout).toContain('Checked 1 Markdown file with rule:// links: 1 problem');
  });
});

describe('agentls check: rule files that are symbolic links', () => {
  // Sharing one rule between tools by a link is common (`.cursor/rules/x.mdc → ../../docs/x.mdc`).
  const SHARED = '---\nglobs: "*.ts"\nalwaysApply: "true"\n---\nShared rule.\n';

  it("checks a linked rule file by its target inside the workspace, for the tool whose folder holds the link", async () => {
    const home = tempDir('agentls-home-');
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'docs/shared.mdc': SHARED, 'src/app.ts': 'export const x = 1;\n' });
    fs.mkdirSync(path.join(ws, '.cursor/rules'), { recursive: true });
    fs.symlinkSync('../../docs/shared.mdc', path.join(ws, '.cursor/rules/shared.mdc'));
    const run = await cli(['check', '--home', home], ws);
    expect(run.stdout).toMatch(/^\.cursor\/rules\/shared\.mdc:3:\d+: warning \[frontmatter\/wrong-type\] Cursor expects `alwaysApply`/m);
  });

  it('--fix fixes the target of a linked rule file and leaves the link a link', async () => {
    const home = tempDir('agentls-home-');
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'docs/shared.mdc': SHARED, 'src/app.ts': 'export const x = 1;\n' });
    fs.mkdirSync(path.join(ws, '.cursor/rules'), { recursive: true });
    fs.symlinkSync('../../docs/shared.mdc', path.join(ws, '.cursor/rules/shared.mdc'));
    const run = await cli(['check', '--fix', '--home', home], ws);
    expect(run.stdout).toContain('.cursor/rules/shared.mdc: fixed [frontmatter/wrong-type]');
    expect(run.stdout).not.toContain('warning [frontmatter/wrong-type]');
    expect(fs.lstatSync(path.join(ws, '.cursor/rules/shared.mdc')).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(path.join(ws, 'docs/shared.mdc'), 'utf8')).toContain('alwaysApply: true\n');
  });

  it('with the xcsh agent targeted, a link to a rule it reads anyway is information, not an error', async () => {
    const home = tempDir('agentls-home-');
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.xcsh/rules/style.md': '---\ndescription: Style\nalwaysApply: true\n---\nShort functions.\n',
      'docs/lone.mdc': '---\nalwaysApply: true\n---\nOnly here.\n',
    });
    fs.mkdirSync(path.join(ws, '.cursor/rules'), { recursive: true });
    // One rule for every tool, kept where the xcsh agent reads it, linked into Cursor's folder.
    fs.symlinkSync('../../.xcsh/rules/style.md', path.join(ws, '.cursor/rules/style.mdc'));
    // A link to a file the xcsh agent reads nowhere else: that rule never reaches it.
    fs.symlinkSync('../../docs/lone.mdc', path.join(ws, '.cursor/rules/lone.mdc'));
    const run = await cli(['check', '--home', home], ws);
    expect(run.stdout).toMatch(/^\.cursor\/rules\/style\.mdc:1:1: information \[rule\/not-read\] Cursor reads this file, but the xcsh agent never does: it is a symlink; the xcsh agent reads the rule it leads to, \.xcsh\/rules\/style\.md, from there\./m);
    expect(run.stdout).toMatch(/^\.cursor\/rules\/lone\.mdc:1:1: error \[rule\/not-read\]/m);
  });

  it('says a linked rule file whose target lies outside the workspace is not checked, and reads nothing there', async () => {
    const home = tempDir('agentls-home-');
    const outside = writeTree(tempDir('agentls-outside-'), { 'secret.mdc': '---\nalwaysApply: "true"\n---\nTOP SECRET\n' });
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.cursor/rules/style.mdc': '---\nalwaysApply: true\n---\nShort functions.\n' });
    fs.symlinkSync(path.join(outside, 'secret.mdc'), path.join(ws, '.cursor/rules/secret.mdc'));
    const run = await cli(['check', '--home', home], ws);
    expect(run.stdout).toMatch(/^\.cursor\/rules\/secret\.mdc:1:1: warning \[rule\/link-outside\] This rule file is a symbolic link to .*secret\.mdc outside the workspace\. Cursor/m);
    expect(run.stdout).not.toContain('TOP SECRET');
    expect(run.stdout).not.toContain('wrong-type');
  });

  it("reads Cline's paths as Cline's source does: a list of globs on the workspace-relative path, anything else ignored", async () => {
    const home = tempDir('agentls-home-');
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      'src/a.ts': '',
      'b.md': '',
      // `*.ts` matches files at the root only: Cline 3.x never attached it here. `*.md` does match b.md. Cline 4 ignores both (rules/agents/cline.ts).
      '.clinerules/root-only.md': "---\npaths:\n  - '*.ts'\n---\nTypes.\n",
      '.clinerules/docs.md': "---\npaths:\n  - '*.md'\n---\nDocs.\n",
      // One string: ignored whole, so the rule goes to every request.
      '.clinerules/string.md': "---\npaths: 'src/**/*.ts'\n---\nTypes.\n",
    });
    const run = await cli(['check', '--home', home, '--agents', 'cline'], ws);
    const lines = run.stdout.split('\n').filter((l) => l.includes('] '));
    // Cline 4 sends both list-scoped rules in every request, so no glob of theirs is called dead.
    expect(lines.map((l) => l.slice(0, l.indexOf(']') + 1))).toEqual(['.clinerules/docs.md:2:1: information [rule/scope-ignored]', '.clinerules/root-only.md:2:1: information [rule/scope-ignored]', '.clinerules/string.md:2:8: error [frontmatter/wrong-type]']);
    expect(lines[2]).toContain('Cline reads `paths` only as a YAML list of globs, not one string: it ignores `paths` and sends this rule with every request. Write a list: ["src/**/*.ts"].');
    // The fix writes the list, and the rule is scoped.
    await cli(['check', '--home', home, '--agents', 'cline', '--fix'], ws);
    expect(fs.readFileSync(path.join(ws, '.clinerules/string.md'), 'utf8')).toBe('---\npaths: ["src/**/*.ts"]\n---\nTypes.\n');
  });

  it('does not call a glob or an import missing when it aims into a folder .gitignore leaves out (a build output, git work trees)', async () => {
    const home = tempDir('agentls-home-');
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.gitignore': '/target\n.worktrees/\ngen/*\n*.log\n.env\n*.generated.ts\n',
      // An ignored file on disk that a glob matches: the agent may be shown it, so the glob lives.
      '.env': 'TOKEN=x\n',
      '.claude/rules/env.md': "---\npaths: ['.env*']\n---\nNever print secrets.\n",
      '.claude/rules/generated.md': "---\npaths: ['src/**/*.generated.ts']\n---\nDo not edit generated code.\n",
      // Ignored as the folder's content (`gen/*`), and by a file name (`*.log`).
      '.claude/rules/gen.md': "---\npaths: ['gen/**']\n---\nGenerated code: do not edit.\n",
      '.claude/rules/logs.md': "---\npaths: ['logs/*.log']\n---\nRead logs from the end.\n",
      'src/main.rs': 'fn main() {}\n',
      // Generated docs imported by name; a rule for git work trees kept in the project; a rule whose folder is simply absent.
      'CLAUDE.md': '# Project\n\nAPI docs: @target/doc-md/index.md\nConventions: @docs/conventions.md\n',
      '.claude/rules/worktrees.md': "---\npaths: ['**/.worktrees/**']\n---\nWork only inside your own work tree.\n",
      '.claude/rules/web.md': "---\npaths: ['web/**/*.ts']\n---\nUse fetch.\n",
    });
    const run = await cli(['check', '--home', home], ws);
    const lines = run.stdout.split('\n');
    expect(lines).toContain(
      'CLAUDE.md:3:11: information [claude/import-missing] Claude Code imports target/doc-md/index.md here, and there is no such file now. It lies in target/, which is ignored (.gitignore, .ignore or search.exclude), so a build may make it: Claude Code loads it where that has happened and skips it without a word elsewhere, as in a fresh clone.',
    );
    expect(lines).toContain('.claude/rules/worktrees.md:2:10: information [context/dead-glob] For Claude Code, the glob "**/.worktrees/**" aims into .worktrees/, which is ignored (.gitignore, .ignore, search.exclude or node_modules): no file there matches it now, and ignored files are made by builds and tools, so it is not called dead.');
    expect(lines).toContain('.claude/rules/gen.md:2:10: information [context/dead-glob] For Claude Code, the glob "gen/**" aims into gen/, which is ignored (.gitignore, .ignore, search.exclude or node_modules): no file there matches it now, and ignored files are made by builds and tools, so it is not called dead.');
    expect(lines).toContain('.claude/rules/logs.md:2:10: information [context/dead-glob] For Claude Code, the glob "logs/*.log" names files that are ignored (.gitignore, .ignore, search.exclude or node_modules): no file there matches it now, and ignored files are made by builds and tools, so it is not called dead.');
    expect(lines).toContain('.claude/rules/generated.md:2:10: information [context/dead-glob] For Claude Code, the glob "src/**/*.generated.ts" names files that are ignored (.gitignore, .ignore, search.exclude or node_modules): no file there matches it now, and ignored files are made by builds and tools, so it is not called dead.');
    expect(run.stdout).not.toContain('.claude/rules/env.md');
    // What is not ignored is judged as before.
    expect(lines).toContain('CLAUDE.md:4:14: warning [claude/import-missing] Claude Code imports docs/conventions.md here, and there is no such file: the import is skipped without a word, so what it names never reaches the model.');
    expect(run.stdout).toMatch(/^\.claude\/rules\/web\.md:2:\d+: warning \[context\/dead-glob\] Claude Code never attaches this rule by its globs: "web\/\*\*\/\*\.ts"/m);
  });

  it.runIf(fs.existsSync('/proc/self/fd'))('never reads a rule linked to an open, deleted file outside the workspace through /proc (it has no real path)', async () => {
    const home = tempDir('agentls-home-');
    const secret = path.join(tempDir('agentls-outside-'), 'secret.mdc');
    fs.writeFileSync(secret, '---\nalwaysApply: "true"\n---\nTOP SECRET\n');
    // This process holds the file open after deleting it: /proc/PID/fd/N still opens it, and realpath fails.
    const fd = fs.openSync(secret, 'r');
    fs.unlinkSync(secret);
    try {
      const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n' });
      fs.mkdirSync(path.join(ws, '.cursor/rules'), { recursive: true });
      fs.symlinkSync(`/proc/${process.pid}/fd/${fd}`, path.join(ws, '.cursor/rules/leak.mdc'));
      // The same reached through `..` after a link: the kernel climbs from where `d` leads (x/y → x/p), not from d's folder.
      fs.mkdirSync(path.join(ws, 'x/y'), { recursive: true });
      fs.symlinkSync('x/y', path.join(ws, 'd'));
      fs.symlinkSync(`/proc/${process.pid}/fd/${fd}`, path.join(ws, 'x/p'));
      fs.symlinkSync('../../d/../p', path.join(ws, '.cursor/rules/climb.mdc'));
      const run = await cli(['check', '--home', home], ws);
      // Read, its "true" would be a wrong-type error; it is said to lie outside, unread.
      expect(run.stdout).toMatch(/^\.cursor\/rules\/leak\.mdc:1:1: warning \[rule\/link-outside\] This rule file is a symbolic link to .*secret\.mdc \(deleted\) outside the workspace/m);
      expect(run.stdout).toMatch(/^\.cursor\/rules\/climb\.mdc:1:1: warning \[rule\/link-outside\] This rule file is a symbolic link to .*secret\.mdc \(deleted\) outside the workspace/m);
      expect(run.stdout).not.toMatch(/TOP SECRET|wrong-type/);
    } finally {
      fs.closeSync(fd);
    }
  });

  it('reports a rule file linked to a FIFO as unreadable, and never opens the FIFO (a writer waiting on it stays waiting)', async () => {
    const home = tempDir('agentls-home-');
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n' });
    fs.mkdirSync(path.join(ws, '.cursor/rules'), { recursive: true });
    fs.mkdirSync(path.join(ws, 'docs'));
    execFileSync('mkfifo', [path.join(ws, 'docs/pipe.mdc')]);
    fs.symlinkSync('../../docs/pipe.mdc', path.join(ws, '.cursor/rules/pipe.mdc'));
    // Opening the FIFO for reading, even without blocking, would let this writer finish.
    const writer = spawn('sh', ['-c', 'echo hello > docs/pipe.mdc'], { cwd: ws, stdio: 'ignore' });
    try {
      const run = await cli(['check', '--home', home], ws);
      expect(run.stdout.split('\n')).toContain('.cursor/rules/pipe.mdc:1:1: error [rule/unreadable] This rule file is a symbolic link that leads to ../../docs/pipe.mdc, which is not a regular file (a pipe, socket or device): Cursor cannot read a rule from it.');
      expect(writer.exitCode).toBeNull();
    } finally {
      writer.kill();
    }
  });

  it('reports a FIFO directly in a rule folder as unreadable without opening it, where it said "no problems"', async () => {
    const home = tempDir('agentls-home-');
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.cursor/rules/ok.mdc': '---\nalwaysApply: true\n---\nok\n' });
    execFileSync('mkfifo', [path.join(ws, '.cursor/rules/pipe.mdc')]);
    const writer = spawn('sh', ['-c', 'echo hello > .cursor/rules/pipe.mdc'], { cwd: ws, stdio: 'ignore' });
    try {
      const run = await cli(['check', '--home', home], ws);
      expect(run.code).toBe(1);
      expect(run.stdout.split('\n')).toContain('.cursor/rules/pipe.mdc:1:1: error [rule/unreadable] This rule file is not a regular file but a pipe, socket or device: Cursor cannot read a rule from it, and agentls does not open it.');
      expect(writer.exitCode).toBeNull();
    } finally {
      writer.kill();
    }
  });

  it("reports Claude Code's and Copilot's rule folders linked to nothing (a submodule not checked out), for the agents targeted", async () => {
    const home = tempDir('agentls-home-');
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'README.md': '# x\n' });
    fs.mkdirSync(path.join(ws, '.claude'));
    fs.symlinkSync('../shared/claude-rules', path.join(ws, '.claude/rules'));
    fs.symlinkSync('shared/github', path.join(ws, '.github'));
    const run = await cli(['check', '--home', home], ws);
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n')).toEqual(
      expect.arrayContaining([
        '.claude/rules:1:1: error [rule/unreadable] This rule location is a symbolic link that leads to ../shared/claude-rules, which does not exist: Claude Code reads no rules from it.',
        '.github:1:1: error [rule/unreadable] This rule location is a symbolic link that leads to shared/github, which does not exist: GitHub Copilot reads no rules from it.',
      ]),
    );
    // Only for the agents targeted.
    const cursorOnly = await cli(['check', '--home', home, '--agents', 'cursor'], ws);
    expect(cursorOnly.stdout).not.toContain('rule/unreadable');
    // Checked out, the folders hold rules, and nothing is said of the links.
    writeTree(ws, { 'shared/claude-rules/style.md': 'Use tabs.\n', 'shared/github/copilot-instructions.md': 'Be brief.\n' });
    const fixed = await cli(['check', '--home', home], ws);
    expect(fixed.stdout).not.toContain('rule/unreadable');
  });

  it("reports Claude Code's and Copilot's root rule folders linked out of the workspace, in check and rules --for, and reads nothing there", async () => {
    const home = tempDir('agentls-home-');
    const secret = 'TOP SECRET: a rule outside the workspace';
    const outside = writeTree(tempDir('agentls-outside-'), { 'claude/held.md': `${secret}\n`, 'copilot/held.instructions.md': `---\napplyTo: "**"\n---\n${secret}\n` });
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'src/a.ts': 'export const a = 1;\n' });
    fs.mkdirSync(path.join(ws, '.claude'));
    fs.mkdirSync(path.join(ws, '.github'));
    fs.symlinkSync(path.join(outside, 'claude'), path.join(ws, '.claude/rules'));
    fs.symlinkSync(path.join(outside, 'copilot'), path.join(ws, '.github/instructions'));
    const real = fs.realpathSync(outside);
    const claude = `This rule location is a symbolic link to ${real}/claude outside the workspace. Claude Code follows the link and reads the rules there; agentls does not, so they are not checked.`;
    const copilot = `This rule location is a symbolic link to ${real}/copilot outside the workspace. GitHub Copilot follows the link and reads the rules there; agentls does not, so they are not checked.`;
    const json = JSON.parse((await cli(['check', '--home', home, '--format', 'json'], ws)).stdout) as CheckJson;
    expect(json.diagnostics.map((d) => [d.path, d.code, d.severity, d.message])).toEqual([
      ['.claude/rules', 'rule/link-outside', 'warning', claude],
      ['.github/instructions', 'rule/link-outside', 'warning', copilot],
    ]);
    // The rules that reach a file say that these folders went unread.
    const forFile = await cli(['rules', '--home', home, '--for', 'src/a.ts', '--json'], ws);
    const unread = (JSON.parse(forFile.stdout) as { unread?: { path: string; code: string; message: string }[] }).unread;
    expect(unread).toEqual([
      { path: '.claude/rules', code: 'rule/link-outside', message: claude },
      { path: '.github/instructions', code: 'rule/link-outside', message: copilot },
    ]);
    expect(json.diagnostics.map((d) => d.message).join('\n') + forFile.stdout).not.toContain('TOP SECRET');
    // Only for the agents targeted.
    const cursorOnly = await cli(['check', '--home', home, '--agents', 'cursor'], ws);
    expect(cursorOnly.stdout).not.toContain('rule/link-outside');
  });

  it('reports a rule file linked to a folder outside the workspace as unreadable, not as a rule its tool reads there', async () => {
    const home = tempDir('agentls-home-');
    const outside = writeTree(tempDir('agentls-outside-'), { 'rules/style.mdc': '---\nalwaysApply: true\n---\nTOP SECRET\n' });
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n' });
    fs.mkdirSync(path.join(ws, '.cursor/rules'), { recursive: true });
    fs.symlinkSync(path.join(outside, 'rules'), path.join(ws, '.cursor/rules/shared.mdc'));
    const run = await cli(['check', '--home', home], ws);
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n')).toContain(`.cursor/rules/shared.mdc:1:1: error [rule/unreadable] This rule file is a symbolic link that leads to a folder, ${path.join(outside, 'rules')}, not a file: Cursor cannot read a rule from it.`);
    expect(run.stdout).not.toMatch(/follows the link|TOP SECRET/);
  });

  it('reports a rule file that is a link to nothing, to a folder or round a loop as unreadable, for the tool that would read it', async () => {
    const home = tempDir('agentls-home-');
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'docs/kept/readme.txt': 'a folder\n', '.cursor/rules/style.mdc': '---\nalwaysApply: true\n---\nShort functions.\n' });
    const link = (target: string, at: string) => fs.symlinkSync(target, path.join(ws, at));
    // A rule moved or renamed with its link left behind, a link to the folder instead of the file, a loop.
    link('../../docs/moved.mdc', '.cursor/rules/moved.mdc');
    link('../../docs/kept', '.cursor/rules/kept.mdc');
    link('loop.mdc', '.cursor/rules/loop.mdc');
    // Single-file locations: Claude Code's memory file linked to a file that was deleted.
    link('AGENTS.md', 'CLAUDE.md');
    const run = await cli(['check', '--home', home], ws);
    expect(run.code).toBe(1);
    const lines = run.stdout.split('\n');
    expect(lines).toContain('.cursor/rules/moved.mdc:1:1: error [rule/unreadable] This rule file is a symbolic link that leads to ../../docs/moved.mdc, which does not exist: Cursor cannot read a rule from it.');
    expect(lines).toContain('.cursor/rules/kept.mdc:1:1: error [rule/unreadable] This rule file is a symbolic link that leads to a folder, ../../docs/kept, not a file: Cursor cannot read a rule from it.');
    expect(lines).toContain('.cursor/rules/loop.mdc:1:1: error [rule/unreadable] This rule file is a symbolic link that goes round in a loop (loop.mdc → loop.mdc → …) and never reaches a file: Cursor cannot read a rule from it.');
    expect(lines).toContain('CLAUDE.md:1:1: error [rule/unreadable] This rule file is a symbolic link that leads to AGENTS.md, which does not exist: Claude Code cannot read a rule from it.');
    // Nothing claims the tool reads these files.
    expect(run.stdout).not.toMatch(/Cursor reads this file|follows the link/);
    expect(run.stdout).toMatch(/Checked 5 rule files among \d+ files: 4 problems \(4 errors/);
  });

  it('reports a rule folder that is a link to nothing: its tool reads no rules from it', async () => {
    const home = tempDir('agentls-home-');
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'src/app.ts': 'export const x = 1;\n' });
    // Rules shared from a folder that is not there (a submodule not checked out, a moved folder).
    fs.mkdirSync(path.join(ws, '.cursor'));
    fs.symlinkSync('../shared/cursor-rules', path.join(ws, '.cursor/rules'));
    // A location only the xcsh agent reads.
    fs.mkdirSync(path.join(ws, '.xcsh'));
    fs.symlinkSync('../shared/xcsh-rules', path.join(ws, '.xcsh/rules'));
    const run = await cli(['check', '--home', home], ws);
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n')).toContain('.cursor/rules:1:1: error [rule/unreadable] This rule location is a symbolic link that leads to ../shared/cursor-rules, which does not exist: Cursor and the xcsh agent read no rules from it.');
    expect(run.stdout.split('\n')).toContain('.xcsh/rules:1:1: error [rule/unreadable] This rule location is a symbolic link that leads to ../shared/xcsh-rules, which does not exist: the xcsh agent reads no rules from it.');
    // Once the folder is there, its rules are read through the link.
    writeTree(ws, { 'shared/cursor-rules/style.mdc': '---\nalwaysApply: "true"\n---\nShort functions.\n', 'shared/xcsh-rules/tabs.md': '---\nalwaysApply: true\n---\nTabs.\n' });
    const again = await cli(['check', '--home', home], ws);
    expect(again.stdout).not.toContain('rule/unreadable');
    // With a .xcsh folder the xcsh agent is targeted too, and to it the string "true" is an error.
    expect(again.stdout).toMatch(/^\.cursor\/rules\/style\.mdc:2:\d+: error \[frontmatter\/wrong-type\]/m);
  });

  it("reports a tool's folder above its rules (.cursor) and a .clinerules that are links to nothing", async () => {
    const home = tempDir('agentls-home-');
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n' });
    fs.symlinkSync('../elsewhere/cursor', path.join(ws, '.cursor'));
    fs.symlinkSync('shared/clinerules', path.join(ws, '.clinerules'));
    const run = await cli(['check', '--home', home], ws);
    expect(run.code).toBe(1);
    const lines = run.stdout.split('\n');
    expect(lines).toContain('.cursor:1:1: error [rule/unreadable] This rule location is a symbolic link that leads to ../elsewhere/cursor, which does not exist: Cursor and the xcsh agent read no rules from it.');
    expect(lines).toContain('.clinerules:1:1: error [rule/unreadable] This rule location is a symbolic link that leads to shared/clinerules, which does not exist: Cline and the xcsh agent read no rules from it.');
  });

  it('with the xcsh agent targeted, a broken link names both agents and nothing else', async () => {
    const home = tempDir('agentls-home-');
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.xcsh/rules/style.md': '---\ndescription: Style\nalwaysApply: true\n---\nShort functions.\n' });
    fs.mkdirSync(path.join(ws, '.cursor/rules'), { recursive: true });
    fs.symlinkSync('../../docs/moved.mdc', path.join(ws, '.cursor/rules/moved.mdc'));
    const run = await cli(['check', '--home', home], ws);
    const about = run.stdout.split('\n').filter((l) => l.startsWith('.cursor/rules/moved.mdc'));
    expect(about).toEqual(['.cursor/rules/moved.mdc:1:1: error [rule/unreadable] This rule file is a symbolic link that leads to ../../docs/moved.mdc, which does not exist: Cursor and the xcsh agent cannot read a rule from it.']);
  });
});

describe('agentls check: legacy single files', () => {
  it("says what each tool's documentation says of its legacy file: Cursor deprecates .cursorrules, Windsurf no longer describes .windsurfrules", async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', '.cursorrules': 'Use tabs.\n', '.windsurfrules': 'Use tabs.\n' });
    const json = JSON.parse((await cli(['check', '--home', tempDir('agentls-home-'), '--format', 'json'], ws)).stdout) as CheckJson;
    const legacy = Object.fromEntries(json.diagnostics.filter((d) => d.code === 'rule/legacy-file').map((d) => [d.path, d.message]));
    expect(legacy).toEqual({
      '.cursorrules': 'Cursor still reads this legacy file, but its documentation deprecates it in favour of its rules folder.',
      '.windsurfrules': 'Windsurf still reads this legacy file, but its current documentation describes only its rules folder.',
    });
  });
});

describe('agentls check: prompts and patches that are not text', () => {
  it('reports a prompt document or a hashline patch it cannot read as text, and fails, rather than pass it as clean', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', 'src/a.ts': 'one\n' });
    fs.mkdirSync(path.join(ws, 'prompts'));
    fs.writeFileSync(path.join(ws, 'prompts/ask.prompt.md'), Buffer.concat([Buffer.from('See <@file:ref_0|src/gone.ts> '), Buffer.from([0xff]), Buffer.from('\n')]));
    fs.writeFileSync(path.join(ws, 'fix.hashline'), Buffer.concat([Buffer.from('§src/a.ts\n≔1zz\n'), Buffer.from([0xff]), Buffer.from('\n')]));
    const r = await cli(['check', '--home', tempDir('agentls-home-'), '--format', 'json'], ws);
    const json = JSON.parse(r.stdout) as CheckJson;
    expect(json.diagnostics.map((d) => [d.path, d.code, d.severity])).toEqual([
      ['fix.hashline', 'hashline/input-error', 'error'],
      ['prompts/ask.prompt.md', 'ref/unreadable', 'error'],
    ]);
    expect(json.diagnostics[1].message).toContain('not valid UTF-8');
    expect(r.code).toBe(1);
  });
});

describe('agentls check --agents', () => {
  it('leaves out rule:// findings, which are the xcsh agent\'s, when the agents named do not include it', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', '.cursor/rules/links.mdc': '---\ndescription: Links\nalwaysApply: true\n---\nSee rule://missing-one.\n' });
    const home = tempDir('agentls-home-');
    const codes = async (...args: string[]) => (JSON.parse((await cli(['check', '--home', home, '--format', 'json', ...args], ws)).stdout) as CheckJson).diagnostics.map((d) => d.code);
    expect(await codes()).toContain('rule-url/unknown');
    expect(await codes('--agents', 'xcsh,cursor')).toContain('rule-url/unknown');
    expect(await codes('--agents', 'cursor')).not.toContain('rule-url/unknown');
  });
});
