import { describe, expect, it } from 'vitest';
import { ruleFolderHolderOf } from '../../server/workspace/keptRuleFolders';

describe('the agent rule folder a changed path lies in', () => {
  it("names the holding folder of the root's and nested rule folders, and of the folders leading to them", () => {
    expect(ruleFolderHolderOf('.cursor')).toBe('');
    expect(ruleFolderHolderOf('.cursor/rules/a.mdc')).toBe('');
    expect(ruleFolderHolderOf('.xcsh/rules/deep/a.md')).toBe('');
    expect(ruleFolderHolderOf('.clinerules/a.md')).toBe('');
    expect(ruleFolderHolderOf('packages/web/.cursor')).toBe('packages/web');
    expect(ruleFolderHolderOf('packages/web/.cursor/rules/a.mdc')).toBe('packages/web');
    expect(ruleFolderHolderOf('packages/web/.windsurf/rules/sub/a.md')).toBe('packages/web');
  });

  it('says nothing of other paths, names that only end like a rule folder included', () => {
    expect(ruleFolderHolderOf('.cursor/mcp.json')).toBeUndefined();
    expect(ruleFolderHolderOf('src/main.ts')).toBeUndefined();
    expect(ruleFolderHolderOf('node_modules')).toBeUndefined();
    expect(ruleFolderHolderOf('web/x.cursor/rules/a.mdc')).toBeUndefined();
    expect(ruleFolderHolderOf('packages/web/.cursor/rulesets/a.mdc')).toBeUndefined();
  });
});
