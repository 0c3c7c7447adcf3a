import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

const NONE = 'found no rule files, prompt documents, hashline patches or ast-edit recipes in';

/** A monorepo: a rule file at its top with a fixable problem, and a package whose README links a rule that does not exist. */
function monorepo(): { ws: string; web: string } {
  const ws = writeTree(tempDir(), {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.cursor/rules/x.mdc': '---\nalwaysApply: "true"\n---\nShort functions.\n',
    'packages/web/README.md': 'See [it](rule://nope).\n',
    'packages/web/src/a.ts': 'export const a = 1;\n',
  });
  return { ws, web: path.join(ws, 'packages/web') };
}

describe('agentls check run from a package of a monorepo', () => {
  it("prints text paths relative to the shell's folder (../../ for files above it), as a terminal and vim resolve them", () => {
    const { web } = monorepo();
    const r = builtCli(['check'], { cwd: web });
    expect(r.status, r.stderr).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^\.\.\/\.\.\/\.cursor\/rules\/x\.mdc:2:14: warning \[frontmatter\/wrong-type\] /);
    expect(lines[1]).toMatch(/^README\.md:1:10: error \[rule-url\/unknown\] /);
    // Each path opens from the shell's folder.
    for (const line of lines.slice(0, 2)) expect(fs.existsSync(path.join(web, line.split(':')[0]))).toBe(true);
  });

  it('names a folder it found nothing in as typed from the package, and the fixes it made by the same paths', () => {
    const { web } = monorepo();
    const src = builtCli(['check', 'src'], { cwd: web });
    expect(src.stdout).toBe(`Checked 1 file: ${NONE} src.\n`);
    const fixed = builtCli(['check', '--fix', '../../.cursor'], { cwd: web });
    expect(fixed.stdout.split('\n')[0]).toBe('../../.cursor/rules/x.mdc: fixed [frontmatter/wrong-type] Write true (a YAML boolean)');
  });

  it('keeps JSON paths relative to the project root and SARIF URIs relative to the repository: machine data, whatever the shell', () => {
    const { web } = monorepo();
    const json = JSON.parse(builtCli(['check', '--format', 'json'], { cwd: web }).stdout) as CheckJson;
    expect(json.diagnostics.map((d) => d.path)).toEqual(['.cursor/rules/x.mdc', 'packages/web/README.md']);
    const sarif = JSON.parse(builtCli(['check', '--format', 'sarif'], { cwd: web }).stdout);
    const uris = sarif.runs[0].results.map((r: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) => r.locations[0].physicalLocation.artifactLocation.uri);
    expect(uris).toEqual(['.cursor/rules/x.mdc', 'packages/web/README.md']);
  });
});

describe('agentls check PATH run from a folder without a project marker', () => {
  it('keeps that folder as the root for paths inside it, as `check` alone and `rules --for` do, so two packages are checked together', () => {
    const rule = '---\nalwaysApply: "true"\n---\nA rule.\n';
    const plain = writeTree(tempDir(), { 'packages/a/.cursor/rules/x.mdc': rule, 'packages/b/.cursor/rules/y.mdc': rule });
    const both = builtCli(['check', 'packages/a', 'packages/b'], { cwd: plain });
    expect(both.stderr).toBe('');
    expect(both.stdout).toMatch(/^packages\/a\/\.cursor\/rules\/x\.mdc:2:14: warning .*\npackages\/b\/\.cursor\/rules\/y\.mdc:2:14: warning /);
    // One package named reads as it does in the whole run: rooted at the same folder.
    const one = builtCli(['check', 'packages/a', '--format', 'json'], { cwd: plain });
    const whole = builtCli(['check', '--format', 'json'], { cwd: plain });
    const paths = (r: { stdout: string }) => (JSON.parse(r.stdout) as CheckJson).diagnostics.map((d) => d.path);
    expect(paths(one)).toEqual(['packages/a/.cursor/rules/x.mdc']);
    expect(paths(whole)).toEqual(['packages/a/.cursor/rules/x.mdc', 'packages/b/.cursor/rules/y.mdc']);
    const rulesFor = builtCli(['rules', '--for', 'packages/a/.cursor/rules/x.mdc'], { cwd: plain });
    expect(rulesFor.stdout.split('\n')[0]).toBe(`rules for packages/a/.cursor/rules/x.mdc in ${plain} (tokens ≈ UTF-8 bytes / 4)`);
  });
});

