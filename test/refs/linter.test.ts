import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NEVER_CANCELLED } from '../../server/core/cancel';
import { refsLinter } from '../../server/refs/linter';
import { namedScope, workspaceScope } from '../../server/workspace/linter';
import { WorkspaceSession } from '../../server/workspace/session';
import { fixturePath, tempDir, writeTree } from '../helpers/repo';

describe('agentls check over prompt documents', () => {
  it('finds prompt documents by name and by content, and lints each', async () => {
    const root = writeTree(tempDir(), {
      'a.prompt.md': 'See <@file:x|src/a.ts>\n',
      'notes/b.md': '---\nfile_references: []\n---\nSee <@file:y|b.ts>\n',
      'plain.md': 'See <@file:z|c.ts>\n',
      'm.json': '{"type": "control.prompt.request", "payload": {"prompt_text": "<@file:w|d.ts>"}}',
      'other.json': '{"type": "control.file.search", "payload": {}}',
      'node_modules/x/c.prompt.md': '<@file:v|e.ts>',
    });
    const session = new WorkspaceSession();
    session.addFolder(root);
    const found = await refsLinter.lint(session, session.diskFs, await workspaceScope(session, session.diskFs, NEVER_CANCELLED), NEVER_CANCELLED);
    const summary = [...found].map(([p, fs]) => [path.relative(root, p), fs.map((f) => f.code)]).sort();
    expect(summary).toEqual([
      ['a.prompt.md', ['ref/unmapped']],
      ['m.json', ['ref/unmapped']],
      ['notes/b.md', ['ref/unmapped']],
    ]);
    const only = await refsLinter.lint(session, session.diskFs, namedScope([path.join(root, 'm.json')]), NEVER_CANCELLED);
    expect([...only.keys()]).toEqual([path.join(root, 'm.json')]);
  });

  it('reports the fixture problems with stable codes', async () => {
    const session = new WorkspaceSession();
    session.addFolder(fixturePath('refs-basic'));
    const found = await refsLinter.lint(session, session.diskFs, await workspaceScope(session, session.diskFs, NEVER_CANCELLED), NEVER_CANCELLED);
    const codesOf = (rel: string) => found.get(fixturePath('refs-basic', ...rel.split('/')))!.map((f) => f.code).sort();
    const every = ['ref/display-mismatch', 'ref/duplicate-id', 'ref/missing-file', 'ref/outside-workspace', 'ref/unescaped-start', 'ref/unmapped', 'ref/unused-entry'];
    expect(codesOf('prompts/problems.prompt.md')).toEqual(every);
    expect(codesOf('prompts/problems.rawp.json')).toEqual(every);
    expect(codesOf('prompts/forged.prompt.md')).toEqual(['ref/unmapped']);
    expect(found.has(fixturePath('refs-basic', 'prompts', 'clean.prompt.md'))).toBe(false);
    expect(refsLinter.describe!('ref/unmapped')).toContain('literal text');
  });
});
