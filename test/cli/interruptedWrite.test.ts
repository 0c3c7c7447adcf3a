import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverEntry, tempDir, writeTree } from '../helpers/repo';

/**
 * Ctrl-C (or a CI runner's cancel) while `ast-edit --apply` or `hashline apply` writes several
 * files must not leave some of them new and the others old, nor staged temporary files behind:
 * the write is all-or-nothing even then. The test holds the write after its first rename
 * (`AGENTLS_TEST_HOLD_WRITE`), interrupts it there, then lets it go on.
 */
function interrupted(args: string[], cwd: string, signal: NodeJS.Signals): Promise<{ signal: NodeJS.Signals | null; status: number | null }> {
  const gate = path.join(tempDir(), 'go');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [serverEntry(), ...args, '--home', tempDir()], { cwd, env: { ...process.env, AGENTLS_TEST_HOLD_WRITE: gate }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      err += d;
      if (!err.includes('test: holding the write after its first file')) return;
      child.kill(signal);
      fs.writeFileSync(gate, '');
    });
    child.on('error', reject);
    child.on('close', (status, sig) => resolve({ status, signal: sig }));
  });
}

describe('an edit of several files interrupted while it writes', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`ast-edit --apply, ${signal}: every file written, no temporary file left, and the process still ends by the signal`, async () => {
      const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'src/a.ts': 'const a = 1;\n', 'src/b.ts': 'const b = 2;\n' });
      const run = await interrupted(['ast-edit', '--pat', 'const $A = $B;', '--out', 'let $A = $B;', 'src', '--apply'], ws, signal);
      expect(run.signal).toBe(signal);
      expect(fs.readFileSync(path.join(ws, 'src/a.ts'), 'utf8')).toBe('let a = 1;\n');
      expect(fs.readFileSync(path.join(ws, 'src/b.ts'), 'utf8')).toBe('let b = 2;\n');
      expect(fs.readdirSync(path.join(ws, 'src')).sort()).toEqual(['a.ts', 'b.ts']);
    });
  }
});
