import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useLspClients } from '../../helpers/lspClient';
import { copyFixture, tempDir } from '../../helpers/repo';

const start = useLspClients(afterEach);

describe('a file index database damaged inside', () => {
  it('is set aside and rebuilt, so that the next start restores from the cache again', async () => {
    const ws = copyFixture('search-basic');
    const cacheDir = tempDir('agentls-cache-');
    const home = tempDir('agentls-home-');
    const db = path.join(cacheDir, 'file-index.sqlite');

    const first = await start({ folders: [ws], cacheDir, home });
    await first.waitForLog(/file index: 16 files in 1 folder/);
    await first.stop();
    // Keep the header (the file still opens as SQLite) and garble every page after the first.
    const bytes = fs.readFileSync(db);
    expect(bytes.length).toBeGreaterThan(4096);
    for (let i = 4096; i < bytes.length; i++) bytes[i] = (i * 7919) & 0xff;
    fs.writeFileSync(db, bytes);

    const second = await start({ folders: [ws], cacheDir, home });
    await second.waitForLog(/file index: .*cannot be read \(the database is damaged: [^\n]+\); starting a new one$/);
    await second.waitForLog(/file index: 16 files in 1 folder/);
    await second.stop();
    expect(fs.existsSync(`${db}.broken`)).toBe(true);

    const third = await start({ folders: [ws], cacheDir, home });
    await third.waitForLog(/file index: 16 files in 1 folder, restored from the cache/);
    expect(third.logMessages.filter((m) => /cache database failed|cannot be read/.test(m.message))).toEqual([]);
  }, 30_000);
});
