import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { hoverText } from '../../helpers/hover';
import { type LspTestClient, useLspClients } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';

/**
 * Continue's rule files (`.continue/rules/**\/*.md`, rules/agents/continue.ts) through the real
 * server: diagnostics naming Continue and none on a correct rule, the first-line hover,
 * `agentls/rulesForFile`, and a rule created on disk once the client reports it.
 */
const start = useLspClients(afterEach);

const SOURCES = { '.git/HEAD': 'ref: refs/heads/main\n', 'src/components/Button.tsx': 'x\n', 'src/lib/a.ts': 'x\n' };

async function continueApplying(c: LspTestClient, uri: string): Promise<string[]> {
  const r = await c.request<RulesForFileResult>('agentls/rulesForFile', { uri });
  return (r.agents.find((a) => a.agent === 'continue')?.rules ?? []).filter((x) => x.applies).map((x) => x.path);
}

/** The first diagnostic of `code` the server publishes for `doc`, once it publishes one. */
async function publishedOf(c: LspTestClient, doc: string, code: string) {
  const published = await c.waitForDiagnostics(doc, (d) => d.some((x) => x.code === code));
  return published.find((x) => x.code === code)!;
}

describe('Continue rules in the server', () => {
  it('says a misspelt alwaysApply and another tool\'s glob key, naming Continue, and nothing on a correct rule', async () => {
    const ws = writeTree(tempDir(), {
      ...SOURCES,
      '.continue/rules/slip.md': '---\nname: Slip\nalways_apply: true\n---\nA\n',
      '.continue/rules/foreign.md': '---\nname: Foreign\napplyTo: "src/**"\n---\nB\n',
    });
    const c = await start({ folders: [ws] });
    const slip = await c.open(path.join(ws, '.continue/rules/slip.md'));
    expect((await publishedOf(c, slip, 'frontmatter/unknown-key')).message).toContain('Continue reads `alwaysApply`, not `always_apply`');
    const foreign = await c.open(path.join(ws, '.continue/rules/foreign.md'));
    expect((await publishedOf(c, foreign, 'rule/foreign-key')).message).toContain('Continue reads `globs` and ignores `applyTo`');
    // Made right in the buffer, the set published for that version is the server's judgement of it.
    await c.setText(foreign, '---\nname: Components\nglobs: "src/components/**/*.tsx"\ndescription: React components\nalwaysApply: false\n---\nB\n');
    expect(await c.waitForDiagnostics(foreign)).toEqual([]);
    expect(await hoverText(c, foreign, 0, 1)).toContain('Continue');
  });

  it("says a misspelt `glob:` is ignored, so Continue applies the rule always; the quick fix renames it and the rule is attached by path", async () => {
    const ws = writeTree(tempDir(), { ...SOURCES, '.continue/rules/ui.md': '---\nname: UI\nglob: "src/components/**"\n---\nUse hooks.\n' });
    const c = await start({ folders: [ws] });
    const rule = await c.open(path.join(ws, '.continue/rules/ui.md'));
    const slip = await publishedOf(c, rule, 'frontmatter/unknown-key');
    expect([slip.severity, slip.message]).toEqual([2, 'Continue reads `globs`, not `glob`: it ignores this key, and applies the rule as if it were absent: always. Rename it to `globs`.']);
    const lib = c.uri(path.join(ws, 'src/lib/a.ts'));
    expect(await continueApplying(c, lib)).toEqual(['.continue/rules/ui.md']);
    const action = (await c.codeActions(rule, slip.range)).find((a) => a.title === 'Rename the key to globs');
    await c.applyCodeAction(action!);
    expect(c.text(rule)).toBe('---\nname: UI\nglobs: "src/components/**"\n---\nUse hooks.\n');
    expect(await c.waitForDiagnostics(rule, (d) => d.length === 0)).toEqual([]);
    await until('the rule attached by path only', () => continueApplying(c, lib), (p) => p.length === 0);
  });

  it("says an alias bomb is an error Continue drops the frontmatter for, and lists the rule as applied to every file", async () => {
    // Ten levels of nine aliases: past the `yaml` package's default `maxAliasCount`, which Continue's parser keeps.
    const levels = ['a: &a [x,x,x,x,x,x,x,x,x]', ...'bcdefghij'.split('').map((n, i) => `${n}: &${n} [${Array(9).fill(`*${'abcdefghij'[i]}`).join(',')}]`)];
    const ws = writeTree(tempDir(), { ...SOURCES, '.continue/rules/bomb.md': `---\nname: Bomb\n${levels.join('\n')}\nglobs: "src/components/**"\n---\nBody.\n` });
    const c = await start({ folders: [ws] });
    const rule = await c.open(path.join(ws, '.continue/rules/bomb.md'));
    const bomb = await publishedOf(c, rule, 'frontmatter/yaml-error');
    expect(bomb.severity).toBe(1);
    expect(bomb.message).toContain("Continue's YAML parser (the `yaml` package, at its default limit of 100) throws on it, so Continue reads none of its keys");
    // Its globs lost, the rule reaches a file they would not have matched.
    expect(await continueApplying(c, c.uri(path.join(ws, 'src/lib/a.ts')))).toEqual(['.continue/rules/bomb.md']);
  });

  it('warns that Continue attaches a rule with `regex: []` to any file in context, and lists it so; without the key the warning goes', async () => {
    const ws = writeTree(tempDir(), { ...SOURCES, '.continue/rules/empty.md': '---\nname: Empty\nregex: []\n---\nE\n' });
    const c = await start({ folders: [ws] });
    const rule = await c.open(path.join(ws, '.continue/rules/empty.md'));
    const empty = await publishedOf(c, rule, 'frontmatter/invalid-value');
    expect([empty.severity, empty.range.start.line]).toEqual([2, 2]);
    expect(empty.message).toContain('Continue reads an empty `regex` list as a filter every file\'s content passes, not as no `regex`: it attaches this rule whenever a file is in context, where without the key it would send it in every request');
    const r = await c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(path.join(ws, 'src/lib/a.ts')) });
    const listed = r.agents.find((a) => a.agent === 'continue')!.rules.find((x) => x.path === '.continue/rules/empty.md')!;
    expect([listed.applies, listed.mode]).toEqual([true, 'glob']);
    await c.setText(rule, '---\nname: Empty\n---\nE\n');
    expect(await c.waitForDiagnostics(rule, (d) => d.length === 0)).toEqual([]);
  });

  it('says a non-text `globs` element makes Continue fail the request, as an error, which the quick fix (quoting it) clears', async () => {
    const ws = writeTree(tempDir(), { ...SOURCES, '.continue/rules/num.md': '---\nname: Num\nglobs: [42]\n---\nN\n' });
    const c = await start({ folders: [ws] });
    const rule = await c.open(path.join(ws, '.continue/rules/num.md'));
    const element = await publishedOf(c, rule, 'frontmatter/wrong-type');
    expect(element.severity).toBe(1);
    expect(element.message).toContain("Continue's `matchesGlobs` calls `startsWith` on each element, which throws a TypeError on it");
    const lib = c.uri(path.join(ws, 'src/lib/a.ts'));
    expect(await continueApplying(c, lib)).toEqual([]);
    const action = (await c.codeActions(rule, element.range)).find((a) => /quote/i.test(a.title));
    await c.applyCodeAction(action!);
    expect(c.text(rule)).toBe('---\nname: Num\nglobs: ["42"]\n---\nN\n');
    expect(await c.waitForDiagnostics(rule, (d) => d.length === 0)).toEqual([]);
  });

  it("says in the hover that a `regex` narrows the rule's globs to files whose content matches, and why an uncompilable one attaches none", async () => {
    const ws = writeTree(tempDir(), {
      ...SOURCES,
      '.continue/rules/imports.md': '---\nname: Imports\nglobs: "src/**/*.ts"\nregex: "^import "\n---\nI\n',
      '.continue/rules/bad.md': '---\nname: Bad\nregex: "([unclosed"\n---\nB\n',
    });
    const c = await start({ folders: [ws] });
    const imports = await c.open(path.join(ws, '.continue/rules/imports.md'));
    const narrowed = "with content matching `^import ` (the rule's `regex`; agentls does not read file contents, so it cannot tell which files have it)";
    expect(await hoverText(c, imports, 0, 1)).toContain(`Continue attaches this rule while a file matching \`src/**/*.ts\` is in play, and only one ${narrowed} (\`globs\`, \`regex\`).`);
    expect(await hoverText(c, imports, 3, 1)).toContain(`In Continue this rule is attached to files matching "src/**/*.ts" ${narrowed}.`);
    const bad = await c.open(path.join(ws, '.continue/rules/bad.md'));
    expect(await hoverText(c, bad, 0, 1)).toContain('Continue: never attached: no pattern of its `regex` compiles as a JavaScript regular expression');
  });

  it('lists the rules Continue applies to a file, and one created on disk once it is reported', async () => {
    const ws = writeTree(tempDir(), { ...SOURCES, '.continue/rules/general.md': '---\nname: General\n---\nBe brief.\n' });
    const c = await start({ folders: [ws] });
    const button = c.uri(path.join(ws, 'src/components/Button.tsx'));
    await until("Continue's always rule", () => continueApplying(c, button), (p) => p.includes('.continue/rules/general.md'));
    // In a new subfolder (Continue reads them): a watcher reports the folder and the file created.
    writeTree(ws, { '.continue/rules/ui/components.md': '---\nname: Components\nglobs: "src/components/**"\n---\nUse hooks.\n' });
    const created = ['.continue/rules/ui', '.continue/rules/ui/components.md'].map((rel) => ({ uri: c.uri(path.join(ws, rel)), type: 1 }));
    await c.notify('workspace/didChangeWatchedFiles', { changes: created });
    await until('the created rule listed', () => continueApplying(c, button), (p) => p.includes('.continue/rules/ui/components.md'));
    expect(await continueApplying(c, c.uri(path.join(ws, 'src/lib/a.ts')))).toEqual(['.continue/rules/general.md']);
  });

  it('says a key written twice makes Continue drop the frontmatter, and lists the rule as Continue then applies it: always', async () => {
    const ws = writeTree(tempDir(), { ...SOURCES, '.continue/rules/twice.md': '---\nname: Twice\nglobs: "src/components/**"\nglobs: "src/components/**/*.tsx"\n---\nT\n' });
    const c = await start({ folders: [ws] });
    const rule = await c.open(path.join(ws, '.continue/rules/twice.md'));
    const twice = await publishedOf(c, rule, 'frontmatter/yaml-error');
    expect([twice.severity, twice.range.start.line]).toEqual([1, 3]);
    expect(twice.message).toContain('Continue reads none of this frontmatter\'s keys: `globs` is written twice, and its YAML parser takes keys to be unique');
    expect(await continueApplying(c, c.uri(path.join(ws, 'src/lib/a.ts')))).toEqual(['.continue/rules/twice.md']);
    await c.setText(rule, '---\nname: Twice\nglobs: "src/components/**/*.tsx"\n---\nT\n');
    expect(await c.waitForDiagnostics(rule, (d) => d.length === 0)).toEqual([]);
  });

  it('says Continue reads an HTML comment in a glob as part of it, in the diagnostic and the hover; nothing once it is a YAML comment, nor of one above the block', async () => {
    const ws = writeTree(tempDir(), {
      ...SOURCES,
      '.continue/rules/todo.md': '---\nname: Todo\nglobs: src/components/** <!-- TODO -->\n---\nT.\n',
      '.continue/rules/above.md': '<!-- kept in sync with the wiki -->\n---\nname: Above\nglobs: "src/lib/**"\n---\nA.\n',
    });
    const c = await start({ folders: [ws] });
    const rule = await c.open(path.join(ws, '.continue/rules/todo.md'));
    const comment = await publishedOf(c, rule, 'frontmatter/invalid-value');
    expect([comment.severity, comment.range.start]).toEqual([1, { line: 2, character: 25 }]);
    expect(comment.message).toContain('Continue does not delete HTML comments from a rule\'s frontmatter: it reads `globs` as "src/components/** <!-- TODO -->", the comment included');
    // The key's hover says what the diagnostic says, not that Continue reads the glob without the comment.
    expect(await hoverText(c, rule, 2, 1)).toContain('it reads `globs` as "src/components/** <!-- TODO -->", the comment included');
    // Continue reads the glob as written: attached to no file of the workspace.
    expect(await continueApplying(c, c.uri(path.join(ws, 'src/components/Button.tsx')))).toEqual([]);
    await c.setText(rule, '---\nname: Todo\nglobs: src/components/** # TODO\n---\nT.\n');
    expect(await c.waitForDiagnostics(rule)).toEqual([]);
    const above = await c.open(path.join(ws, '.continue/rules/above.md'));
    expect(await c.waitForDiagnostics(above)).toEqual([]);
  });

  it('says Continue reads a block below a title as the frontmatter and never sends the title', async () => {
    const ws = writeTree(tempDir(), { ...SOURCES, '.continue/rules/titled.md': '# UI\n\n---\nname: UI\nglobs: "src/components/**"\n---\nUse hooks.\n' });
    const c = await start({ folders: [ws] });
    const rule = await c.open(path.join(ws, '.continue/rules/titled.md'));
    const lowered = await publishedOf(c, rule, 'frontmatter/not-at-start');
    expect(lowered.severity).toBe(1);
    expect(lowered.message).toContain("it reads this block's `name`, `globs`, and never sends lines 1 to 2, above it");
    // Attached by the block's globs, as Continue reads them.
    expect(await continueApplying(c, c.uri(path.join(ws, 'src/lib/a.ts')))).toEqual([]);
    expect(await continueApplying(c, c.uri(path.join(ws, 'src/components/Button.tsx')))).toEqual(['.continue/rules/titled.md']);
  });

  it("checks the keys of a block Continue reads below a comment, and the quick fix writes the value Continue reads there", async () => {
    const ws = writeTree(tempDir(), { ...SOURCES, '.continue/rules/noted.md': '<!-- kept in sync with the wiki -->\n---\nname: Noted\nalwaysApply: "yes"\n---\nN.\n' });
    const c = await start({ folders: [ws] });
    const rule = await c.open(path.join(ws, '.continue/rules/noted.md'));
    const typed = await publishedOf(c, rule, 'frontmatter/wrong-type');
    expect([typed.severity, typed.range.start]).toEqual([2, { line: 3, character: 13 }]);
    expect(typed.message).toContain('Continue expects `alwaysApply` to be true or false, not "yes"');
    const action = (await c.codeActions(rule, typed.range)).find((a) => a.title.includes('true'));
    await c.applyCodeAction(action!);
    expect(c.text(rule)).toBe('<!-- kept in sync with the wiki -->\n---\nname: Noted\nalwaysApply: true\n---\nN.\n');
    expect(await c.waitForDiagnostics(rule, (d) => d.length === 0)).toEqual([]);
  });

  it("errs where Continue in VS Code's read of a closed rule file stops before the frontmatter's closing, and warns once only the text is cut", async () => {
    // continuedev/continue, extensions/vscode/src/VsCodeIde.ts: `readFile` keeps the first 100,000 bytes of a file not open in the editor.
    const line = '- Prefer small functions with clear names, and write a test for every fix.\n';
    const described = `---\nname: Described\nglobs: "src/**"\ndescription: |\n${`  ${line}`.repeat(1400)}---\nBody.\n`;
    const ws = writeTree(tempDir(), { ...SOURCES, '.continue/rules/described.md': described });
    const c = await start({ folders: [ws] });
    const rule = await c.open(path.join(ws, '.continue/rules/described.md'));
    const cut = await publishedOf(c, rule, 'rule/too-long');
    const kept = described.slice(0, 100_000).split('\n');
    expect([cut.severity, cut.range.start]).toEqual([1, { line: kept.length - 1, character: kept[kept.length - 1].length }]);
    expect(cut.message).toContain(`the cut falls before the frontmatter's closing \`---\` (line ${described.split('\n').indexOf('---', 1) + 1}), so Continue reads none of its keys`);
    const short = `---\nname: Described\nglobs: "src/**"\ndescription: Short\n---\n${line.repeat(1400)}`;
    await c.setText(rule, short);
    const warned = await c.waitForDiagnostics(rule, (d) => d.some((x) => x.code === 'rule/too-long' && x.severity === 2));
    expect(warned.find((x) => x.code === 'rule/too-long')!.message).toContain(`so it never sends the text from line ${short.slice(0, 100_000).split('\n').length} on`);
  });

  it("applies a rule whose frontmatter's closing Continue never reads as Continue then does: always, to a file its globs do not match", async () => {
    // continuedev/continue, extensions/vscode/src/VsCodeIde.ts: `readFile` keeps the first 100,000 bytes; the block never closes in them, so no key is read.
    const line = '- Prefer small functions with clear names, and write a test for every fix.\n';
    const described = `---\nname: Described\nglobs: "src/**"\ndescription: |\n${`  ${line}`.repeat(1400)}---\nBody.\n`;
    const ws = writeTree(tempDir(), { ...SOURCES, 'docs/guide.md': 'Guide.\n', '.continue/rules/described.md': described, '.continue/rules/scoped.md': '---\nname: Scoped\nglobs: "src/**"\n---\nS.\n' });
    const c = await start({ folders: [ws] });
    const r = await c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(path.join(ws, 'docs/guide.md')) });
    const rules = Object.fromEntries((r.agents.find((a) => a.agent === 'continue')?.rules ?? []).map((x) => [x.path, [x.mode, x.applies]]));
    expect(rules).toEqual({ '.continue/rules/described.md': ['always', true], '.continue/rules/scoped.md': ['glob', false] });
  });

  it('warns on a link to a folder in .continue/rules, closed, naming Continue, and clears it once the link is gone', async () => {
    // Continue's walkDir never goes into a linked folder in VS Code (rules/context/instructionViews.ts has the source).
    const ws = writeTree(tempDir(), { ...SOURCES, '.continue/rules/own.md': '---\nname: Own\nalwaysApply: true\n---\nOwn.\n', 'shared/rules/b.md': '---\nname: B\nalwaysApply: true\n---\nShared.\n' });
    const link = path.join(ws, '.continue/rules/shared');
    fs.symlinkSync('../../shared/rules', link);
    const c = await start({ folders: [ws], client: 'neovim' });
    const said = await c.waitForDiagnostics(c.uri(link), (ds) => ds.length > 0);
    expect(said.map((d) => [d.code, d.severity])).toEqual([['rule/not-read', 2]]);
    expect(said[0].message).toContain('Continue in VS Code does not read the rules in this folder: it is a symbolic link to a folder');
    fs.rmSync(link);
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(link), type: 3 }] });
    await c.waitForDiagnostics(c.uri(link), (ds) => ds.length === 0);
  });

  it('warns on a link to a folder named `x.md` in ~/.continue/rules, as in the workspace, and lists the empty rule Continue loads from it', async () => {
    const ws = writeTree(tempDir(), { ...SOURCES, '.continue/rules/own.md': '---\nname: Own\nalwaysApply: true\n---\nOwn.\n' });
    const home = writeTree(tempDir('agentls-home-'), { 'shared/rules/b.md': '---\nname: B\n---\nShared.\n', '.continue/rules/mine.md': '---\nname: Mine\n---\nMine.\n' });
    const link = path.join(home, '.continue/rules/shared.md');
    fs.symlinkSync('../../shared/rules', link);
    const c = await start({ folders: [ws], home });
    const said = await c.waitForDiagnostics(c.uri(link), (ds) => ds.length > 0);
    expect(said.map((d) => [d.code, d.severity])).toEqual([['rule/not-read', 2]]);
    expect(said[0].message).toContain('Named as a rule file, the link itself is loaded as an empty rule, `rules/shared.md`, applied always and sending nothing');
    expect(await continueApplying(c, c.uri(path.join(ws, 'src/lib/a.ts')))).toContain(link);
  });

  it("titles the hover of a rule with the name Continue's UI shows: its `name`, else the end of its path", async () => {
    const ws = writeTree(tempDir(), {
      ...SOURCES,
      '.continue/rules/react.md': '---\nname: React components\nglobs: "src/components/**"\n---\nR\n',
      '.continue/rules/ui/plain.md': '---\nglobs: "src/components/**"\n---\nP\n',
    });
    const c = await start({ folders: [ws] });
    const react = await c.open(path.join(ws, '.continue/rules/react.md'));
    expect((await hoverText(c, react, 0, 1)).split('\n')[0]).toBe('**rule `React components`**');
    const plain = await c.open(path.join(ws, '.continue/rules/ui/plain.md'));
    expect((await hoverText(c, plain, 0, 1)).split('\n')[0]).toBe('**rule `ui/plain.md`**');
  });

  it("decides a rule with a `regex` by the file's content, the open buffer's where the file is open", async () => {
    // Continue attaches it only where the content it holds for the file matches (`checkGlobsAndRegex`, core/llm/rules/getSystemMessageWithRules.ts).
    const ws = writeTree(tempDir(), { ...SOURCES, '.continue/rules/imports.md': '---\nname: Imports\nglobs: "src/**/*.ts"\nregex: "import .* from"\n---\nI\n' });
    const c = await start({ folders: [ws] });
    const lib = c.uri(path.join(ws, 'src/lib/a.ts'));
    const imports = async () => (await c.request<RulesForFileResult>('agentls/rulesForFile', { uri: lib })).agents.find((a) => a.agent === 'continue')!.rules.find((r) => r.name === 'Imports')!;
    expect((await imports()).reason).toBe("glob `src/**/*.ts` matched, but its content matches no pattern of the rule's `regex` (`import .* from`): never attached to it");
    const doc = await c.open(path.join(ws, 'src/lib/a.ts'));
    await c.setText(doc, 'import { y } from "./y";\n');
    const attached = await until('the rule attached by the buffer', imports, (r) => r.applies);
    expect(attached.reason).toBe("glob `src/**/*.ts` matched, and its content matches `import .* from` (the rule's `regex`): attached while this file is in play");
  });
});

