import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { PLAIN_AND_GIT_TREES } from '../helpers/git';
import { tempDir, writeTree } from '../helpers/repo';
import { builtCli } from '../helpers/cliWithHome';

/** Bytes that are not UTF-8: a finding agentls gives any Roo Code rule file it reads. */
const NOT_UTF8 = new Uint8Array([0x62, 0x61, 0x64, 0x20, 0xff, 0xfe, 0x0a]);
const BAD_GLOB = '---\npaths:\n  - "src/[a"\n---\nUse tabs.\n';

function check(ws: string, ...paths: string[]): CheckJson {
  return JSON.parse(builtCli(['check', '--format', 'json', ...paths], { cwd: ws, root: ws }).stdout) as CheckJson;
}

/**
 * Roo Code's `.roo/rules` and `.roo/rules-{mode}` and Claude Code's `.claude/rules`, each holding
 * a link to a folder of the workspace whose files those agents read as their rules.
 */
function linkedRuleFolders(): string {
  const ws = writeTree(tempDir(), {
    '.roo/rules/main.md': 'Use tabs.\n',
    '.roo/rules-code/own.md': 'Write tests.\n',
    'shared/roo/style.md': 'Keep lines short.\n',
    'shared/roo/garbled.md': NOT_UTF8,
    'shared/claude/globbed.md': BAD_GLOB,
    '.claude/rules/own.md': 'Be brief.\n',
  });
  fs.symlinkSync('../../shared/roo', path.join(ws, '.roo/rules/shared'));
  fs.symlinkSync('../../shared/roo', path.join(ws, '.roo/rules-code/shared'));
  fs.symlinkSync('../../shared/claude', path.join(ws, '.claude/rules/shared'));
  return ws;
}

describe.each(PLAIN_AND_GIT_TREES)('a link to a folder inside a rule folder whose agent follows it (%s)', (_, prepare) => {
  it('has the files behind it checked as that agent reads them, and no false finding on the link', () => {
    const ws = prepare(linkedRuleFolders());
    const report = check(ws);
    expect(report.diagnostics.map((d) => `${d.path} ${d.code}`).sort()).toEqual([
      '.claude/rules/shared/globbed.md frontmatter/invalid-glob',
      '.roo/rules-code/shared/garbled.md rule/invalid-utf8',
      '.roo/rules/shared/garbled.md rule/invalid-utf8',
    ]);
    expect(report.diagnostics.find((d) => d.path === '.claude/rules/shared/globbed.md')?.message).toContain('Claude Code');
    expect(report.diagnostics.find((d) => d.path === '.roo/rules/shared/garbled.md')?.message).toContain('Roo Code');
  });

  it('lists those files among the agent’s rules', () => {
    const ws = prepare(linkedRuleFolders());
    const out = builtCli(['rules'], { cwd: ws, root: ws, mustSucceed: true }).stdout;
    expect(out).toContain('.roo/rules/shared/style.md');
    expect(out).toContain('.roo/rules-code/shared/style.md');
  });

  it('says one leading out of the workspace is not checked, naming the agent, and reads nothing there', () => {
    const secret = 'TOP SECRET: a rule outside the workspace';
    const outside = writeTree(tempDir('agentls-outside-'), { 'leaked.md': NOT_UTF8, 'note.md': `${secret}\n` });
    const ws = prepare(writeTree(tempDir(), { '.roo/rules/main.md': 'Use tabs.\n' }));
    fs.symlinkSync(outside, path.join(ws, '.roo/rules/elsewhere'));
    const real = fs.realpathSync(outside);
    const run = builtCli(['check', '--format', 'json'], { cwd: ws, root: ws });
    const report = JSON.parse(run.stdout) as CheckJson;
    expect(report.diagnostics.map((d) => [d.path, d.code, d.severity, d.message])).toEqual([
      [
        '.roo/rules/elsewhere',
        'rule/link-outside',
        'warning',
        `This entry is a symbolic link to the folder ${real} outside the workspace. Roo Code follows the link and reads the rules in that folder as its own; agentls does not, so they are not checked.`,
      ],
    ]);
    expect(run.stdout).not.toContain(secret);
    const rules = builtCli(['rules'], { cwd: ws, root: ws, mustSucceed: true }).stdout;
    expect(rules).not.toContain(secret);
    expect(rules).toContain('not counted: .roo/rules/elsewhere (outside the workspace');
  });

  it('says so of one out of the workspace whatever its name: Claude Code and Roo Code read a linked folder there by any name', () => {
    const secret = 'TOP SECRET: a rule outside the workspace';
    const outside = writeTree(tempDir('agentls-outside-'), { 'note.md': `${secret}\n`, 'leaked.md': NOT_UTF8 });
    const ws = prepare(writeTree(tempDir(), { '.claude/rules/own.md': 'Be brief.\n', '.roo/rules/main.md': 'Use tabs.\n' }));
    fs.symlinkSync(outside, path.join(ws, '.claude/rules/shared'));
    // A name Roo Code would skip for a file (`*.log`): its source judges the names of the files behind a link, not the link's.
    fs.symlinkSync(outside, path.join(ws, '.roo/rules/team.log'));
    const real = fs.realpathSync(outside);
    const run = builtCli(['check', '--format', 'json'], { cwd: ws, root: ws });
    const report = JSON.parse(run.stdout) as CheckJson;
    expect(report.diagnostics.map((d) => [d.path, d.code, d.severity, d.message])).toEqual(
      (
        [
          ['.claude/rules/shared', 'Claude Code'],
          ['.roo/rules/team.log', 'Roo Code'],
        ] as const
      ).map(([link, agent]) => [link, 'rule/link-outside', 'warning', `This entry is a symbolic link to the folder ${real} outside the workspace. ${agent} follows the link and reads the rules in that folder as its own; agentls does not, so they are not checked.`]),
    );
    expect(run.stdout).not.toContain(secret);
  });
});
