import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import { useLspClients } from '../../../helpers/lspClient';
import { copyFixture, tempDir } from '../../../helpers/repo';

const start = useLspClients(afterEach);
const codes = (ds: Diagnostic[]) => ds.map((d) => String(d.code));

describe('an edit in a rule file while the globs of the first glob reach are judged', () => {
  it('is pushed at once without dead globs, which come once they are judged', async () => {
    const ws = copyFixture('rules-context');
    const file = path.join(ws, '.cursor/rules/x.mdc');
    const rule = (always: string) => `---\ndescription: Generated code\nglobs: nomatch/**/*.zz\nalwaysApply: ${always}\n---\nDo not edit.\n`;
    fs.writeFileSync(file, rule('false'));
    // The first judging of the folder's globs against its ignore files (it lists what the index leaves out on disk) holds until `gate` exists.
    const gate = path.join(tempDir('agentls-gate-'), 'go');
    const c = await start({ folders: [ws], client: 'helix', env: { AGENTLS_TEST_HOLD_GLOB_JUDGING: gate } });
    const uri = await c.open(file, rule('false'));
    await c.waitForLog(/holding the judging of the globs of/, 20_000);
    await c.setText(uri, rule('maybe'));
    // The typed version's findings (this one needs no index) are pushed while the judging is held.
    const typed = await c.waitForDiagnostics(uri, (d) => codes(d).includes('frontmatter/wrong-type'));
    expect(fs.existsSync(gate)).toBe(false);
    // A glob is neither dead nor alive until judged: nothing is said of it yet.
    expect(codes(typed)).not.toContain('context/dead-glob');
    fs.writeFileSync(gate, '');
    const judged = await c.waitForDiagnostics(uri, (d) => codes(d).includes('context/dead-glob'));
    expect(codes(judged)).toContain('frontmatter/wrong-type');
  });
});
