import * as path from 'node:path';
import { expect } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import type { CheckJson } from '../../server/cli/output';
import type { LspTestClient } from './lspClient';
import { agentlsWithHome, builtCli } from './cliWithHome';
import { hoverText } from './hover';

/**
 * The server's diagnostics held against `agentls check`'s: a closed file's pushed findings
 * and an open buffer's must be what the built command reports for the file on disk.
 */

/** What `agentls check --format json` (the built command) reports, by root-relative path: codes and ranges. `env`: added to the test's own; `args`: more options (`--agents cursor`). */
export function checkReport(ws: string, home: string, env: Record<string, string> = {}, args: readonly string[] = []): Map<string, string[]> {
  const run = builtCli(['check', '--format', 'json', ...args], { cwd: ws, home, env });
  const report = JSON.parse(run.stdout) as CheckJson;
  const out = new Map<string, string[]>();
  for (const d of report.diagnostics) out.set(d.path, [...(out.get(d.path) ?? []), `${d.code} ${JSON.stringify(d.range)}`].sort());
  return out;
}

/** What `agentls check --format json FILE` (the built command, in `ws` as its root, with `--home`) reports of one named file: codes and ranges, sorted; it must say nothing on standard error. */
export function checkFileShape(ws: string, home: string, file: string): string[] {
  const run = agentlsWithHome(ws, home, 'check', '--format', 'json', file);
  expect(run.stderr).toBe('');
  return (JSON.parse(run.stdout) as CheckJson).diagnostics.map((d) => `${d.code} ${JSON.stringify(d.range)}`).sort();
}

/** Diagnostics as `checkReport` gives them: code and range, sorted. */
export const diagnosticShape = (ds: Diagnostic[]) => ds.map((d) => `${d.code} ${JSON.stringify(d.range)}`).sort();

/**
 * Waits until each closed file's (root-relative) pushed diagnostics are those `expected`
 * (from `checkReport`) gives it, which must give some; returns them by file.
 */
export async function expectPushedLikeCheck(c: LspTestClient, ws: string, rels: readonly string[], expected: Map<string, string[]>): Promise<Map<string, Diagnostic[]>> {
  const out = new Map<string, Diagnostic[]>();
  for (const rel of rels) {
    const want = expected.get(rel);
    expect(want, rel).toBeDefined();
    // Features publish apart (a tool's lint, the rules in context): wait for all of them.
    const got = await c.waitForDiagnostics(c.uri(path.join(ws, rel)), (ds) => diagnosticShape(ds).join('\n') === want!.join('\n'));
    expect(diagnosticShape(got), rel).toEqual(want);
    out.set(rel, got);
  }
  return out;
}

/**
 * Opens each file (root-relative) as it is on disk and waits until its diagnostics, pulled
 * or pushed as the client takes them, are those `expected` (from `checkReport`) gives it.
 */
export async function expectOpenedLikeCheck(c: LspTestClient, ws: string, rels: readonly string[], expected: Map<string, string[]>): Promise<void> {
  for (const rel of rels) {
    const uri = await c.open(path.join(ws, rel));
    const got = await c.waitForDiagnostics(uri, (ds) => diagnosticShape(ds).join('\n') === expected.get(rel)!.join('\n'));
    expect(diagnosticShape(got), rel).toEqual(expected.get(rel));
  }
}

/**
 * Starts a server (`start`, from `useLspClients`) on `ws` with `home` and holds it against
 * `agentls check`: check must report the files `said` (root-relative) and no other, and the
 * server must say of each what check says, closed and then open. Returns the client.
 */
export async function startLikeCheck(start: (options: { folders: string[]; home: string }) => Promise<LspTestClient>, ws: string, home: string, said: readonly string[]): Promise<LspTestClient> {
  const expected = checkReport(ws, home);
  expect([...expected.keys()].sort()).toEqual([...said].sort());
  const c = await start({ folders: [ws], home });
  await expectPushedLikeCheck(c, ws, said, expected);
  await expectOpenedLikeCheck(c, ws, said, expected);
  return c;
}

/**
 * Opens each user-level file (relative to `home`) in the editor and waits until its diagnostics
 * are what `checkFileShape` gives it, which must be the one finding `code`; where `agent` is
 * given, the hover on its first line must name it.
 */
export async function expectHomeFilesLikeCheck(c: LspTestClient, ws: string, home: string, expected: readonly [rel: string, code: string, agent: string | undefined][]): Promise<void> {
  for (const [rel, code, agent] of expected) {
    const file = path.join(home, rel);
    const want = checkFileShape(ws, home, file);
    expect(want.map((d) => d.split(' ')[0]), rel).toEqual([code]);
    const uri = await c.open(file);
    const got = await c.waitForDiagnostics(uri, (ds) => diagnosticShape(ds).join('\n') === want.join('\n'));
    expect(diagnosticShape(got), rel).toEqual(want);
    if (agent) expect(await hoverText(c, uri, 0, 1), rel).toContain(agent);
  }
}
