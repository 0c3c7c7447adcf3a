import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { PLAIN_AND_GIT_TREES } from '../helpers/git';
import { tempDir, writeTree } from '../helpers/repo';
import { builtCli } from '../helpers/cliWithHome';

function check(ws: string): CheckJson {
  const run = builtCli(['check', '--format', 'json'], { cwd: ws });
  return JSON.parse(run.stdout) as CheckJson;
}

/**
 * Personal rule files that are links to a file outside the workspace (a CLAUDE.local.md kept
 * in one's home, shared by a link), with or without a .gitignore naming them: the ignore
 * files leave them out by name, which must change nothing of what check says of them.
 */
function linkedPersonalRules(ignored: boolean): string {
  const outside = writeTree(tempDir(), { 'notes.md': 'My notes.\n', 'me.mdc': '---\nalwaysApply: true\n---\nMine.\n' });
  const ws = writeTree(tempDir(), {
    '.gitignore': ignored ? 'CLAUDE.local.md\n*.local.mdc\n' : '',
    '.cursor/rules/team.mdc': '---\nalwaysApply: true\n---\nUse the design tokens.\n',
    'src/app.ts': 'export const x = 1;\n',
  });
  fs.symlinkSync(path.join(outside, 'notes.md'), path.join(ws, 'CLAUDE.local.md'));
  fs.symlinkSync(path.join(outside, 'me.mdc'), path.join(ws, '.cursor/rules/me.local.mdc'));
  return ws;
}

describe.each(PLAIN_AND_GIT_TREES)('rule files that are links out of the workspace, left out by name by .gitignore (%s)', (_, prepare) => {
  it('are checked as the same links not ignored are: each says it is a link out of the workspace', () => {
    const seen = (report: CheckJson) => report.diagnostics.map((d) => `${d.path} ${d.code}`).sort();
    const plain = seen(check(prepare(linkedPersonalRules(false))));
    // What the files give when nothing ignores them: the test stands on it.
    expect(plain).toContain('CLAUDE.local.md rule/link-outside');
    expect(plain).toContain('.cursor/rules/me.local.mdc rule/link-outside');
    expect(seen(check(prepare(linkedPersonalRules(true))))).toEqual(plain);
  });
});
