import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { mdcFindings, mdcLinkWorkspace } from '../helpers/mdcLinks';
import { tempDir, writeTree } from '../helpers/repo';

function check(ws: string, ...args: string[]): CheckJson {
  const run = builtCli(['check', '--format', 'json', ...args], { cwd: ws });
  return JSON.parse(run.stdout) as CheckJson;
}

const RULE = '.cursor/rules/db.mdc';

describe('mdc: links in Cursor rules', () => {
  for (const withXcsh of [false, true]) {
    it(`are reported, as information naming Cursor, only where no reading names a file${withXcsh ? ', beside the xcsh agent' : ''}`, () => {
      const { ws, rule, outside } = mdcLinkWorkspace(withXcsh ? { '.xcsh/rules/.keep': '' } : {});
      const found = check(ws).diagnostics.filter((d) => d.path === RULE && d.code.startsWith('cursor/'));
      expect(found.map((d) => [d.code, d.range.start.line, d.range.start.character])).toEqual(mdcFindings(fs.readFileSync(rule, 'utf8'), outside));
      expect(found.every((d) => d.severity === 'information')).toBe(true);
      const [missing, out] = found;
      expect(missing.message).toContain('`mdc:src/db/old.ts`');
      expect(missing.message).toContain("Cursor's documentation does not say what an mdc: link's path is relative to");
      // The file outside exists: had agentls looked, the links would have said nothing.
      expect(out.message).toContain('agentls does not look');
    });
  }

  it('are not judged where the agents asked for leave Cursor out', () => {
    const { ws } = mdcLinkWorkspace();
    expect(check(ws, '--agents', 'windsurf').diagnostics.filter((d) => d.code.startsWith('cursor/'))).toEqual([]);
  });

  it('says a broken file-relative link is missing, not outside: its reading from the rule folder lands in the workspace', () => {
    const ws = tempDir();
    writeTree(ws, {
      '.git/HEAD': 'ref: refs/heads/main\n',
      'src/db/schema.ts': 'export {};\n',
      '.cursor/rules/b.mdc': '---\ndescription: B\n---\nSee [s](mdc:../../src/db/schema.ts) and [gone](mdc:../../src/db/old.ts).\n',
    });
    const found = check(ws).diagnostics.filter((d) => d.code.startsWith('cursor/'));
    expect(found.map((d) => [d.code, d.range.start.line, d.range.start.character])).toEqual([['cursor/mdc-link-missing', 3, 47]]);
  });

  it("names the folders a missing link was read from: the workspace folder, a package's own, the rule's", () => {
    const ws = tempDir();
    const link = '---\ndescription: R\n---\nSee [gone](mdc:src/old.ts).\n';
    writeTree(ws, { '.git/HEAD': 'ref: refs/heads/main\n', '.cursor/rules/a.mdc': link, 'packages/web/.cursor/rules/b.mdc': link });
    const messages = new Map(check(ws).diagnostics.filter((d) => d.code === 'cursor/mdc-link-missing').map((d) => [d.path, d.message]));
    // The root's rules: the folder holding their .cursor is the workspace folder, named once.
    expect(messages.get('.cursor/rules/a.mdc')).toMatch(/^No file at `mdc:src\/old\.ts`, read from the workspace folder or from this rule's folder \(/);
    expect(messages.get('packages/web/.cursor/rules/b.mdc')).toMatch(
      /^No file at `mdc:src\/old\.ts`, read from the workspace folder, from packages\/web \(which holds this rule's \.cursor\) and from this rule's folder \(/,
    );
  });
});
