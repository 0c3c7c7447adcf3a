import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * Cursor's `globs` written as one string in a Cline rule: Cline reads `paths` only as a YAML
 * list (rules/agents/cline.ts has the sources), so renaming the key alone leaves a string
 * Cline ignores. The finding says to write the list, and its safe fix writes it, where it
 * renamed the key and left an error behind.
 */
const TREE = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  'src/a.py': 'x\n',
  'tests/t.py': 'x\n',
  '.clinerules/py.md': '---\ndescription: Python rules\nglobs: "**/*.py"\n---\nUse ruff.\n',
  '.clinerules/two.md': '---\nglobs: src/**/*.py, tests/**\n---\nUse pytest.\n',
};

describe("agentls check of Cursor's one-string globs in a Cline rule", () => {
  it('says to write paths as a list, and check --fix writes the list, leaving no finding on the key', () => {
    const ws = writeTree(tempDir(), TREE);
    const json = JSON.parse(builtCli(['check', '--format', 'json'], { cwd: ws }).stdout) as CheckJson;
    const py = json.diagnostics.find((d) => d.path === '.clinerules/py.md' && d.code === 'rule/foreign-key')!;
    expect(py.message).toContain('Write it as `paths: ["**/*.py"]`: Cline reads `paths` only as a YAML list.');
    expect(py.message).toContain('Cline 4 and the Cline CLI ignore `paths` in any form');
    builtCli(['check', '--fix'], { cwd: ws });
    expect(readFileSync(path.join(ws, '.clinerules/py.md'), 'utf8')).toBe('---\ndescription: Python rules\npaths: ["**/*.py"]\n---\nUse ruff.\n');
    expect(readFileSync(path.join(ws, '.clinerules/two.md'), 'utf8')).toBe('---\npaths: ["src/**/*.py", "tests/**"]\n---\nUse pytest.\n');
    const after = JSON.parse(builtCli(['check', '--format', 'json'], { cwd: ws }).stdout) as CheckJson;
    expect(after.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').map((d) => [d.path, d.code])).toEqual([]);
  });
});
