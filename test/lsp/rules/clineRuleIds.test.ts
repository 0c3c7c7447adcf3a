import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startLikeCheck } from '../../helpers/checkParity';
import { hoverText } from '../../helpers/hover';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/*
 * Two Cline rule files of one id, of which Cline 4 keeps the one read last (rules/agents/clineIds.ts
 * has the sources): the editor warns on the one dropped as `agentls check` does, closed and open,
 * pointing at the file that replaces it, and drops the warning once the other file's `name` differs.
 */
describe('Two Cline rule files of one id, over LSP', () => {
  it('warn on the file Cline 4 drops, closed and open, until a change gives them two ids', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.clinerules/plain.md': 'Workspace plain.\n', '.cline/rules/plain.md': 'Read later.\n', '.clinerules/other.md': 'Other.\n' });
    const c = await startLikeCheck(start, ws, tempDir('agentls-home-'), ['.clinerules/plain.md']);
    const dropped = c.uri(path.join(ws, '.clinerules/plain.md'));
    const [warning] = await c.waitForDiagnostics(dropped, (ds) => ds.some((d) => d.code === 'rule/shadowed'));
    expect(warning.message).toMatch(/^Cline 4 and the Cline CLI send no part of this rule: `\.cline\/rules\/plain\.md`, read after it, has its id `plain`/);
    expect(warning.relatedInformation?.map((r) => r.location.uri)).toEqual([c.uri(path.join(ws, '.cline/rules/plain.md'))]);
    // Closed again, its warning pushed; then the later file named otherwise on disk: the two ids differ, and the warning on the other file goes.
    await c.close(dropped);
    await c.waitForDiagnostics(dropped, (ds) => ds.some((d) => d.code === 'rule/shadowed'));
    const later = path.join(ws, '.cline/rules/plain.md');
    fs.writeFileSync(later, '---\nname: Later\n---\nRead later.\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(later), type: 2 }] });
    await c.waitForDiagnostics(dropped, (ds) => ds.length === 0);
  });

  it('say in the hover of the replaced file, on its first line and on its keys, that Cline 4 sends none of it, as the warning does', async () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.clinerules/plain.md': '---\npaths:\n  - "src/**"\n---\nWorkspace plain.\n',
      '.cline/rules/plain.md': 'Read later.\n',
    });
    const c = await start({ folders: [ws], home: tempDir('agentls-home-') });
    const dropped = await c.open(path.join(ws, '.clinerules/plain.md'));
    const published = await c.waitForDiagnostics(dropped, (ds) => ds.some((d) => d.code === 'rule/shadowed'));
    const said = String(published.find((d) => d.code === 'rule/shadowed')!.message).replace(/\.$/, '');
    expect(await hoverText(c, dropped, 0, 1)).toContain('Cline: not sent by Cline 4 and the Cline CLI: .cline/rules/plain.md, read after it, has its id `plain` and replaces it.');
    // On a key: what Cline reads of it, then the warning's words, never "sent in every request".
    const key = await hoverText(c, dropped, 1, 1);
    expect(key).toContain(`${said}.`);
    expect(key).not.toMatch(/sent in every request|applies this rule/);
  });
});
