import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../protocol/rules';
import { useLspClients } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';
import { workCounts } from '../../helpers/workCounts';
import { tempDir, writeTree } from '../../helpers/repo';

/*
 * Under rules.profile xcsh the tools' views parse each Cursor, Windsurf and Cline file again
 * as its tool reads it (`toolParsed` in rules/context/toolViews.ts). The views are made
 * again whenever any rule file changes: an edit of one file must parse that file again,
 * and no other. The server counts each such parse (`tool-parse PATH`, test/helpers/workCounts.ts).
 */
const start = useLspClients(afterEach);

const FILES = {
  '.cursor/rules/a.mdc': '---\ndescription: Style\n---\nUse tokens.\n',
  '.cursor/rules/b.mdc': '---\nglobs: src/**\n---\nB.\n',
  '.windsurf/rules/w.md': '---\ntrigger: always_on\n---\nW.\n',
  '.clinerules/c.md': '---\npaths:\n  - src/**\n---\nC.\n',
};

describe('the tools views under rules.profile xcsh, made again after an edit', () => {
  it('parse the edited file again and no other, and show its new content', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', ...FILES });
    const work = workCounts();
    const c = await start({
      folders: [ws],
      home: tempDir('agentls-home-'),
      settings: { rules: { profile: 'xcsh', agents: ['cursor', 'windsurf', 'cline'] } },
      env: work.env,
    });
    const parses = (rel: string) => work.counts()[`tool-parse ${path.join(ws, rel)}`] ?? 0;
    const counts = () => Object.fromEntries(Object.keys(FILES).map((rel) => [rel, parses(rel)]));
    const modeOfA = (r: RuleBucketsResult) => r.agentRules?.find((a) => a.agent === 'cursor')?.rules.find((x) => x.path === '.cursor/rules/a.mdc')?.mode;

    expect(modeOfA(await c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) }))).toBe('description');
    const before = counts();
    // Every file was parsed for its tool to make the views.
    for (const rel of Object.keys(FILES)) expect(before[rel], rel).toBeGreaterThan(0);

    const uri = await c.open(path.join(ws, '.cursor/rules/a.mdc'));
    await c.setText(uri, '---\nalwaysApply: true\n---\nUse tokens.\n');
    // The views made from the edited buffer: no stale parse of it.
    await until('the views with the edited rule', () => c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) }), (r) => modeOfA(r) === 'always');
    const after = counts();
    expect(after['.cursor/rules/a.mdc']).toBeGreaterThan(before['.cursor/rules/a.mdc']);
    const { ['.cursor/rules/a.mdc']: _a, ...othersAfter } = after;
    const { ['.cursor/rules/a.mdc']: _b, ...othersBefore } = before;
    expect(othersAfter).toEqual(othersBefore);
  }, 60_000);
});
