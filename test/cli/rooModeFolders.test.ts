import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

/**
 * Roo Code's mode folders (`.roo/rules-{slug}/`) through the built CLI: a slug that is neither a
 * built-in mode nor one the workspace's `.roomodes` defines (YAML or JSON) but a likely slip of one
 * (`Code`, `debg`) is said, naming Roo Code, and listed as never sent; one near no known mode is a
 * mode of Roo Code's settings or marketplace agentls cannot see: its folder is left alone, its root
 * `.roorules-{slug}` noted; one whose `~/.roo/rules-{slug}/` exists is left alone; a misspelt `.roo/rule/` or `.roo/rule-code/` is said with the
 * folder Roo Code reads; a `.roomodes` that does not parse gives no crash and no warning that
 * depends on which modes exist; nothing where Roo Code is not shown.
 */
const SOURCES = { '.git/HEAD': 'ref: refs/heads/main\n', 'src/a.ts': 'x\n' };
const YAML_MODES = 'customModes:\n  - slug: docs-writer\n    name: Docs\n    roleDefinition: x\n    groups: [read]\n';
const JSON_MODES = '{\n\t"customModes": [{ "slug": "docs-writer", "name": "Docs", "roleDefinition": "x", "groups": ["read"] }]\n}\n';

function check(tree: Record<string, string>, ...args: string[]): string {
  return builtCli(['check', ...args], { cwd: writeTree(tempDir(), { ...SOURCES, ...tree }) }).stdout;
}

