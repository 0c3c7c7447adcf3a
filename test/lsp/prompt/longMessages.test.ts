import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useLspClients } from '../../helpers/lspClient';
import { copyFixture } from '../../helpers/repo';
import { refDiagnostics } from '../../refs/lspSupport';

const start = useLspClients(afterEach);

// A prompt line can hold a token thousands of characters long; its diagnostic quoted it whole, twice.
const LONG = `src/${'a'.repeat(5000)}.ts`;
const PROMPT = [
  '---',
  'file_references:',
  '  - ref_id: ref_0',
  '    path: src/auth.ts',
  '---',
  `Shown: <@file:ref_0|${LONG}>`,
  `Unmapped: <@file:${'r'.repeat(5000)}|${LONG}>`,
  `Escaped: ${'\\'.repeat(6000)}<@`,
  '',
].join('\n');

describe('ref diagnostics quote a long token, path or backslash run cut short', () => {
  it('keeps each message short and says how long the quoted text was', async () => {
    const ws = copyFixture('refs-basic');
    const c = await start({ folders: [ws] });
    const uri = await c.open(path.join(ws, 'prompts', 'long.prompt.md'), PROMPT);
    const ds = await refDiagnostics(c, uri, (d) => ['ref/display-mismatch', 'ref/unmapped', 'ref/unescaped-start'].every((code) => d.some((x) => x.code === code)));
    const message = (code: string) => ds.find((d) => d.code === code)!.message as string;
    for (const code of ['ref/display-mismatch', 'ref/unmapped', 'ref/unescaped-start']) expect(message(code).length, code).toBeLessThan(1000);
    for (const code of ['ref/display-mismatch', 'ref/unmapped']) expect(message(code), code).toMatch(/… \([\d,]+ characters\)/);
    expect(message('ref/unescaped-start')).toContain('reads 2,999 backslashes and "<@", not 3,000 backslashes and "<@"');
    expect(ds.find((d) => d.code === 'ref/display-mismatch')!.message).toContain('ref_0 maps to src/auth.ts');
  }, 30_000);
});
