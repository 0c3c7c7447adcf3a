import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { goToFileTitle, INDEX_PROGRESS_TITLES, IndexEnds, SearchAgainWhenIndexed } from '../../editors/vscode/src/indexEnds';
import { IndexProgressTitles } from '../../protocol/methods';
import type { FileCandidatesPayload } from '../../protocol/rawp';
import { useLspClients } from '../helpers/lspClient';
import { until } from '../helpers/polling';
import { tempDir, writeTree } from '../helpers/repo';

const start = useLspClients(afterEach);

/**
 * "Go to file" during a folder's first index (editors/vscode/src/fileSearch.ts runs these
 * pieces in the Quick Pick): the title says the list is partial, and the query is searched
 * again when the server's index progress ends, fed here from the real server's `$/progress`
 * as the language client's middleware feeds it.
 */
describe('"Go to file" while the first index is built', () => {
  it('knows the server\'s index progress titles', () => {
    expect([...INDEX_PROGRESS_TITLES].sort()).toEqual(Object.values(IndexProgressTitles).sort());
  });

  it('says the list is partial, and searches again, untyped, once the server ends the index', async () => {
    // A file at the top is listed before the hold; src/session.ts only after it.
    const ws = writeTree(tempDir('agentls-goto-'), { 'sesion.md': 'x', 'src/session.ts': 'export {};\n' });
    const gate = path.join(tempDir('agentls-gate-'), 'go');
    const c = await start({ folders: [ws], client: 'vscode', env: { AGENTLS_TEST_HOLD_INDEX: gate } });
    const ends = new IndexEnds();
    let fed = 0;
    const feed = () => {
      for (; fed < c.progress.length; fed++) {
        const p = c.progress[fed] as { token: string | number; value: { kind: string; title?: string } };
        ends.observe(p.token, p.value);
      }
    };
    const answers: FileCandidatesPayload[] = [];
    const search = async (): Promise<void> => {
      const answered = again.sent();
      const answer = await c.request<FileCandidatesPayload>('agentls/fileSearch', { query_id: randomUUID(), query: 'sesion' });
      answers.push(answer);
      answered(answer);
    };
    let searchedAgain = 0;
    const again = new SearchAgainWhenIndexed(ends, () => {
      searchedAgain++;
      void search();
    });

    // The listing is held with the top folder's files in; asked until they are (the wait for a first file is capped).
    const partial = await until('the top folder listed', async () => {
      feed();
      await search();
      return answers.at(-1)!;
    }, (a) => a.candidates.length > 0, 20_000);
    expect(partial.indexing).toBe(true);
    expect(partial.candidates.map((x) => x.path)).toEqual(['sesion.md']);
    expect(goToFileTitle(partial)).toBe(`agentls: Go to file (indexing: ${partial.indexed_count} file${partial.indexed_count === 1 ? '' : 's'} so far)`);
    expect(searchedAgain).toBe(0);

    const before = answers.length;
    fs.writeFileSync(gate, '');
    await until('the search made again at the end of the index', () => {
      feed();
      return answers.length;
    }, (n) => n > before, 20_000);
    expect(searchedAgain).toBe(1);
    const whole = answers.at(-1)!;
    expect(whole.indexing).toBeUndefined();
    expect(whole.candidates.map((x) => x.path)).toContain('src/session.ts');
    expect(goToFileTitle(whole)).toBe('agentls: Go to file');
  });

  it('searches again at once when the index ended while the partial answer was on its way', () => {
    const ends = new IndexEnds();
    let searchedAgain = 0;
    const again = new SearchAgainWhenIndexed(ends, () => searchedAgain++);
    const answered = again.sent();
    ends.observe('t', { kind: 'begin', title: 'Indexing files' });
    ends.observe('t', { kind: 'end' });
    answered({ indexing: true, indexed_count: 3 });
    expect(searchedAgain).toBe(1);
    // Another progress's end (not the index's) searches nothing.
    const next = again.sent();
    next({ indexing: true, indexed_count: 3 });
    ends.observe('u', { kind: 'begin', title: 'Checking rules' });
    ends.observe('u', { kind: 'end' });
    expect(searchedAgain).toBe(1);
  });
});
