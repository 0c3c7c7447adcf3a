import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir } from '../helpers/repo';
import { ONLY_NOWHERE_DEAD, WORKSPACE_RELATIVE_RULE, workspaceRelativeGlobTree } from '../helpers/nestedWindsurfRules';

interface Diagnostic {
  path: string;
  code: string;
  message: string;
  range: { start: { line: number; character: number } };
}

describe("agentls check on a package's .windsurf/rules, whose reach Windsurf's docs do not give", () => {
  it('calls a glob dead only when it matches nothing read from the package nor from the workspace root', () => {
    const ws = workspaceRelativeGlobTree();
    const { stdout, stderr } = builtCli(['check', '--format', 'json'], { cwd: ws, home: tempDir('agentls-home-') });
    const dead = (JSON.parse(stdout) as { diagnostics: Diagnostic[] }).diagnostics.filter((d) => d.code === 'context/dead-glob');
    // `src/**/*.ts` matches src/a.ts from the root, `*.ts` matches it by name: neither is dead; `nowhere/**` is, alone.
    expect(dead.map((d) => [d.path, d.range.start]), stderr).toEqual([[WORKSPACE_RELATIVE_RULE, { line: 2, character: 20 }]]);
    expect(dead[0].message).toMatch(ONLY_NOWHERE_DEAD);
  });
});
