import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';
import { cliRulesFor } from '../helpers/rulesFor';

/**
 * Gemini CLI parses `.gemini/settings.json` with `JSON.parse(stripJsonComments(text))` and stops
 * at start-up on a file that throws or holds no object (google-gemini/gemini-cli,
 * packages/cli/src/config/settings.ts, `loadSettings`): `agentls check` says so on the file, and
 * takes no value from it.
 */
function tree(settings: string): string {
  return writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.gemini/settings.json': settings, 'AGENTS.md': 'Agents.\n', 'GEMINI.md': 'Gemini.\n', 'src/x.ts': 'export {};\n' });
}
const check = (ws: string, ...args: string[]) => builtCli(['check', ...args], { cwd: ws }).stdout;
const geminiRules = (ws: string) => cliRulesFor(ws, 'src/x.ts', 'gemini').filter((r) => r.applies).map((r) => r.path);

describe("Gemini CLI's settings file", () => {
  it('a trailing comma stops Gemini CLI: an error on its line, and context.fileName is not taken', () => {
    const ws = tree('{\n  // comments are fine\n  "context": { "fileName": "AGENTS.md" },\n}\n');
    const out = check(ws);
    expect(out).toContain('.gemini/settings.json:4:1: error [gemini/settings-invalid] Gemini CLI refuses this settings file and stops at start-up');
    expect(out).toContain('no trailing comma');
    expect(geminiRules(ws)).toEqual(['GEMINI.md']);
    // Named alone (a pre-commit hook), it is checked too; and not where --agents leaves Gemini CLI out.
    expect(check(ws, '.gemini/settings.json')).toContain('[gemini/settings-invalid]');
    expect(check(ws, '--agents', 'cursor')).not.toContain('gemini/settings-invalid');
  });

  it('comments alone are fine: no finding, and the names are taken', () => {
    const ws = tree('{\n  /* block */ "context": { "fileName": "AGENTS.md" } // line\n}\n');
    expect(check(ws)).not.toContain('gemini/settings-invalid');
    expect(geminiRules(ws)).toEqual(['AGENTS.md']);
  });

  it('a byte order mark, a list and an empty file are refused too', () => {
    expect(check(tree('\uFEFF{ "context": { "fileName": "AGENTS.md" } }\n'))).toContain('.gemini/settings.json:1:1: error [gemini/settings-invalid] Gemini CLI refuses this settings file and stops at start-up ("Please fix the configuration file(s) and try again."): it begins with a byte order mark');
    expect(check(tree('["AGENTS.md"]\n'))).toContain('it holds a list, not an object of settings');
    expect(check(tree(''))).toContain('it is empty');
  });
});
