import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * Another tool's glob key in a rule whose agent reads its own glob key in one mode alone
 * (Windsurf's `globs` with `trigger: glob`, docs.windsurf.com "Activation modes"; Kiro's
 * `fileMatchPattern` with `inclusion: fileMatch`, kiro.dev/docs/steering "Conditional
 * inclusion"), written under another mode: renaming the key alone scopes nothing, so the
 * finding names the mode too and offers no rename, as agentls's own globs under such a mode
 * are said. Where the rename does scope the rule (Cline's `paths`), the rename stays the fix.
 */
const TREE = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  'src/a.ts': 'x\n',
  '.windsurf/rules/decide.md': '---\ntrigger: model_decision\ndescription: API code\npaths:\n  - "src/**"\n---\nUse tabs.\n',
  '.kiro/steering/plain.md': '---\nglobs: "src/**"\n---\nUse tabs.\n',
  '.clinerules/cursor.md': '---\nglobs: "src/**"\n---\nUse tabs.\n',
};

describe("agentls check of another tool's glob key under a mode where the agent reads no glob", () => {
  it('names the mode the agent reads globs under and offers no rename; keeps the rename where it scopes the rule', () => {
    const ws = writeTree(tempDir(), TREE);
    const json = JSON.parse(builtCli(['check', '--format', 'json'], { cwd: ws }).stdout) as CheckJson;
    const foreign = (p: string) => json.diagnostics.find((d) => d.path === p && d.code === 'rule/foreign-key')!;
    const decide = foreign('.windsurf/rules/decide.md');
    expect([decide.severity, decide.message, decide.fix]).toEqual([
      'information',
      "`paths` is Cline and Claude Code's key: Windsurf ignores it, and reads `globs` only with `trigger: glob`, so renaming it alone would not scope this rule. To attach the rule by path, use `trigger: glob` with `globs`; otherwise remove `paths`.",
      undefined,
    ]);
    const plain = foreign('.kiro/steering/plain.md');
    expect([plain.severity, plain.message]).toEqual([
      'information',
      "`globs` is Cursor's key: Kiro ignores it, and reads `fileMatchPattern` only with `inclusion: fileMatch`, so renaming it alone would not scope this rule. To attach the rule by path, use `inclusion: fileMatch` with `fileMatchPattern`; otherwise remove `globs`.",
    ]);
    expect(foreign('.clinerules/cursor.md').message).toContain('Write it as `paths: ["src/**"]`');
    // --fix leaves the two alone: no safe fix turns them into a file agentls reports again.
    builtCli(['check', '--fix'], { cwd: ws });
    const after = JSON.parse(builtCli(['check', '--format', 'json'], { cwd: ws }).stdout) as CheckJson;
    expect(after.diagnostics.filter((d) => d.path !== '.clinerules/cursor.md').map((d) => [d.path, d.code])).toEqual(
      json.diagnostics.filter((d) => d.path !== '.clinerules/cursor.md').map((d) => [d.path, d.code]),
    );
  });
});
