import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { useLspClients } from '../helpers/lspClient';
import { tempDir, writeTree } from '../helpers/repo';
import { agentlsWithHome } from '../helpers/cliWithHome';

const start = useLspClients(afterEach);

/*
 * A user-level rule (`~/.xcsh/agent/rules`, `~/.cursor/rules`, and under the xcsh profile
 * `~/.agent/rules` and `~/.agents/rules`: workspace/ruleLocations.ts, `userRuleFolders`)
 * serves every project the user opens: `globs: "**\/*.py"` there is right for their Python
 * projects, so it is not "dead" in a workspace without Python. What is wrong with the glob
 * itself (an unclosed `[`) is still said; the same glob in a project rule is still dead.
 */

const PY_RULE = (body: string) => `---\ndescription: Python\nglobs: "**/*.py"\n---\n${body}\n`;

function project(): string {
  return writeTree(tempDir(), {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.xcsh/rules/local.md': PY_RULE('Use ruff here.'),
    'src/a.ts': 'export const a = 1;\n',
  });
}

type Found = [string, string | number | undefined];

function checked(ws: string, home: string, profile: string, files: string[]): Found[] {
  const run = agentlsWithHome(ws, home, 'check', '--format', 'json', '--profile', profile, ...files);
  return (JSON.parse(run.stdout) as CheckJson).diagnostics.map((d) => [d.path, d.code] as Found);
}

describe('globs of user-level rules', () => {
  it('are not called dead by agentls check --home; an invalid glob is still said, and a project rule with the same glob is dead', () => {
    const ws = project();
    const home = writeTree(tempDir('agentls-home-'), {
      '.xcsh/agent/rules/native.md': PY_RULE('Use ruff.'),
      '.cursor/rules/cursor.mdc': '---\ndescription: Python\nglobs: ["**/*.py", "src/[a"]\n---\nUse black.\n',
      '.agent/rules/agent.md': PY_RULE('Use mypy.'),
      '.agents/rules/agents.md': PY_RULE('Use pyright.'),
    });
    const user = (rel: string) => path.join(home, ...rel.split('/'));
    const inHome = (found: Found[]) => found.filter(([p]) => p.startsWith(home + path.sep)).map(([p, code]) => [path.basename(p), code]);
    const seed = checked(ws, home, 'seed', [user('.xcsh/agent/rules/native.md'), user('.cursor/rules/cursor.mdc'), path.join(ws, '.xcsh', 'rules', 'local.md')]);
    expect(seed.filter(([, code]) => code === 'context/dead-glob').map(([p]) => path.basename(p))).toEqual(['local.md']);
    expect(inHome(seed)).toEqual([['cursor.mdc', 'frontmatter/invalid-glob']]);
    const xcsh = checked(ws, home, 'xcsh', [user('.agent/rules/agent.md'), user('.agents/rules/agents.md')]);
    expect(xcsh).toEqual([]);
  });

  it('are not called dead in the server for an open user-level rule', async () => {
    const ws = project();
    // Two copies of one rule with other bodies: their drift is said with the rest of the file's findings in context.
    const home = writeTree(tempDir('agentls-home-'), { '.xcsh/agent/rules/py.md': PY_RULE('Use ruff.'), '.cursor/rules/py.mdc': PY_RULE('Use black.') });
    const c = await start({ folders: [ws], home });
    // The project's rule with the same glob is dead once the file index has answered and the glob was judged.
    await c.waitForDiagnostics(c.uri(path.join(ws, '.xcsh', 'rules', 'local.md')), (ds) => ds.some((d) => d.code === 'context/dead-glob'));
    const uri = await c.open(path.join(home, '.xcsh', 'agent', 'rules', 'py.md'));
    const ds = await c.waitForDiagnostics(uri, (all) => all.some((d) => d.code === 'context/drift'));
    expect(ds.map((d) => d.code)).toEqual(['context/drift']);
  });
});
