import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { workCounts } from '../helpers/workCounts';
import { tempDir, writeTree } from '../helpers/repo';

/** The diagnostics of `agentls check` run in `cwd`, which must say nothing on stderr. */
function checkDiagnostics(cwd: string, env?: Record<string, string>): CheckJson['diagnostics'] {
  const run = builtCli(['check', '--format', 'json'], { cwd, env });
  expect(run.stderr).toBe('');
  return (JSON.parse(run.stdout) as CheckJson).diagnostics;
}

/** The diagnostics of `agentls check` in a repository holding `settings` as its `.vscode/settings.json`, and `files`. */
function checkSettings(settings: string, files: Record<string, string> = {}): CheckJson['diagnostics'] {
  return checkDiagnostics(writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.vscode/settings.json': settings, ...files }));
}

/**
 * `chat.promptFilesLocations` in a root's `.vscode/settings.json` (VS Code's docs, copilot-settings.md):
 * a folder set `true` holds Copilot's prompt files, the default `.github/prompts` set `false` does
 * not, and an entry agentls does not read (home, absolute, glob, outside) is said on its line.
 */
describe('Copilot prompt folders from .vscode/settings.json', () => {
  it('checks a configured folder, honours false, and says each entry it does not read', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.vscode/settings.json': '{\n  // prompts\n  "chat.promptFilesLocations": {\n    "docs/prompts": true,\n    ".github/prompts": false,\n    "~/prompts": true,\n    "prompts/**": true,\n  },\n}\n',
      'docs/prompts/a.prompt.md': '---\ncolour: red\n---\nA.\n',
      '.github/prompts/b.prompt.md': '---\ncolour: red\n---\nB.\n',
    });
    const diagnostics = checkDiagnostics(ws);
    expect(diagnostics.map((d) => [d.path, d.code, d.severity, d.range.start.line])).toEqual([
      ['.vscode/settings.json', 'rule/not-read', 'information', 5],
      ['.vscode/settings.json', 'rule/not-read', 'information', 6],
      ['docs/prompts/a.prompt.md', 'frontmatter/unknown-key', 'information', 1],
    ]);
    expect(diagnostics[1].message).toContain('"prompts/**" (chat.promptFilesLocations): it holds a glob');
  });

  it('takes an empty settings file, or one of comments alone, as no settings, and says nothing of the settings where Copilot is not targeted', () => {
    for (const settings of ['', '// nothing yet\n', '/* none */\n']) {
      const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.vscode/settings.json': settings, '.github/prompts/b.prompt.md': '---\nagent: ask\n---\nB.\n' });
      const run = builtCli(['check', '--format', 'json'], { cwd: ws });
      expect(run.status, run.stderr).toBe(0);
      expect((JSON.parse(run.stdout) as CheckJson).diagnostics).toEqual([]);
    }
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.vscode/settings.json': '{ "chat.promptFilesLocations": { "~/prompts": true }, oops }\n',
      '.cursor/rules/a.mdc': '---\nalwaysApply: true\n---\nA.\n',
    });
    const cursorOnly = JSON.parse(builtCli(['check', '--format', 'json', '--agents', 'cursor'], { cwd: ws }).stdout) as CheckJson;
    expect(cursorOnly.diagnostics.filter((d) => d.path === '.vscode/settings.json')).toEqual([]);
    const all = JSON.parse(builtCli(['check', '--format', 'json'], { cwd: ws }).stdout) as CheckJson;
    expect(all.diagnostics.filter((d) => d.path === '.vscode/settings.json').length).toBeGreaterThan(0);
  });
});

describe('a hostile .vscode/settings.json', () => {
  it('nested 100,000 deep is reported as not parsing, and its defaults stand, instead of a crash', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.vscode/settings.json': `{\n"chat.promptFilesLocations": ${deep}\n}\n`,
      '.github/prompts/b.prompt.md': '---\ncolour: red\n---\nB.\n',
    });
    const diagnostics = checkDiagnostics(ws);
    expect(diagnostics.map((d) => [d.path, d.code, d.range.start.line])).toEqual([
      ['.github/prompts/b.prompt.md', 'frontmatter/unknown-key', 1],
      ['.vscode/settings.json', 'rule/unreadable', 1],
    ]);
    expect(diagnostics[1].message).toContain('nested deeper than');
  });

  it('starting with a byte order mark is read as without one, not reported as not parsing', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.vscode/settings.json': '\uFEFF{\n  "chat.promptFilesLocations": { "~/prompts": true }\n}\n',
    });
    const diagnostics = checkDiagnostics(ws);
    expect(diagnostics.map((d) => [d.path, d.code, d.range.start.line])).toEqual([['.vscode/settings.json', 'rule/not-read', 1]]);
  });

  it('with a key that climbs out with backslashes has it refused as outside the workspace, as its slashed spelling is, and nothing outside is named', () => {
    const top = writeTree(tempDir(), {
      'out.prompt.md': '---\ncolour: red\n---\nOutside.\n',
      'outi/x.instructions.md': '---\napplyTo: 1\n---\nOutside.\n',
      'ws/.git/HEAD': 'ref: refs/heads/main\n',
      'ws/.vscode/settings.json': '{\n"chat.promptFilesLocations": { "..\\\\": true, "\\\\": true },\n"chat.instructionsFilesLocations": { "..\\\\outi": true, "\\\\etc": true }\n}\n',
    });
    const diagnostics = checkDiagnostics(`${top}/ws`);
    expect(diagnostics.map((d) => [d.path, d.code, d.range.start.line, d.message.replace(/.*: /, '')])).toEqual([
      ['.vscode/settings.json', 'rule/not-read', 1, 'it leads outside the workspace folder.'],
      // A lone `\\`, the drive's root on Windows, is absolute, as `/` is.
      ['.vscode/settings.json', 'rule/not-read', 1, 'it is an absolute path, outside what agentls reads.'],
      ['.vscode/settings.json', 'rule/not-read', 2, 'it leads outside the workspace folder.'],
      ['.vscode/settings.json', 'rule/not-read', 2, 'it is an absolute path, outside what agentls reads.'],
    ]);
  });
  it('with a key holding a NUL has it refused as no folder name, said once, and the other folders read', () => {
    const diagnostics = checkSettings('{\n"chat.promptFilesLocations": { "docs\\u0000x": true, "docs": true }\n}\n', { 'docs/a.prompt.md': '---\ncolour: red\n---\nA.\n' });
    expect(diagnostics.map((d) => [d.path, d.code, d.range.start.line])).toEqual([
      ['.vscode/settings.json', 'rule/not-read', 1],
      ['docs/a.prompt.md', 'frontmatter/unknown-key', 1],
    ]);
    expect(diagnostics[0].message).toContain('it holds a NUL character, which no folder name holds');
  });
});

