import { describe, expect, it } from 'vitest';
import { findRuleRefs } from '../../server/rules/ruleRefs';
import { tempDir, writeTree } from '../helpers/repo';
import { cli } from '../cli/run';

const names = (text: string) => findRuleRefs(text).map((r) => r.name);

describe('rule:// in Markdown code is not a reference', () => {
  it('skips code spans and fenced blocks, keeps prose', () => {
    expect(names('Read rule://style and `rule://NAME` or ``a `rule://x` b``.')).toEqual(['style']);
    expect(names('```md\nrule://inside\n```\nrule://after\n~~~\nrule://tilde\n~~~~\n')).toEqual(['after']);
    // An unclosed fence runs to the end; an unmatched backtick opens no span.
    expect(names('a ` rule://open\n\n```\nrule://never\n')).toEqual(['open']);
    // Code spans do not cross paragraphs.
    expect(names('`start\n\nrule://prose `end`')).toEqual(['prose']);
    // Fences inside list items are indented.
    expect(names('- item\n\n    ```\n    rule://listed\n    ```\n')).toEqual([]);
  });

  it('looks for backticks once over the text, however many paragraphs have none', () => {
    // Counts the characters every backtick lookup passes over: a count, not a time, so the
    // test says "linear" on any machine. It was once a scan to the end of the text per paragraph.
    const text = 'prose rule://x\n\n'.repeat(20_000) + 'last `code` rule://y\n';
    const original = String.prototype.indexOf;
    let scanned = 0;
    String.prototype.indexOf = function (this: string, search: string, from?: number) {
      const at = original.call(this, search, from);
      if (search === '`') scanned += (at < 0 ? this.length : at) - (from ?? 0);
      return at;
    } as typeof String.prototype.indexOf;
    let refs: string[];
    try {
      refs = names(text);
    } finally {
      String.prototype.indexOf = original;
    }
    expect(refs).toHaveLength(1000);
    expect(scanned).toBeLessThanOrEqual(2 * text.length);
  });

  it('agentls check passes a README that shows rule:// in code', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', 'README.md': 'Link with `rule://NAME`:\n\n```\nSee rule://style\n```\n' });
    const r = await cli(['check', '--home', tempDir('agentls-home-')], ws);
    // It passes; the line says the README was the only file, no rule file among them.
    expect(r).toEqual({ code: 0, stdout: `Checked 1 file: found no rule files, prompt documents, hashline patches or ast-edit recipes in ${ws}.\n`, stderr: '' });
  });
});
