import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/repo';

/** Runs the built demo (`npm run demo` after its build step) to its end; resolves with its exit code and output. */
function runDemo(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(repoRoot(), 'out', 'test', 'demo', 'main.js'), ...args], { cwd: repoRoot(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** The README's first command: the tour must run to its end on a fresh copy of fixtures/demo. */
describe('npm run demo', () => {
  it('runs the tour to its end: check, check --fix, each finding with its fix, what is left', async () => {
    const { code, out } = await runDemo([]);
    expect(out).not.toContain('the demo failed here');
    expect(code).toBe(0);
    expect(out).toContain('fixed 2 problems');
    // The drift fix writes the other copy: the demo shows that file's change, not an empty diff.
    expect(out).toMatch(/fix: Copy this body to \.xcsh\/rules\/style\.md[^\n]*\n\s+\n\s+in \.xcsh\/rules\/style\.md:\n(\s+[-+] .*\n)+/);
    expect(out).toContain('== What is left');
  }, 120_000);

  it('runs every part of --verbose', async () => {
    const { code, out } = await runDemo(['--verbose']);
    expect(out).not.toMatch(/the demo failed here|this part failed/);
    expect(code).toBe(0);
  }, 180_000);
});