describe('a .vscode/settings.json agentls does not read', () => {
  // Each kind its own tests: the twelve runs of the CLI in one test ran past its timeout on a loaded machine.
  const cases: [string, (file: string) => void, string][] = [
    ['larger than 1 MiB', (file) => fs.writeFileSync(file, `{${' '.repeat(1024 * 1024)}}`), 'larger than the 1 MiB'],
    ['a named pipe (never opened)', (file) => expect(spawnSync('mkfifo', [file]).status).toBe(0), 'named pipe'],
    ['a folder', (file) => fs.mkdirSync(file), 'it is a folder'],
    [
      'a link out of the workspace',
      (file) => fs.symlinkSync(path.join(writeTree(tempDir(), { 'settings.json': '{ "chat.promptFilesLocations": { "docs/prompts": true } }\n' }), 'settings.json'), file),
      'outside the workspace',
    ],
  ];
  for (const [name, make, why] of cases) {
    it(`${name}: is said once on it, naming Copilot and the default folders checked`, () => {
      // A Copilot user's project: its repository-wide instructions.
      const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.vscode/keep': '', '.github/copilot-instructions.md': 'Be brief.\n', 'docs/prompts/a.prompt.md': '---\ncolour: red\n---\nA.\n' });
      make(path.join(ws, '.vscode/settings.json'));
      const diagnostics = checkDiagnostics(ws);
      expect(diagnostics.map((d) => [d.path, d.code, d.severity, d.range.start.line])).toEqual([['.vscode/settings.json', 'rule/unreadable', 'warning', 0]]);
      expect(diagnostics[0].message).toContain(why);
      expect(diagnostics[0].message).toContain("GitHub Copilot's prompt and instruction files in the default folders alone, .github/prompts and .github/instructions");
    });

    // A project with no sign of Copilot (a Claude Code one whose `.vscode` is shared through a link): nothing said of Copilot,
    // unless Copilot is chosen by name.
    it(`${name}, in a project with no sign of Copilot, is said only when Copilot is chosen by name`, () => {
      const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.vscode/keep': '', 'CLAUDE.md': '# Memory\n' });
      make(path.join(ws, '.vscode/settings.json'));
      expect(checkDiagnostics(ws)).toEqual([]);
      const named = JSON.parse(builtCli(['check', '--format', 'json', '--agents', 'claude,copilot'], { cwd: ws }).stdout) as CheckJson;
      expect(named.diagnostics.map((d) => [d.path, d.code])).toEqual([['.vscode/settings.json', 'rule/unreadable']]);
    });
  }
});

describe('the lines of refused entries', () => {
  it('at the end of a settings file near 1 MiB are said each on its line, the text scanned once for them (not once per entry)', () => {
    // About 1 MiB of comment lines, then the 100 entries of each setting read, all refused (home folders).
    const filler = '// filler filler filler filler filler filler filler filler filler filler filler\n'.repeat(12_500);
    const entries = (n: number) => Array.from({ length: 100 }, (_, i) => `    "~/${n}-${i}": true,\n`).join('');
    const text = `{\n${filler}  "chat.promptFilesLocations": {\n${entries(1)}  },\n  "chat.instructionsFilesLocations": {\n${entries(2)}  },\n}\n`;
    expect(text.length).toBeGreaterThan(1_000_000);
    expect(text.length).toBeLessThan(1024 * 1024);
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.vscode/settings.json': text });
    const work = workCounts();
    const said = checkDiagnostics(ws, work.env).map((d) => [d.code, d.range.start.line]);
    const first = 1 + 12_500 + 1;
    const lines = [...Array.from({ length: 100 }, (_, i) => first + i), ...Array.from({ length: 100 }, (_, i) => first + 100 + 2 + i)];
    expect(said).toEqual(lines.map((line) => ['rule/not-read', line]));
    // Counted by the CLI as it scans for line starts (`countWork`): once over the text, where each entry scanned it from its start again (200 times).
    expect(work.counts()['settings-line-scan']).toBeLessThanOrEqual(text.length);
  });
});
