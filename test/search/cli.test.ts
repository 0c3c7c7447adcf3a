import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FileCandidatesPayload } from '../../protocol/rawp';
import { copyFixture, tempDir, writeTree } from '../helpers/repo';
import { CAFE_NFD, NAIVE_NFC, RESUME_NFC, writeSpellings } from '../helpers/spellings';
import { builtCliAsync } from '../helpers/cliWithHome';

/** Runs the built `agentls` as a user would, with a private home and cache folder. */
function agentls(args: string[], cwd: string, cache = tempDir('agentls-cache-')): Promise<{ code: number; stdout: string; stderr: string }> {
  return builtCliAsync(args, { cwd, env: { XDG_CACHE_HOME: cache } }).then((run) => ({ code: run.status ?? 1, stdout: run.stdout, stderr: run.stderr }));
}

describe('agentls search', () => {
  it('prints the best paths, one a line, with the same ranking as the server', async () => {
    const root = copyFixture('search-basic');
    const r = await agentls(['search', 'auth'], root);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual(['src/auth.ts', 'test/auth_check.ts', 'src/authMiddleware.ts']);
  });

  it('writes a path that holds a line break as a quoted string, so that each line is one path', async () => {
    const root = copyFixture('search-basic');
    writeTree(root, { 'src/odd\nauth.ts': 'x' });
    const r = await agentls(['search', 'odd'], root);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toContain(JSON.stringify('src/odd\nauth.ts'));
    expect(lines.every((line) => !line.startsWith('auth.ts'))).toBe(true);
  });

  it.runIf(process.platform !== 'win32')('finds a name that holds a backslash by a query that spells it, and still reads util\\log as util/log', async () => {
    const root = writeTree(tempDir(), { '.git/HEAD': '', 'src/back\\slash.ts': 'x', 'src/back.ts': 'x', 'util/log.ts': 'x' });
    for (const query of ['back\\', 'back\\sl', 'src/back\\']) {
      const r = await agentls(['search', query, '--no-cache'], root);
      expect({ query, code: r.code, stdout: r.stdout.trim().split('\n') }).toEqual({ query, code: 0, stdout: ['src/back\\slash.ts'] });
    }
    // Typed the Windows way, the backslash is still a folder separator.
    const windows = await agentls(['search', 'util\\log', '--no-cache'], root);
    expect(windows.stdout.trim().split('\n')).toEqual(['util/log.ts']);
    // The highlight of the match covers the backslash itself.
    const json = JSON.parse((await agentls(['search', 'back\\', '--json', '--no-cache'], root)).stdout) as FileCandidatesPayload;
    expect(json.candidates[0].match_ranges).toEqual([{ start: 4, end: 9 }]);
  });

  it.runIf(process.platform !== 'win32')('reads a query with a folder separator typed the Windows way and a backslash of a name, each as it is meant', async () => {
    const root = writeTree(tempDir(), { '.git/HEAD': '', 'src/back\\slash.ts': 'x', 'src/back.ts': 'x', 'src/backup/x.ts': 'x' });
    // `src\` is a folder, `back\` the start of a name: read all one way or all the other, the query found nothing.
    for (const query of ['src\\back\\', 'src\\back\\sl']) {
      const r = await agentls(['search', query, '--no-cache'], root);
      expect({ query, code: r.code, stdout: r.stdout.trim().split('\n') }).toEqual({ query, code: 0, stdout: ['src/back\\slash.ts'] });
    }
  });

  it('prints the session.file.candidates payload with --json, honouring --max, --ext and --exclude', async () => {
    const root = copyFixture('search-basic');
    writeTree(root, { 'dist/auth.js': 'x' });
    const r = await agentls(['search', 'auth', '--json', '--max', '1', '--ext', '.ts,.tsx', '--exclude', 'src/auth.ts'], root);
    expect(r.code).toBe(0);
    const payload = JSON.parse(r.stdout) as FileCandidatesPayload;
    expect(payload.query_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.candidates.map((c) => c.path)).toEqual(['test/auth_check.ts']);
    expect(payload).toMatchObject({ total_count: 2, truncated: true });
    expect(payload.candidates[0].match_ranges).toEqual([{ start: 5, end: 9 }]);
  });

  it('keeps the index in the cache folder between runs', async () => {
    const root = copyFixture('search-basic');
    const cache = tempDir('agentls-cache-');
    await agentls(['search', 'guide'], root, cache);
    expect(fs.existsSync(path.join(cache, 'agentls', 'file-index.sqlite'))).toBe(true);
    fs.rmSync(path.join(root, 'docs'), { recursive: true });
    // The stored list is checked against the disk before answering.
    const r = await agentls(['search', 'guide'], root, cache);
    expect(r.stdout).toBe('');
    expect(r.code).toBe(1);
  });

  it('finds a name typed composed or decomposed whichever way the disk spells it, and prints the disk spelling', async () => {
    const root = tempDir('agentls-spellings-');
    const disk = writeSpellings(root);
    const resume = await agentls(['search', RESUME_NFC, '--json'], root);
    expect(resume.code).toBe(0);
    const found = (JSON.parse(resume.stdout) as FileCandidatesPayload).candidates[0];
    expect(found.path).toBe(disk.resume);
    // Every unit of the name is highlighted, the marks of a decomposed letter with it.
    expect(found.match_ranges).toEqual([{ start: 'notes/'.length, end: disk.resume.length - '.md'.length }]);
    expect((await agentls(['search', CAFE_NFD], root)).stdout.trim().split('\n')[0]).toBe(disk.cafe);
    expect((await agentls(['search', `${NAIVE_NFC}/plan`], root)).stdout.trim().split('\n')).toEqual([disk.plan]);
  });

  it('exits 1 when nothing matches and 2 on a bad command line', async () => {
    const root = copyFixture('search-basic');
    expect((await agentls(['search', 'zzzqqqxxx'], root)).code).toBe(1);
    const bad = await agentls(['search', 'a', '--max', 'many'], root);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--max must be a positive integer/);
    const glob = await agentls(['search', 'a', '--exclude', 'src/['], root);
    expect(glob.code).toBe(2);
    expect(glob.stderr).toMatch(/--exclude\[0\]/);
  });
});
