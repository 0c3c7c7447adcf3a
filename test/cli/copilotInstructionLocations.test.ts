import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * `chat.instructionsFilesLocations` in a root's `.vscode/settings.json` (VS Code's docs,
 * copilot-settings.md): a folder set `true` holds Copilot's instruction files, its subfolders too
 * ("Each folder is searched recursively"); the default `.github/instructions` set `false` does
 * not; an entry agentls does not read (home, glob) is said on its line.
 */
describe('Copilot instruction folders from .vscode/settings.json', () => {
  it('checks a configured folder recursively, honours false, and says each entry it does not read', () => {
    const rule = '---\napplyTo: "**/*.ts"\nexcludeAgent: robot\n---\nUse tabs.\n';
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.vscode/settings.json': '{\n  "chat.instructionsFilesLocations": {\n    "docs/instr": true,\n    ".github/instructions": false,\n    "~/.claude/rules": true,\n    "rules/**": true,\n  },\n}\n',
      'docs/instr/deep/a.instructions.md': rule,
      '.github/instructions/b.instructions.md': rule,
      'src/x.ts': 'export {};\n',
    });
    const report = JSON.parse(builtCli(['check', '--format', 'json'], { cwd: ws }).stdout) as CheckJson;
    expect(report.diagnostics.map((d) => [d.path, d.code, d.range.start.line])).toEqual([
      ['.vscode/settings.json', 'rule/not-read', 4],
      ['.vscode/settings.json', 'rule/not-read', 5],
      ['docs/instr/deep/a.instructions.md', 'frontmatter/invalid-value', 2],
    ]);
    expect(report.diagnostics[0].message).toContain('Copilot instruction files of "~/.claude/rules" (chat.instructionsFilesLocations)');
    expect(report.diagnostics[2].message).toContain('GitHub Copilot knows no excludeAgent value "robot"');
  });

  it('lists a configured folder\'s instruction file among Copilot\'s in agentls rules', () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.vscode/settings.json': '{ "chat.instructionsFilesLocations": { "docs/instr": true } }\n',
      'docs/instr/style.instructions.md': '---\napplyTo: "**/*.ts"\n---\nUse tabs.\n',
      'src/x.ts': 'export {};\n',
    });
    const out = builtCli(['rules', '--for', 'src/x.ts'], { cwd: ws }).stdout;
    expect(out).toContain('docs/instr/style.instructions.md');
  });
});
