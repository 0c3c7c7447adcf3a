import { describe, expect, it } from 'vitest';
import { MAX_TERM_LENGTH, parseQuery } from '../../server/search/query';
import { Scorer } from '../../server/search/score';
import { spellsStem } from '../../server/search/stem';
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

  it('puts a name the mistyped term spells whole, one slip off, above names that merely scatter its letters or go on past it', async () => {
    const t = tableOf([
      'php/testfiles/bracematching/enumerations.php.testFindContextForEnumerations_01.bracecontext',
      'ide/xml.schema.model/src/org/netbeans/modules/xml/schema/model/Enumeration.java',
    ]);
    expect((await ranked(t, 'efumeration'))[0]).toBe('ide/xml.schema.model/src/org/netbeans/modules/xml/schema/model/Enumeration.java');
    const u = tableOf(['ide/db/licenseinfo.xml', 'ide/git/licenseinfo.xml', 'java/maven.model/src/org/netbeans/modules/maven/model/pom/License.java']);
    expect((await ranked(u, 'licesnse'))[0]).toBe('java/maven.model/src/org/netbeans/modules/maven/model/pom/License.java');
  });

  it('reads one slip off a stem as a character left out, one too many, one wrong, or two neighbours swapped', () => {
    const t = tableOf(['a/License.java', 'a/.env', 'a/archive.tar.gz']);
    const spells = (query: string, id: number) => spellsStem(t, id, parseQuery(query).terms[0]);
    for (const q of ['license', 'licnse', 'licensse', 'licenxe', 'licesne', 'ilcense', 'licenes']) expect(spells(q, 0), q).toBe(true);
    for (const q of ['licenseinfo', 'lcnse', 'elcisne', 'icens', 'license.java']) expect(spells(q, 0), q).toBe(false);
    expect(spells('.env', 1)).toBe(true);
    expect(spells('archive.tar', 2)).toBe(true);
  });

  it('puts the file named exactly as typed first, however long its name', async () => {
    // Terms are cut at 64 characters for scoring; beyond, every name sharing the start ties.
    const start = 'testArrowFunctionsExamples.php.testArrowFunctionSuggestionExamples';
    expect(start.length).toBeGreaterThan(MAX_TERM_LENGTH);
    const t = tableOf([`php/verification/${start}_01a.hints`, `php/verification/${start}Fix_01.fixed`]);
    expect((await ranked(t, `${start}Fix_01.fixed`))[0]).toBe(`php/verification/${start}Fix_01.fixed`);
  });
});
