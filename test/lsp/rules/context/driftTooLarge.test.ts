import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useLspClients } from '../../../helpers/lspClient';
import { tempDir, writeTree } from '../../../helpers/repo';

const start = useLspClients(afterEach);

/** Over the 2 MiB agentls reads of a rule file (`MAX_RULE_FILE_BYTES`): the Cursor copy of a rule, ≈3 MB. */
const BIG = `---\nalwaysApply: true\n---\n${'Indent with tabs and keep lines short.\n'.repeat(80_000)}`;
/** The Windsurf copy of the same rule, of a normal size, whose body differs. */
const SMALL = '---\ntrigger: always_on\n---\nIndent with spaces and keep lines short.\n';
const FIRST_LINE = { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } };

function workspace(): { ws: string; big: string; small: string } {
  const ws = writeTree(tempDir(), { '.git/HEAD': '', '.cursor/rules/style.mdc': BIG, '.windsurf/rules/style.md': SMALL });
  return { ws, big: path.join(ws, '.cursor/rules/style.mdc'), small: path.join(ws, '.windsurf/rules/style.md') };
}

describe('a copy of a rule too large for agentls to read, over LSP', () => {
  it('is in no drift finding and offers no copy, the too-large file open or not', async () => {
    const { ws, big, small } = workspace();
    const c = await start({ folders: [ws] });
    const smallUri = await c.open(small);
    // The buffer of the large copy holds all of it; agentls still reads no rule file past 2 MiB.
    const bigUri = await c.open(big, BIG);
    const bigDs = await c.waitForDiagnostics(bigUri, (d) => d.some((x) => x.code === 'rule/too-large'));
    expect(bigDs.filter((d) => d.code === 'context/drift')).toEqual([]);
    expect((await c.codeActions(bigUri, FIRST_LINE)).map((a) => a.title)).toEqual([]);
    // The small copy is published after the large one's state is known (both are open).
    const smallDs = await c.waitForDiagnostics(smallUri);
    expect(smallDs.filter((d) => d.code === 'context/drift')).toEqual([]);
    expect((await c.codeActions(smallUri, FIRST_LINE)).map((a) => a.title)).toEqual([]);
  });

  it('agentls.rules.copyBody refuses to copy from or over it, and writes nothing', async () => {
    const { ws, big, small } = workspace();
    const c = await start({ folders: [ws] });
    const smallUri = await c.open(small);
    await c.waitForDiagnostics(smallUri);
    for (const [from, to] of [
      [big, small],
      [small, big],
    ]) {
      const result = (await c.executeCommand('agentls.rules.copyBody', [{ from: c.uri(from), to: c.uri(to) }])) as { applied: boolean; reason?: string };
      expect(result).toEqual({ applied: false, reason: expect.stringContaining(`agentls did not read ${big} (${big} is ${Buffer.byteLength(BIG)} bytes, over the 2097152-byte limit)`) });
    }
    expect(fs.readFileSync(small, 'utf8')).toBe(SMALL);
    expect(fs.readFileSync(big, 'utf8')).toBe(BIG);
  });
});
