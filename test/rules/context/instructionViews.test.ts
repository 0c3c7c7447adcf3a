import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, overlaySettings } from '../../../server/core/settings';
import { agentCost } from '../../../server/rules/context/cost';
import { instructionViews, sessionInstructionHost, touchesInstructions } from '../../../server/rules/context/instructionViews';
import { WorkspaceSession } from '../../../server/workspace/session';
import { tempDir, writeTree } from '../../helpers/repo';

async function viewsOf(tree: Record<string, string | Uint8Array>, prepare?: (ws: string) => void) {
  const ws = writeTree(tempDir(), tree);
  prepare?.(ws);
  const home = writeTree(tempDir(), { '.claude/settings.json': '{"token": "never read"}\n', 'notes.md': 'home notes\n' });
  const session = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home }));
  session.addFolder(ws);
  const result = await instructionViews(ws, sessionInstructionHost(session));
  const claude = result.views.find((v) => v.agent === 'claude');
  return { ws, result, claude, cost: claude && agentCost(claude) };
}

describe('Claude Code\'s always-sent files from bad input', () => {
  it('says what it could not read (outside the workspace, binary, a symlink loop) and reads none of it', async () => {
    const { cost } = await viewsOf({ 'CLAUDE.md': 'See @/etc/hostname @~/.claude/settings.json @~/notes.md @bin.md @.claude/rules and @ok.md\n', 'bin.md': new Uint8Array([0, 1, 2, 0]), 'ok.md': 'fine\n' }, (ws) => {
      fs.mkdirSync(path.join(ws, '.claude', 'rules'), { recursive: true });
      fs.symlinkSync('loop.md', path.join(ws, '.claude', 'rules', 'loop.md'));
    });
    expect(cost!.items.map((i) => i.label)).toEqual(['CLAUDE.md', 'ok.md (imported by CLAUDE.md)']);
    expect(cost!.uncounted.map((u) => u.path)).toEqual(expect.arrayContaining(['/etc/hostname', '~/.claude/settings.json', '~/notes.md', 'bin.md', '.claude/rules/loop.md']));
  });

  it('follows a bounded number of imports, saying where it stopped, and never loops on a cycle', async () => {
    const tree: Record<string, string> = { 'CLAUDE.md': Array.from({ length: 80 }, (_, i) => `@f${i}.md`).join('\n') + '\n' };
    for (let i = 0; i < 80; i++) tree[`f${i}.md`] = `file ${i}, back to @CLAUDE.md and on to @f${(i + 1) % 80}.md\n`;
    const { cost, result, ws } = await viewsOf(tree);
    expect(cost!.items.length).toBeLessThan(80);
    expect(cost!.uncounted).toEqual([{ path: expect.stringMatching(/^f\d+\.md$/), reason: expect.stringContaining('at most') }]);
    expect(touchesInstructions(result, path.join(ws, 'f3.md'))).toBe(true);
    expect(touchesInstructions(result, path.join(ws, 'src', 'unrelated.ts'))).toBe(false);
    // A folder that does not exist yet is watched: a rule file created in it changes the views.
    expect(touchesInstructions(result, path.join(ws, '.claude', 'rules', 'new.md'))).toBe(true);
  });
});

describe("Claude Code's imported files, as its loader takes them", () => {
  it('counts what one depth-first load with one set of files reaches: not the imports of a file it took at the last hop', async () => {
    // e.md is hop 5 through a.md (loaded, its imports not followed) before the memory file's own @e.md, which finds it taken.
    const chain = { 'a.md': '@b.md\n', 'b.md': '@c.md\n', 'c.md': '@d.md\n', 'd.md': '@e.md\n', 'e.md': '@f.md\n', 'f.md': 'Deep\n' };
    const { cost } = await viewsOf({ 'CLAUDE.md': '@a.md\n@e.md\n', ...chain });
    expect(cost!.items.map((i) => i.label)).toEqual(['CLAUDE.md', 'a.md (imported by CLAUDE.md)', 'b.md (imported by a.md)', 'c.md (imported by b.md)', 'd.md (imported by c.md)', 'e.md (imported by d.md)']);
  });
});

describe("the tools' rule files the engine does not list", () => {
  it('are made again for a file that came or went in their folders, but not for a keystroke in a rule they do not read', async () => {
    const { ws, result } = await viewsOf({ '.cursor/rules/style.mdc': '---\nalwaysApply: true\n---\nTabs.\n', '.cursor/rules/web/api.mdc': '---\nglobs: api/**\n---\nValidate.\n' });
    expect(result.views.find((v) => v.agent === 'cursor')?.rules.map((r) => r.name)).toEqual(['web/api']);
    const top = path.join(ws, '.cursor', 'rules', 'style.mdc');
    const nested = path.join(ws, '.cursor', 'rules', 'web', 'api.mdc');
    // A buffer's new text: only a file the views read counts.
    expect(touchesInstructions(result, top, true)).toBe(false);
    expect(touchesInstructions(result, nested, true)).toBe(true);
    // A file created or deleted anywhere in the listed folder may add or drop a rule.
    expect(touchesInstructions(result, top)).toBe(true);
    expect(touchesInstructions(result, path.join(ws, '.cursor', 'rules', 'db', 'new.mdc'))).toBe(true);
  });
});
