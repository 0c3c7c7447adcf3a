import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { workCounts } from '../helpers/workCounts';
import { tempDir, writeTree } from '../helpers/repo';
import { cliRulesFor } from '../helpers/rulesFor';

/**
 * Roo Code's rules (`.roo/rules/`, `.roo/rules-{mode}/`, the `.roorules` fallbacks;
 * rules/agents/roo.ts has the sources) through the built CLI: a correct project is checked
 * clean and listed for Roo Code, a mode's files as "only in" that mode; a fallback file beside
 * a folder holding files is said to be unread, naming Roo Code.
 */
const SOURCES = { '.git/HEAD': 'ref: refs/heads/main\n', 'src/a.ts': 'x\n' };

const CORRECT = {
  '.roo/rules/01-general.md': '# General\nUse TypeScript.\n',
  '.roo/rules/style/02-style.txt': 'Two-space indent.\n',
  '.roo/rules-code/01-js.md': '# Code mode\n',
  // No `.roo/rules-architect/`: the fallback file is what Roo Code reads for that mode.
  '.roorules-architect': 'Draw the design first.\n',
};

describe('Roo Code rules in agentls check and rules', () => {
  it('a correct project has no finding', () => {
    const ws = writeTree(tempDir(), { ...SOURCES, ...CORRECT });
    const run = builtCli(['check'], { cwd: ws });
    expect(run.stdout).toMatch(/^Checked \d+ rule files among \d+ files: no problems\.\n$/);
    expect(run.status).toBe(0);
  });

  it('warns on a .roorules and a .roorules-{mode} beside a folder holding files, and not on one Roo Code reads', () => {
    const ws = writeTree(tempDir(), { ...SOURCES, ...CORRECT, '.roorules': 'old rules\n', '.roorules-code': 'old code rules\n' });
    const run = builtCli(['check'], { cwd: ws });
    expect(run.stdout).toContain('.roorules:1:1: warning [context/roo-fallback-unread] Roo Code does not read this file: .roo/rules/ holds rule files');
    expect(run.stdout).toContain('.roorules-code:1:1: warning [context/roo-fallback-unread] Roo Code does not read this file: .roo/rules-code/ holds rule files');
    expect(run.stdout).not.toContain('.roorules-architect:');
    expect(run.stdout).toContain('2 problems (0 errors, 2 warnings, 0 info)');
  });

  it('rules --for lists what Roo Code sends, a mode\'s files only in that mode, and the fallback where the folder is empty', () => {
    const ws = writeTree(tempDir(), { ...SOURCES, ...CORRECT, '.roorules': 'never read\n' });
    const rules = cliRulesFor(ws, 'src/a.ts', 'roo');
    expect(rules.map((r) => r.path).sort()).toEqual(['.roo/rules-code/01-js.md', '.roo/rules/01-general.md', '.roo/rules/style/02-style.txt', '.roorules-architect']);
    const code = rules.find((r) => r.path === '.roo/rules-code/01-js.md')!;
    expect(code.agentMode).toBe('code');
    expect(code.reason).toContain('only in the code mode');
    expect(rules.find((r) => r.path === '.roorules-architect')!.reason).toContain('only in the architect mode');
    // An empty `.roo/rules/`: Roo Code falls back to `.roorules`.
    const fallback = writeTree(tempDir(), { ...SOURCES, '.roo/rules/.keep.log': '', '.roorules': 'Rules.\n' });
    expect(cliRulesFor(fallback, 'src/a.ts', 'roo').map((r) => [r.path, r.agentMode])).toEqual([['.roorules', undefined]]);
    expect(builtCli(['check'], { cwd: fallback }).stdout).not.toContain('roo-fallback-unread');
    // Under auto, not shown without a .roo folder or a .roorules file; shown when named.
    const none = writeTree(tempDir(), SOURCES);
    expect(cliRulesFor(none, 'src/a.ts', 'roo')).toEqual([]);
    const rulesText = builtCli(['rules'], { cwd: ws, mustSucceed: true }).stdout;
    expect(rulesText).toMatch(/\.roo\/rules-code\/01-js\.md +always, only in the code mode/);
  });

  it.each(['.roorules', '.roorules-code', '.roo/rules/style.txt'])('counts a project whose only Roo Code file is %s as checked, in text and JSON', (file) => {
    const ws = writeTree(tempDir(), { ...SOURCES, [file]: 'Use tabs.\n' });
    const text = builtCli(['check'], { cwd: ws }).stdout;
    expect(text).not.toContain('found no rule files');
    expect(text).toMatch(/^Checked 1 rule file among \d+ files?: no problems\.\n$/);
    const json = JSON.parse(builtCli(['check', '--format', 'json'], { cwd: ws }).stdout) as { summary: { agentFiles: number } };
    expect(json.summary.agentFiles).toBe(1);
  });

  it('lists a mode\'s rules first, then AGENTS.md, then the rules of every mode, the order Roo Code sends them in', () => {
    // Roo Code's source, custom-instructions.ts (`addCustomInstructions`): "Add mode-specific rules first", then AGENTS.md, then the generic rules.
    const ws = writeTree(tempDir(), { ...SOURCES, 'AGENTS.md': '# Agents\n', '.roo/rules/01-general.md': '# General\n', '.roo/rules-code/01-js.md': '# Code\n', '.roorules-architect': 'Design.\n' });
    expect(cliRulesFor(ws, 'src/a.ts', 'roo').map((r) => r.path)).toEqual(['.roorules-architect', '.roo/rules-code/01-js.md', 'AGENTS.md', '.roo/rules/01-general.md']);
    const listing = builtCli(['rules'], { cwd: ws, mustSucceed: true }).stdout;
    const text = listing.slice(listing.indexOf('Roo Code, rules for the whole workspace'));
    const at = (p: string) => text.indexOf(`  ${p}  `);
    expect([at('.roorules-architect'), at('.roo/rules-code/01-js.md'), at('AGENTS.md'), at('.roo/rules/01-general.md')].every((n, i, all) => n >= 0 && (i === 0 || n > all[i - 1]))).toBe(true);
  });

  it('reads ~/.roo/rules-{mode}/ before the workspace\'s folder of that mode, and then reads no .roorules-{mode}', () => {
    // The home given is shown as its absolute path in --json, as ~ in text. Roo Code's docs ("Custom Instructions"): global rules in `~/.roo/rules/` and `~/.roo/rules-{modeSlug}/`; its source
    // (custom-instructions.ts, `addCustomInstructions`) reads each mode's folders global first and falls back to `.roorules-{mode}` only where none holds files.
    const home = writeTree(tempDir(), { '.roo/rules-code/01-user.md': '# Mine\n', '.roo/rules-ask/01-user.md': '# Ask\n', '.roo/settings.json': '{}\n' });
    const ws = writeTree(tempDir(), { ...SOURCES, '.roo/rules/01-general.md': '# General\n', '.roo/rules-code/01-js.md': '# Code\n', '.roorules-ask': 'Ask rules.\n' });
    const answer = JSON.parse(builtCli(['rules', '--for', 'src/a.ts', '--json'], { cwd: ws, home, mustSucceed: true }).stdout) as { agents: { agent: string; rules: { path: string; agentMode?: string }[] }[] };
    const roo = answer.agents.find((a) => a.agent === 'roo')!.rules;
    expect(roo.map((r) => [r.path, r.agentMode])).toEqual([
      [`${home}/.roo/rules-ask/01-user.md`, 'ask'],
      [`${home}/.roo/rules-code/01-user.md`, 'code'],
      ['.roo/rules-code/01-js.md', 'code'],
      ['.roo/rules/01-general.md', undefined],
    ]);
    const text = builtCli(['rules'], { cwd: ws, home, mustSucceed: true }).stdout;
    expect(text).toContain("not counted: .roorules-ask (not read: ~/.roo/rules-ask holds files, and Roo Code's source then reads no .roorules-ask");
    expect(text).not.toContain('settings.json');
  });

  it("notes a package's .roo/rules files as read only with Roo Code's subfolder setting, and warns on its .roorules-{mode}, only where Roo Code is in use", () => {
    // Roo Code's source (RooCodeInc/Roo-Code): by default `getRooDirectoriesForCwd` (src/services/roo-config/index.ts) gives `~/.roo`,
    // then the `.roo` of the workspace root and of the folders above it; PR #10446 (merged 2026-01-03) adds the subfolders' `.roo`
    // (`getAllRooDirectoriesForCwd`) when its setting `enableSubfolderRules` is on, which src/core/webview/generateSystemPrompt.ts
    // passes as `enableSubfolderRules ?? false`: off by default. The fallbacks are read at `path.join(cwd, …)` only, whatever the setting.
    const folders = ['packages/api/.roo/rules/x.md', 'packages/api/.roo/rules-code/y.txt'];
    const nested = { [folders[0]]: '# API\n', [folders[1]]: 'Y.\n', 'packages/api/.roorules-code': 'Old.\n' };
    const noted = (f: string) =>
      `${f}:1:1: information [rule/not-read] Roo Code reads a subfolder's .roo/rules and .roo/rules-{mode} folders only with its setting enableSubfolderRules on (off by default); it reads this one too when packages/api is opened as its own workspace.`;
    const warned = (f: string) => `${f}:1:1: warning [rule/not-read] Roo Code reads its fallback files (.roorules, .roorules-{mode}) at the workspace root only: Roo Code never reads this file.`;
    const ws = writeTree(tempDir(), { ...SOURCES, '.roo/rules/01-general.md': '# General\n', ...nested });
    const run = builtCli(['check'], { cwd: ws });
    for (const f of folders) expect(run.stdout).toContain(noted(f));
    expect(run.stdout).toContain(warned('packages/api/.roorules-code'));
    expect(run.stdout).toContain('3 problems (0 errors, 1 warning, 2 info)');
    // A root `.roorules` alone shows Roo Code in use too, as its view does.
    expect(builtCli(['check'], { cwd: writeTree(tempDir(), { ...SOURCES, '.roorules': 'Rules.\n', ...nested }) }).stdout).toContain(noted('packages/api/.roo/rules/x.md'));
    // No root `.roo` and no `.roorules` under `auto`: Roo Code is not in use here, and nothing is said of its files.
    const quiet = builtCli(['check'], { cwd: writeTree(tempDir(), { ...SOURCES, ...nested }) });
    expect(quiet.stdout).not.toContain('Roo Code');
    expect(quiet.stdout).not.toContain('packages/api');
    // Named in `rules.agents`: Roo Code is judged wherever it is.
    const named = writeTree(tempDir(), { ...SOURCES, ...nested, 'agentls.json': JSON.stringify({ rules: { agents: ['roo'] } }) });
    expect(builtCli(['check'], { cwd: named }).stdout).toContain(warned('packages/api/.roorules-code'));
  });

  it('takes no backup or editor copy of a .roorules-{mode} for a mode: a mode is a slug of letters, digits and dashes', () => {
    const ws = writeTree(tempDir(), { ...SOURCES, '.roorules-code': 'Code rules.\n', '.roorules-code.bak': 'old\n', '.roorules-code~': 'old\n', '.roo/rules-code.old/x.md': 'old\n' });
    expect(cliRulesFor(ws, 'src/a.ts', 'roo').map((r) => [r.path, r.agentMode])).toEqual([['.roorules-code', 'code']]);
  });

  it('lists hundreds of modes with work that grows with their number, not with its square', () => {
    // Each mode's user folder, ~/.roo/rules-{mode}/, is one more place rule files may be read; adding it once re-resolved every one added before.
    const modes = 300;
    const tree: Record<string, string> = { ...SOURCES };
    for (let i = 0; i < modes; i++) tree[`.roorules-m${i}`] = `mode ${i}\n`;
    const ws = writeTree(tempDir(), tree);
    const { env, counts } = workCounts();
    const out = builtCli(['rules', '--agents', 'roo'], { cwd: ws, root: ws, home: tempDir(), env, mustSucceed: true }).stdout;
    expect(out).toMatch(/\.roorules-m299 +always, only in the m299 mode/);
    // One resolution per area added, and a handful for the fixed ones: far below the 45,000 of one per area already there.
    expect(counts()['rule-area-resolve']).toBeGreaterThanOrEqual(modes);
    expect(counts()['rule-area-resolve']).toBeLessThan(3 * modes);
  });

  it("falls back last to Cline's root .clinerules and .clinerules-{mode} files, in rules, --for and the totals, where no folder of Roo Code's holds files and no .roorules has text", () => {
    // Roo Code's source (custom-instructions.ts): `loadRuleFiles` tries [".roorules", ".clinerules"], the first with trimmed text;
    // `addCustomInstructions` tries `.roorules-${mode}`, then `.clinerules-${mode}`, where no `rules-${mode}` folder holds files.
    const ws = writeTree(tempDir(), { ...SOURCES, '.roo/rules/.keep.log': '', '.roorules': '  \n', '.clinerules': 'Use tabs everywhere in this repository.\n', '.clinerules-code': 'Code carefully.\n', '.clinerules-docs': 'Not a mode Roo Code knows of here.\n' });
    const rules = cliRulesFor(ws, 'src/a.ts', 'roo');
    // `.clinerules-docs` names a mode as `.roorules-docs` would: read in that mode, if Roo Code has it.
    expect(rules.map((r) => [r.path, r.agentMode, r.applies])).toEqual([['.clinerules-code', 'code', true], ['.clinerules-docs', 'docs', true], ['.roorules', undefined, true], ['.clinerules', undefined, true]]);
    expect(rules.find((r) => r.path === '.clinerules')!.reason).toContain("Cline's file, which Roo Code's source reads as its last fallback");
    const text = builtCli(['rules'], { cwd: ws, mustSucceed: true }).stdout;
    expect(text).toMatch(/Roo Code: ≈\d+ tokens in every request\n +\.roorules: ≈1\n +\.clinerules: ≈10\n/);
    // A .roorules with text, a folder of Roo Code's holding files, or a mode's own folder: Cline's files are not Roo Code's then.
    for (const tree of [{ '.roorules': 'Mine.\n' }, { '.roo/rules/a.md': 'A.\n' }] as Record<string, string>[]) {
      const other = writeTree(tempDir(), { ...SOURCES, ...tree, '.clinerules': 'Cline only.\n', '.roo/rules-code/c.md': 'C.\n', '.clinerules-code': 'Cline only.\n' });
      expect(cliRulesFor(other, 'src/a.ts', 'roo').map((r) => r.path).filter((p) => p.startsWith('.clinerules'))).toEqual([]);
    }
    // Cline's .clinerules folder gives Roo Code nothing (its source's safeReadFile answers "" for a folder), and check says nothing new of any of these.
    const folder = writeTree(tempDir(), { ...SOURCES, '.roorules-ask': 'Ask.\n', '.clinerules/a.md': 'Cline.\n' });
    expect(cliRulesFor(folder, 'src/a.ts', 'roo').map((r) => r.path)).toEqual(['.roorules-ask']);
    // Nothing new but the note on `.clinerules-docs`, whose mode no one defines where agentls looks.
    expect(builtCli(['check'], { cwd: ws }).stdout).toMatch(/^\.clinerules-docs:1:1: information \[rule\/not-read\] No mode agentls knows of reads this file: [^\n]*\nChecked \d+ rule files among \d+ files: 1 problem \(0 errors, 0 warnings, 1 info\)\.\n$/);
  });

  describe("a root .clinerules-{mode}, Roo Code's own last fallback of a mode's rules", () => {
    // Roo Code's source (custom-instructions.ts, `addCustomInstructions`): the files of `rules-${mode}` in ~/.roo and the root's .roo,
    // else `.roorules-${mode}` with text, else `.clinerules-${mode}`. No Cline reads `.clinerules-{mode}`.
    const ROO = { ...SOURCES, '.roo/rules/a.md': 'A.\n', '.clinerules': 'Cline only.\n' };
    const unread = (by: string, into: string) =>
      `.clinerules-debug:1:1: warning [context/roo-fallback-unread] Roo Code does not read this file: ${by}, and Roo Code reads .clinerules-debug only where no .roo/rules-debug/ holds files and .roorules-debug is missing or blank (its source, custom-instructions.ts; its docs do not name this file). ${into}, or delete it.`;

    it('checks one Roo Code reads as its file, with no warning, and says bytes that are not UTF-8', () => {
      const read = writeTree(tempDir(), { ...ROO, '.clinerules-debug': 'Debug carefully.\n' });
      const json = JSON.parse(builtCli(['check', '--format', 'json'], { cwd: read, home: tempDir() }).stdout) as { summary: { agentFiles: number; problems: number } };
      // .roo/rules/a.md, Cline's .clinerules, and .clinerules-debug.
      expect(json.summary).toMatchObject({ agentFiles: 3, problems: 0 });
      const bad = writeTree(tempDir(), { ...ROO, '.clinerules-debug': Buffer.from('Debug caf\xe9.\n', 'latin1') });
      expect(builtCli(['check'], { cwd: bad, home: tempDir() }).stdout).toContain('.clinerules-debug:1:1: warning [rule/invalid-utf8] This file is not valid UTF-8, so agentls has not checked it: Roo Code reads it all the same, with a replacement character (�) where the bytes do not decode.');
    });

    it('warns on one a folder of the mode or a .roorules-{mode} with text keeps from being read, naming it', () => {
      const folder = writeTree(tempDir(), { ...ROO, '.clinerules-debug': 'Old.\n', '.roo/rules-debug/x.md': 'New.\n' });
      const said = builtCli(['check'], { cwd: folder, home: tempDir() }).stdout;
      expect(said).toContain(unread('.roo/rules-debug/ holds rule files', 'Move its text into a file of .roo/rules-debug/'));
      expect(said).toContain(': 1 problem (0 errors, 1 warning, 0 info).');
      const file = writeTree(tempDir(), { ...ROO, '.clinerules-debug': 'Old.\n', '.roorules-debug': 'New.\n' });
      expect(builtCli(['check'], { cwd: file, home: tempDir() }).stdout).toContain(unread('.roorules-debug has text', 'Move its text into .roorules-debug'));
      // A blank .roorules-debug keeps nothing from being read.
      const blank = writeTree(tempDir(), { ...ROO, '.clinerules-debug': 'Old.\n', '.roorules-debug': ' \n' });
      expect(builtCli(['check'], { cwd: blank, home: tempDir() }).stdout).toMatch(/no problems/);
    });

    it("lists one the user's ~/.roo/rules-{mode}/ keeps from being read as not read, with no warning: another user may have no such folder", () => {
      const ws = writeTree(tempDir(), { ...ROO, '.clinerules-debug': 'Old.\n' });
      const home = writeTree(tempDir('agentls-home-'), { '.roo/rules-debug/mine.md': 'Mine.\n' });
      expect(builtCli(['check'], { cwd: ws, home }).stdout).not.toContain('.clinerules-debug');
      expect(builtCli(['rules'], { cwd: ws, home, mustSucceed: true }).stdout).toContain("not counted: .clinerules-debug (not read: ~/.roo/rules-debug holds files, and Roo Code's source then reads no .clinerules-debug (its docs do not say so))");
    });

    it('leaves it alone where Roo Code is not in play', () => {
      const bytes = Buffer.from('Debug caf\xe9.\n', 'latin1');
      const cline = writeTree(tempDir(), { ...SOURCES, '.clinerules': 'Cline only.\n', '.clinerules-debug': bytes, '.clinerules-docs': bytes, 'packages/web/.clinerules-code': 'Code.\n' });
      expect(builtCli(['check'], { cwd: cline, home: tempDir() }).stdout).toMatch(/no problems/);
    });

    // Roo Code reads `.clinerules-${mode}` of the mode in use alone, at `path.join(cwd, …)` (custom-instructions.ts, `addCustomInstructions`).
    const docsNote =
      ".clinerules-docs:1:1: information [rule/not-read] No mode agentls knows of reads this file: Roo Code reads `.clinerules-{slug}` only in the mode of that slug, where no folder of that mode holds files and its `.roorules-{slug}` has no text, and `docs` is not a built-in mode's (architect, ask, code, debug, orchestrator), and the workspace has no `.roomodes` defining custom modes; no Cline reads it. Roo Code reads it only if a global custom mode of its settings (which agentls does not read) has that slug.";

    it('notes one of no mode agentls knows of as read only if a global custom mode has it, checked and counted as Roo Code\'s', () => {
      const ws = writeTree(tempDir(), { ...ROO, '.clinerules-docs': 'Docs.\n' });
      const run = builtCli(['check', '--format', 'json'], { cwd: ws, home: tempDir() });
      const json = JSON.parse(run.stdout) as { summary: { agentFiles: number }; diagnostics: { path: string; severity: string; code: string }[] };
      expect(json.diagnostics.map((d) => [d.path, d.severity, d.code])).toEqual([['.clinerules-docs', 'information', 'rule/not-read']]);
      // .roo/rules/a.md, Cline's .clinerules, and .clinerules-docs.
      expect(json.summary.agentFiles).toBe(3);
      expect(builtCli(['check'], { cwd: ws, home: tempDir() }).stdout).toContain(docsNote);
      expect(builtCli(['rules'], { cwd: ws, home: tempDir(), mustSucceed: true }).stdout).toMatch(/\.clinerules-docs +always, only in the docs mode/);
      // Bytes that are not UTF-8 are said too, as of a mode Roo Code has.
      const bad = writeTree(tempDir(), { ...ROO, '.clinerules-docs': Buffer.from('Docs caf\xe9.\n', 'latin1') });
      expect(builtCli(['check'], { cwd: bad, home: tempDir() }).stdout).toContain('.clinerules-docs:1:1: warning [rule/invalid-utf8]');
    });

    it('says nothing of one whose mode .roomodes defines or the user\'s ~/.roo/rules-{mode}/ shows, and warns on a slip of a known mode', () => {
      const modes = 'customModes:\n  - slug: docs\n    name: Docs\n    roleDefinition: x\n    groups: [read]\n';
      const defined = writeTree(tempDir(), { ...ROO, '.roomodes': modes, '.clinerules-docs': 'Docs.\n' });
      expect(builtCli(['check'], { cwd: defined, home: tempDir() }).stdout).toMatch(/^Checked \d+ rule files among \d+ files: no problems\.\n$/);
      const ws = writeTree(tempDir(), { ...ROO, '.clinerules-docs': 'Docs.\n' });
      const home = writeTree(tempDir('agentls-home-'), { '.roo/rules-docs/mine.md': 'Mine.\n' });
      expect(builtCli(['check'], { cwd: ws, home }).stdout).toMatch(/^Checked \d+ rule files among \d+ files: no problems\.\n$/);
      const slip = writeTree(tempDir(), { ...ROO, '.clinerules-debg': 'Debug.\n' });
      const said = builtCli(['check'], { cwd: slip, home: tempDir() }).stdout;
      expect(said).toContain(".clinerules-debg:1:1: warning [rule/not-read] Roo Code reads `.clinerules-{slug}` in the mode of that slug, and `debg` is not a built-in mode's");
      expect(said).toContain('Move it to `.clinerules-debug`.');
    });

    it("warns on a package's, which Roo Code never reads, only where Roo Code is in play", () => {
      const ws = writeTree(tempDir(), { ...ROO, 'packages/web/.clinerules-code': 'Code.\n' });
      const out = builtCli(['check'], { cwd: ws, home: tempDir() }).stdout;
      expect(out).toContain("packages/web/.clinerules-code:1:1: warning [rule/not-read] Roo Code reads .clinerules-{mode}, the last fallback of a mode's rules, at the workspace root only, and no Cline reads it: Roo Code never reads this file.");
      expect(out).toContain('1 problem (0 errors, 1 warning, 0 info)');
    });
  });
});
