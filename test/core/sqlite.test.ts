import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/repo';

/** In a fresh process (the module keeps what it loaded): the built `loadSqlite`, then the modules Node loaded for it. */
function loadInFreshProcess(): { ok: boolean; modules: string[]; rows: unknown } {
  const script = `
    const { loadSqlite } = require(${JSON.stringify(path.join(repoRoot(), 'out/server/core/sqlite.js'))});
    const sqlite = loadSqlite();
    const db = sqlite.ok ? new sqlite.Database(':memory:', { timeout: 100 }) : undefined;
    const rows = db ? db.prepare('SELECT 1 + 1 AS two').all() : undefined;
    db?.close();
    process.stdout.write(JSON.stringify({ ok: sqlite.ok, modules: Object.keys(require.cache), rows }));`;
  const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as { ok: boolean; modules: string[]; rows: unknown };
}

describe('loadSqlite', () => {
  it('loads the addon from where it was built, without the package searching for it, and opens databases with it', () => {
    const loaded = loadInFreshProcess();
    expect(loaded.ok).toBe(true);
    expect(loaded.rows).toEqual([{ two: 2 }]);
    expect(loaded.modules.filter((m) => m.endsWith('better_sqlite3.node'))).toHaveLength(1);
    // `bindings` is what searches: it throws and catches "cannot find module" for each place before the right one.
    expect(loaded.modules.filter((m) => m.includes(`${path.sep}bindings${path.sep}`))).toEqual([]);
  });
});
