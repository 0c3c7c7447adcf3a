import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyFixes, attachFixes } from '../../server/cli/fix';
import type { CheckJson } from '../../server/cli/output';
import { WorkspaceSession } from '../../server/workspace/session';
import { tempDir, writeTree } from '../helpers/repo';
import { cli } from './run';

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

  it('writes nothing to a file that changed after its fixes were computed', async () => {
    const { ws } = project();
    const file = path.join(ws, '.cursor/rules/flag.mdc');
    const results = [{ path: file, findings: [{ code: 'frontmatter/wrong-type', severity: 'error' as const, message: 'm', range: { start: { line: 2, character: 13 }, end: { line: 2, character: 19 } }, data: { fix: 'set-value', value: true } }] }];
    const fixable = await attachFixes(results, ws);
    expect(fixable[0].fixes.map((f) => f.fix.title)).toEqual(['Write true (a YAML boolean)']);
    fs.writeFileSync(file, RULES['.cursor/rules/flag.mdc'] + 'edited meanwhile\n');
    const session = new WorkspaceSession();
    session.addFolder(ws);
    const { fixed, failures } = await applyFixes(fixable, session.confinement);
    session.dispose();
    expect(fixed).toEqual([]);
    expect(failures).toHaveLength(1);
    expect(fs.readFileSync(file, 'utf8')).toBe(RULES['.cursor/rules/flag.mdc'] + 'edited meanwhile\n');
  });
});
