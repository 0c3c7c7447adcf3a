import { describe, expect, it } from 'vitest';
import { CancellationSource, CancelledError, NEVER_CANCELLED } from '../../server/core/cancel';
import { KeystrokeMemory } from '../../server/search/narrow';
import { parseQuery, queryReadings } from '../../server/search/query';
import { matchPositions, rankTable } from '../../server/search/rank';
import { POINTS, Scorer } from '../../server/search/score';
import { toRanges } from '../../server/search/candidates';
import { rank, ranked, tableOf } from './helpers';

const PATHS = [
  'src/auth.ts',
  'src/authMiddleware.ts',
  'src/session.ts',
  'src/util/log.ts',
  'src/util/stringUtils.ts',
  'src/components/Button.tsx',
  'src/components/ButtonGroup.tsx',
  'lib/HudsonInstanceProperties.java',
  'lib/HintsPanel.java',
  'docs/guide.md',
  'README.md',
  'test/auth_check.ts',
  'packages/ui/src/OpenTag.java',
  'tools/ASTPHP5Parser.cup',
  'html/items/ACustomizer.java',
];

describe('matching', () => {
  it('matches characters in order, case-insensitively for lower-case queries', async () => {
    const t = tableOf(PATHS);
    const found = await ranked(t, 'sutl');
    expect(found).toContain('src/util/stringUtils.ts');
    expect(await ranked(t, 'gnirts')).not.toContain('src/util/stringUtils.ts'); // the right letters, reversed
    expect(await ranked(t, 'readme')).toEqual(['README.md']);
  });

  it('needs a capital to meet a capital (smart case), and ignores case when that finds nothing', async () => {
    const t = tableOf(['a/fooBar.ts', 'a/foobar.ts']);
    expect(await ranked(t, 'fB')).toEqual(['a/fooBar.ts']);
    // No file has a capital R after "foo": case is dropped rather than answering nothing.
    expect((await ranked(t, 'fooR')).sort()).toEqual(['a/fooBar.ts', 'a/foobar.ts']);
  });

  it('requires every space-separated term, in any order', async () => {
    const t = tableOf(PATHS);
    expect(await ranked(t, 'util string')).toEqual(['src/util/stringUtils.ts']);
    expect(await ranked(t, 'string util')).toEqual(['src/util/stringUtils.ts']);
    expect(await ranked(t, 'util nomatch')).toEqual([]);
  });

  it('counts every match before the limit cuts the list', async () => {
    const t = tableOf(PATHS);
    const result = await rank(t, 's', { limit: 2 });
    expect(result.ranked).toHaveLength(2);
    expect(result.total).toBe(PATHS.filter((p) => p.toLowerCase().includes('s')).length);
  });

  it('reads a backslash as a slash (paths typed the Windows way)', async () => {
    const t = tableOf(PATHS);
    expect((await ranked(t, 'util\\log'))[0]).toBe('src/util/log.ts');
  });
});

