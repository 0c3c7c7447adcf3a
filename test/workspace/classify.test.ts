import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyDocument, type ClassifyContext } from '../../server/workspace/classify';
import { indexRefusal, Roots } from '../../server/workspace/roots';

const root = '/work/project';
const home = '/home/user';
const ctx: ClassifyContext = { roots: [root], home, profile: 'seed' };
const at = (rel: string) => path.join(root, rel);
const kindOf = (p: string, text?: string, c = ctx) => classifyDocument(p, text, c);

describe('document kinds (lsp.md §1), by path and never by languageId', () => {
  it('recognises the rule files each provider loads', () => {
    expect(kindOf(at('.xcsh/rules/style.md'))).toEqual({ kind: 'rule', provider: 'native', level: 'project', loaded: true });
    expect(kindOf(at('.xcsh/rules/style.mdc'))).toMatchObject({ kind: 'rule', provider: 'native', loaded: true });
    expect(kindOf(at('.cursor/rules/a.mdc'))).toMatchObject({ kind: 'rule', provider: 'cursor', loaded: true });
    expect(kindOf(at('.windsurf/rules/a.md'))).toMatchObject({ kind: 'rule', provider: 'windsurf', loaded: true });
    expect(kindOf(at('.clinerules'))).toMatchObject({ kind: 'rule', provider: 'cline', loaded: true });
    expect(kindOf(at('.clinerules/a.md'))).toMatchObject({ kind: 'rule', provider: 'cline', loaded: true });
    expect(kindOf(path.join(home, '.xcsh/agent/rules/u.md'))).toMatchObject({ kind: 'rule', provider: 'native', level: 'user', loaded: true });
    expect(kindOf(path.join(home, '.cursor/rules/u.mdc'))).toMatchObject({ kind: 'rule', provider: 'cursor', level: 'user', loaded: true });
    expect(kindOf(path.join(home, '.codeium/windsurf/memories/global_rules.md'))).toMatchObject({ kind: 'rule', provider: 'windsurf', level: 'user', loaded: true });
  });

  it('recognises look-alikes the agent never reads, with the reason', () => {
    const reasons = [
      kindOf(at('.cursorrules')),
      kindOf(at('.windsurfrules')),
      kindOf(at('.xcsh/rules/nested/deep.md')),
      kindOf(at('.xcsh/rules/UPPER.MD')),
      kindOf(at('.xcsh/rules/.hidden.md')),
      kindOf(at('.windsurf/rules/a.mdc')),
      kindOf(at('packages/app/.cursor/rules/x.mdc')),
    ];
    for (const k of reasons) expect(k).toMatchObject({ kind: 'rule', loaded: false });
    const text = reasons.map((k) => (k.kind === 'rule' && !k.loaded ? k.reason : '')).join('\n');
    expect(text).toMatch(/\.cursorrules is Cursor's legacy single-file format/);
    expect(text).toMatch(/nested folders/);
    expect(text).toMatch(/case-sensitive/);
    expect(text).toMatch(/hidden files/);
    expect(text).toMatch(/only at the workspace root/);
  });

  it('knows the agents provider only under the xcsh profile', () => {
    expect(kindOf(at('.agents/rules/a.md'))).toEqual({ kind: 'markdown' });
    expect(kindOf(at('.agents/rules/a.md'), undefined, { ...ctx, profile: 'xcsh' })).toMatchObject({ kind: 'rule', provider: 'agents', loaded: true });
  });

  it('recognises prompts, patches and recipes by name or content', () => {
    expect(kindOf(at('p/fix.prompt.md'))).toEqual({ kind: 'prompt', form: 'markdown' });
    expect(kindOf(at('notes.md'), '---\ntitle: x\nfile_references:\n  - ref_id: ref_0\n    path: a.ts\n---\nhi')).toEqual({ kind: 'prompt', form: 'markdown' });
    expect(kindOf(at('msg.rawp.json'))).toEqual({ kind: 'prompt', form: 'rawp-json' });
    expect(kindOf(at('msg.json'), '{"type":"control.prompt.request","payload":{"prompt_text":"x"}}')).toEqual({ kind: 'prompt', form: 'rawp-json' });
    expect(kindOf(at('other.json'), '{"payload":{"type":"control.prompt.request"}}')).toEqual({ kind: 'other' });
    expect(kindOf(at('fix.hashline'))).toEqual({ kind: 'hashline' });
    expect(kindOf(at('patch.txt'), '\n\n§src/a.ts\n≔1ab\nx\n')).toEqual({ kind: 'hashline' });
    expect(kindOf(at('patch.txt'), '*** Begin Patch\n§src/a.ts\n')).toEqual({ kind: 'hashline' });
    expect(kindOf(at('patch.txt'), '*** Begin Patch\nhello\n')).toEqual({ kind: 'other' });
    expect(kindOf(at('r.astedit.yaml'))).toEqual({ kind: 'astedit', format: 'yaml' });
    expect(kindOf(at('r.astedit.json'))).toEqual({ kind: 'astedit', format: 'json' });
    expect(kindOf(at('README.md'), '# hi')).toEqual({ kind: 'markdown' });
    expect(kindOf(at('src/a.ts'), 'x')).toEqual({ kind: 'other' });
  });
});

describe('roots', () => {
  it('finds the innermost folder owning a path', () => {
    const roots = new Roots();
    roots.add('/w');
    roots.add('file:///w/packages/app');
    expect(roots.folderOf('/w/packages/app/src/a.ts')?.path).toBe('/w/packages/app');
    expect(roots.relative('/w/docs/a.md')).toMatchObject({ rel: 'docs/a.md' });
    expect(roots.folderOf('/elsewhere')).toBeUndefined();
    expect(roots.add('/w')).toBe(roots.folders[0]);
    roots.remove('/w');
    expect(roots.paths).toEqual(['/w/packages/app']);
  });

  it('refuses to index the file system root and the home directory', () => {
    expect(indexRefusal('/', home)).toMatch(/file system root/);
    expect(indexRefusal(home, home)).toMatch(/home directory/);
    expect(indexRefusal(root, home)).toBeUndefined();
  });
});
