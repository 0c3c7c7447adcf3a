import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runNvim } from '../helpers/nvim';
import { copyFixture } from '../helpers/repo';

describe('rules in real Neovim with editors/nvim', () => {
  it('shows the shadowing diagnostic on a rule file, naming the winning file and provider', async () => {
    const ws = copyFixture('demo');
    const home = copyFixture('demo-home');
    const run = await runNvim({ workspace: ws, file: '.cursor/rules/style.mdc', scenario: 'rules_shadowed', settings: { home } });
    expect(run.error).toBeNull();
    expect(run.result).toMatchObject({ severity: 1, line: 0, source: 'agentls' });
    expect(run.result.message).toBe("The xcsh agent never reads this rule: .xcsh/rules/style.md (xcsh's own folder, project) has the same name `style` and wins (xcsh's own folder has a higher priority than Cursor's folder).");
    // Codes of rules in context (`context/…`, e.g. drift between the copies) are tested in test/lsp/rules/context.
    expect((run.result.twin_codes as string[]).filter((c) => !c.startsWith('context/'))).toEqual(['rule/shadowed']);
  }, 90_000);

  it('fixes the unquoted glob with the code action Neovim offers, and the frontmatter problems go', async () => {
    const ws = copyFixture('demo');
    const run = await runNvim({ workspace: ws, file: '.cursor/rules/testing.mdc', scenario: 'rules_quote_glob', settings: { home: copyFixture('demo-home') } });
    expect(run.error).toBeNull();
    expect(run.result.message).toContain('reads `alwaysApply: true` as the string "true"');
    expect(run.result.chosen).toBe('Quote *.test.ts so the frontmatter is valid YAML');
    expect(run.result.text).toBe('---\ndescription: How tests are written\nglobs: "*.test.ts"\nalwaysApply: true\n---\nWrite tests with vitest; one behaviour per test.');
    expect((run.result.after_codes as string[]).filter((c) => !c.startsWith('context/'))).toEqual(['rule/always-apply-description']);
  }, 90_000);
});

describe('Claude Code memory imports in real Neovim', () => {
  it('warns of an import of a missing file, and completes @ with the import path', async () => {
    const ws = copyFixture('claude-imports');
    fs.mkdirSync(path.join(ws, '.git'));
    const run = await runNvim({ workspace: ws, file: 'CLAUDE.md', scenario: 'claude_imports' });
    expect(run.error).toBeNull();
    expect(run.result.missing).toMatchObject({ line: 2, col: 32, severity: 2, source: 'agentls' });
    expect((run.result.missing as { message: string }).message).toContain('Claude Code imports docs/missing.md here, and there is no such file');
    expect(run.result.picked).toBe('@docs/style.md');
    expect(run.result.line).toBe('See @docs/style.md');
  }, 90_000);
});

describe('rules in context in real Neovim', () => {
  it('copies a rule body over the closed copy, made when chosen from what the disk holds then', async () => {
    const ws = copyFixture('demo');
    const run = await runNvim({ workspace: ws, file: '.cursor/rules/style.mdc', scenario: 'rules_copy_body', settings: { home: copyFixture('demo-home') } });
    expect(run.error).toBeNull();
    expect(run.result.chosen).toBe('Copy this body to .xcsh/rules/style.md (its frontmatter kept)');
    // The line appended on disk after the menu's findings were computed is replaced too, not left as a tail;
    // the xcsh copy keeps its own frontmatter (its description and its globs as written).
    expect(run.result.target).toBe('---\ndescription: TypeScript style for this project\nglobs: ["src/**/*.ts"]\n---\nPrefer default exports.\n');
  }, 90_000);

  it('hovers the rules reaching a source file, and :AgentlsRulesForFile writes its report', async () => {
    const ws = copyFixture('demo');
    const run = await runNvim({ workspace: ws, file: 'src/auth.ts', scenario: 'rules_for_file', settings: { home: copyFixture('demo-home') } });
    expect(run.error).toBeNull();
    expect(run.result.hover).toContain('4 rules apply');
    expect(run.result.report).toContain('# Rules for `src/auth.ts`');
    expect(run.result.report).toContain('its domain `src/**/*.ts` covers this file');
  }, 90_000);
});
