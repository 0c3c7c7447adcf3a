import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, writeTree } from '../helpers/repo';
import { ownedDir, unprivileged } from '../helpers/unprivileged';
import { builtCli } from '../helpers/cliWithHome';
import { LIMITS } from '../../server/core/limits';
import { capInstructionFolder, instructionFolderCapped } from '../helpers/instructionFolders';
import type { CheckJson } from '../../server/cli/output';

/*
 * Run from a subfolder of the project, check writes the project's files from the shell's folder
 * (`../.cursor/rules/x.mdc`): its notes on standard error name them the same way, so that each
 * path it prints can be pasted into the same shell.
 */
describe('agentls check run from a subfolder: its notes name paths from there', () => {
  it('says a fixed file that had a hard link from the shell’s folder, as the fix line above it', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', '.cursor/rules/flag.mdc': '---\ndescription: Flag as text\nalwaysApply: "true"\n---\nBody.\n', 'src/a.ts': 'x\n' });
    fs.linkSync(path.join(ws, '.cursor/rules/flag.mdc'), path.join(tempDir(), 'flag-copy.mdc'));
    const run = builtCli(['check', '--fix'], { cwd: path.join(ws, 'src'), root: ws });
    expect(run.stdout).toMatch(/^\.\.\/\.cursor\/rules\/flag\.mdc: fixed /m);
    expect(run.stderr).toContain('agentls check: note: ../.cursor/rules/flag.mdc had another name (a hard link)');
  });

  it('says a rule folder read up to its cap from the shell’s folder, as its finding on stdout; JSON from the root, as before', () => {
    const N = LIMITS.ruleFolderFiles;
    const tree: Record<string, string> = { '.git/HEAD': 'ref: refs/heads/main\n', 'src/a.ts': 'x\n' };
    for (let i = 0; i <= N; i++) tree[`.clinerules/r${String(i).padStart(4, '0')}.md`] = `Rule ${i}.\n`;
    const ws = writeTree(tempDir(), tree);
    capInstructionFolder(ws, '.claude/rules', ['a.md', 'Always.\n'], ['zz.md', 'Last.\n']);
    const capped = `This rule folder holds ${(N + 1).toLocaleString('en-US')} rule files; agentls reads up to ${N.toLocaleString('en-US')} rule files: the 1 past the first ${N.toLocaleString('en-US')} by name is not checked.`;
    const src = path.join(ws, 'src');
    const args = ['check', '--agents', 'cline,claude', '../.clinerules', '../.claude/rules'];
    const run = builtCli(args, { cwd: src, root: ws });
    expect(run.status, run.stderr).toBe(2);
    expect(run.stdout).toMatch(/^\.\.\/\.clinerules:1:1: error \[rule\/too-large\]/m);
    const lines = run.stderr.split('\n');
    expect(lines).toContain(`agentls check: ../.clinerules: ${capped}`);
    expect(lines).toContain(`agentls check: ../.claude/rules: ${instructionFolderCapped('Claude Code')}`);
    const json = builtCli([...args, '--format', 'json'], { cwd: src, root: ws });
    expect((JSON.parse(json.stdout) as CheckJson).incomplete).toEqual([`.clinerules: ${capped}`, `.claude/rules: ${instructionFolderCapped('Claude Code')}`]);
  }, 120_000);

  const runAs = unprivileged();
  it.skipIf('skip' in runAs)(`says a folder it could not read from the shell’s folder, as its finding on stdout (run as ${'skip' in runAs ? runAs.skip : runAs.name})`, () => {
    if ('skip' in runAs) return;
    const ws = ownedDir(runAs, { 'packages/web/.cursor/rules/style.mdc': '---\nalwaysApply: true\n---\nUse tokens.\n', 'packages/web/src/a.ts': 'x\n' });
    const home = ownedDir(runAs);
    const locked = path.join(ws, 'packages/web/.cursor/rules');
    fs.chmodSync(locked, 0);
    try {
      const run = builtCli(['check'], { cwd: path.join(ws, 'packages/web'), root: ws, home, user: runAs.user });
      expect(run.status).toBe(2);
      expect(run.stdout).toMatch(/^\.cursor\/rules:1:1: error \[rule\/unreadable\]/m);
      expect(run.stderr.split('\n')).toContain('agentls check: cannot read folder .cursor/rules');
    } finally {
      fs.chmodSync(locked, 0o755);
    }
  });
});
