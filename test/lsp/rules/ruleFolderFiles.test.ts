import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkReport, expectPushedLikeCheck } from '../../helpers/checkParity';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/*
 * A rule folder written as one file, or a link to a file where the folder goes, at the root
 * and in a package: closed, and no file of the editor's, it gets what `agentls check` says of it.
 */
describe('a rule folder that is a file, or a link to one', () => {
  it('is pushed for the closed location as agentls check reports it, at the root and in a package', async () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.cursor/rules': '---\nalwaysApply: true\n---\nUse the design tokens.\n',
      'notes.md': 'Some notes.\n',
      'packages/web/.cursor/rules': 'Use the design tokens.\n',
      'packages/web/src/a.ts': 'export const a = 1;\n',
    });
    fs.mkdirSync(path.join(ws, '.windsurf'));
    fs.symlinkSync('../notes.md', path.join(ws, '.windsurf/rules'));
    fs.mkdirSync(path.join(ws, 'packages/api/.claude'), { recursive: true });
    fs.symlinkSync('../../../notes.md', path.join(ws, 'packages/api/.claude/rules'));
    const home = tempDir('agentls-home-');
    const expected = checkReport(ws, home);
    const rels = ['.cursor/rules', '.windsurf/rules', 'packages/web/.cursor/rules', 'packages/api/.claude/rules'];
    expect([...expected.keys()].sort()).toEqual([...rels].sort());
    const c = await start({ folders: [ws], home });
    const pushed = await expectPushedLikeCheck(c, ws, rels, expected);
    expect(pushed.get('.cursor/rules')?.map((d) => [d.severity, d.message])).toEqual([
      [1, "This rule location is a file, not a folder: Cursor and the xcsh agent read no rules from it. Make .cursor/rules a folder holding the rules: Cursor's rule files are .mdc files inside that folder."],
    ]);
    expect(pushed.get('packages/api/.claude/rules')?.map((d) => d.message)).toEqual([
      "This rule location is a symbolic link that leads to a file, ../../../notes.md, not a folder: Claude Code reads no rules from it. Make packages/api/.claude/rules a folder (or a link to one) holding the rules: Claude Code's rule files are .md files inside that folder.",
    ]);
  });

  it('is pushed for a named pipe where the folder goes, at the root and in a package, as agentls check reports it', async () => {
    // A plain tree: git lists no named pipe, so only a walk meets a package's (checkRuleFolderFiles.test.ts).
    const ws = writeTree(tempDir(), { 'packages/web/src/a.ts': 'export const a = 1;\n' });
    for (const rel of ['.cursor/rules', 'packages/web/.windsurf/rules']) {
      fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
      expect(spawnSync('mkfifo', [path.join(ws, rel)]).status).toBe(0);
    }
    const home = tempDir('agentls-home-');
    const expected = checkReport(ws, home);
    const rels = ['.cursor/rules', 'packages/web/.windsurf/rules'];
    expect([...expected.keys()].sort()).toEqual(rels);
    const c = await start({ folders: [ws], home });
    const pushed = await expectPushedLikeCheck(c, ws, rels, expected);
    expect(pushed.get('packages/web/.windsurf/rules')?.map((d) => d.message)).toEqual([
      "This rule location is a named pipe (FIFO), not a folder: Windsurf reads no rules from it. Make packages/web/.windsurf/rules a folder holding the rules: Windsurf's rule files are .md files inside that folder.",
    ]);
  });
});
