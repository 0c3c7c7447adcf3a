import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';
import { cliRulesFor } from '../helpers/rulesFor';

/**
 * Codex reads `AGENTS.override.md` instead of `AGENTS.md` in a folder that has both (its guide,
 * developers.openai.com/codex/guides/agents-md): `agentls check` says so on the AGENTS.md,
 * naming Codex, and `rules --for` lists the override for Codex, the AGENTS.md for the others.
 */
function tree(files: Record<string, string>): string {
  return writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'packages/api/src/x.ts': 'export {};\n', 'packages/api/AGENTS.md': 'API rules.\n', ...files });
}

const applying = (ws: string, agent: string, agents?: string) =>
  cliRulesFor(ws, 'packages/api/src/x.ts', agent, agents).filter((r) => r.applies).map((r) => r.path);

describe('an AGENTS.override.md beside an AGENTS.md', () => {
  it('check says on the AGENTS.md that Codex reads the override instead', () => {
    const ws = tree({ 'AGENTS.md': 'Root rules.\n', 'AGENTS.override.md': 'Override for now.\n' });
    const out = builtCli(['check'], { cwd: ws }).stdout;
    expect(out).toContain('AGENTS.md:1:1: information [context/codex-overridden] Codex does not read this file: it reads AGENTS.override.md beside it instead');
    // The package's AGENTS.md has no override beside it.
    expect(out).not.toContain('packages/api/AGENTS.md:1:1: information [context/codex-overridden]');
  });

  it('rules --for lists the override for Codex and the AGENTS.md for the AGENTS.md readers', () => {
    const ws = tree({ 'AGENTS.md': 'Root rules.\n', 'AGENTS.override.md': 'Override for now.\n' });
    expect(applying(ws, 'codex')).toEqual(['AGENTS.override.md', 'packages/api/AGENTS.md']);
    expect(applying(ws, 'agents-md')).toEqual(['AGENTS.md', 'packages/api/AGENTS.md']);
  });

  it('an empty override is still the file Codex takes for its folder: it sends nothing from there, and check says so on the AGENTS.md', () => {
    // Codex takes the first name that exists, then drops a text of white space alone, with no fallback (openai/codex, codex-rs/core/src/agents_md.rs).
    const ws = tree({ 'AGENTS.md': 'Root rules.\n', 'AGENTS.override.md': ' \n', '.codex/config.toml': '' });
    expect(applying(ws, 'codex')).toEqual(['packages/api/AGENTS.md']);
    expect(applying(ws, 'agents-md')).toEqual(['AGENTS.md', 'packages/api/AGENTS.md']);
    expect(builtCli(['check'], { cwd: ws }).stdout).toContain(
      'AGENTS.md:1:1: information [context/codex-overridden] Codex does not read this file: AGENTS.override.md beside it is empty, and Codex takes it instead, so it sends nothing from this folder',
    );
  });

  it("judges an override empty as Codex's Rust does: U+0085 alone is white space, a byte order mark is not", () => {
    // Rust's `trim` removes Unicode's White_Space (U+0085 among it) and keeps U+FEFF; JavaScript's does the opposite with both.
    const nel = tree({ 'AGENTS.md': 'Root rules.\n', 'AGENTS.override.md': '\u0085\n', '.codex/config.toml': '' });
    expect(applying(nel, 'codex')).toEqual(['packages/api/AGENTS.md']);
    expect(builtCli(['check'], { cwd: nel }).stdout).toContain('AGENTS.md:1:1: information [context/codex-overridden] Codex does not read this file: AGENTS.override.md beside it is empty');
    const bom = tree({ 'AGENTS.md': 'Root rules.\n', 'AGENTS.override.md': '\ufeff\n', '.codex/config.toml': '' });
    expect(applying(bom, 'codex')).toEqual(['AGENTS.override.md', 'packages/api/AGENTS.md']);
    expect(builtCli(['check'], { cwd: bom }).stdout).toContain('AGENTS.md:1:1: information [context/codex-overridden] Codex does not read this file: it reads AGENTS.override.md beside it instead');
  });

  it('an override in a package alone does not show Codex: only the root\'s override or .codex folder does', () => {
    const ws = tree({ 'AGENTS.md': 'Root rules.\n', 'packages/api/AGENTS.override.md': 'API override.\n' });
    expect(applying(ws, 'codex')).toEqual([]);
    expect(builtCli(['check'], { cwd: ws }).stdout).not.toContain('codex-overridden');
    expect(applying(ws, 'codex', 'codex')).toEqual(['AGENTS.md', 'packages/api/AGENTS.override.md']);
  });

  it('with no override and no .codex folder, Codex is listed only when --agents names it', () => {
    const ws = tree({ 'AGENTS.md': 'Root rules.\n' });
    expect(applying(ws, 'codex')).toEqual([]);
    expect(applying(ws, 'codex', 'codex')).toEqual(['AGENTS.md', 'packages/api/AGENTS.md']);
  });
});
