import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useRawClients } from '../helpers/rawClient';
import { tempDir } from '../helpers/repo';
import { until } from '../helpers/polling';
import { builtCli } from '../helpers/cliWithHome';
import { isAscii } from 'node:buffer';
import { loadWithCodeCache } from '../../server/cli/codeCache';
import { repoRoot } from '../helpers/repo';

const startRaw = useRawClients(afterEach);

/** Runs the installed command (the bundle's launcher) with its caches under `xdg`. */
function agentls(xdg: string, ...args: string[]) {
  return builtCli(args, { home: null, env: { XDG_CACHE_HOME: xdg } });
}

function cacheFiles(xdg: string): string[] {
  const folder = path.join(xdg, 'agentls', 'code');
  return fs.existsSync(folder) ? fs.readdirSync(folder).map((name) => path.join(folder, name)) : [];
}

describe('the installed command loads its bundle through a code cache', () => {
  it('writes the cache once, then uses it as it is', () => {
    const xdg = tempDir('agentls-xdg-');
    const first = agentls(xdg, '--version');
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/^agentls \d+\.\d+\.\d+\n$/);
    const [file] = cacheFiles(xdg);
    expect(path.basename(file)).toMatch(/^main\.js-\d+-\d+-v\d+\.\d+\.\d+-\w+\.v8cache$/);
    const written = fs.statSync(file);
    expect(written.size).toBeGreaterThan(1000);

    // V8 took it: a refused cache would have been written anew (a new file, a new inode).
    const second = agentls(xdg, '--version');
    expect(second.status).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    const again = fs.statSync(file);
    expect([again.ino, again.mtimeMs]).toEqual([written.ino, written.mtimeMs]);
  });

  it('the bundle is ASCII, so the launcher reads it as Latin-1 without a second copy (codeCache.ts)', () => {
    expect(isAscii(fs.readFileSync(path.join(repoRoot(), 'out', 'bundle', 'main.js')))).toBe(true);
  });

  it('a program with characters past ASCII is read as UTF-8, its #! line kept out of the code', () => {
    const folder = tempDir('agentls-code-cache-utf8-');
    const file = path.join(folder, 'program.js');
    fs.writeFileSync(file, "#!/usr/bin/env node\nmodule.exports = 'é → ≤ 😀';\n");
    for (let start = 0; start < 2; start++) {
      const loaded = loadWithCodeCache(file, path.join(folder, 'cache'));
      expect(loaded.exports).toBe('é → ≤ 😀');
    }
  });

  it('a damaged cache is refused by V8 and replaced; the command runs as always', () => {
    const xdg = tempDir('agentls-xdg-');
    expect(agentls(xdg, '--version').status).toBe(0);
    const [file] = cacheFiles(xdg);
    const garbage = Buffer.alloc(fs.statSync(file).size, 0x5a);
    fs.writeFileSync(file, garbage);
    const run = agentls(xdg, '--version');
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^agentls /);
    expect(fs.readFileSync(file).equals(garbage)).toBe(false);
  });

  it('a cache whose body is damaged (its header intact) is not handed to V8, which would abort the process', () => {
    const xdg = tempDir('agentls-xdg-');
    expect(agentls(xdg, '--version').status).toBe(0);
    const [file] = cacheFiles(xdg);
    const bytes = fs.readFileSync(file);
    // Flip bytes past the first few hundred: V8's own checks read only the start.
    for (let i = 400; i < bytes.length; i += 997) bytes[i] ^= 0xff;
    fs.writeFileSync(file, bytes);
    for (let run = 0; run < 2; run++) {
      const r = agentls(xdg, '--version');
      expect(r.signal).toBeNull();
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/^agentls /);
    }
    expect(fs.readFileSync(file).equals(bytes)).toBe(false);
  });

  it('drops the caches of earlier builds when it writes its own', () => {
    const xdg = tempDir('agentls-xdg-');
    const folder = path.join(xdg, 'agentls', 'code');
    fs.mkdirSync(folder, { recursive: true });
    const earlier = path.join(folder, 'main.js-12-34-v20.0.0-x64.v8cache');
    const unrelated = path.join(folder, 'notes.txt');
    fs.writeFileSync(earlier, 'old');
    fs.writeFileSync(unrelated, 'kept');
    expect(agentls(xdg, '--version').status).toBe(0);
    expect(fs.existsSync(earlier)).toBe(false);
    expect(fs.existsSync(unrelated)).toBe(true);
    expect(cacheFiles(xdg).filter((f) => f.endsWith('.v8cache'))).toHaveLength(1);
  });

  it('a cache folder it cannot write costs nothing but speed', () => {
    const xdg = tempDir('agentls-xdg-');
    fs.writeFileSync(path.join(xdg, 'agentls'), 'a file where the cache folder would be');
    const run = agentls(xdg, '--version');
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^agentls /);
  });

  it('the language server writes its cache once it has warmed up, and keeps serving', async () => {
    const ws = tempDir('agentls-ws-');
    const c = await startRaw([ws]);
    const file = (await until('the code cache', () => cacheFiles(c.cacheDir).find((f) => f.endsWith('.v8cache')), (found) => found !== undefined))!;
    expect(fs.statSync(file).size).toBeGreaterThan(1000);
    c.send({ jsonrpc: '2.0', id: 7, method: 'agentls/status', params: {} });
    const status = await c.response(7);
    expect(status.error).toBeUndefined();
  });
});
