import { describe, expect, it } from 'vitest';
import { ruleWorkspace } from '../agentFixtures';
import { builtCliAsync } from '../../helpers/cliWithHome';


interface Diagnostic {
  path: string;
  code: string;
  severity: string;
  message: string;
  range: { start: { line: number; character: number } };
}

async function check(ws: string, ...args: string[]): Promise<Diagnostic[]> {
  const result = await builtCliAsync(['check', '--format', 'json', ...args], { cwd: ws });
  return (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics.filter((d) => d.code.startsWith('context/'));
}

/**
 * Dead globs of the instruction files the rules engine does not list (Copilot's `applyTo`,
 * Claude Code's `paths`), judged by `agentls check` from those agents' own views. Shapes
 * from the audit of whole repositories: instructions for tests in a repository that has
 * none, and a TypeScript-and-JavaScript glob in a TypeScript-only one.
 */
describe('agentls check: dead globs of Copilot and Claude Code instruction files', () => {
  const ws = ruleWorkspace({
    '.github/instructions/testing.instructions.md': '---\napplyTo: "**/*.test.ts,**/e2e/**"\n---\nUse vitest.\n',
    '.github/instructions/code.instructions.md': '---\napplyTo: "**/*.ts,**/*.js"\n---\nStrict types.\n',
    '.github/instructions/all.instructions.md': '---\napplyTo: "**"\n---\nBe brief.\n',
    '.claude/rules/testing.md': "---\npaths: ['tests/**/*.py']\n---\nUse pytest.\n",
    '.claude/rules/python.md': "---\npaths: ['src/**/*.py']\n---\nType hints.\n",
    'src/app.ts': 'export {};\n',
    'src/main.py': 'print(1)\n',
  });

  it('reports each dead glob naming the agent; a live rule and applyTo "**" stay quiet', async () => {
    const found = await check(ws);
    expect(found.map((d) => [d.path, d.severity, d.message.slice(0, d.message.indexOf(' matches'))])).toEqual([
      ['.claude/rules/testing.md', 'warning', 'Claude Code never attaches this rule by its globs: "tests/**/*.py"'],
      ['.github/instructions/code.instructions.md', 'information', 'For GitHub Copilot, the glob "**/*.js"'],
      ['.github/instructions/testing.instructions.md', 'warning', 'GitHub Copilot never attaches this rule by its globs: "**/*.test.ts"'],
      ['.github/instructions/testing.instructions.md', 'warning', 'GitHub Copilot never attaches this rule by its globs: "**/e2e/**"'],
    ]);
    // Placed on the glob itself, inside the frontmatter.
    expect(found.find((d) => d.message.includes('"**/e2e/**"'))?.range.start).toEqual({ line: 1, character: 23 });
  });

  it('says nothing for agents the user does not target, nor for files not named on the command line', async () => {
    expect(await check(ws, '--agents', 'cursor')).toEqual([]);
    expect(await check(ws, '--agents', 'claude')).toEqual([expect.objectContaining({ path: '.claude/rules/testing.md' })]);
    expect(await check(ws, 'src/app.ts')).toEqual([]);
  });
});
