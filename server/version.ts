import * as fs from 'node:fs';
import * as path from 'node:path';

function readVersion(): string {
  // Compiled to out/server/version.js; sources run from server/ under vitest.
  for (const up of ['../../package.json', '../package.json']) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, up), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'agentls' && pkg.version) return pkg.version;
    } catch {
      // try the next candidate
    }
  }
  return '0.0.0';
}

export const VERSION = readVersion();
