import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import { useLspClients } from '../../../helpers/lspClient';
import { tempDir, writeTree } from '../../../helpers/repo';

const start = useLspClients(afterEach);

/** A Cursor rule with one glob that matches and `glob`. */
const rule = (glob: string) => `---\ndescription: x\nglobs: ["src/**/*.ts", "${glob}"]\n---\nBody.\n`;

/** The debug line the server writes when it lists a folder on disk for a dead glob (`ReachByRoot.judgeGlobs`). */
const WALK = /rules in context: listing (.*) of .* on disk for ignored files a dead glob may match/;

/**
 * The look on disk for ignored files a dead glob matches lists at most a budget of files
 * (`AGENTLS_TEST_DISK_LOOK_FILES` makes it 20 here) over the reach's life, not per judgement:
 * the folders on the way to a glob's folder count (the root holds 5 entries), a closed rule's
 * glob judged in the background and a glob typed in an open one draw on the same budget, and
 * a glob whose folder was not looked through for lack of it is not called dead.
 */
describe('the look on disk for a dead glob, over glob after glob', () => {
  it('lists no more than its budget in all, and says which folder it did not look through', async () => {
    const tree: Record<string, string> = { 'src/a.ts': 'x\n', '.cursor/rules/bg.mdc': rule('a/**/*.nope'), '.cursor/rules/r.mdc': rule('src/a.ts') };
    for (const folder of ['a', 'b', 'c']) for (let i = 0; i < 8; i++) tree[`${folder}/f${i}.txt`] = 'x\n';
    const ws = writeTree(tempDir('agentls-look-budget-'), tree);
    const c = await start({ folders: [ws], client: 'neovim', env: { AGENTLS_TEST_DISK_LOOK_FILES: '20' }, initializationOptions: { agentls: { log: { level: 'debug' } } } });
    const walks = () => c.logMessages.map((m) => WALK.exec(m.message)?.[1]).filter((w): w is string => w !== undefined);
    const finding = (glob: string) => (d: Diagnostic[]) => d.find((x) => x.code === 'context/dead-glob' && String(x.message).includes(`"${glob}"`));

    // The closed rule's glob, judged in the background: the root's 5 entries and a/'s 8 files (7 left).
    const bg = await c.waitForDiagnostics(c.uri(path.join(ws, '.cursor/rules/bg.mdc')), (d) => finding('a/**/*.nope')(d) !== undefined, 20_000);
    expect(finding('a/**/*.nope')(bg)?.message).toContain('matches none of');
    expect(walks()).toEqual(['a/']);

    const uri = await c.open(path.join(ws, '.cursor/rules/r.mdc'));
    // The root's 5 entries again on the way to b/, then 2 of b/'s 8 files: b/ is not looked through.
    await c.setText(uri, rule('b/**/*.nope'));
    const b = finding('b/**/*.nope')(await c.waitForDiagnostics(uri, (d) => finding('b/**/*.nope')(d) !== undefined, 20_000));
    expect(b?.message).toContain('b/ was not looked through');
    expect(b?.message).toContain('so it is not called dead');
    expect(b?.message).not.toContain('files of the workspace');
    // Nothing left: c/ is not listed at all, and said so.
    await c.setText(uri, rule('c/**/*.nope'));
    const cc = finding('c/**/*.nope')(await c.waitForDiagnostics(uri, (d) => finding('c/**/*.nope')(d) !== undefined, 20_000));
    expect(cc?.message).toContain('c/ was not looked through');
    expect(walks()).toEqual(['a/', 'b/']);
  });

  it('does not say a rule never attaches when another of its globs was not looked through', async () => {
    const tree: Record<string, string> = { 'src/a.ts': 'x\n', '.cursor/rules/two.mdc': '---\ndescription: x\nglobs: ["a/**/*.nope", "c/**/*.nope"]\n---\nBody.\n' };
    for (const folder of ['a', 'b', 'c']) for (let i = 0; i < 8; i++) tree[`${folder}/f${i}.txt`] = 'x\n';
    const ws = writeTree(tempDir('agentls-look-budget-'), tree);
    // The root's 5 entries and a/'s 8 files: a/ is looked through, c/ is not.
    const c = await start({ folders: [ws], client: 'neovim', env: { AGENTLS_TEST_DISK_LOOK_FILES: '13' } });
    const both = (d: Diagnostic[]) => d.filter((x) => x.code === 'context/dead-glob').length === 2;
    const found = await c.waitForDiagnostics(c.uri(path.join(ws, '.cursor/rules/two.mdc')), both, 20_000);
    const message = (glob: string) => String(found.find((x) => x.code === 'context/dead-glob' && String(x.message).includes(`"${glob}"`))?.message);
    expect(message('c/**/*.nope')).toContain('c/ was not looked through');
    // a/'s glob is dead, but whether the rule attaches by c/'s is not known.
    expect(message('a/**/*.nope')).toMatch(/^For Cursor, the glob "a\/\*\*\/\*\.nope" matches none of the 26 files of the workspace; whether the rule's other globs match is not known \(a folder they aim into was not looked through\)\./);
    expect(message('a/**/*.nope')).not.toContain('never attach');
  });
});
