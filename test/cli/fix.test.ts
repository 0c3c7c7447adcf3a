import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyFixes, attachFixes } from '../../server/cli/fix';
import type { CheckJson } from '../../server/cli/output';
import type { Finding } from '../../server/core/findings';
import { WorkspaceSession } from '../../server/workspace/session';
import { fixturePath, tempDir, writeTree } from '../helpers/repo';
import { cli } from './run';
import { builtCliAsync } from '../helpers/cliWithHome';

const RULES = {
  '.xcsh/.keep': '',
    '.cursor/rules/comma.mdc': '---\ndescription: Two globs in one string\nglobs: "*.ts, *.tsx"\n---\nReact rules.\n',
  '.cursor/rules/flag.mdc': '---\ndescription: Flag as text\nalwaysApply: "true"\n---\nBody.\n',
  '.xcsh/rules/glob.md': '---\ndescription: Unquoted glob\nglobs: *.go\n---\nGo rules.\n',
  '.xcsh/rules/unclosed.md': '---\ndescription: never closed\n\nBody text.\n',
};

const FIXED = {
  '.xcsh/.keep': '',
    '.cursor/rules/comma.mdc': '---\ndescription: Two globs in one string\nglobs: ["*.ts", "*.tsx"]\n---\nReact rules.\n',
  '.cursor/rules/flag.mdc': '---\ndescription: Flag as text\nalwaysApply: true\n---\nBody.\n',
  '.xcsh/rules/glob.md': '---\ndescription: Unquoted glob\nglobs: "*.go"\n---\nGo rules.\n',
};

function project(): { ws: string; home: string } {
  return { ws: writeTree(tempDir(), { '.git/HEAD': '', ...RULES }), home: tempDir('agentls-home-') };
}

