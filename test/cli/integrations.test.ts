import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot, tempDir, writeTree } from '../helpers/repo';
import { cliOnPath } from '../helpers/cliWithHome';

function project(): string {
  return writeTree(tempDir(), {
    '.git/HEAD': '',
    '.cursor/rules/flag.mdc': '---\ndescription: Flag as text\nalwaysApply: "true"\n---\nBody.\n',
    'docs/guide.md': 'See rule://nope.\n',
    'src/app.ts': 'export const x = 1;\n',
  });
}

interface ActionStep {
  id?: string;
  name: string;
  if?: string;
  run?: string;
  env?: Record<string, string>;
  'working-directory'?: string;
  with?: Record<string, string>;
}

describe('the GitHub Action', () => {
  const action = parse(fs.readFileSync(path.join(repoRoot(), 'action.yml'), 'utf8')) as {
    inputs: Record<string, { default: string }>;
    runs: { using: string; steps: ActionStep[] };
  };

  /** `${{ inputs.x }}` and `${{ steps.check.outputs.x }}` as the runner expands them (inputs as given, else their defaults). */
  function expand(text: string, outputs: Record<string, string>, inputs: Record<string, string>): string {
    return text.replace(/\$\{\{\s*(inputs|steps\.check\.outputs)\.([\w-]+)\s*\}\}/g, (_, scope: string, key: string) => (scope === 'inputs' ? (inputs[key] ?? action.inputs[key].default) : (outputs[key] ?? '')));
  }

  /** Runs one step's script as the runner does (`bash --noprofile --norc -eo pipefail`), with its env. */
  function runStep(step: ActionStep, cwd: string, outputs: Record<string, string>, inputs: Record<string, string> = {}) {
    const githubOutput = path.join(tempDir(), 'output');
    fs.writeFileSync(githubOutput, '');
    const env: Record<string, string> = { PATH: `${cliOnPath()}:${process.env.PATH}`, HOME: tempDir('agentls-home-'), GITHUB_OUTPUT: githubOutput };
    for (const [k, v] of Object.entries(step.env ?? {})) env[k] = expand(v, outputs, inputs);
    const script = path.join(tempDir(), 'step.sh');
    fs.writeFileSync(script, step.run!);
    const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd: path.resolve(cwd, expand(step['working-directory'] ?? '.', outputs, inputs)), env, encoding: 'utf8' });
    for (const line of fs.readFileSync(githubOutput, 'utf8').split('\n')) {
      const eq = line.indexOf('=');
      if (eq > 0) outputs[line.slice(0, eq)] = line.slice(eq + 1);
    }
    return r;
  }

  it('writes the SARIF report and fails on problems, with the exact scripts it contains', () => {
    expect(action.runs.using).toBe('composite');
    const ws = project();
    const outputs: Record<string, string> = {};
    const check = action.runs.steps.find((s) => s.id === 'check')!;
    const run = runStep(check, ws, outputs);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('docs/guide.md:1:5: error [rule-url/unknown]');
    expect(outputs['exit-code']).toBe('1');
    const sarif = JSON.parse(fs.readFileSync(path.join(ws, action.inputs['sarif-file'].default), 'utf8'));
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0].results.map((r: { ruleId: string }) => r.ruleId)).toContain('rule-url/unknown');

    const fail = action.runs.steps.find((s) => s.name === 'Fail on problems')!;
    expect(runStep(fail, ws, outputs).status).toBe(1);

    fs.writeFileSync(path.join(ws, 'docs/guide.md'), 'No references.\n');
    fs.writeFileSync(path.join(ws, '.cursor/rules/flag.mdc'), '---\nalwaysApply: true\n---\nBody.\n');
    const clean = runStep(check, ws, outputs);
    expect(clean.stdout).toMatch(/Checked 1 rule file among \d+ files: no problems\./);
    expect(outputs['exit-code']).toBe('0');
    expect(runStep(fail, ws, outputs).status).toBe(0);
  });

  it('uploads the SARIF file it wrote, from a working-directory and at an absolute sarif-file too', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', 'web/docs/guide.md': 'See rule://nope.\n' });
    const check = action.runs.steps.find((s) => s.id === 'check')!;
    const upload = action.runs.steps.find((s) => s.name === 'Upload SARIF')!;
    const uploaded = (inputs: Record<string, string>): unknown => {
      const outputs: Record<string, string> = {};
      runStep(check, ws, outputs, inputs);
      // upload-sarif, a `uses:` step, runs in the workspace: a relative path is read from there.
      return JSON.parse(fs.readFileSync(path.resolve(ws, expand(upload.with!.sarif_file, outputs, inputs)), 'utf8')).runs[0].results.map((r: { ruleId: string }) => r.ruleId);
    };
    expect(uploaded({ 'working-directory': 'web' })).toEqual(['rule-url/unknown']);
    const elsewhere = path.join(tempDir(), 'agentls.sarif');
    expect(uploaded({ 'working-directory': 'web', 'sarif-file': elsewhere })).toEqual(['rule-url/unknown']);
    expect(fs.existsSync(elsewhere)).toBe(true);
  });

  it('uploads the report only after a run that wrote a sound one (exit 0 or 1), not after exit 2 or 3', () => {
    const upload = action.runs.steps.find((s) => s.name === 'Upload SARIF')!;
    const condition = upload.if ?? '';
    // The condition's parts about the exit code, each `steps.check.outputs.exit-code != 'N'`, read as GitHub would.
    const parts = condition.replace(/^\$\{\{|\}\}$/g, '').split('&&').map((p) => p.trim()).filter((p) => p.includes('exit-code'));
    const uploads = (code: string) => parts.every((p) => {
      const m = /^steps\.check\.outputs\.exit-code != '(\d)'$/.exec(p);
      if (!m) throw new Error(`an exit-code condition this test does not read: ${p}`);
      return code !== m[1];
    });
    expect(['0', '1', '2', '3'].filter(uploads)).toEqual(['0', '1']);
  });

  it('takes the paths input as written: split at spaces, or one a line for a path with spaces, never globbed', () => {
    const ws = project();
    fs.writeFileSync(path.join(ws, 'docs/my guide.md'), 'See rule://gone.\n');
    const check = action.runs.steps.find((s) => s.id === 'check')!;
    const checked = (paths: string) => {
      const outputs: Record<string, string> = {};
      const run = runStep(check, ws, outputs, { paths });
      return { exit: outputs['exit-code'], files: [...new Set([...run.stdout.matchAll(/^(.+?):\d+:\d+: /gm)].map((m) => m[1]))].sort(), stderr: run.stderr };
    };
    expect(checked('docs/my guide.md\n\n.cursor/rules\n')).toEqual({ exit: '1', files: ['.cursor/rules/flag.mdc', 'docs/my guide.md'], stderr: '' });
    expect(checked('docs/guide.md .cursor/rules')).toEqual({ exit: '1', files: ['.cursor/rules/flag.mdc', 'docs/guide.md'], stderr: '' });
    // A shell glob reaches agentls as written, which names no file: the run fails rather than checking what the shell picked.
    const globbed = checked('docs/*.md');
    expect(globbed.exit).toBe('2');
    expect(globbed.stderr).toContain('docs/*.md');
  });
});

