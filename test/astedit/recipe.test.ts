import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NapiBackend } from '../../server/astedit/napiBackend';
import { fixesAt, quickFixesIn, type KnownRecipe } from '../../server/astedit/quickfix';
import { lintRecipe } from '../../server/astedit/recipeLint';
import { DEFAULT_SETTINGS } from '../../server/core/settings';
import { WorkspaceSession } from '../../server/workspace/session';
import { tempDir, writeTree } from '../helpers/repo';

const backend = new NapiBackend();
const sessions: WorkspaceSession[] = [];
afterEach(() => sessions.splice(0).forEach((s) => s.dispose()));

const codes = async (text: string, format: 'yaml' | 'json') =>
  (await lintRecipe(text, format, { backend })).findings.map((f) => `${f.range.start.line}:${f.range.start.character}-${f.range.end.character} ${f.severity} ${f.code}`);

describe('recipe documents', () => {
  it('reads JSON recipes strictly and points inside string values', async () => {
    expect(await codes('{"ops": [{"pat": "f($A)", "out": "g($A)"}], "paths": ["src"],}', 'json')).toEqual(['0:61-62 error astedit/json-error']);
    expect(await codes('{"ops": [{"pat": "f($A)", "out": "g($B)"}],\n "paths": ["src/**/*.ts"]}', 'json')).toEqual(['0:36-38 error astedit/unknown-capture']);
  });

  it('checks the shape: missing out, non-string pat, empty paths, unknown keys', async () => {
    expect(await codes('ops:\n  - pat: f($A)\n  - pat: 42\n    out: x\npaths: []\nextra: 1\n', 'yaml')).toEqual([
      '5:0-5 warning astedit/unknown-key',
      '1:4-14 error astedit/recipe-shape',
      '2:9-11 error astedit/recipe-shape',
      '4:0-5 error astedit/no-paths',
    ]);
    // An empty out deletes the matched nodes: not a mistake.
    expect(await codes("ops:\n  - pat: debugger\n    out: ''\npaths: [src/**/*.ts]\n", 'yaml')).toEqual([]);
  });

  it('knows the language from lang or from the paths, and checks patterns in it', async () => {
    expect(await codes('ops:\n  - pat: "def f(:"\n    out: x\npaths: [app/**/*.py]\n', 'yaml')).toEqual(['1:9-18 error astedit/invalid-pattern']);
    expect(await codes('ops:\n  - pat: echo $home\n    out: printf $home\nlang: bash\npaths: [scripts]\n', 'yaml')).toEqual([]);
    expect(await codes('ops:\n  - pat: x\n    out: y\nlang: cobol\npaths: [src]\n', 'yaml')).toEqual(['3:6-11 error astedit/unknown-language']);
  });
});

describe('quick fixes', () => {
  function setup(): { root: string; session: WorkspaceSession; recipe: (paths: string[], lang?: string) => KnownRecipe } {
    const root = writeTree(tempDir('agentls-qf-'), { 'src/a.ts': 'log(log(1));\n', 'lib/b.ts': 'log(2);\n', 'src/c.py': 'log(3)\n' });
    const session = new WorkspaceSession(DEFAULT_SETTINGS);
    session.addFolder(root);
    sessions.push(session);
    return {
      root,
      session,
      recipe: (paths, lang) => ({ name: 'wrap', path: path.join(root, 'wrap.astedit.yaml'), root, ops: [{ pat: 'log($A)', out: 'trace($A)' }], paths, ...(lang ? { lang } : {}) }),
    };
  }

  it('offers the matches containing the cursor, innermost first, in files the recipe covers', async () => {
    const { root, session, recipe } = setup();
    const deps = { backend, workspace: session, fs: session.diskFs };
    const a = { path: path.join(root, 'src/a.ts'), text: 'log(log(1));\n' };
    const all = await quickFixesIn(a, [recipe(['src/**/*.ts'])], deps);
    expect(fixesAt(all, 5, 5).map((f) => [f.before, f.after])).toEqual([
      ['log(1)', 'trace(1)'],
      ['log(log(1))', 'trace(log(1))'],
    ]);
    expect(fixesAt(all, 0, 0).map((f) => f.before)).toEqual(['log(log(1))']);
    expect(fixesAt(all, 12, 12)).toEqual([]);
    expect(all[0].title).toBe('Rewrite with wrap: log($A) → trace($A)');
    expect(await quickFixesIn({ path: path.join(root, 'lib/b.ts'), text: 'log(2);\n' }, [recipe(['src'])], deps)).toEqual([]);
    expect(await quickFixesIn({ path: path.join(root, 'src/c.py'), text: 'log(3)\n' }, [recipe(['src'], 'typescript')], deps)).toEqual([]);
    expect(await quickFixesIn({ path: path.join(root, 'src/c.py'), text: 'log(3)\n' }, [recipe(['src'])], deps)).toHaveLength(1);
  });
});