describe('agentls check --fix', () => {
  it('carries each safe fix in JSON and SARIF without writing anything', async () => {
    const { ws, home } = project();
    const json = JSON.parse((await cli(['check', '--format', 'json', '--home', home], ws)).stdout) as CheckJson;
    const fixes = json.diagnostics.filter((d) => d.fix).map((d) => `${d.path} ${d.code}: ${d.fix!.description}`);
    expect(fixes).toContain('.cursor/rules/comma.mdc frontmatter/comma-globs: Write the globs as a list: ["*.ts", "*.tsx"]');
    expect(json.summary.fixable).toBe(fixes.length);
    const comma = json.diagnostics.find((d) => d.code === 'frontmatter/comma-globs')!;
    expect(comma.fix!.edits).toEqual([{ range: { start: { line: 2, character: 7 }, end: { line: 2, character: 20 } }, newText: '["*.ts", "*.tsx"]' }]);

    const sarif = JSON.parse((await cli(['check', '--format', 'sarif', '--home', home], ws)).stdout);
    const result = sarif.runs[0].results.find((r: { ruleId: string }) => r.ruleId === 'frontmatter/comma-globs');
    expect(result.fixes).toEqual([
      {
        description: { text: 'Write the globs as a list: ["*.ts", "*.tsx"]' },
        artifactChanges: [
          {
            artifactLocation: { uri: '.cursor/rules/comma.mdc', uriBaseId: 'ROOT' },
            replacements: [{ deletedRegion: { startLine: 3, startColumn: 8, endLine: 3, endColumn: 21 }, insertedContent: { text: '["*.ts", "*.tsx"]' } }],
          },
        ],
      },
    ]);
    for (const [rel, text] of Object.entries(RULES)) expect(fs.readFileSync(path.join(ws, rel), 'utf8')).toBe(text);
  });

  it('applies the safe fixes, reports them, and reports what is left', async () => {
    const { ws, home } = project();
    const r = await cli(['check', '--fix', '--home', home], ws);
    for (const [rel, text] of Object.entries(FIXED)) expect({ rel, text: fs.readFileSync(path.join(ws, rel), 'utf8') }).toEqual({ rel, text });
    const unclosed = fs.readFileSync(path.join(ws, '.xcsh/rules/unclosed.md'), 'utf8');
    expect(unclosed).not.toBe(RULES['.xcsh/rules/unclosed.md']);
    expect(unclosed.split('\n').filter((l) => l === '---')).toHaveLength(2);
    expect(r.stdout).toContain('.cursor/rules/comma.mdc: fixed [frontmatter/comma-globs] Write the globs as a list');
    expect(r.stdout).not.toContain('(fixable)');
    expect(r.stdout).toMatch(/; fixed \d+ problems: (none left|\d+ left \()/);
    // A second run has nothing left to fix.
    const again = await cli(['check', '--fix', '--format', 'json', '--home', home], ws);
    const json = JSON.parse(again.stdout) as CheckJson;
    expect(json.fixed).toEqual([]);
    expect(json.summary.fixable).toBe(0);
  });

  it('makes an edit two findings share once and counts both problems as fixed', async () => {
    // Cursor writes `globs: *.test.ts`: YAML fails on the `*`, so the xcsh agent also reads `alwaysApply: true` as a string; quoting the glob cures both.
    const ws = writeTree(tempDir(), { '.git/HEAD': '', '.xcsh/.keep': '', '.cursor/rules/testing.mdc': '---\ndescription: Tests\nglobs: *.test.ts\nalwaysApply: true\n---\nUse vitest.\n' });
    const home = tempDir('agentls-home-');
    const before = JSON.parse((await cli(['check', '--format', 'json', '--home', home], ws)).stdout) as CheckJson;
    const fixableCodes = before.diagnostics.filter((d) => d.fix).map((d) => d.code).sort();
    expect(fixableCodes).toEqual(['frontmatter/fallback-string', 'frontmatter/yaml-error']);
    const r = await cli(['check', '--fix', '--format', 'json', '--home', home], ws);
    const json = JSON.parse(r.stdout) as CheckJson;
    expect(fs.readFileSync(path.join(ws, '.cursor/rules/testing.mdc'), 'utf8')).toBe('---\ndescription: Tests\nglobs: "*.test.ts"\nalwaysApply: true\n---\nUse vitest.\n');
    expect(json.fixed).toHaveLength(1);
    expect(json.fixed[0].fixes).toHaveLength(1);
    expect([...json.fixed[0].fixes[0].codes].sort()).toEqual(fixableCodes);
    expect(json.summary.fixed).toBe(2);
    expect(json.diagnostics.map((d) => d.code)).not.toContain('frontmatter/yaml-error');
  });

  it('says when a fixed file had a second name by a hard link, which keeps the old text', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', '.cursor/rules/flag.mdc': RULES['.cursor/rules/flag.mdc'] });
    const home = tempDir('agentls-home-');
    const other = path.join(tempDir(), 'flag-copy.mdc');
    fs.linkSync(path.join(ws, '.cursor/rules/flag.mdc'), other);
    const r = await cli(['check', '--fix', '--home', home], ws);
    expect(fs.readFileSync(path.join(ws, '.cursor/rules/flag.mdc'), 'utf8')).toBe(FIXED['.cursor/rules/flag.mdc']);
    expect(fs.readFileSync(other, 'utf8')).toBe(RULES['.cursor/rules/flag.mdc']);
    expect(r.stderr).toContain('agentls check: note: .cursor/rules/flag.mdc had another name (a hard link): it is now a file of its own, and the other name keeps the old text\n');
  });

  it('writes nothing to a file that changed after its fixes were computed', async () => {
    const { ws } = project();
    const finding = { code: 'frontmatter/wrong-type', range: { start: { line: 2, character: 13 }, end: { line: 2, character: 19 } }, data: { fix: 'set-value', value: true } };
    await expectChangedFileUntouched(ws, path.join(ws, '.cursor/rules/flag.mdc'), finding, 'Write true (a YAML boolean)');
  });
});

/**
 * A fix computed on the file's text, then the file edited on disk before it is applied:
 * the fix is attached with `title`, and applying it writes nothing and says why.
 */
async function expectChangedFileUntouched(ws: string, file: string, finding: { code: string; range: Finding['range']; data: unknown }, title: string): Promise<void> {
  const results = [{ path: file, findings: [{ ...finding, severity: 'error' as const, message: 'm' }] }];
  const fixable = await attachFixes(results, ws);
  expect(fixable[0].fixes.map((f) => f.fix.title)).toEqual([title]);
  const edited = fs.readFileSync(file, 'utf8') + 'edited meanwhile\n';
  fs.writeFileSync(file, edited);
  const session = new WorkspaceSession();
  session.addFolder(ws);
  const { fixed, failures } = await applyFixes(fixable, session.confinement);
  session.dispose();
  expect(fixed).toEqual([]);
  expect(failures).toHaveLength(1);
  expect(fs.readFileSync(file, 'utf8')).toBe(edited);
}

/** The built `agentls` binary, run in `cwd`: its output and exit code. */
async function built(cwd: string, ...args: string[]): Promise<{ stdout: string; code: number | null }> {
  const run = await builtCliAsync(args, { cwd, home: null });
  return { stdout: run.stdout, code: run.status };
}