describe('agentls check PROJECT run from the plain folder holding it (~/src)', () => {
  it("roots the run at the named project, as a run inside it is: its agentls.json applies and paths are the project's", () => {
    const rule = '---\nalwaysApply: "true"\n---\nA rule.\n';
    const src = writeTree(tempDir(), {
      'mono/.git/HEAD': 'ref: refs/heads/main\n',
      'mono/agentls.json': JSON.stringify({ ignore: ['.cursor/rules/x.mdc'] }),
      'mono/.cursor/rules/x.mdc': rule,
      'mono/packages/web/.cursor/rules/y.mdc': rule,
      'mono/packages/web/a.ts': 'export const a = 1;\n',
    });
    const mono = path.join(src, 'mono');
    const inside = builtCli(['check', '--format', 'json'], { cwd: mono });
    const named = builtCli(['check', 'mono', '--format', 'json'], { cwd: src });
    const paths = (r: { stdout: string }) => (JSON.parse(r.stdout) as CheckJson).diagnostics.map((d) => d.path);
    expect(paths(inside)).toEqual(['packages/web/.cursor/rules/y.mdc']);
    expect(paths(named)).toEqual(paths(inside));
    // Text paths stay the shell's: from the folder holding the project, through it.
    const text = builtCli(['check', 'mono/packages/web'], { cwd: src });
    expect(text.stdout).toMatch(/^mono\/packages\/web\/\.cursor\/rules\/y\.mdc:2:14: warning /);
    const rulesFor = builtCli(['rules', '--for', 'mono/packages/web/a.ts'], { cwd: src });
    expect(rulesFor.stdout.split('\n')[0]).toBe(`rules for packages/web/a.ts in ${mono} (tokens ≈ UTF-8 bytes / 4)`);
  });

  it('keeps the plain folder as the root for paths in two projects, checking both', () => {
    const rule = '---\nalwaysApply: "true"\n---\nA rule.\n';
    const src = writeTree(tempDir(), { 'one/.git/HEAD': 'ref: refs/heads/main\n', 'one/.cursor/rules/x.mdc': rule, 'two/.git/HEAD': 'ref: refs/heads/main\n', 'two/.cursor/rules/y.mdc': rule });
    const both = builtCli(['check', 'one', 'two'], { cwd: src });
    expect(both.stderr).toBe('');
    expect(both.stdout).toMatch(/^one\/\.cursor\/rules\/x\.mdc:2:14: warning .*\ntwo\/\.cursor\/rules\/y\.mdc:2:14: warning /);
  });
});

describe("agentls check's text notes on stderr, run from a package", () => {
  it("name the paths left out as the findings are named: from the shell's folder, while JSON keeps them root-relative", () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      'agentls.json': JSON.stringify({ ignore: ['packages/web/notes.md', 'packages/web/gen'] }),
      'packages/web/notes.md': 'See [it](rule://nope).\n',
      'packages/web/gen/a.md': 'See [it](rule://nope).\n',
    });
    const web = path.join(ws, 'packages/web');
    const file = builtCli(['check', 'notes.md'], { cwd: web });
    expect(file.stderr).toBe("agentls check: notes.md is not checked: agentls.json's ignore leaves it out\n");
    const folder = builtCli(['check', 'gen'], { cwd: web });
    expect(folder.stderr.split('\n')[0]).toBe("agentls check: gen: no file there was checked: agentls.json's ignore leaves it out");
    const json = JSON.parse(builtCli(['check', 'gen', '--format', 'json'], { cwd: web }).stdout) as CheckJson;
    expect(json.incomplete).toEqual(["packages/web/gen: no file there was checked: agentls.json's ignore leaves it out"]);
  });
});
