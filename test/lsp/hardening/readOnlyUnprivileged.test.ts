import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AstEditPreviewResult } from '../../../protocol/astedit';
import { lineHash } from '../../../server/hashline/hash';
import { useLspClients } from '../../helpers/lspClient';
import { ownedDir, unprivileged } from '../../helpers/unprivileged';

const start = useLspClients(afterEach);

/** A client that cannot apply edits: the server writes the disk itself, through the workspace's atomic write. */
const NO_APPLY_EDIT = { workspace: { applyEdit: false } };

/** The real user id of a running process (Linux: /proc). */
function processUid(pid: number): number | undefined {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /^Uid:\s+(\d+)/m.exec(status);
  return m ? Number(m[1]) : undefined;
}

const runAs = unprivileged();

describe('read-only files, with the server run by an unprivileged user', () => {
  it.skipIf('skip' in runAs)(`hashline apply and ast-edit apply refuse a 0444 file and say why, leaving it unchanged (${'skip' in runAs ? runAs.skip : `as ${runAs.name}`})`, async () => {
    if ('skip' in runAs) return;
    const ws = ownedDir(runAs, { 'locked.txt': 'one\n', 'open.txt': 'one\n', 'src/locked.ts': 'console.log(1);\n' });
    const locked = path.join(ws, 'locked.txt');
    const lockedTs = path.join(ws, 'src/locked.ts');
    fs.chmodSync(locked, 0o444);
    fs.chmodSync(lockedTs, 0o444);
    const c = await start({ folders: [ws], client: NO_APPLY_EDIT, home: ownedDir(runAs), cacheDir: ownedDir(runAs), user: runAs.user });
    expect(processUid(c.process.pid!)).toBe(runAs.uid);

    // The user may write in the folder: a writable file beside them is patched, so a
    // refusal below is about the file's mode, not a folder the server cannot write.
    await c.request('agentls/hashlineApply', { input: `§open.txt\n≔1${lineHash('one')}\nONE\n` });
    expect(fs.readFileSync(path.join(ws, 'open.txt'), 'utf8')).toBe('ONE\n');

    await expect(c.request('agentls/hashlineApply', { input: `§locked.txt\n≔1${lineHash('one')}\nONE\n` })).rejects.toMatchObject({
      message: expect.stringContaining(`${locked} is read-only (mode 0444)`),
    });
    expect(fs.readFileSync(locked, 'utf8')).toBe('one\n');
    expect(fs.statSync(locked).mode & 0o777).toBe(0o444);

    const preview = await c.request<AstEditPreviewResult>('agentls/astEditPreview', { ops: [{ pat: 'console.log($A)', out: 'logger.info($A)' }], paths: ['src'] });
    expect(preview.totals).toMatchObject({ replacements: 1, files: 1 });
    await expect(c.request('agentls/astEditResolve', { previewId: preview.previewId, action: 'apply' })).rejects.toMatchObject({
      message: expect.stringContaining(`${lockedTs} is read-only (mode 0444)`),
    });
    expect(fs.readFileSync(lockedTs, 'utf8')).toBe('console.log(1);\n');
    expect(fs.statSync(lockedTs).mode & 0o777).toBe(0o444);
    // Nothing staged was left behind either.
    expect(fs.readdirSync(ws).sort()).toEqual(['locked.txt', 'open.txt', 'src']);
    expect(fs.readdirSync(path.join(ws, 'src'))).toEqual(['locked.ts']);
  });
});
