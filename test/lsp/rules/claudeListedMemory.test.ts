import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, it } from 'vitest';
import { checkReport, expectPushedLikeCheck } from '../../helpers/checkParity';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

const MEMORY = '# Memory\n\nSee @docs/gone.md\n';

/**
 * A CLAUDE.md with a missing import in each place one can be: the root, `.claude/`, a
 * package's folder, and rule folders the xcsh agent's discovery lists (Claude Code reads a
 * CLAUDE.md in any folder it works in: its memory docs, https://code.claude.com/docs/en/memory),
 * and an AGENTS.md in such a rule folder that the root CLAUDE.md keeps from Claude Code.
 */
const MEMORIES = ['CLAUDE.md', '.claude/CLAUDE.md', 'packages/web/CLAUDE.md', '.cursor/rules/CLAUDE.md', '.clinerules/CLAUDE.md', '.xcsh/rules/CLAUDE.md'];
const PLACES: Record<string, string> = { ...Object.fromEntries(MEMORIES.map((rel) => [rel, MEMORY])), '.cursor/rules/AGENTS.md': 'Build with make.\n' };

describe('a closed CLAUDE.md wherever it is, the rules engine listing it or not', () => {
  for (const profile of ['seed', 'xcsh'] as const) {
    it(`gets the Claude Code findings agentls check gives it, pushed by the server (${profile} profile)`, async () => {
      const config = JSON.stringify({ rules: { profile } });
      const ws = writeTree(tempDir(), { ...PLACES, 'agentls.json': config, 'src/main.ts': 'export const y = 2;\n' });
      const home = tempDir('agentls-home-');
      const expected = checkReport(ws, home);
      const c = await start({ folders: [ws], home });
      await expectPushedLikeCheck(c, ws, Object.keys(PLACES), expected);
    });
  }
});

describe('a closed CLAUDE.md the rules engine lists', () => {
  it('has what the server pushed for it follow the files its imports import, as they change and come on disk', async () => {
    const memory = '.cursor/rules/CLAUDE.md';
    const ws = writeTree(tempDir(), { [memory]: '# Memory\n\n@../../docs/guide.md\n', 'docs/guide.md': '# Guide\n' });
    const c = await start({ folders: [ws] });
    await c.waitForLog(/ judged for their own tools/);
    const uri = c.uri(path.join(ws, memory));
    const guide = path.join(ws, 'docs/guide.md');
    fs.writeFileSync(guide, '# Guide\n\nSee @style.md\n');
    // Changed, not created: as an editor that watches files for the server says so.
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(guide), type: 2 }] });
    await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'claude/import-missing' && String(x.message).includes('docs/style.md')));
    fs.writeFileSync(path.join(ws, 'docs/style.md'), '# Style\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, 'docs/style.md')), type: 1 }] });
    await c.waitForDiagnostics(uri, (d) => !d.some((x) => x.code === 'claude/import-missing'));
  });
});
