import ignore from 'ignore';
import { describe, expect, it } from 'vitest';
import { fileNameRules, ignoresFileName } from '../../server/workspace/ignoreNames';

const NAMES = ['a.log', 'A.LOG', 'log', 'x.log.txt', '.DS_Store', '.ds_store', 'build', 'Foo.class', 'foo.tar.gz', '.tar.gz', 'readme.md', 'notes', 'env', '.env', 'c.o'];

describe('ignore rules in file-name form', () => {
  it('decide every file as the full matcher does, for the rules they take', () => {
    const texts = ['*.log\n.DS_Store\nbuild/\n', '# comment\n\n*.class  \n.env\ndist/\n/out/\nsrc/gen/\n', '*.tar.gz\nnotes\n*.o\n'];
    for (const text of texts) {
      const form = fileNameRules([text]);
      expect(form, text).toBeDefined();
      const full = ignore({ allowRelativePaths: true }).add(text);
      for (const name of NAMES) {
        for (const at of [name, `deep/er/${name}`]) {
          expect(ignoresFileName(form!, name), `${JSON.stringify(text)} on ${at}`).toBe(full.test(at).ignored);
        }
      }
    }
  });

  it('leave rules with a path, a wildcard inside, a negation or an escape to the full matcher', () => {
    for (const text of ['src/*.log\n', 'a*b\n', '*.log\n!keep.log\n', 'foo?\n', '[ab].txt\n', '\\#hash\n', 'trailing\\ \n', '*\n']) {
      expect(fileNameRules([text]), text).toBeUndefined();
    }
  });
});
