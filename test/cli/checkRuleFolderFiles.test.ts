import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RulesForFileResult } from '../../protocol/rulesContext';
import type { CheckJson } from '../../server/cli/output';
import { PLAIN_AND_GIT_TREES } from '../helpers/git';
import { tempDir, writeTree } from '../helpers/repo';
import { builtCli } from '../helpers/cliWithHome';

/*
 * A rule folder written as one file (`.cursor/rules`, as the legacy `.cursorrules` was), or a
 * link to a file where the folder goes: no tool lists it, so its content reaches no agent.
 */

function agentls(ws: string, ...args: string[]): string {
  const run = builtCli(args, { cwd: ws, root: ws });
  return run.stdout;
}

const CURSOR_FILE = '---\nalwaysApply: true\n---\nUse the design tokens.\n';
/** The advice for a Cursor rule folder, named from the workspace root (`packages/web/.cursor/rules`). */
const cursorAdvice = (folder = '.cursor/rules') => `Make ${folder} a folder holding the rules: Cursor's rule files are .mdc files inside that folder.`;

/** What check (JSON) reports, as [path, code, severity, message], every one a `rule/unreadable` error. */
function unreadable(ws: string): string[][] {
  const report = JSON.parse(agentls(ws, 'check', '--format', 'json')) as CheckJson;
  return report.diagnostics.map((d) => [d.path, d.code, d.severity, d.message]);
}

/** A `rule/unreadable` error on `at`, as check gives it. */
const error = (at: string, message: string) => [at, 'rule/unreadable', 'error', message];

/** The folders `rules --for` says it could not read, with their codes. */
function unreadFolders(ws: string, file: string): string[][] | undefined {
  return (JSON.parse(agentls(ws, 'rules', '--for', file, '--json')) as RulesForFileResult).unread?.map((f) => [f.path, f.code]);
}

/** Claude Code's `.claude/rules` (at `folder`) linked to `written`, a file. */
const claudeLinkedToFile = (written: string, folder = '.claude/rules') =>
  `This rule location is a symbolic link that leads to a file, ${written}, not a folder: Claude Code reads no rules from it. Make ${folder} a folder (or a link to one) holding the rules: Claude Code's rule files are .md files inside that folder.`;

describe.each(PLAIN_AND_GIT_TREES)('a rule folder that is a file, or a link to one (%s)', (_, prepare) => {
  it('is an error on it at the root, naming each tool that lists it, with what to do; a .clinerules file is not (Cline reads one)', () => {
    const ws = writeTree(tempDir(), { '.cursor/rules': CURSOR_FILE, 'notes.md': 'Some notes.\n', '.clinerules': 'Use tabs.\n', 'src/a.ts': 'export const a = 1;\n' });
    fs.mkdirSync(path.join(ws, '.windsurf'));
    fs.symlinkSync('../notes.md', path.join(ws, '.windsurf/rules'));
    fs.mkdirSync(path.join(ws, '.claude'));
    fs.symlinkSync('../notes.md', path.join(ws, '.claude/rules'));
    prepare(ws);
    expect(unreadable(ws)).toEqual([
      error('.claude/rules', claudeLinkedToFile('../notes.md')),
      error('.cursor/rules', `This rule location is a file, not a folder: Cursor and the xcsh agent read no rules from it. ${cursorAdvice()}`),
      error(
        '.windsurf/rules',
        "This rule location is a symbolic link that leads to a file, ../notes.md, not a folder: Windsurf and the xcsh agent read no rules from it. Make .windsurf/rules a folder (or a link to one) holding the rules: Windsurf's rule files are .md files inside that folder.",
      ),
    ]);
    // Said among what could not be read, as the other unread folders are.
    expect(unreadFolders(ws, 'src/a.ts')).toEqual([
      ['.claude/rules', 'rule/unreadable'],
      ['.cursor/rules', 'rule/unreadable'],
      ['.windsurf/rules', 'rule/unreadable'],
    ]);
  });

  it('is an error on it in a package, naming the tool that lists it', () => {
    const ws = writeTree(tempDir(), { 'packages/web/.cursor/rules': CURSOR_FILE, 'packages/notes.md': 'Some notes.\n', 'packages/web/src/a.ts': 'export const a = 1;\n' });
    fs.mkdirSync(path.join(ws, 'packages/api/.claude'), { recursive: true });
    fs.symlinkSync('../../notes.md', path.join(ws, 'packages/api/.claude/rules'));
    prepare(ws);
    expect(unreadable(ws)).toEqual([
      error('packages/api/.claude/rules', claudeLinkedToFile('../../notes.md', 'packages/api/.claude/rules')),
      error('packages/web/.cursor/rules', `This rule location is a file, not a folder: Cursor reads no rules from it. ${cursorAdvice('packages/web/.cursor/rules')}`),
    ]);
    const text = agentls(ws, 'check');
    expect(text).toContain(`packages/web/.cursor/rules:1:1: error [rule/unreadable] This rule location is a file, not a folder: Cursor reads no rules from it. ${cursorAdvice('packages/web/.cursor/rules')}`);
    // For a file of packages/web, only its own package's folder: packages/api's rules cannot reach it, and are counted.
    expect(unreadFolders(ws, 'packages/web/src/a.ts')).toEqual([['packages/web/.cursor/rules', 'rule/unreadable']]);
    expect((JSON.parse(agentls(ws, 'rules', '--for', 'packages/web/src/a.ts', '--json')) as RulesForFileResult).unreadElsewhere).toBe(1);
  });

  it('is nothing to say of a .cursor linked to a folder that holds no rules folder: there are just no rules', () => {
    const ws = writeTree(tempDir(), { 'shared/cursor/.keep': '', 'src/a.ts': 'export const a = 1;\n' });
    fs.symlinkSync('shared/cursor', path.join(ws, '.cursor'));
    prepare(ws);
    expect(unreadable(ws)).toEqual([]);
  });
});

