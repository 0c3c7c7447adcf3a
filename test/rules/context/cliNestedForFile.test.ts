import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import type { CheckJson } from '../../../server/cli/output';
import { git } from '../../helpers/git';
import { searchNames } from '../../helpers/polling';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';
import { builtCliAsync } from '../../helpers/cliWithHome';

const start = useLspClients(afterEach);

/** Two packages with their own `.cursor/rules`, and a root file that neither reaches. */
function monorepo(): string {
  return writeTree(tempDir(), {
    '.git/HEAD': '',
    'src/a.ts': 'x\n',
    'packages/web/src/b.tsx': 'x\n',
    'packages/web/.cursor/rules/react.mdc': '---\nglobs: src/**/*.tsx\n---\nReact.\n',
    'packages/web/.cursor/rules/lib.mdc': '---\nalwaysApply: true\n---\nWeb always.\n',
    'packages/api/.cursor/rules/handlers.mdc': '---\ndescription: API handlers\n---\nValidate input.\n',
  });
}

/** Each Cursor rule for a file: name, whether it reaches it, and why. */
type Listed = [string, boolean, string][];
const cursorRules = (r: RulesForFileResult): Listed => r.agents.filter((a) => a.agent === 'cursor').flatMap((a) => a.rules.map((x): Listed[number] => [x.name, x.applies, x.reason]));

