import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../server/search/query';
import { Scorer } from '../../server/search/score';
import { ranked, tableOf } from './helpers';

/*
 * Ranking rules added for the hit-rate work of issue 15, each pinned by a small example that
 * fails without the rule. Measured on the bench queries, the held-out sets
 * (test/bench/searchHeldOut.ts) and ten more sets made the same way.
 */

describe('ranking rules', () => {
  it('starts the part after a slash at any later folder or the name, as if the folder were its parent', async () => {
    // `diff/exc`: a file named Exc… somewhere under diff/, not Ex…C… directly in a folder named diff.
    const t = tableOf(['ide/diff/src/tree/ExclusionPattern.java', 'ide/git/ui/diff/ExportCommit.java']);
    expect((await ranked(t, 'diff/exc'))[0]).toBe('ide/diff/src/tree/ExclusionPattern.java');
    // The parent folder earns nothing over a folder further up: the two score alike.
    const scorer = new Scorer();
    const term = parseQuery('diff/btn').terms[0];
    scorer.loadText('src/diff/btn.ts');
    const parent = scorer.score(term);
    scorer.loadText('src/diff/x/y/btn.ts');
    expect(scorer.score(term)).toBe(parent);
  });
});
