import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';
import { cliRulesFor } from '../helpers/rulesFor';

/**
 * Gemini CLI's GEMINI.md files (its docs, geminicli.com/docs/cli/gemini-md): the root's at start,
 * a subfolder's once a tool reaches that folder. `rules --for` and `rules` list them for Gemini CLI.
 */
function tree(files: Record<string, string>): string {
  return writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'packages/api/src/x.ts': 'export {};\n', 'packages/api/GEMINI.md': 'API context.\n', ...files });
}

const forFile = (ws: string, agents?: string) => cliRulesFor(ws, 'packages/api/src/x.ts', 'gemini', agents);

/** The files `agentls rules` lists as sent in every request, without their token counts. */
function sentInEveryRequest(out: string): string[] {
  const every = out.slice(out.indexOf('Sent in every request'), out.indexOf('\n\n', out.indexOf('Sent in every request')));
  return every.split('\n').filter((l) => l.startsWith('    ') && !l.includes('CLAUDE')).map((l) => l.trim().replace(/: ≈\d+$/, ''));
}

describe('Gemini CLI and GEMINI.md', () => {
  it('rules --for lists the root GEMINI.md and the package one, the package one loaded when Gemini CLI reads files there', () => {
    const ws = tree({ 'GEMINI.md': 'Root context.\n' });
    const rules = forFile(ws);
    expect(rules.filter((r) => r.applies).map((r) => r.path)).toEqual(['GEMINI.md', 'packages/api/GEMINI.md']);
    expect(rules.find((r) => r.path === 'packages/api/GEMINI.md')?.reason).toContain('loaded when Gemini CLI reads files in packages/api/');
  });

  it('rules gives Gemini CLI its section and the package its own', () => {
    const ws = tree({ 'GEMINI.md': 'Root context.\n' });
    const out = builtCli(['rules'], { cwd: ws, mustSucceed: true }).stdout;
    expect(out).toContain('Gemini CLI');
    expect(out).toContain('Gemini CLI, GEMINI.md in packages/api/ (1)');
  });

  it("names a package's section by the context files context.fileName gives, not GEMINI.md", () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.gemini/settings.json': '{ "context": { "fileName": ["AGENTS.md", "GEMINI.md"] } }\n',
      'AGENTS.md': 'Root.\n',
      'packages/api/AGENTS.md': 'API.\n',
      'packages/web/AGENTS.md': 'Web.\n',
      'packages/web/GEMINI.md': 'Web for Gemini.\n',
    });
    const out = builtCli(['rules'], { cwd: ws, mustSucceed: true }).stdout;
    expect(out).toContain('Gemini CLI, AGENTS.md in packages/api/ (1)');
    expect(out).toContain('Gemini CLI, AGENTS.md and GEMINI.md in packages/web/ (2)');
  });

  it('a project with a .gemini folder and no root GEMINI.md shows Gemini CLI too', () => {
    const ws = tree({ '.gemini/settings.json': '{}\n' });
    expect(forFile(ws).map((r) => r.path)).toEqual(['packages/api/GEMINI.md']);
  });

  it('with neither a root GEMINI.md nor a .gemini folder, Gemini CLI is listed only when --agents names it', () => {
    const ws = tree({});
    expect(forFile(ws)).toEqual([]);
    expect(forFile(ws, 'gemini').map((r) => r.path)).toEqual(['packages/api/GEMINI.md']);
  });

  it('context.fileName in .gemini/settings.json (with comments) names the files: the root AGENTS.md and GEMINI.md, and the package AGENTS.md', () => {
    const settings = '{\n  // Gemini CLI reads AGENTS.md too\n  "context": { "fileName": ["AGENTS.md", "GEMINI.md", "../outside.md", "docs/CONTEXT.md"] }\n}\n';
    const ws = tree({ '.gemini/settings.json': settings, 'AGENTS.md': 'Agents.\n', 'GEMINI.md': 'Root context.\n', 'packages/api/AGENTS.md': 'API agents.\n', 'docs/CONTEXT.md': 'x\n' });
    expect(forFile(ws).filter((r) => r.applies).map((r) => r.path)).toEqual(['AGENTS.md', 'GEMINI.md', 'packages/api/AGENTS.md', 'packages/api/GEMINI.md']);
  });

  it('a single file name in context.fileName replaces GEMINI.md', () => {
    const ws = tree({ '.gemini/settings.json': '{ "context": { "fileName": "AGENTS.md" } }\n', 'AGENTS.md': 'Agents.\n', 'GEMINI.md': 'Root context.\n' });
    expect(forFile(ws).map((r) => r.path)).toEqual(['AGENTS.md']);
  });

  it('counts the files a GEMINI.md imports, and theirs, in what Gemini CLI sends in every request, a package one\'s with its package', () => {
    // docs/a.md imports itself too: a cycle Gemini CLI stops, counted once.
    const root = { 'GEMINI.md': '# Root\n@./docs/a.md\n', 'docs/a.md': 'A.\n@./b.md\n@./a.md\n', 'docs/b.md': 'B.\n' };
    const ws = tree({ ...root, 'packages/api/GEMINI.md': 'API context.\n@./notes.md\n', 'packages/api/notes.md': 'Notes.\n' });
    const out = builtCli(['rules'], { cwd: ws, mustSucceed: true }).stdout;
    expect(sentInEveryRequest(out)).toEqual([
      'GEMINI.md',
      'docs/a.md (imported by GEMINI.md)',
      'docs/b.md (imported by docs/a.md)',
    ]);
    expect(out).toContain('packages/api/notes.md (imported by packages/api/GEMINI.md)');
  });

  // Gemini CLI's processor (google-gemini/gemini-cli, packages/core/src/utils/memoryImportProcessor.ts, tree mode) copies
  // its set of processed files for each import: only a file on the chain is skipped, so a file two chains import is
  // inlined twice, and one imported twice by one file too; a cycle stops on the chain.
  it('counts a file each time Gemini CLI inlines it: two chains, two imports in one file, and a cycle back to the context file', () => {
    const ws = tree({ 'GEMINI.md': '# Root\n@./a.md\n@./b.md\n', 'a.md': 'A.\n@./c.md\n', 'b.md': 'B.\n@./c.md\n@./c.md\n', 'c.md': 'C.\n@./a.md\n' });
    const out = builtCli(['rules'], { cwd: ws, mustSucceed: true }).stdout;
    expect(sentInEveryRequest(out)).toEqual([
      'GEMINI.md',
      'a.md (imported by GEMINI.md)',
      'c.md (imported by a.md)',
      'b.md (imported by GEMINI.md)',
      'c.md (imported by b.md)',
      'a.md (imported by c.md)',
      'c.md (imported by b.md)',
      'a.md (imported by c.md)',
    ]);
  });

  // Gemini CLI's findImports and findCodeRegions (same file): an `@` after white space only, imports in HTML comments and `~~~` fences read.
  it('counts the files Gemini CLI finds imports of: in an HTML comment and a ~~~ fence, not in emphasis', () => {
    const ws = tree({ 'GEMINI.md': '# Root\n<!-- @./commented.md -->\n**@./bold.md**\n~~~\n@./fenced.md\n~~~\n', 'commented.md': 'C.\n', 'bold.md': 'B.\n', 'fenced.md': 'F.\n' });
    const out = builtCli(['rules'], { cwd: ws, mustSucceed: true }).stdout;
    expect(sentInEveryRequest(out)).toEqual(['GEMINI.md', 'commented.md (imported by GEMINI.md)', 'fenced.md (imported by GEMINI.md)']);
  });
});
