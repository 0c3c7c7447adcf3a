import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * Kiro's `#[[file:…]]` references in steering files (rules/kiroFileRefs.ts has the sources)
 * through the built CLI: one naming no file, read from the workspace folder or from the
 * steering file's folder, is said as information naming Kiro; every other is left alone.
 */
const SOURCES = { '.git/HEAD': 'ref: refs/heads/main\n', 'api/openapi.yaml': 'openapi: 3.1.0\n', 'docs/product.md': '# Product\n' };

const MISSING = 'information [kiro/file-ref-missing] No file at `api/schema.graphql`, read from the workspace folder or from this steering file\'s folder';

describe("Kiro's file references in steering files, in agentls check", () => {
  it('says a reference to no file, naming Kiro, and nothing of those that name one under either reading', () => {
    const ws = writeTree(tempDir(), {
      ...SOURCES,
      '.kiro/steering/api.md': [
        '---',
        'inclusion: fileMatch',
        'fileMatchPattern: "api/**"',
        '---',
        '# API',
        'The spec: #[[file:api/openapi.yaml]]',
        'From the steering folder: #[[file:../../docs/product.md]]',
        'The schema: #[[file:api/schema.graphql]]',
        'The form is `#[[file:<relative_file_name>]]`, and in a block:',
        '```',
        '#[[file:not/a/file.md]]',
        '```',
        'Out of the workspace, not looked for: #[[file:../../../elsewhere.md]]',
        '',
      ].join('\n'),
    });
    const run = builtCli(['check'], { cwd: ws });
    const lines = run.stdout.split('\n').filter((l) => l.includes('[kiro/'));
    expect(lines).toHaveLength(1);
    // Column 13: the reference itself, `#[[` included.
    expect(lines[0]).toContain(`.kiro/steering/api.md:8:13: ${MISSING}`);
    expect(lines[0]).toContain('Kiro has no file to include here');
    // Information does not fail the run.
    expect(run.status).toBe(0);
  });

  it('leaves a correct set of references alone, and judges none where --agents leaves Kiro out', () => {
    const ws = writeTree(tempDir(), { ...SOURCES, '.kiro/steering/tech.md': '# Tech\n#[[file:api/openapi.yaml]]\n#[[file:docs/product.md]]\n', '.kiro/steering/gone.md': '# Gone\n#[[file:api/schema.graphql]]\n' });
    writeTree(ws, { 'api/schema.graphql': 'type Query { a: Int }\n' });
    expect(builtCli(['check'], { cwd: ws }).stdout).toBe('Checked 2 rule files among 5 files: no problems.\n');
    const bare = writeTree(tempDir(), { ...SOURCES, '.kiro/steering/gone.md': '# Gone\n#[[file:api/schema.graphql]]\n' });
    expect(builtCli(['check'], { cwd: bare }).stdout).toContain(`.kiro/steering/gone.md:2:1: ${MISSING}`);
    expect(builtCli(['check', '--agents', 'cursor'], { cwd: bare }).stdout).not.toContain('kiro/file-ref-missing');
  });

  it("does not judge the references of the user's ~/.kiro/steering, whose paths no project's folder is documented to be read from", () => {
    const ws = writeTree(tempDir(), { ...SOURCES, '.kiro/steering/tech.md': '# Tech\n' });
    const home = writeTree(tempDir(), { '.kiro/steering/mine.md': '# Mine\n#[[file:api/schema.graphql]]\n' });
    const run = builtCli(['check'], { cwd: ws, home });
    expect(run.stdout).not.toContain('kiro/file-ref-missing');
    expect(builtCli(['check', `${home}/.kiro/steering`], { cwd: ws, home }).stdout).not.toContain('kiro/file-ref-missing');
  });
});
