import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { git } from '../helpers/git';
import { tempDir, writeTree } from '../helpers/repo';
import { builtCli } from '../helpers/cliWithHome';

function check(ws: string): CheckJson {
  const run = builtCli(['check', '--format', 'json'], { cwd: ws });
  return JSON.parse(run.stdout) as CheckJson;
}

/** A Cline rule written as .clinerules/private.txt, with `paths` as a string (Cline then ignores it), left out of git by `*.txt`. */
function clineTextRule(gitignore: string): string {
  return writeTree(tempDir(), {
    '.gitignore': gitignore,
    '.clinerules/private.txt': '---\npaths: src/**\n---\nMy own notes.\n',
    'src/app.ts': 'export const x = 1;\n',
  });
}

const findings = (ws: string) => check(ws).diagnostics.map((d) => `${d.path} ${d.code}`);
const EXPECTED = ['.clinerules/private.txt frontmatter/wrong-type'];

describe('a Cline .txt rule the ignore files leave out by name', () => {
  it('is checked in a plain tree (what the git work tree must agree with)', () => {
    expect(findings(clineTextRule('*.txt\n'))).toEqual(EXPECTED);
  });

  it('is checked in a git work tree whose .gitignore says *.txt', () => {
    const ws = clineTextRule('*.txt\n');
    git(ws, 'init', '-q');
    expect(findings(ws)).toEqual(EXPECTED);
  });

  it("is checked in a git work tree whose excludes file (core.excludesFile) says *.txt", () => {
    const ws = clineTextRule('');
    const excludes = path.join(writeTree(tempDir(), { ignore: '*.txt\n' }), 'ignore');
    git(ws, 'init', '-q');
    git(ws, 'config', 'core.excludesFile', excludes);
    expect(findings(ws)).toEqual(EXPECTED);
  });
});
