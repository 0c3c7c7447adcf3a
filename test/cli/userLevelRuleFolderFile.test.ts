import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RulesForFileResult } from '../../protocol/rulesContext';
import type { CheckJson } from '../../server/cli/output';
import { useLspClients } from '../helpers/lspClient';
import { tempDir, writeTree } from '../helpers/repo';
import { agentlsWithHome } from '../helpers/cliWithHome';

const start = useLspClients(afterEach);

/*
 * The user's own `~/.cursor/rules` written as one file: an error where it is (the editor
 * shows it there, `agentls check` names it reports it), but not the project's, so a check of
 * the project says it in one line and does not fail on it.
 */

// Cursor reads no ~/.cursor/rules (its User Rules are set in Cursor Settings), so only the xcsh agent is named.
const ADVICE = "This rule location is a file, not a folder: the xcsh agent reads no rules from it. Make ~/.cursor/rules a folder holding the rules: the xcsh agent's rule files are .md and .mdc files directly inside that folder.";

function setUp(): { ws: string; home: string } {
  const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.cursor/rules/a.mdc': '---\nalwaysApply: true\n---\nUse the design tokens.\n', 'src/a.ts': 'export const a = 1;\n' });
  const home = writeTree(tempDir('agentls-home-'), { '.cursor/rules': 'Use tabs.\n' });
  return { ws, home };
}

describe('a user-level rule folder written as a file', () => {
  it('is left out of the project check in one line, in the singular, and reported when named', () => {
    const { ws, home } = setUp();
    const located = path.join(home, '.cursor', 'rules');
    const run = agentlsWithHome(ws, home, 'check', '--format', 'json');
    expect(run.status).toBe(0);
    expect((JSON.parse(run.stdout) as CheckJson).diagnostics).toEqual([]);
    expect(run.stderr).toBe(
      `agentls check: 1 problem in your user-level rules (~/.cursor/rules) is not reported: it is not the project's and does not fail its run; agentls check --home ${home} ${located} reports it\n`,
    );
    // The command it gives reports it, as an error.
    const named = agentlsWithHome(ws, home, 'check', '--format', 'json', located);
    expect(named.status).toBe(1);
    // JSON names the folder by its absolute path, in the message as in `path`.
    const inJson = ADVICE.replace('Make ~/.cursor/rules a folder', `Make ${located} a folder`);
    expect((JSON.parse(named.stdout) as CheckJson).diagnostics.map((d) => [d.path, d.code, d.severity, d.message])).toEqual([[located, 'rule/unreadable', 'error', inJson]]);
    // The rules for a file say it was not read.
    const forFile = JSON.parse(agentlsWithHome(ws, home, 'rules', '--for', 'src/a.ts', '--json').stdout) as RulesForFileResult;
    expect(forFile.unread).toEqual([{ path: located, code: 'rule/unreadable', message: inJson }]);
  });

  it('is pushed by the server on the file, as the named check reports it', async () => {
    const { ws, home } = setUp();
    const located = path.join(home, '.cursor', 'rules');
    const c = await start({ folders: [ws], home });
    const pushed = await c.waitForDiagnostics(c.uri(located), (ds) => ds.length > 0);
    expect(pushed.map((d) => [d.code, d.severity, d.message])).toEqual([['rule/unreadable', 1, ADVICE]]);
  });
});
