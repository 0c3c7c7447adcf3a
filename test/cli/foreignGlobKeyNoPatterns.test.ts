import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * Another tool's glob key in a rule whose own mode attaches it by glob (Windsurf's
 * `trigger: glob`, Kiro's `inclusion: fileMatch`) and that has no glob of its own: the agent
 * then attaches the rule to no file (rule/inactive says so), so the foreign key's message must
 * not say the rule goes unscoped. Where the agent applies it always without globs (Cline) it does.
 */
const TREE = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  'src/a.ts': 'x\n',
  '.windsurf/rules/glob.md': '---\ntrigger: glob\npaths:\n  - "src/**"\n---\nUse tabs.\n',
  '.clinerules/always.md': '---\nglobs: "src/**"\n---\nUse tabs.\n',
  '.kiro/steering/match.md': '---\ninclusion: fileMatch\nglobs: "src/**"\n---\nUse tabs.\n',
};

describe('agentls check of another tool\'s glob key where the rule is attached by glob alone', () => {
  it('says the agent attaches the rule to no file, as rule/inactive does, and keeps "not limited" where it applies always', () => {
    const json = JSON.parse(builtCli(['check', '--format', 'json'], { cwd: writeTree(tempDir(), TREE) }).stdout) as CheckJson;
    const foreign = (p: string) => json.diagnostics.find((d) => d.path === p && d.code === 'rule/foreign-key')!.message;
    expect(foreign('.windsurf/rules/glob.md')).toBe("`paths` is Cline and Claude Code's key: Windsurf reads `globs` and ignores `paths`, so it attaches this rule to no file (it has no patterns). Rename it to `globs`.");
    expect(foreign('.kiro/steering/match.md')).toBe("`globs` is Cursor's key: Kiro reads `fileMatchPattern` and ignores `globs`, so it attaches this rule to no file (it has no patterns). Rename it to `fileMatchPattern`.");
    expect(foreign('.clinerules/always.md')).toContain('so it does not limit this rule to those files');
    for (const p of ['.windsurf/rules/glob.md', '.kiro/steering/match.md']) expect(json.diagnostics.some((d) => d.path === p && d.code === 'rule/inactive')).toBe(true);
  });
});
