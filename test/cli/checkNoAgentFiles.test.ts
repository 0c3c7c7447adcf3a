import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * A check that found nothing agentls lints passes (a repository with no rule files yet is no
 * failure), but says so in every format, naming where it looked: a CI step pointed at the
 * wrong folder must not read as a clean run.
 */
const NONE = 'found no rule files, prompt documents, hashline patches or ast-edit recipes in';

describe('agentls check where there is nothing it lints', () => {
  it('an empty project: exit 0, and text, JSON and SARIF say nothing was found there, naming the folder', () => {
    const ws = tempDir();
    const text = builtCli(['check'], { cwd: ws, root: ws });
    expect({ status: text.status, stdout: text.stdout, stderr: text.stderr }).toEqual({ status: 0, stdout: `Checked 0 files: ${NONE} ${ws}.\n`, stderr: '' });

    const json = builtCli(['check', '--format', 'json'], { cwd: ws, root: ws });
    expect(json.status).toBe(0);
    const report = JSON.parse(json.stdout) as CheckJson;
    expect(report.summary).toMatchObject({ filesChecked: 0, agentFiles: 0, problems: 0 });
    expect(report.noAgentFiles).toBe(`Found ${NONE.slice('found '.length)} ${ws}`);

    const sarif = builtCli(['check', '--format', 'sarif'], { cwd: ws, root: ws });
    expect(sarif.status).toBe(0);
    const [invocation] = JSON.parse(sarif.stdout).runs[0].invocations;
    // A run that completed: a warning, not an error (which would say the results may be incomplete).
    expect(invocation).toEqual({ executionSuccessful: true, toolExecutionNotifications: [{ level: 'warning', message: { text: report.noAgentFiles } }] });
  });

  it('a folder of source files alone is not called clean; a named folder is named as typed', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'src/a.ts': 'export const a = 1;\n', 'docs/intro.md': '# Intro\n' });
    const whole = builtCli(['check'], { cwd: ws });
    expect(whole.status).toBe(0);
    expect(whole.stdout).toBe(`Checked 2 files: ${NONE} ${ws}.\n`);
    const src = builtCli(['check', 'src'], { cwd: ws });
    expect(src.stdout).toBe(`Checked 1 file: ${NONE} src.\n`);
  });

  it('says nothing of it where it found one, clean or not, nor beside a rule:// problem in a Markdown file it checked', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.xcsh/.keep': '',
      'src/a.ts': 'export const a = 1;\n',
      'ask.prompt.md': '---\nfile_references:\n  - ref_id: a\n    path: src/a.ts\n---\nLook at <@file:a|src/a.ts>.\n',
      'docs/guide.md': 'See rule://nope.\n',
    });
    const clean = builtCli(['check', 'ask.prompt.md', 'src'], { cwd: ws });
    expect({ status: clean.status, stdout: clean.stdout }).toEqual({ status: 0, stdout: 'Checked 1 prompt document among 2 files: no problems.\n' });
    const json = JSON.parse(builtCli(['check', 'ask.prompt.md', '--format', 'json'], { cwd: ws }).stdout) as CheckJson;
    expect(json.summary.agentFiles).toBe(1);
    expect(json.noAgentFiles).toBeUndefined();
    // A Markdown file checked for its rule:// link is one of the files agentls lints: the problem is
    // said, and no "found no rule files" beside it (in JSON, it counts among the agent files).
    const docs = builtCli(['check', 'docs'], { cwd: ws });
    expect(docs.status).toBe(1);
    expect(docs.stdout).toMatch(/\nChecked 1 Markdown file with rule:\/\/ links: 1 problem \(1 error, 0 warnings, 0 info\)\.\n$/);
    const docsJson = JSON.parse(builtCli(['check', 'docs/guide.md', '--format', 'json'], { cwd: ws }).stdout) as CheckJson;
    expect({ agentFiles: docsJson.summary.agentFiles, noAgentFiles: docsJson.noAgentFiles }).toEqual({ agentFiles: 1, noAgentFiles: undefined });
    fs.mkdirSync(path.join(ws, '.cursor', 'rules'), { recursive: true });
    fs.writeFileSync(path.join(ws, '.cursor', 'rules', 'style.mdc'), '---\ndescription: Style\nglobs: src/**/*.ts\nalwaysApply: false\n---\nUse tabs.\n');
    const withRule = builtCli(['check', '.cursor'], { cwd: ws });
    expect(withRule.stdout).toBe('Checked 1 rule file: no problems.\n');
  });

  it('says nothing of it beside a finding in a settings file: the file with the finding was checked', () => {
    // Gemini CLI refuses the settings file (a trailing comma); Copilot's prompt folder in VS Code's settings is outside what agentls reads.
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.gemini/settings.json': '{ "a": 1, }\n',
      '.github/.keep': '',
      '.vscode/settings.json': '{ "chat.promptFilesLocations": { "/etc": true } }\n',
    });
    const text = builtCli(['check'], { cwd: ws });
    expect(text.status).toBe(1);
    expect(text.stdout).toContain('[gemini/settings-invalid]');
    expect(text.stdout).toContain('[rule/not-read]');
    expect(text.stdout).not.toContain(NONE);
    const json = JSON.parse(builtCli(['check', '--format', 'json'], { cwd: ws }).stdout) as CheckJson;
    expect(json.diagnostics.map((d) => d.path).sort()).toEqual(['.gemini/settings.json', '.vscode/settings.json']);
    expect({ agentFiles: json.summary.agentFiles, noAgentFiles: json.noAgentFiles }).toEqual({ agentFiles: 2, noAgentFiles: undefined });
    const sarif = JSON.parse(builtCli(['check', '--format', 'sarif'], { cwd: ws }).stdout);
    expect(sarif.runs[0].invocations[0].toolExecutionNotifications).toBeUndefined();
  });
});
