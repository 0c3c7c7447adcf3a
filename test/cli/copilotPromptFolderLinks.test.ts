import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * Copilot's prompt folder (`.github/prompts`) that is a symbolic link agentls does not follow:
 * `check` says so on the link, as it does of `.github/instructions`, rather than report that it
 * found no prompt documents; and `rules --for` lists no such folder among the unread rule
 * folders, since prompt files reach no request unasked.
 */
describe('a .github/prompts that is a symbolic link agentls does not follow', () => {
  it('linked out of the workspace: check says Copilot reads the prompt files there and agentls does not', () => {
    const outside = writeTree(tempDir('agentls-outside-'), { 'prompts/review.prompt.md': '---\ncolour: red\n---\nTOP SECRET\n' });
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'src/a.ts': 'export const a = 1;\n' });
    fs.mkdirSync(path.join(ws, '.github'));
    fs.symlinkSync(path.join(outside, 'prompts'), path.join(ws, '.github/prompts'));
    const run = builtCli(['check', '--format', 'json'], { cwd: ws });
    const report = JSON.parse(run.stdout) as CheckJson;
    expect(report.diagnostics.map((d) => [d.path, d.code, d.severity, d.message])).toEqual([
      [
        '.github/prompts',
        'rule/link-outside',
        'warning',
        `This prompt file location is a symbolic link to ${fs.realpathSync(outside)}/prompts outside the workspace. GitHub Copilot follows the link and reads the prompt files there; agentls does not, so they are not checked.`,
      ],
    ]);
    expect(run.stdout).not.toContain('TOP SECRET');
    const forFile = builtCli(['rules', '--for', 'src/a.ts', '--json'], { cwd: ws });
    expect(forFile.stdout).not.toContain('.github/prompts');
  });

  it('linked to nothing: an error naming the link', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n' });
    fs.mkdirSync(path.join(ws, '.github'));
    fs.symlinkSync('../shared/prompts', path.join(ws, '.github/prompts'));
    const run = builtCli(['check'], { cwd: ws });
    expect(run.status).toBe(1);
    expect(run.stdout.split('\n')).toContain(
      '.github/prompts:1:1: error [rule/unreadable] This prompt file location is a symbolic link that leads to ../shared/prompts, which does not exist: GitHub Copilot reads no prompt files from it.',
    );
  });

  // The folders of `chat.promptFilesLocations` (.vscode/settings.json): a configured folder linked to nothing is said, `.github/prompts`
  // turned off is not, and a configured folder linked out is said once, by the settings check, on its line.
  it('follows .vscode/settings.json: a configured folder to nothing is said, one turned off is not, one linked out once', () => {
    const outside = writeTree(tempDir('agentls-outside-'), { 'prompts/review.prompt.md': '---\ncolour: red\n---\nTOP SECRET\n' });
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.vscode/settings.json': '{ "chat.promptFilesLocations": { "docs/prompts": true, "shared": true, ".github/prompts": false } }\n',
    });
    fs.mkdirSync(path.join(ws, '.github'));
    fs.mkdirSync(path.join(ws, 'docs'));
    fs.symlinkSync('../gone/prompts', path.join(ws, '.github/prompts'));
    fs.symlinkSync('../gone/prompts', path.join(ws, 'docs/prompts'));
    fs.symlinkSync(path.join(outside, 'prompts'), path.join(ws, 'shared'));
    const report = JSON.parse(builtCli(['check', '--format', 'json'], { cwd: ws }).stdout) as CheckJson;
    expect(report.diagnostics.map((d) => [d.path, d.code])).toEqual([
      ['.vscode/settings.json', 'rule/not-read'],
      ['docs/prompts', 'rule/unreadable'],
    ]);
    expect(report.diagnostics[0].message).toContain('"shared" (chat.promptFilesLocations): a symbolic link on the way leads outside the workspace');
    expect(report.diagnostics[1].message).toBe('This prompt file location is a symbolic link that leads to ../gone/prompts, which does not exist: GitHub Copilot reads no prompt files from it.');
  });
});