/*
 * A named pipe (made with mkfifo) where a rule folder goes: no tool lists it, as no tool lists
 * a file. Opening it for reading would block until a writer came; the run ending at all shows
 * that nothing opened it (spawnSync's timeout turns a hang into a failure). A package's is met
 * by a walk only: git lists no named pipe (not even as untracked), so in a work tree it is not seen.
 */
describe.each(PLAIN_AND_GIT_TREES)('a rule folder that is a named pipe (%s)', (tree, prepare) => {
  const mkfifo = (at: string) => {
    fs.mkdirSync(path.dirname(at), { recursive: true });
    expect(spawnSync('mkfifo', [at]).status).toBe(0);
  };

  it('is an error on it at the root and (in a plain tree) in a package, saying what it is, and nothing opens it', () => {
    const ws = writeTree(tempDir(), { 'packages/web/src/a.ts': 'export const a = 1;\n', 'src/a.ts': 'export const a = 1;\n' });
    mkfifo(path.join(ws, '.cursor/rules'));
    mkfifo(path.join(ws, 'packages/web/.windsurf/rules'));
    prepare(ws);
    const plain = tree === 'a plain tree';
    const run = (...args: string[]) => builtCli(args, { cwd: ws, root: ws, timeout: 20000 });
    const json = run('check', '--format', 'json');
    expect(json.signal).toBeNull();
    const pkg = error(
      'packages/web/.windsurf/rules',
      "This rule location is a named pipe (FIFO), not a folder: Windsurf reads no rules from it. Make packages/web/.windsurf/rules a folder holding the rules: Windsurf's rule files are .md files inside that folder.",
    );
    expect((JSON.parse(json.stdout) as CheckJson).diagnostics.map((d) => [d.path, d.code, d.severity, d.message])).toEqual([
      error('.cursor/rules', `This rule location is a named pipe (FIFO), not a folder: Cursor and the xcsh agent read no rules from it. ${cursorAdvice()}`),
      ...(plain ? [pkg] : []),
    ]);
    expect(json.status).toBe(1);
    expect(run('check').stdout).toContain('.cursor/rules:1:1: error [rule/unreadable] This rule location is a named pipe (FIFO), not a folder');
    expect(unreadFolders(ws, 'packages/web/src/a.ts')).toEqual([['.cursor/rules', 'rule/unreadable'], ...(plain ? [['packages/web/.windsurf/rules', 'rule/unreadable']] : [])]);
  });
});
