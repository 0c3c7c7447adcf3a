import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../protocol/rules';
import { checkReport, expectPushedLikeCheck } from '../../helpers/checkParity';
import { git, globalExcludes } from '../../helpers/git';
import { useLspClients } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

const MINE = '.xcsh/rules/me.local.md';

/** A git work tree with an xcsh rule whose name only the user's global excludes (outside the workspace) leave out. */
function project(): string {
  const ws = writeTree(tempDir(), {
    [MINE]: '---\ndescription: My own habits\n---\nMine.\n',
    '.xcsh/rules/style.md': '---\ndescription: Use the design tokens\n---\nUse the design tokens.\n',
  });
  git(ws, 'init', '-q');
  return ws;
}

const rulebook = (c: Awaited<ReturnType<typeof start>>, wanted: (names: string[]) => boolean, what: string) =>
  until(what, () => c.request<RuleBucketsResult>('agentls/ruleBuckets', {}), (b) => wanted(b.buckets.rulebook), 10_000);

describe("the server and rule files the user's global gitignore leaves out", () => {
  it("pushes check's rule/not-read for the closed file and leaves it out of the xcsh agent's buckets", async () => {
    const ws = project();
    const home = tempDir('agentls-home-');
    const env = globalExcludes(['*.local.md']);
    const expected = checkReport(ws, home, env);
    expect(expected.get(MINE)).toEqual([expect.stringMatching(/^rule\/not-read /)]);
    const c = await start({ folders: [ws], home, env });
    await expectPushedLikeCheck(c, ws, [MINE], expected);
    const buckets = await rulebook(c, (names) => names.includes('style'), 'style in the rulebook');
    expect(buckets.buckets.rulebook).toEqual(['style']);
  });

  it('asks git again when an ignore file changes: a .gitignore that brings the file back makes it read', async () => {
    const ws = project();
    const c = await start({ folders: [ws], home: tempDir('agentls-home-'), env: globalExcludes(['*.local.md']) });
    await rulebook(c, (names) => names.join() === 'style', 'only style in the rulebook');
    // The repository's own rules come before the global ones (gitignore(5)): its negation wins.
    const gitignore = path.join(ws, '.gitignore');
    fs.writeFileSync(gitignore, `!${MINE}\n`);
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(gitignore), type: 1 }] });
    await rulebook(c, (names) => names.includes('me.local'), 'me.local in the rulebook');
    const ds = await c.waitForDiagnostics(c.uri(path.join(ws, MINE)), (d) => d.every((x) => x.code !== 'rule/not-read'));
    expect(ds.map((d) => d.code)).not.toContain('rule/not-read');
  });
});
