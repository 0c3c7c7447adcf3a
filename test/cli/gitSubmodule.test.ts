import { describe, expect, it } from 'vitest';
import { git } from '../helpers/git';
import { tempDir, writeTree } from '../helpers/repo';
import { cli } from './run';


const MISSPELT = '---\ndescription: Library style\nalwaysAply: true\n---\nKeep the API small.\n';

/** A repository with a submodule checked out at `lib/`, holding a source file and a Cursor rule with a misspelt key. */
function withSubmodule(): { ws: string; home: string } {
  const lib = writeTree(tempDir('agentls-sublib-'), { 'widgetEngine.ts': 'export {};\n', '.cursor/rules/lib.mdc': MISSPELT });
  git(lib, 'init', '-q');
  git(lib, 'add', '-A');
  git(lib, 'commit', '-q', '-m', 'lib');
  const ws = writeTree(tempDir('agentls-superproject-'), { 'main.ts': 'export {};\n' });
  git(ws, 'init', '-q');
  git(ws, 'add', '-A');
  git(ws, 'commit', '-q', '-m', 'main');
  git(ws, 'submodule', 'add', '-q', lib, 'lib');
  git(ws, 'commit', '-q', '-m', 'submodule');
  return { ws, home: tempDir('agentls-home-') };
}

describe('a git submodule in the workspace', () => {
  it('agentls search QUERY finds the files inside it, not the submodule folder as a file', async () => {
    const { ws, home } = withSubmodule();
    const found = await cli(['search', 'widgetengine', '--no-cache', '--home', home], ws);
    expect(found).toMatchObject({ code: 0, stdout: 'lib/widgetEngine.ts\n' });
    const folder = await cli(['search', 'lib', '--no-cache', '--home', home], ws);
    expect(folder.stdout.split('\n')).not.toContain('lib');
  });

  it('agentls check judges the rule files inside it, as Cursor reads them there', async () => {
    const { ws, home } = withSubmodule();
    const out = await cli(['check', '--home', home], ws);
    expect(out.stdout).toContain('lib/.cursor/rules/lib.mdc:3:1: warning [frontmatter/unknown-key]');
    expect(out.code).toBe(0);
  });
});
