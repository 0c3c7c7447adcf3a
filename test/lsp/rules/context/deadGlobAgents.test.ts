import { afterEach, describe, expect, it } from 'vitest';
import { checkReport, expectOpenedLikeCheck, expectPushedLikeCheck } from '../../../helpers/checkParity';
import { CURSOR_DEAD_GLOB } from '../../../helpers/deadGlobRules';
import { PLAIN_AND_GIT_TREES } from '../../../helpers/git';
import { useLspClients } from '../../../helpers/lspClient';
import { tempDir, writeTree } from '../../../helpers/repo';

const start = useLspClients(afterEach);

/**
 * Cursor rules the xcsh agent's discovery does not list, each with a glob that matches no
 * file: one in a folder inside `.cursor/rules`, one in a package's nested `.cursor/rules`.
 * Cursor reads both; the xcsh agent reads neither, and says so (`rule/not-read`).
 */
const INNER = '.cursor/rules/sub/rb.mdc';
const NESTED = 'packages/web/.cursor/rules/rb.mdc';

function project(): string {
  const [, gitTree] = PLAIN_AND_GIT_TREES[1];
  return gitTree(writeTree(tempDir(), { [INNER]: CURSOR_DEAD_GLOB, [NESTED]: CURSOR_DEAD_GLOB, 'packages/web/x.ts': 'export const x = 1;\n' }));
}

const deadGlobs = (shapes: readonly string[] | undefined) => (shapes ?? []).filter((s) => s.startsWith('context/dead-glob '));

describe("dead globs of Cursor's unlisted rules follow agentls.rules.agents, as agentls check --agents does", () => {
  it('are said for Cursor while the list names it, and gone, pushed and pulled, once it names the xcsh agent alone', async () => {
    const ws = project();
    const home = tempDir('agentls-home-');
    const forCursor = checkReport(ws, home, {}, ['--agents', 'cursor']);
    const forXcsh = checkReport(ws, home, {}, ['--agents', 'xcsh']);
    for (const rel of [INNER, NESTED]) {
      expect(deadGlobs(forCursor.get(rel)), rel).toHaveLength(1);
      // Cursor is not among the agents asked about: its finding is not the user's concern.
      expect(deadGlobs(forXcsh.get(rel)), rel).toEqual([]);
    }

    const c = await start({ folders: [ws], home, settings: { rules: { agents: ['cursor'] } } });
    await expectPushedLikeCheck(c, ws, [INNER, NESTED], forCursor);
    await c.changeSettings({ rules: { agents: ['xcsh'] } });
    // Each keeps the xcsh agent's "not read" alone.
    await expectPushedLikeCheck(c, ws, [INNER, NESTED], forXcsh);
    await expectOpenedLikeCheck(c, ws, [INNER, NESTED], forXcsh);
  });
});