describe('ranking', () => {
  it('prefers matches in the file name and at its start', async () => {
    const t = tableOf(['auth/zzz/other.ts', 'src/auth.ts', 'x/myauthentication.ts']);
    expect((await ranked(t, 'auth'))[0]).toBe('src/auth.ts');
  });

  it('prefers word boundaries and camel humps: initials find the file', async () => {
    const t = tableOf(PATHS);
    expect((await ranked(t, 'hip'))[0]).toBe('lib/HudsonInstanceProperties.java');
    expect((await ranked(t, 'bg'))[0]).toBe('src/components/ButtonGroup.tsx');
    expect((await ranked(t, 'acu'))[0]).toBe('html/items/ACustomizer.java');
  });

  it('reads a term as initials only when it spells the first word starts, none skipped', async () => {
    // `wri` skips the A of WebAppRefIcon: a prefix of WriterPrintStream is the likelier reading.
    const t = tableOf(['icons/WebAppRefIcon16.gif', 'core/execution/WriterPrintStream.java']);
    expect((await ranked(t, 'wri'))[0]).toBe('core/execution/WriterPrintStream.java');
    // All the initials, or the first of them, still read as initials.
    const u = tableOf(['core/execution/WarningRowImpl.java', 'core/execution/WriterPrintStream.java', 'icons/WebAppRefIcon16.gif']);
    expect((await ranked(u, 'wri'))[0]).toBe('core/execution/WarningRowImpl.java');
    expect((await ranked(u, 'war'))[0]).toBe('icons/WebAppRefIcon16.gif');
    // Every initial of a name beats the first initials of a shorter one.
    const v = tableOf(['filesystems/FileSystemTestHid.java', 'ant/freeform/FreeformSourcesTest.java']);
    expect((await ranked(v, 'fst'))[0]).toBe('ant/freeform/FreeformSourcesTest.java');
  });

  it('prefers contiguous runs, then shorter names', async () => {
    const t = tableOf(PATHS);
    expect((await ranked(t, 'button')).slice(0, 2)).toEqual(['src/components/Button.tsx', 'src/components/ButtonGroup.tsx']);
    expect((await ranked(t, 'session'))[0]).toBe('src/session.ts');
  });

  it('follows path fragments across folders', async () => {
    const t = tableOf([...PATHS, 'src/comp/x/btn.ts', 'other/compiler/button.ts']);
    expect((await ranked(t, 'src/comp/btn'))[0]).toBe('src/comp/x/btn.ts');
    expect((await ranked(t, 'comp/butt')).slice(0, 2).sort()).toEqual(['other/compiler/button.ts', 'src/components/Button.tsx']);
  });

  it('keeps each slash-separated part or word of a query within one folder or the name', async () => {
    // `webs` is the start of the folder websvc, not web/ plus the s of beans/.
    const t = tableOf(['enterprise/web.beans/src/org/web/beans/EjbUtil.java', 'enterprise/websvc.model/src/org/websvc/model/project/EjbJaxHook.java']);
    expect((await ranked(t, 'org/webs/ejb'))[0]).toBe('enterprise/websvc.model/src/org/websvc/model/project/EjbJaxHook.java');
    // `ad` is the start of AddCast1.java, not the a of api.debugger/ plus a d folders later.
    const u = tableOf(['java/api.debugger.jpda/src/org/netbeans/api/debugger/jpda/DeadlockDetector.java', 'java/java.hints/test/unit/data/org/netbeans/test/java/hints/AddCast1.java']);
    expect((await ranked(u, 'java/ad'))[0]).toBe('java/java.hints/test/unit/data/org/netbeans/test/java/hints/AddCast1.java');
    // So does each word of a query of several: `gotode` is the start of gotodeclaration/, not go… t… over three folders.
    const v = tableOf([
      'java/beans/test/qa-func/src/gui/data/goldenfiles/ChangingOfBeanPropertyProperties/testChangeOfStyleOfDeclaredVariable.pass',
      'php/php.editor/test/unit/data/testfiles/gotodeclaration/testConstants/testConstants.php',
    ]);
    expect((await ranked(v, 'gotode testc'))[0]).toBe('php/php.editor/test/unit/data/testfiles/gotodeclaration/testConstants/testConstants.php');
  });

  it('lifts recently modified files among equals, and files the user picked', async () => {
    const now = Date.parse('2026-01-10T00:00:00Z');
    const t = tableOf(['a/config.json', 'b/config.json'], { 'a/config.json': now - 30 * 86_400_000, 'b/config.json': now - 60_000 });
    expect((await ranked(t, 'config', { now }))[0]).toBe('b/config.json');
    t.boost[t.find('a/config.json')] = 12;
    expect((await ranked(t, 'config', { now }))[0]).toBe('a/config.json');
  });

  it('tolerates typos fzf would not: a dropped, swapped, extra or wrong character', async () => {
    const t = tableOf(PATHS);
    expect((await ranked(t, 'sesion'))[0]).toBe('src/session.ts'); // dropped
    expect((await ranked(t, 'opentga'))[0]).toBe('packages/ui/src/OpenTag.java'); // swapped
    expect((await ranked(t, 'sessxion'))[0]).toBe('src/session.ts'); // extra
    expect((await ranked(t, 'sessiom'))[0]).toBe('src/session.ts'); // wrong
    const typo = await rank(t, 'sessxion');
    expect(typo.ranked[0].typo).toBe(true);
    expect(typo.total).toBeGreaterThan(0);
  });

  it('counts each file once when the typo pass adds near misses to the strict matches', async () => {
    // sessx/… match strictly (the folder holds sessx); session.ts and sessions.ts are one slip
    // away. sessx/session.ts is both: the typo pass must not count it again.
    const t = tableOf(['sessx/ion.ts', 'sessx/session.ts', 'a/session.ts', 'b/sessions.ts', 'c/other.ts']);
    const result = await rank(t, 'sessxion');
    expect(result.ranked.some((r) => r.typo)).toBe(true);
    expect(result.total).toBe(4);
  });

  it('reads a wrong character as one slip: it costs a skip and what the right letter would have earned, no more', () => {
    // `testvnlid` for TestValid: the n stands where the a is, and lid still follows back to back.
    const scorer = new Scorer();
    scorer.loadText('data/TestValid.java');
    const exact = scorer.score(parseQuery('testvalid').terms[0]);
    const slip = scorer.score(parseQuery('testvnlid').terms[0], true);
    expect(exact - slip).toBe(POINTS.skip + POINTS.match + POINTS.inName + POINTS.consecutive);
    expect(scorer.positions(parseQuery('testvnlid').terms[0], true)).toEqual([5, 6, 7, 8, 9, 11, 12, 13]);
  });

  it('reads two swapped neighbours as one slip, above names that merely scatter the letters', async () => {
    // `openatg` is a subsequence of OpenTestActionIcon.gif (open·A·t·g) but a user typing it wants OpenTag.
    const t = tableOf(['java/junit/src/resources/OpenTestActionIcon.gif', 'ide/html/lib/api/elements/OpenTag.java', 'a/OpenedCategoryFilter.java']);
    expect((await ranked(t, 'openatg'))[0]).toBe('ide/html/lib/api/elements/OpenTag.java');
    const u = tableOf(['java/beans/resources/bifEventSetMC_N.gif', 'profiler/tests/benchmarks/JbbTest.java', 'ejb/SessionTestBean.java']);
    expect((await ranked(u, 'jbbtset'))[0]).toBe('profiler/tests/benchmarks/JbbTest.java');
    // A file whose path holds the letters scattered (a clean match) still gets its typo reading.
    const w = tableOf(['extide/ant.module/src/org/apache/tools/ant/module/AntModule.java', 'ide/css.editor/test/unit/css/editor/module/main/AlignmentModuleTest.java']);
    expect((await ranked(w, 'antmdoule'))[0]).toBe('extide/ant.module/src/org/apache/tools/ant/module/AntModule.java');
    // A clean match still comes first: the swap is only the typo pass's reading.
    const v = tableOf(['src/OpenTag.java', 'src/OpenAtg.java']);
    expect((await ranked(v, 'openatg'))[0]).toBe('src/OpenAtg.java');
  });

  it('looks for a name one slip away when the clean matches hold the term only with gaps, even near-perfect ones', async () => {
    // DefaultDataObjectHasOpenActionTest holds `defaultdataobjecpttest` cleanly (…Objec, the p of Open, the t of Action, Test).
    const t = tableOf(['loaders/DefaultDataObjectHasOpenActionTest.java', 'loaders/DefaultDataObjectTest.java']);
    expect(await ranked(t, 'defaultdataobjecpttest')).toContain('loaders/DefaultDataObjectTest.java');
    // Longer names that hold the misspelt name twice read it cleanly, hopping between the copies.
    const dir = 'verification/ModifiersCheckHintError/';
    const u = tableOf([`${dir}testFinalFieldModifiersClassReadonly.php.testFinalFieldModifiersClassReadonly_PHP84.hints`, `${dir}testFinalFieldModifiersClassReadonly.php.testFinalFieldModifiersClassReadonly_Fix01.fixed`, `${dir}testFinalFieldModifiersClassReadonly.php`]);
    expect((await ranked(u, 'testfinalfieldmodifiersclassreadnoly'))[0]).toBe(`${dir}testFinalFieldModifiersClassReadonly.php`);
  });

  it('reads a term spelling word starts as typed, without a typo pass', async () => {
    // `sjc4` spells the initials of SampleJavaClass410; sjc5.txt, one slip away, is not looked for (the count says so).
    const t = tableOf(['folders/SampleJavaClass410.java', 'notes/sjc5.txt']);
    const result = await rank(t, 'sjc4');
    expect(result.ranked.map((r) => t.path(r.id))).toEqual(['folders/SampleJavaClass410.java']);
    expect(result.total).toBe(1);
    // The same name, misspelt rather than abbreviated, is looked for.
    expect((await rank(t, 'sjcx')).ranked.map((r) => t.path(r.id))).toContain('notes/sjc5.txt');
  });

  it('gives match_score in 0..1, 1 for a name equal to the query', async () => {
    const t = tableOf(PATHS);
    const result = await rank(t, 'README.md');
    expect(result.ranked[0].quality).toBeGreaterThan(0.95);
    for (const r of (await rank(t, 'st')).ranked) {
      expect(r.quality).toBeGreaterThanOrEqual(0);
      expect(r.quality).toBeLessThanOrEqual(1);
    }
  });

  it('answers the empty query with the most recently modified files', async () => {
    const t = tableOf(['old.ts', 'new.ts', 'mid.ts', 'unknown.ts'], { 'old.ts': 1000, 'new.ts': 3000, 'mid.ts': 2000 });
    const result = await rank(t, '   ');
    expect(result.ranked.map((r) => t.path(r.id))).toEqual(['new.ts', 'mid.ts', 'old.ts', 'unknown.ts']);
    expect(result.total).toBe(4);
    expect(result.ranked[0].quality).toBeUndefined();
  });

  it('honours the filter bitmap', async () => {
    const t = tableOf(PATHS);
    const allowed = new Uint8Array(t.slotCount);
    allowed[t.find('test/auth_check.ts')] = 1;
    expect(await ranked(t, 'auth', { allowed })).toEqual(['test/auth_check.ts']);
  });

  it('agrees with the row-by-row scorer on every ranked file', async () => {
    // The scan scores folders once and continues into names; it must equal scoring whole paths.
    const t = tableOf([...PATHS, 'deep/a/b/c/d/e/f/AuthHandler.java', 'x/a_u_t_h.txt', 'authority/zone/h.ts']);
    const scorer = new Scorer();
    for (const q of ['auth', 'ah', 'sutl', 'hip', 'comp/bu', 'Auth', 'deep/ah', 'src/ub', 'a/b/ch']) {
      const result = await rank(t, q, { now: 0 });
      for (const r of result.ranked) {
        scorer.loadFile(t, r.id);
        const direct = result.query.terms.reduce((sum, term) => sum + scorer.score(term), 0);
        const lift = -0.4 * t.nameLen[r.id] - 0.04 * t.dirLen[t.fileDir[r.id]];
        expect(r.score - lift).toBeGreaterThanOrEqual(direct - 1e-6);
      }
    }
  });
});