describe('agentls check --fix renames keys (built binary)', () => {
  it("applies the editor's key renames to a copy of the Cursor mistakes fixture: always_apply, and Claude's paths", async () => {
    const ws = tempDir('agentls-fix-rename-');
    fs.cpSync(fixturePath('agents', 'cursor', 'mistakes'), ws, { recursive: true });
    fs.rmSync(path.join(ws, 'expect.json'));
    const home = tempDir('agentls-home-');
    const before = JSON.parse((await built(ws, 'check', '--format', 'json', '--home', home)).stdout) as CheckJson;
    const rename = before.diagnostics.find((d) => d.path === '.cursor/rules/snake-case.mdc' && d.code === 'frontmatter/unknown-key');
    expect(rename?.fix).toEqual({ description: 'Rename the key to alwaysApply', edits: [{ range: { start: { line: 2, character: 0 }, end: { line: 2, character: 12 } }, newText: 'alwaysApply' }] });

    const r = await built(ws, 'check', '--fix', '--format', 'json', '--home', home);
    const json = JSON.parse(r.stdout) as CheckJson;
    expect(fs.readFileSync(path.join(ws, '.cursor/rules/snake-case.mdc'), 'utf8')).toBe('---\ndescription: House style, written with the key in snake case\nalwaysApply: true\n---\nUse tabs.\n');
    expect(fs.readFileSync(path.join(ws, '.cursor/rules/paths.mdc'), 'utf8')).toBe('---\nglobs: ["src/**"]\n---\nWritten with Claude\'s key.\n');
    const fixedCodes = json.fixed.flatMap((f) => f.fixes.map((x) => `${f.path} ${x.code}: ${x.description}`));
    expect(fixedCodes).toContain('.cursor/rules/snake-case.mdc frontmatter/unknown-key: Rename the key to alwaysApply');
    expect(fixedCodes).toContain('.cursor/rules/paths.mdc rule/foreign-key: Rename the key to globs');
    // What the renames were for is done; the globs now read may match nothing here (context/dead-glob), which is another finding.
    const left = json.diagnostics.filter((d) => ['.cursor/rules/snake-case.mdc', '.cursor/rules/paths.mdc'].includes(d.path) && /^(rule|frontmatter)\//.test(d.code));
    expect(left).toEqual([]);
  });

  it('adds the opening --- of a Cursor rule whose block of keys has none, after which Cursor reads the block', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', '.cursor/rules/style.mdc': 'description: House style\nalwaysApply: true\n---\nUse tabs.\n' });
    const home = tempDir('agentls-home-');
    const r = await built(ws, 'check', '--fix', '--format', 'json', '--home', home);
    const json = JSON.parse(r.stdout) as CheckJson;
    expect(fs.readFileSync(path.join(ws, '.cursor/rules/style.mdc'), 'utf8')).toBe('---\ndescription: House style\nalwaysApply: true\n---\nUse tabs.\n');
    expect(json.fixed.flatMap((f) => f.fixes.map((x) => `${f.path} ${x.code}: ${x.description}`))).toEqual(['.cursor/rules/style.mdc frontmatter/not-at-start: Add the opening --- line']);
    expect(json.diagnostics.filter((d) => d.path === '.cursor/rules/style.mdc')).toEqual([]);
  });

  it('leaves a rename whose new name is already written for a person, and a file changed meanwhile untouched', async () => {
    // The xcsh agent reads `alwaysApply` and ignores `always-apply`: renaming it would write alwaysApply twice.
    const twice = '---\ndescription: Both spellings\nalwaysApply: false\nalways-apply: true\n---\nBody.\n';
    const once = '---\ndescription: One spelling\nalways-apply: true\n---\nBody.\n';
    const ws = writeTree(tempDir(), { '.git/HEAD': '', '.xcsh/rules/twice.md': twice, '.xcsh/rules/once.md': once });
    const home = tempDir('agentls-home-');
    const r = await built(ws, 'check', '--fix', '--format', 'json', '--home', home);
    const json = JSON.parse(r.stdout) as CheckJson;
    expect(fs.readFileSync(path.join(ws, '.xcsh/rules/twice.md'), 'utf8')).toBe(twice);
    expect(fs.readFileSync(path.join(ws, '.xcsh/rules/once.md'), 'utf8')).toBe(once.replace('always-apply', 'alwaysApply'));
    expect(json.diagnostics.find((d) => d.path === '.xcsh/rules/twice.md' && d.code === 'frontmatter/kebab-key')?.fix).toBeUndefined();

    // Computed on one text, applied to another: nothing is written.
    const file = path.join(ws, '.xcsh/rules/stale.md');
    fs.writeFileSync(file, once);
    const finding = { code: 'frontmatter/kebab-key', range: { start: { line: 2, character: 0 }, end: { line: 2, character: 12 } }, data: { fix: 'rename-key', to: 'alwaysApply' } };
    await expectChangedFileUntouched(ws, file, finding, 'Rename the key to alwaysApply');
  });
});