describe('agentls rules --for and the nested .cursor/rules folders', () => {
  it('lists, as the editor does, the nested rules that do not reach the file, each with why not', async () => {
    const repo = monorepo();
    const home = tempDir('agentls-home-');
    const cli = async (rel: string) => JSON.parse((await builtCliAsync(['rules', '--for', rel, '--json'], { cwd: repo, home, mustSucceed: true })).stdout) as RulesForFileResult;
    const root = await cli('src/a.ts');
    expect(cursorRules(root)).toEqual([
      ['handlers (packages/api)', false, 'in packages/api/.cursor/rules: Cursor applies it only to files under packages/api/'],
      ['lib (packages/web)', false, 'in packages/web/.cursor/rules: Cursor applies it only to files under packages/web/'],
      ['react (packages/web)', false, 'in packages/web/.cursor/rules: Cursor applies it only to files under packages/web/'],
    ]);
    const web = await cli('packages/web/src/b.tsx');
    expect(cursorRules(web).filter(([name]) => name.includes('(packages/api)'))).toEqual([
      ['handlers (packages/api)', false, 'in packages/api/.cursor/rules: Cursor applies it only to files under packages/api/'],
    ]);

    // The editor's answer for the same files, rule by rule.
    const c = await start({ folders: [repo], home });
    await c.waitForLog(/file index: \d+ files/);
    for (const [rel, fromCli] of [['src/a.ts', root], ['packages/web/src/b.tsx', web]] as const) {
      const editor = await c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(path.join(repo, rel)) });
      expect(cursorRules(fromCli), rel).toEqual(cursorRules(editor));
    }
  });

  it('says which rule folders it could not read, a package\'s or the root\'s, in text and JSON with exit 0, as the editor does', async () => {
    const elsewhere = writeTree(tempDir('agentls-elsewhere-'), { 'shared.mdc': '---\nalwaysApply: true\n---\nShared.\n' });
    const repo = writeTree(tempDir(), {
      'packages/web/src/b.tsx': 'x\n',
      'packages/web/.cursor/rules/.keep': '',
      'packages/api/.cursor/rules/handlers.mdc': '---\ndescription: API handlers\n---\nValidate input.\n',
    });
    // A package's rule folder and the root's led out of the workspace, and a package's led to nothing.
    fs.rmSync(path.join(repo, 'packages/web/.cursor/rules'), { recursive: true });
    fs.symlinkSync(elsewhere, path.join(repo, 'packages/web/.cursor/rules'));
    fs.mkdirSync(path.join(repo, '.cursor'));
    fs.symlinkSync(elsewhere, path.join(repo, '.cursor/rules'));
    fs.mkdirSync(path.join(repo, 'packages/api/.windsurf'));
    fs.symlinkSync('../gone', path.join(repo, 'packages/api/.windsurf/rules'));
    const home = tempDir('agentls-home-');
    const cli = (...args: string[]) => builtCliAsync(['rules', '--for', 'packages/web/src/b.tsx', ...args], { cwd: repo, home, mustSucceed: true });
    // Exit 0 (run would throw otherwise): the answer is whole for what agentls may read.
    const fromCli = JSON.parse((await cli('--json')).stdout) as RulesForFileResult;
    // packages/api's cannot reach a file of packages/web: counted, not listed (`agentls rules` lists it).
    expect(fromCli.unread?.map((u) => [u.path, u.code, u.message])).toEqual([
      ['.cursor/rules', 'rule/link-outside', expect.stringContaining(`symbolic link to ${elsewhere} outside the workspace. Cursor and the xcsh agent follow the link`)],
      ['packages/web/.cursor/rules', 'rule/link-outside', expect.stringContaining(`symbolic link to ${elsewhere} outside the workspace. Cursor follows the link`)],
    ]);
    expect(fromCli.unreadElsewhere).toBe(1);
    const text = (await cli()).stdout;
    expect(text).toContain('Rule folders agentls could not read (their rules are not listed here):\n  .cursor/rules: This rule location is a symbolic link to ');
    expect(text).toContain(`\n  packages/web/.cursor/rules: ${fromCli.unread![1].message}\n`);

    const c = await start({ folders: [repo], home });
    await c.waitForLog(/file index: \d+ files/);
    const editor = await c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(path.join(repo, 'packages/web/src/b.tsx')) });
    expect(editor.unread).toEqual(fromCli.unread);
    expect(editor.unreadElsewhere).toBe(1);
    expect(cursorRules(editor)).toEqual(cursorRules(fromCli));
  });

  it('lists the same nested rules from git as from a walk: tracked, untracked, gitignored by name, and none the ignore files leave out', async () => {
    const rule = (body: string) => `---\nalwaysApply: true\n---\n${body}\n`;
    const repo = writeTree(tempDir(), {
      '.gitignore': '*.local.mdc\nout/\n',
      '.ignore': 'scratch/\n',
      'src/a.ts': 'x\n',
      'packages/tracked/.cursor/rules/t.mdc': rule('Tracked.'),
      'packages/tracked/src/b.ts': 'x\n',
      'packages/local/.cursor/rules/kept.mdc': rule('Kept.'),
      'packages/local/.cursor/rules/me.local.mdc': rule('Mine.'),
    });
    git(repo, 'init', '-q');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'first');
    // Untracked, and in folders the .gitignore and the .ignore leave out.
    writeTree(repo, {
      'packages/new/.cursor/rules/n.mdc': rule('Untracked.'),
      'out/gen/.cursor/rules/g.mdc': rule('Generated.'),
      'scratch/.cursor/rules/s.mdc': rule('Scratch.'),
    });
    const plain = tempDir();
    fs.cpSync(repo, plain, { recursive: true, filter: (src) => path.basename(src) !== '.git' });
    const home = tempDir('agentls-home-');
    const cli = async (cwd: string, ...args: string[]) => (await builtCliAsync(['rules', '--for', 'packages/tracked/src/b.ts', ...args], { cwd, home, mustSucceed: true })).stdout;
    const fromGit = JSON.parse(await cli(repo, '--json')) as RulesForFileResult;
    expect(cursorRules(fromGit)).toEqual([
      ['t (packages/tracked)', true, expect.stringMatching(/always/)],
      ['kept (packages/local)', false, 'in packages/local/.cursor/rules: Cursor applies it only to files under packages/local/'],
      ['me.local (packages/local)', false, 'in packages/local/.cursor/rules: Cursor applies it only to files under packages/local/'],
      ['n (packages/new)', false, 'in packages/new/.cursor/rules: Cursor applies it only to files under packages/new/'],
    ]);
    expect(cursorRules(JSON.parse(await cli(plain, '--json')) as RulesForFileResult)).toEqual(cursorRules(fromGit));
    // The text a user reads too, but for the folder named at its top.
    expect((await cli(plain)).replace(plain, 'ROOT')).toEqual((await cli(repo)).replace(repo, 'ROOT'));
  });

  it('keeps, from git as from a walk, the nested rule folders and rule files an .ignore file leaves out', async () => {
    // Each with findings of its own, so check's report names it when it is listed.
    const broken = '---\nalwaysApply: maybe\nglobs: 5\n---\nBody.\n';
    // The nested rule folders a .ignore leaves out, and a file one leaves out by name in a folder that is kept.
    const rels = ['d/.cursor/rules/dcursor.mdc', 'd/.windsurf/rules/dwindsurf.md', 'd/.devin/rules/ddevin.md', 'd/.claude/rules/dclaude.md', 'e/.cursor/rules/eme.local.mdc'];
    const files = Object.fromEntries(rels.map((rel) => [rel, broken]));
    const repo = writeTree(tempDir(), {
      'd/.ignore': '.cursor/\n.windsurf/\n.devin/\n.claude/\n',
      'd/src/x.ts': 'x\n',
      'e/.ignore': '*.local.mdc\n',
      ...files,
    });
    const plain = tempDir();
    fs.cpSync(repo, plain, { recursive: true });
    git(repo, 'init', '-q');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'first');
    const home = tempDir('agentls-home-');
    const cli = async (cwd: string, ...args: string[]) => (await builtCliAsync(args, { cwd, home, mustSucceed: true })).stdout;
    const findings = async (cwd: string) => (JSON.parse(await cli(cwd, 'check', '--format', 'json')) as CheckJson).diagnostics.map((d) => `${d.path} ${d.code} ${JSON.stringify(d.range)}`).sort();
    const fromWalk = await findings(plain);
    expect(new Set(fromWalk.map((line) => line.split(' ')[0]))).toEqual(new Set(rels));
    expect(await findings(repo)).toEqual(fromWalk);
    const rulesFor = async (cwd: string) => (JSON.parse(await cli(cwd, 'rules', '--for', 'd/src/x.ts', '--json')) as RulesForFileResult).agents.map((a) => [a.agent, a.rules.map((r) => [r.path, r.applies])]);
    const walkRules = await rulesFor(plain);
    expect(JSON.stringify(walkRules)).toContain('d/.cursor/rules/dcursor.mdc');
    expect(await rulesFor(repo)).toEqual(walkRules);

    // The editor's file index holds them in both.
    for (const ws of [plain, repo]) {
      const c = await start({ folders: [ws], home });
      await c.waitForLog(/file index: \d+ files? in/);
      for (const rel of rels) expect(await searchNames(c, path.basename(rel)), `${ws} ${rel}`).toEqual([rel]);
    }
  });
});
