import * as path from 'node:path';
import { expect } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import type { CheckJson } from '../../server/cli/output';
import type { LspTestClient } from './lspClient';
import { builtCli } from './cliWithHome';

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