describe('the pre-commit hook', () => {
  const [hook] = parse(fs.readFileSync(path.join(repoRoot(), '.pre-commit-hooks.yaml'), 'utf8')) as { id: string; entry: string; files: string; language: string }[];

  it('runs its entry on the staged files its pattern selects', () => {
    expect(hook).toMatchObject({ id: 'agentls-check', language: 'node' });
    const ws = project();
    const staged = ['.cursor/rules/flag.mdc', 'docs/guide.md', 'src/app.ts', '.clinerules', 'recipes/a.astedit.yaml'];
    const selected = staged.filter((f) => new RegExp(hook.files).test(f));
    expect(selected).toEqual(['.cursor/rules/flag.mdc', 'docs/guide.md', '.clinerules', 'recipes/a.astedit.yaml']);
    const files = selected.filter((f) => fs.existsSync(path.join(ws, f)));
    // pre-commit runs `entry` with the file names appended, from the repository root.
    const [command, ...args] = hook.entry.split(' ');
    const env = { ...process.env, PATH: `${cliOnPath()}:${process.env.PATH}`, HOME: tempDir('agentls-home-') };
    const r = spawnSync(command, [...args, ...files], { cwd: ws, env, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('docs/guide.md:1:5: error [rule-url/unknown]');
    expect(r.stdout).toContain('.cursor/rules/flag.mdc:3:14');
    expect(r.stdout).toMatch(/Checked 1 rule file and 1 Markdown file with rule:\/\/ links: /);
    fs.writeFileSync(path.join(ws, 'docs/guide.md'), 'No references.\n');
    const fixed = spawnSync(command, [...args, '--fix', ...files], { cwd: ws, env, encoding: 'utf8' });
    expect(fixed.stdout).toContain('fixed [frontmatter/');
    expect(fixed.status).toBe(0);
  });

  it("selects every single-file rule format agentls checks, Zed's .rules and Roo Code's .roorules included, and Cline's .txt and .markdown rules", () => {
    // pre-commit matches `files` with Python's re.search; this pattern reads the same in JavaScript.
    const staged = ['.rules', '.roorules', '.roorules-code', '.clinerules/style.txt', '.clinerules/style.markdown', '.cline/rules/tests.txt', 'notes.txt'];
    expect(staged.filter((f) => new RegExp(hook.files).test(f))).toEqual(staged.slice(0, -1));
    const ws = writeTree(tempDir(), { '.git/HEAD': '', '.rules': '---\ndescription: style\n---\nUse tabs.\n' });
    const [command, ...args] = hook.entry.split(' ');
    const env = { ...process.env, PATH: `${cliOnPath()}:${process.env.PATH}`, HOME: tempDir('agentls-home-') };
    const r = spawnSync(command, [...args, '.rules'], { cwd: ws, env, encoding: 'utf8' });
    expect(r.stdout).toContain('.rules:1:1: information [frontmatter/sent-as-text]');
  });
});
