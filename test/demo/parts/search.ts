import * as fs from 'node:fs';
import type { FileCandidate, FileCandidatesPayload } from '../../../protocol/rawp';
import type { LspTestClient } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';
import type { DemoPart } from '../demo';

let counter = 0;
function search(client: LspTestClient, query: string, extra: Record<string, unknown> = {}): Promise<FileCandidatesPayload> {
  counter++;
  const query_id = `6f1d2c3b-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`;
  return client.request<FileCandidatesPayload>('agentls/fileSearch', { query_id, query, max_results: 5, ...extra });
}

/** A candidate as a popup would show it: matched characters in [brackets], the score. */
function line(c: FileCandidate, withTime = false): string {
  let shown = '';
  let at = 0;
  for (const r of c.match_ranges ?? []) {
    shown += c.path.slice(at, r.start) + '[' + c.path.slice(r.start, r.end) + ']';
    at = r.end;
  }
  shown += c.path.slice(at);
  const score = c.match_score !== undefined ? `  ${c.match_score.toFixed(2)}` : '';
  const when = withTime && c.modified_at ? `  modified ${c.modified_at.slice(0, 19)}Z` : '';
  return `${shown}${score}${when}`;
}

/** Fuzzy file search as an `@` popup would run it: ranking, typos, filters, a file appearing. */
export const searchPart: DemoPart = {
  title: 'Fuzzy file search (agentls/fileSearch, RAWP control.file.search)',
  async run(demo) {
    const { client } = demo;
    // A search during the first listing answers from what is listed so far and says `indexing`; the tour shows complete answers.
    await until('the first index to complete', () => search(client, 'aut'), (answer) => !answer.indexing, 20_000);
    for (const [query, why] of [
      ['aut', 'a prefix: the file name counts most'],
      ['sul', 'initials across folders: src/util/log.ts'],
      ['sesion', 'a typo: one letter missing'],
      ['rules conc', 'two words, in any order'],
    ] as const) {
      const result = await search(client, query);
      demo.say(`"${query}" (${why}): ${result.total_count} match${result.total_count === 1 ? '' : 'es'}`);
      demo.block(result.candidates.map((c) => line(c)).join('\n') || '(nothing)');
    }

    const filtered = await search(client, 's', { filters: { extensions: ['ts'], exclude_patterns: ['src/util/**'] } });
    demo.say('"s" with filters { extensions: ["ts"], exclude_patterns: ["src/util/**"] }:');
    demo.block(filtered.candidates.map((c) => line(c)).join('\n'));

    fs.writeFileSync(demo.path('src/billing.ts'), 'export const total = 0;\n');
    await client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: demo.uri('src/billing.ts'), type: 1 }] });
    const found = await until('src/billing.ts in the index', () => search(client, 'billing'), (answer) => answer.candidates.length > 0, 10_000);
    demo.say('src/billing.ts is created; the editor reports it and the next keystroke finds it, without a re-walk:');
    demo.block(found.candidates.map((c) => line(c)).join('\n'));

    const recent = await search(client, '', { max_results: 3 });
    demo.say('The empty query (just "@") offers the most recently modified files:');
    demo.block(recent.candidates.map((c) => line(c, true)).join('\n'));

    const id = '6f1d2c3b-0000-4000-8000-ffffffffffff';
    await client.notify('agentls/fileSearchCancel', { query_id: id });
    try {
      await client.request('agentls/fileSearch', { query_id: id, query: 'auth' });
      demo.say('A cancelled search answered (it should not have).');
    } catch (err) {
      demo.say(`Esc in the popup sends agentls/fileSearchCancel: that search answers "${(err as Error).message}" (code ${(err as { code?: number }).code}), never stale results.`);
    }
  },
};
