import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lineHash } from '../../../server/hashline/hash';
import { VSCODE_LIKE } from '../../helpers/capabilities';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/*
 * An editor that cannot resolve a code action's edit gets "Apply patch" as a command (the
 * files it edits are closed). Chosen after the patch was edited, it must refuse, as the
 * resolve path does: the menu described the patch as it was, not the text it holds now.
 */
describe('"Apply patch" as a command, chosen after the patch changed', () => {
  it('refuses, saying so, and writes nothing; offered again, it applies', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', 'a.txt': 'one\ntwo\n', 'p.hashline': `§a.txt\n≔2${lineHash('two')}\nTWO\n` });
    const caps = { ...VSCODE_LIKE, textDocument: { ...VSCODE_LIKE.textDocument, codeAction: { ...VSCODE_LIKE.textDocument!.codeAction, resolveSupport: undefined } } };
    const c = await start({ folders: [ws], client: caps });
    const uri = await c.open(path.join(ws, 'p.hashline'), undefined, 'text');
    const at = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const shown = (await c.codeActions(uri, at)).find((a) => a.title === 'Apply patch to a.txt')!;
    expect(shown.command?.command).toBe('agentls.hashline.apply');
    await c.setText(uri, `§a.txt\n≔1${lineHash('one')}\n`);
    await c.applyCodeAction(shown);
    expect(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe('one\ntwo\n');
    // The command's answer comes after its message: nothing to wait for.
    expect(c.shownMessages.find((m) => m.type === 1)?.message).toContain('the patch changed since the action was offered');
    const again = (await c.codeActions(uri, at)).find((a) => a.title === 'Apply patch to a.txt')!;
    await c.applyCodeAction(again);
    expect(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe('two\n');
  });
});
