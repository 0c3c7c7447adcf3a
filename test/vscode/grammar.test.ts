import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The TextMate grammar of the `hashline` language (editors/vscode/syntaxes/) against the
 * valid patches of the spec's vectors: every header and op line is recognised as such and
 * its anchors are found. (VS Code runs these patterns with Oniguruma; they use nothing that
 * JavaScript's engine reads differently.)
 */
const ROOT = path.join(__dirname, '..', '..');
const grammar = JSON.parse(fs.readFileSync(path.join(ROOT, 'editors/vscode/syntaxes/hashline.tmLanguage.json'), 'utf8'));
const vectors = JSON.parse(fs.readFileSync(path.join(ROOT, 'test/vectors/hashline-patches.json'), 'utf8')) as {
  cases: { id: string; input: string; expect: { ok: boolean } }[];
};
const repo = grammar.repository as Record<string, { match?: string; begin?: string }>;
const rx = (name: string, key: 'match' | 'begin') => new RegExp(repo[name][key]!);

describe('hashline grammar', () => {
  it('has patterns JavaScript compiles, each referenced from the top', () => {
    for (const [name, rule] of Object.entries(repo)) for (const key of ['match', 'begin'] as const) if (rule[key]) expect(() => new RegExp(rule[key]!), name).not.toThrow();
    const included = JSON.stringify(grammar.patterns) + JSON.stringify(repo);
    for (const name of Object.keys(repo)) expect(included, name).toContain(`#${name}`);
  });

  it('recognises the headers, ops and anchors of every valid patch in the vectors', () => {
    const header = rx('header', 'match');
    const replace = rx('replace', 'begin');
    const insert = rx('insert', 'begin');
    const marker = rx('marker', 'match');
    const anchor = new RegExp(repo.anchor.match!, 'g');
    const valid = vectors.cases.filter((c) => c.expect.ok);
    expect(valid.length).toBeGreaterThan(10);
    let ops = 0;
    for (const c of valid) {
      for (const line of c.input.split(/\r?\n/)) {
        const first = line.trimStart()[0];
        if (first === '§') expect(header.test(line), `${c.id}: ${line}`).toBe(true);
        else if (first === '≔' || first === '«' || first === '»') {
          ops++;
          expect((first === '≔' ? replace : insert).test(line), `${c.id}: ${line}`).toBe(true);
          const target = line.trimStart().slice(1).split('|')[0];
          if (!/\b(BOF|EOF)\b/.test(target)) expect(target.match(anchor), `${c.id}: anchors in ${line}`).not.toBeNull();
        } else if (/^\*{1,3} (Begin|End) Patch/.test(line)) expect(marker.test(line), line).toBe(true);
        else expect(header.test(line) || replace.test(line) || insert.test(line), `${c.id}: payload read as an op: ${line}`).toBe(false);
      }
    }
    expect(ops).toBeGreaterThan(valid.length);
  });
});
