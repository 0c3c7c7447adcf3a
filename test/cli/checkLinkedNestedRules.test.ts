import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RulesForFileResult } from '../../protocol/rulesContext';
import type { CheckJson } from '../../server/cli/output';
import { PLAIN_AND_GIT_TREES } from '../helpers/git';
import { serverEntry, tempDir, writeTree } from '../helpers/repo';

const BAD = '---\nalwaysApply: "yes"\nglobs: "nomatch/**"\n---\nUse the design tokens.\n';

function agentls(ws: string, ...args: string[]): string {
  const run = spawnSync(process.execPath, [serverEntry(), ...args, '--root', ws, '--home', tempDir('agentls-home-')], { cwd: ws, encoding: 'utf8' });
  return run.stdout;
}

/** A package whose `.cursor/rules` is a link to a folder of the workspace holding a broken rule. */
function linkedPackage(): string {
  const ws = writeTree(tempDir(), { 'shared/web-rules/bad.mdc': BAD, 'packages/web/src/a.ts': 'export const a = 1;\n' });
  fs.mkdirSync(path.join(ws, 'packages/web/.cursor'));
  fs.symlinkSync('../../../shared/web-rules', path.join(ws, 'packages/web/.cursor/rules'));
  return ws;
}

describe.each(PLAIN_AND_GIT_TREES)('a nested .cursor/rules that is a link to a folder of the workspace (%s)', (_, prepare) => {
  it('has its rule files checked through the link by check, and listed by rules --for', () => {
    const ws = prepare(linkedPackage());
    const report = JSON.parse(agentls(ws, 'check', '--format', 'json')) as CheckJson;
    const seen = report.diagnostics.map((d) => `${d.path} ${d.code}`).sort();
    expect(seen).toEqual(['packages/web/.cursor/rules/bad.mdc context/dead-glob', 'packages/web/.cursor/rules/bad.mdc frontmatter/wrong-type']);
    // What check says of the file when named: the whole check says the same.
    const named = JSON.parse(agentls(ws, 'check', '--format', 'json', 'packages/web/.cursor/rules/bad.mdc')) as CheckJson;
    expect(named.diagnostics.map((d) => `${d.path} ${d.code}`).sort()).toEqual(seen);

    const forFile = JSON.parse(agentls(ws, 'rules', '--for', 'packages/web/src/a.ts', '--json')) as RulesForFileResult;
    const cursor = forFile.agents.find((a) => a.agent === 'cursor');
    expect(cursor?.rules.map((r) => r.name)).toEqual(['bad (packages/web)']);
  });
});
