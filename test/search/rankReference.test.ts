import { describe, expect, it } from 'vitest';
import { NEVER_CANCELLED } from '../../server/core/cancel';
import { readName, type NameFacts } from '../../server/search/facts';
import { lift, YieldClock } from '../../server/search/lift';
import type { PathTable } from '../../server/search/pathTable';
import { parseQuery, type ParsedQuery } from '../../server/search/query';
import { Scorer, TermRows } from '../../server/search/score';
import { StrictScan } from '../../server/search/strict';
import { generateCorpus } from '../bench/searchData';
import { tableOf } from './helpers';

/*
 * The strict scan skips most files with upper bounds on what they can score (per folder,
 * per name, per file). Whatever the scoring rules become, a bound that is too low would
 * silently drop a file that belongs in the top: so the scan is compared here with scoring
 * every file in full, with no bound at all.
 */

const NOW = Date.UTC(2026, 0, 15);

/** Every file scored in full (the row-by-row scorer), best first, ties to the lower id. */
function reference(table: PathTable, query: ParsedQuery, limit: number, allowed?: Uint8Array): { ids: number[]; scores: number[]; total: number } {
  const scorer = new Scorer();
  const rows = query.terms.map((t) => new TermRows(t));
  const facts: NameFacts = { tail: 0, boundaries: 0, firstInTerm: false, firstIsStart: false, acronym: 0, boundaryMask: -1, firstBit: -1, apart: 0 };
  const all: { id: number; score: number }[] = [];
  for (let id = 0; id < table.slotCount; id++) {
    if (!table.isAlive(id) || (allowed && allowed[id] === 0)) continue;
    scorer.loadFile(table, id);
    let sum = 0;
    for (let t = 0; t < query.terms.length && sum > -Infinity; t++) {
      const points = scorer.score(query.terms[t]);
      readName(table, id, rows[t], facts);
      sum += points + facts.acronym;
    }
    if (sum > -Infinity) all.push({ id, score: sum + lift(table, id, NOW) });
  }
  all.sort((a, b) => b.score - a.score || a.id - b.id);
  const top = all.slice(0, limit);
  return { ids: top.map((x) => x.id), scores: top.map((x) => x.score), total: all.length };
}

async function scan(table: PathTable, query: ParsedQuery, limit: number, allowed?: Uint8Array, within?: Int32Array) {
  const strict = new StrictScan(table, query, { limit, allowed, cancel: NEVER_CANCELLED, now: NOW }, new YieldClock(NEVER_CANCELLED), true);
  const result = within ? await strict.within(within) : await strict.walk();
  const top = result.top.sorted();
  return { ids: top.map((x) => x.id), scores: top.map((x) => x.score), total: result.total, matched: result.matched };
}

/** A repository-shaped list with odd corners: root files, one-letter folders, digits, dots, dashes, capitals. */
function corpus(): PathTable {
  const { paths } = generateCorpus(3000, 7);
  const odd = [
    'a', 'A.java', 'ab/a', 'x/y/z/a.b.c', 'src/a/src/a/Src.ts', 'Makefile', '.gitignore', 'src/.env', 'lib/v2/x-y_z.js',
    'src/org/java/Java.java', 'src/org/javax/JavaXml.java', 'edit/less/Less.less', 'edit/lessc/LessCompiler.java',
    'ide/html/src/org/netbeans/modules/html/palette/items/ACustomizer.java', 'deep/' + 'd/'.repeat(40) + 'Deep.txt',
  ];
  const all = [...paths, ...odd];
  // Times over two months (a quarter unknown), so recency varies between files of one folder.
  const mtimes: Record<string, number> = {};
  all.forEach((p, i) => {
    if (i % 4 !== 0) mtimes[p] = NOW - ((i * 2654435761) % 5_000_000_000);
  });
  const table = tableOf(all, mtimes);
  // Picks: a few files lifted, some by much.
  for (let id = 0; id < table.slotCount; id += 37) table.boost[id] = (id % 5) * 6;
  return table;
}

const QUERIES = [
  'a', 's', 'j', 'x', '.', '/', 'ac', 'ed', 'ja', 'sr', 'src', 'act', 'han', 'cus', 'inter', 'handler', 'acustom', 'provider',
  'src/org/java', 'edit/less', 'org/net', 'test/src', 'mod/pro', 'a/s', 'CaCo', 'AC', 'Ha', 'fooBar', 'xml', '.java', '.properties',
  'src handler', 'java act', 'test unit src', 'ide html', 'pr fa', 'deep', 'dddd', 'makefile', 'env', 'x-y', 'v2', '12',
];

describe('the strict scan equals scoring every file in full', () => {
  const table = corpus();

  it('for broad and narrow queries, one and many terms, at several limits', async () => {
    for (const text of QUERIES) {
      const query = parseQuery(text);
      const full = reference(table, query, 50);
      // Ties go to the lower id, so a shorter list is a prefix of a longer one.
      for (const limit of [1, 7, 50]) {
        const want = { ids: full.ids.slice(0, limit), scores: full.scores.slice(0, limit), total: full.total };
        const got = await scan(table, query, limit);
        expect({ text, limit, ...got, matched: undefined }).toEqual({ text, limit, ...want, matched: undefined });
      }
    }
  }, 60_000);

  it('for every query of the benchmark\'s query set made from this list (typing, fragments, typos, initials, names)', async () => {
    // The scan's hot loop is tuned against that set: each bound it skips files with is exercised here.
    const { queries } = generateCorpus(3000, 7);
    expect(queries.length).toBeGreaterThan(100);
    for (const { q } of queries) {
      const query = parseQuery(q);
      const want = reference(table, query, 50);
      const got = await scan(table, query, 50);
      expect({ q, ...got, matched: undefined }).toEqual({ q, ...want, matched: undefined });
    }
  }, 60_000);

  it('with a filter, and narrowed to the matches of a shorter query', async () => {
    const allowed = new Uint8Array(table.slotCount);
    for (let id = 0; id < table.slotCount; id++) allowed[id] = table.path(id).endsWith('.java') || id % 3 === 0 ? 1 : 0;
    for (const text of ['a', 'ac', 'src', 'inter', 'edit/less', 'java act']) {
      const query = parseQuery(text);
      const want = reference(table, query, 20, allowed);
      const got = await scan(table, query, 20, allowed);
      expect({ text, ...got, matched: undefined }).toEqual({ text, ...want, matched: undefined });
    }
    for (const [shorter, longer] of [['a', 'ac'], ['ac', 'acu'], ['s', 'src'], ['ed', 'edit/l'], ['java', 'java act']]) {
      const first = await scan(table, parseQuery(shorter), 50);
      const query = parseQuery(longer);
      const got = await scan(table, query, 50, undefined, first.matched);
      expect({ longer, ...got, matched: undefined }).toEqual({ longer, ...reference(table, query, 50), matched: undefined });
    }
  }, 60_000);
});