describe('match ranges', () => {
  it('are UTF-16 offsets into the path, end exclusive, adjacent ones merged', async () => {
    const t = tableOf(['src/auth.ts', 'unicode/🙂smile.txt']);
    const auth = t.find('src/auth.ts');
    expect(toRanges(matchPositions(t, auth, parseQuery('aut'), false))).toEqual([{ start: 4, end: 7 }]);
    const smile = t.find('unicode/🙂smile.txt');
    // The emoji is two UTF-16 code units: "smile" starts at 10.
    expect(toRanges(matchPositions(t, smile, parseQuery('smile'), false))).toEqual([{ start: 10, end: 15 }]);
  });

  it('merge only adjacent positions', () => {
    expect(toRanges([0, 1, 2, 5, 7, 8])).toEqual([
      { start: 0, end: 3 },
      { start: 5, end: 6 },
      { start: 7, end: 9 },
    ]);
  });
});

describe('long searches', () => {
  it('yield to the event loop and stop when cancelled', async () => {
    const paths: string[] = [];
    for (let i = 0; i < 60_000; i++) paths.push(`module${i % 300}/src/deep/folder${i % 1200}/File${i}.ts`);
    const t = tableOf(paths);
    const cancel = new CancellationSource();
    let ticks = 0;
    const timer = setInterval(() => {
      ticks++;
      cancel.cancel();
    }, 1);
    try {
      await expect(rank(t, 'fdt', { cancel })).rejects.toBeInstanceOf(CancelledError);
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
  });

  it('reject at once when already cancelled', async () => {
    const t = tableOf(PATHS);
    const cancel = new CancellationSource();
    cancel.cancel();
    await expect(rank(t, 'a', { cancel })).rejects.toBeInstanceOf(CancelledError);
  });
});

describe('narrowing to the previous keystroke', () => {
  it('gives exactly what a full search gives, through capitals and the caseless fallback', async () => {
    const paths: string[] = [];
    for (let i = 0; i < 3000; i++) paths.push(`pkg${i % 17}/src/${['alpha', 'Beta', 'gamma'][i % 3]}/FooBar${i}Baz.ts`, `lib/foo_bar/${i}.md`);
    const t = tableOf(paths);
    const memory = new KeystrokeMemory();
    for (const text of ['f', 'fo', 'foo', 'fooB', 'fooBa', 'fooBaZ', 'fooBaZq', 'b', 'ba', 'ba g', 'ba ga', 'ba gam']) {
      const full = await rank(t, text, { limit: 20 });
      const query = parseQuery(text);
      const narrow = memory.narrowFor(t, '', query.text);
      const narrowed = await rankTable(t, query, { limit: 20, cancel: NEVER_CANCELLED, now: Date.now(), narrow, remember: true });
      memory.remember(t, '', query.text, narrowed.narrowing);
      expect(narrowed.total, text).toBe(full.total);
      expect(narrowed.ranked.map((r) => [t.path(r.id), r.score]), text).toEqual(full.ranked.map((r) => [t.path(r.id), r.score]));
    }
  });

  it('searches the whole table again after a file was added or the text was not extended', () => {
    const t = tableOf(['a/one.ts', 'a/two.ts']);
    const memory = new KeystrokeMemory();
    memory.remember(t, '', 'on', { matched: Int32Array.of(0), caseless: true });
    expect(memory.narrowFor(t, '', 'one')).toBeDefined();
    expect(memory.narrowFor(t, '', 'o')).toBeUndefined();
    expect(memory.narrowFor(t, '["x"]', 'one')).toBeUndefined();
    t.add('a/three.ts');
    expect(memory.narrowFor(t, '', 'one')).toBeUndefined();
  });
});

describe('queryReadings', () => {
  it('mixes the readings of up to three backslashes, name characters first, and keeps two readings beyond', () => {
    expect(queryReadings('src\\back\\').map((q) => q.text)).toEqual(['src\\back\\', 'src/back\\', 'src\\back/', 'src/back/']);
    expect(queryReadings('a\\b\\c\\d').map((q) => q.text)).toHaveLength(8);
    // Work stays bounded: four backslashes or more read all one way, then all the other.
    expect(queryReadings('a\\b\\c\\d\\e').map((q) => q.text)).toEqual(['a\\b\\c\\d\\e', 'a/b/c/d/e']);
    expect(queryReadings('plain').map((q) => q.text)).toEqual(['plain']);
  });
});
