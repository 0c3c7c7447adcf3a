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

  it('agentls check passes a README that shows rule:// in code', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', 'README.md': 'Link with `rule://NAME`:\n\n```\nSee rule://style\n```\n' });
    const r = await cli(['check', '--home', tempDir('agentls-home-')], ws);
    expect(r).toEqual({ code: 0, stdout: 'Checked 1 file: no problems.\n', stderr: '' });
  });
});
