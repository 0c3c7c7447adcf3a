import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

/**
 * A rule saved on Windows has CRLF line ends, and an editor keeps them in its buffer: the
 * lines a quick fix adds must come with `\r\n` too, or the file is left with mixed line ends.
 */
const start = useLspClients(afterEach);

async function applyFix(rel: string, text: string, code: string, titlePart: string): Promise<string> {
  const ws = writeTree(tempDir(), { '.git/HEAD': '', '.xcsh/.keep': '', [rel]: text });
  const c = await start({ folders: [ws], home: tempDir(), client: 'helix' });
  const uri = await c.open(path.join(ws, ...rel.split('/')));
  const ds = await c.waitForDiagnostics(uri, (all) => all.some((d) => d.code === code));
  const target = ds.find((d) => d.code === code)!;
  const action = (await c.codeActions(uri, target.range)).find((a) => a.title.includes(titlePart));
  expect(action?.edit).toBeDefined();
  await c.applyCodeAction(action!);
  return c.text(uri);
}

describe('rule quick fixes in a CRLF file', () => {
  it('a new frontmatter block for a rule in no bucket', async () => {
    const text = await applyFix('.xcsh/rules/plain.md', 'Loaded, never shown.\r\n', 'rule/no-bucket', 'Add alwaysApply: true');
    expect(text).toBe('---\r\nalwaysApply: true\r\n---\r\nLoaded, never shown.\r\n');
  });

  it('a key added before the closing ---', async () => {
    const text = await applyFix('.windsurf/rules/always.md', '---\r\ntrigger: always_on\r\n---\r\nAlways.\r\n', 'rule/windsurf-trigger', 'Add alwaysApply: true');
    expect(text).toBe('---\r\ntrigger: always_on\r\nalwaysApply: true\r\n---\r\nAlways.\r\n');
  });
});
