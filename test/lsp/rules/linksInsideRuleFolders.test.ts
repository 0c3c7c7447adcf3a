import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useLspClients } from '../../helpers/lspClient';
import { checkReport, expectPushedLikeCheck } from '../../helpers/checkParity';
import { PLAIN_AND_GIT_TREES } from '../../helpers/git';
import { tempDir, writeTree } from '../../helpers/repo';

/**
 * A link to a folder inside Roo Code's `.roo/rules` (its source follows it: workspace/ruleLocations.ts,
 * `LINK_FOLLOWING_RULE_FOLDER`) through the real server: the files behind it are judged, closed,
 * as Roo Code's, and the link itself gets no "cannot read a rule from it".
 */
const start = useLspClients(afterEach);

describe('a linked folder inside .roo/rules in the server', () => {
  it('pushes the findings of the files behind the link and none on the link', async () => {
    const garbled = Buffer.from('Use café.\n', 'latin1');
    const ws = writeTree(tempDir(), { '.roo/rules/main.md': 'Use tabs.\n', 'shared/roo/notes.md': garbled, 'src/a.ts': 'x\n' });
    fs.symlinkSync('../../shared/roo', path.join(ws, '.roo/rules/shared'));
    const c = await start({ folders: [ws], home: tempDir() });
    const behind = await c.waitForDiagnostics(c.uri(path.join(ws, '.roo/rules/shared/notes.md')), (d) => d.length > 0, 20_000);
    expect(behind.map((d) => [d.code, d.message])).toEqual([['rule/invalid-utf8', 'This file is not valid UTF-8, so agentls has not checked it: Roo Code reads it all the same, with a replacement character (�) where the bytes do not decode.']]);
    // The sweep that judged the file behind the link judged the link too (one pass over the index's rule files).
    await c.waitForLog(/ judged for their own tools/);
    const onLink = c.diagnostics.get(c.uri(path.join(ws, '.roo/rules/shared')))?.diagnostics ?? [];
    expect(onLink.map((d) => d.code)).toEqual([]);
  });
});

/*
 * Links the file index never lists (a walk lists no links, git only real paths): one out of the
 * workspace in a folder seen through a link, a third link down from Roo Code's rule folder, and
 * a link out of `.claude/rules` with no `.md` name. The server says of each what `check` says.
 */
describe.each(PLAIN_AND_GIT_TREES)('links inside rule folders that the listing does not follow, in the server (%s)', (_, prepare) => {
  it('pushes for each link what check says of it, and opens nothing behind it', async () => {
    const secret = 'TOP SECRET: a rule outside the workspace';
    const outside = writeTree(tempDir('agentls-outside-'), { 'note.md': `${secret}\n` });
    const ws = writeTree(tempDir(), { '.roo/rules/main.md': 'Use tabs.\n', '.roo/rules-code/top.md': 'Write tests.\n', '.roo/rules-code/s1/a.md': 'A.\n', '.roo/rules-code/s2/b.md': 'B.\n', 'team/roo.md': 'Team.\n', 'shared/o.md': 'Shared.\n', '.claude/rules/own.md': 'Be brief.\n' });
    // `.roo/rules/team` → `team`, whose `elsewhere` leads out: the second link on the way, which Roo Code follows.
    fs.symlinkSync('../../team', path.join(ws, '.roo/rules/team'));
    fs.symlinkSync(outside, path.join(ws, 'team/elsewhere'));
    // `l1` → `s1`, `s1/l2` → `../s2`, `s2/l3` → `shared`: `l1/l2/l3` is the third link, which Roo Code does not follow.
    fs.symlinkSync('s1', path.join(ws, '.roo/rules-code/l1'));
    fs.symlinkSync('../s2', path.join(ws, '.roo/rules-code/s1/l2'));
    fs.symlinkSync('../../../shared', path.join(ws, '.roo/rules-code/s2/l3'));
    fs.symlinkSync(outside, path.join(ws, '.claude/rules/shared'));
    const real = fs.realpathSync(outside);
    prepare(ws);
    const c = await start({ folders: [ws], home: tempDir() });
    const said = async (rel: string) => (await c.waitForDiagnostics(c.uri(path.join(ws, rel)), (d) => d.length > 0, 20_000)).map((d) => [d.code, d.severity, d.message]);
    const outsideSaid = (agent: string) => [['rule/link-outside', 2, `This entry is a symbolic link to the folder ${real} outside the workspace. ${agent} follows the link and reads the rules in that folder as its own; agentls does not, so they are not checked.`]];
    expect(await said('.roo/rules/team/elsewhere')).toEqual(outsideSaid('Roo Code'));
    expect(await said('.claude/rules/shared')).toEqual(outsideSaid('Claude Code'));
    expect(await said('.roo/rules-code/l1/l2/l3')).toEqual([
      ['rule/not-read', 1, 'Roo Code never reads the folder this symbolic link leads to: it is link 3 on the way down from the rule folder, and Roo Code reads the files behind 2 links at most, so none of the rules there reach it. Link the folder from nearer the rule folder.'],
    ]);
    // The second link on the way to the same folder, which Roo Code follows into the workspace: nothing to say.
    expect(c.diagnostics.get(c.uri(path.join(ws, '.roo/rules-code/s1/l2/l3')))?.diagnostics ?? []).toEqual([]);
    expect([...c.diagnostics.keys()].filter((uri) => uri.includes(encodeURI(real)))).toEqual([]);
    expect(JSON.stringify([...c.diagnostics.values()])).not.toContain(secret);
  });
});

/*
 * A link to a file of the workspace inside Roo Code's or Claude Code's rule folder: both agents
 * read the file behind it (`LINK_FOLLOWING_RULE_FOLDER` has the sources), and `check` judges it
 * on the link. A walk lists no link, so in a tree git does not list the server had no such file
 * among the closed ones it judges, and the editor said nothing of it.
 */
describe.each(PLAIN_AND_GIT_TREES)('a link to a file of the workspace inside a rule folder, in the server (%s)', (_, prepare) => {
  it('pushes on the link what check says of it', async () => {
    const ws = writeTree(tempDir(), {
      '.roo/rules/main.md': 'Use tabs.\n',
      '.claude/rules/own.md': 'Be brief.\n',
      'docs/roo.md': '---\nalwaysApply: true\n---\nRoo.\n',
      'docs/claude.md': '---\nalwaysApply: true\n---\nClaude.\n',
    });
    fs.symlinkSync('../../docs/roo.md', path.join(ws, '.roo/rules/linked.md'));
    fs.symlinkSync('../../docs/claude.md', path.join(ws, '.claude/rules/linked.md'));
    prepare(ws);
    const home = tempDir('agentls-home-');
    const expected = checkReport(ws, home);
    const links = ['.claude/rules/linked.md', '.roo/rules/linked.md'];
    expect([...expected.keys()].sort()).toEqual(links);
    const c = await start({ folders: [ws], home });
    await expectPushedLikeCheck(c, ws, links, expected);
  });
});
