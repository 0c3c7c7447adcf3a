import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';
import type { RulesForFileResult } from '../../protocol/rulesContext';

/**
 * Codex's global guidance: in its home (`~/.codex`, or `CODEX_HOME`), `AGENTS.override.md`, else
 * `AGENTS.md`, the first not empty (its guide, developers.openai.com/codex/guides/agents-md,
 * "Global scope"), sent before the project's files and outside their 32 KiB
 * (`project_doc_max_bytes`: openai/codex's source spends that budget on the project's files
 * alone, as `agents/codex.ts` cites).
 */
const LINE = `${'x'.repeat(99)}\n`; // 100 bytes
const big = (lines: number) => LINE.repeat(lines);

function project(): string {
  return writeTree(tempDir(), {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.codex/config.toml': '',
    'AGENTS.md': big(300), // 30,000 bytes
    'packages/api/AGENTS.md': big(20), // 2,000 bytes: 32,000 with the root's, under 32,768
    'packages/api/x.ts': 'export {};\n',
  });
}

/** The lines of Codex's part of `agentls rules`' "Sent in every request". */
function codexEveryRequest(ws: string, home: string, env: Record<string, string> = { CODEX_HOME: '' }): string[] {
  const out = builtCli(['rules'], { cwd: ws, home, env, mustSucceed: true }).stdout;
  const lines = out.split('\n');
  const at = lines.findIndex((l) => l.startsWith('  Codex: '));
  expect(at).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((l, i) => i > at && !l.startsWith('    '));
  return lines.slice(at, end);
}

describe("Codex's global AGENTS.md", () => {
  it('is listed first in what Codex sends in every request, and is not counted toward the 32 KiB of the project files', () => {
    const home = writeTree(tempDir(), { '.codex/AGENTS.md': big(50) }); // 5,000 bytes: 37,000 with the project's, if it counted
    const ws = project();
    const codex = codexEveryRequest(ws, home);
    expect(codex[1]).toMatch(/^ {4}~\/\.codex\/AGENTS\.md \(global\): ≈1250$/);
    expect(codex[2]).toMatch(/^ {4}AGENTS\.md: ≈7500$/);
    expect(builtCli(['check'], { cwd: ws, home, env: { CODEX_HOME: '' } }).stdout).not.toContain('codex-over-limit');
  });

  it('is the override where it has text, else the AGENTS.md: an empty global override is passed over', () => {
    const ws = project();
    const both = writeTree(tempDir(), { '.codex/AGENTS.override.md': 'For now.\n', '.codex/AGENTS.md': 'Always.\n' });
    const listed = codexEveryRequest(ws, both).join('\n');
    expect(listed).toContain('~/.codex/AGENTS.override.md (global)');
    expect(listed).not.toContain('~/.codex/AGENTS.md');
    const empty = writeTree(tempDir(), { '.codex/AGENTS.override.md': ' \n', '.codex/AGENTS.md': 'Always.\n' });
    const fallen = codexEveryRequest(ws, empty).join('\n');
    expect(fallen).toContain('~/.codex/AGENTS.md (global)');
    expect(fallen).not.toContain('AGENTS.override.md');
  });

  it('is read from CODEX_HOME where it is set', () => {
    const ws = project();
    const home = writeTree(tempDir(), { '.codex/AGENTS.md': 'Home rules.\n' });
    const elsewhere = writeTree(tempDir(), { 'AGENTS.md': 'Elsewhere rules.\n' });
    const listed = codexEveryRequest(ws, home, { CODEX_HOME: elsewhere }).join('\n');
    expect(listed).toContain(`${elsewhere}/AGENTS.md (global)`);
    expect(listed).not.toContain('~/.codex/AGENTS.md');
  });

  it('is never said to be the AGENTS.md nearest to a file: it is no folder\'s', () => {
    const home = writeTree(tempDir(), { '.codex/AGENTS.md': 'Global rules.\n' });
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.codex/config.toml': '', 'AGENTS.md': 'Root rules.\n', 'x.ts': 'export {};\n' });
    const answer = JSON.parse(builtCli(['rules', '--for', 'x.ts', '--json'], { cwd: ws, home, env: { CODEX_HOME: '' }, mustSucceed: true }).stdout) as RulesForFileResult;
    const rules = answer.agents.find((a) => a.agent === 'codex')?.rules ?? [];
    expect(rules.map((r) => r.path)).toEqual([`${home}/.codex/AGENTS.md`, 'AGENTS.md']);
    for (const r of rules) expect(r.reason).not.toMatch(/nearer|nearest/);
  });
});