describe("Roo Code's mode folders in agentls check and rules", () => {
  it('says a folder of no known mode, and a misspelt rules folder, naming Roo Code; lists the unknown mode as never sent', () => {
    const tree = {
      '.roomodes': YAML_MODES,
      '.roo/rules-Code/x.md': '# x\n',
      '.roo/rules-docs/z.md': '# z\n',
      '.roo/rule-code/y.md': '# y\n',
      '.roo/rule/w.md': '# w\n',
      '.roo/rules-docs-writer/ok.md': '# ok\n',
      '.roo/rules-debug/ok.md': '# ok\n',
    };
    const ws = writeTree(tempDir(), { ...SOURCES, ...tree });
    const out = builtCli(['check'], { cwd: ws }).stdout;
    expect(out).toContain(".roo/rules-Code/x.md:1:1: warning [rule/not-read] Roo Code reads `.roo/rules-{slug}/` in the mode of that slug, and `Code` is not a built-in mode's (architect, ask, code, debug, orchestrator), nor one the workspace's `.roomodes` defines (docs-writer); slugs are matched as written");
    expect(out).toContain('Move it to `.roo/rules-code/x.md`.');
    expect(out).toContain("Roo Code never reads this file, unless a global custom mode of Roo Code's settings (which agentls does not read) has that slug.");
    // `docs` is near no known mode: a mode of Roo Code's settings or marketplace, most likely, which agentls cannot see.
    expect(out).not.toContain('rules-docs/');
    expect(out).toContain('.roo/rule-code/y.md:1:1: warning [rule/not-read] Roo Code reads rules from `.roo/rules-code/`, and this folder is `.roo/rule-code/`: Roo Code never reads this file. Move it to `.roo/rules-code/y.md`.');
    expect(out).toContain('.roo/rule/w.md:1:1: warning [rule/not-read] Roo Code reads rules from `.roo/rules/`, and this folder is `.roo/rule/`');
    expect(out).not.toContain('rules-docs-writer');
    expect(out).not.toContain('rules-debug');
    expect(out).toContain('3 problems (0 errors, 3 warnings, 0 info)');

    const listed = JSON.parse(builtCli(['rules', '--json'], { cwd: ws, mustSucceed: true }).stdout) as { agentRules: { agent: string; rules: { path: string; mode: string }[] }[] };
    const roo = Object.fromEntries(listed.agentRules.find((a) => a.agent === 'roo')!.rules.map((r) => [r.path, r.mode]));
    expect(roo).toMatchObject({ '.roo/rules-Code/x.md': 'none', '.roo/rules-docs/z.md': 'always', '.roo/rules-docs-writer/ok.md': 'always', '.roo/rules-debug/ok.md': 'always' });
    const text = builtCli(['rules'], { cwd: ws, mustSucceed: true }).stdout;
    expect(text).toMatch(/\.roo\/rules-Code\/x\.md +never sent: `Code` is no built-in mode of Roo Code's nor one the workspace's \.roomodes defines/);
    expect(text).toMatch(/\.roo\/rules-docs\/z\.md +always, only in the docs mode/);
  });

  it('takes the custom modes of a JSON .roomodes; says nothing of slugs where .roomodes does not parse, and nothing where Roo Code is not shown', () => {
    expect(check({ '.roomodes': JSON_MODES, '.roo/rules-docs-writer/a.md': '# a\n' })).toMatch(/no problems/);
    const broken = check({ '.roomodes': 'customModes:\n  - slug: [docs\n  bad: : :\n', '.roo/rules-docs/a.md': '# a\n', '.roo/rule/b.md': '# b\n' });
    expect(broken).not.toContain('rules-docs');
    expect(broken).toContain('.roo/rule/b.md:1:1: warning [rule/not-read] Roo Code reads rules from `.roo/rules/`');
    expect(check({ '.roo/rules-docs/a.md': '# a\n', '.roo/rule/b.md': '# b\n' }, '--agents', 'cursor')).toMatch(/no problems/);
  });

  it("leaves alone a mode of Roo Code's settings or marketplace, near no known mode; warns on a slip of one unless ~/.roo has that mode's folder", () => {
    // A custom mode may be defined in Roo Code's global settings (custom_modes.yaml) or installed from its marketplace, neither of
    // which agentls reads: a slug near no known mode (`translate`) is most likely such a mode, a slug one letter off a built-in one (`debg`) a slip.
    const tree = { '.roo/rules-translate/t.md': '# t\n', '.roo/rules-debg/d.md': '# d\n' };
    const ws = writeTree(tempDir(), { ...SOURCES, ...tree });
    const out = builtCli(['check'], { cwd: ws }).stdout;
    expect(out).not.toContain('rules-translate');
    expect(out).toContain(".roo/rules-debg/d.md:1:1: warning [rule/not-read] Roo Code reads `.roo/rules-{slug}/` in the mode of that slug, and `debg` is not a built-in mode's");
    expect(out).toContain('Move it to `.roo/rules-debug/d.md`.');
    expect(out).toContain('1 problem (0 errors, 1 warning, 0 info)');
    const listed = builtCli(['rules'], { cwd: ws, mustSucceed: true }).stdout;
    expect(listed).toMatch(/\.roo\/rules-translate\/t\.md +always, only in the translate mode/);
    expect(listed).toMatch(/\.roo\/rules-debg\/d\.md +never sent/);
    // The user's own ~/.roo/rules-debg/ says the mode exists (a global custom mode): nothing is said, and it is listed in its mode.
    const home = writeTree(tempDir(), { '.roo/rules-debg/mine.md': '# mine\n' });
    expect(builtCli(['check'], { cwd: ws, home }).stdout).toMatch(/^Checked \d+ rule files among \d+ files: no problems\.\n$/);
    expect(builtCli(['rules'], { cwd: ws, home, mustSucceed: true }).stdout).toMatch(/\.roo\/rules-debg\/d\.md +always, only in the debg mode/);
  });

  it('judges a root .roorules-{slug} as a mode folder: a slip of a known mode said and never sent, a mode near none noted, one with ~/.roo/rules-{slug}/ left alone', () => {
    // Roo Code reads `.roorules-${mode}` of the mode in use alone (custom-instructions.ts, `addCustomInstructions`).
    const tree = { '.roomodes': YAML_MODES, '.roorules-Code': 'c\n', '.roorules-debg': 'd\n', '.roorules-translate': 't\n', '.roorules-docs-writer': 'w\n', '.roorules-ask': 'a\n' };
    const ws = writeTree(tempDir(), { ...SOURCES, ...tree });
    const out = builtCli(['check'], { cwd: ws }).stdout;
    expect(out).toContain(".roorules-Code:1:1: warning [rule/not-read] Roo Code reads `.roorules-{slug}` in the mode of that slug, and `Code` is not a built-in mode's (architect, ask, code, debug, orchestrator), nor one the workspace's `.roomodes` defines (docs-writer); slugs are matched as written, so only a case-insensitive file system (macOS, Windows) finds this file for `code`");
    expect(out).toContain('Move it to `.roorules-code`.');
    expect(out).toContain(".roorules-debg:1:1: warning [rule/not-read] Roo Code reads `.roorules-{slug}` in the mode of that slug, and `debg` is not a built-in mode's");
    expect(out).toContain('Move it to `.roorules-debug`.');
    expect(out).not.toMatch(/roorules-(docs-writer|ask)/);
    // A mode near none is most likely a global custom mode agentls cannot see: a note, listed in its mode all the same.
    expect(out).toContain(".roorules-translate:1:1: information [rule/not-read] No mode agentls knows of reads this file: Roo Code reads `.roorules-{slug}` only in the mode of that slug, and `translate` is not a built-in mode's (architect, ask, code, debug, orchestrator), nor one the workspace's `.roomodes` defines (docs-writer). Roo Code reads it only if a global custom mode of its settings (which agentls does not read) has that slug.");
    expect(out).toContain('3 problems (0 errors, 2 warnings, 1 info)');
    const listed = builtCli(['rules'], { cwd: ws, mustSucceed: true }).stdout;
    expect(listed).toMatch(/\.roorules-debg +never sent: `debg` is no built-in mode of Roo Code's/);
    expect(listed).toMatch(/\.roorules-translate +always, only in the translate mode/);
    expect(listed).toMatch(/\.roorules-docs-writer +always, only in the docs-writer mode/);
    // The user's own ~/.roo/rules-debg/ says the mode exists (a global custom mode): nothing is said of .roorules-debg.
    const home = writeTree(tempDir(), { '.roo/rules-debg/mine.md': '# mine\n', '.roo/rules-translate/mine.md': '# mine\n' });
    const withHome = builtCli(['check'], { cwd: ws, home }).stdout;
    expect(withHome).not.toMatch(/roorules-(debg|translate)/);
    expect(withHome).toContain('1 problem (0 errors, 1 warning, 0 info)');
  });
});

