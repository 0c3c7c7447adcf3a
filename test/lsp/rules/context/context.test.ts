import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CodeAction, Diagnostic, Hover, MarkupContent } from 'vscode-languageserver/node';
import { VSCODE_LIKE } from '../../../helpers/capabilities';
import type { RulesForFileResult } from '../../../../protocol/rulesContext';
import { useLspClients } from '../../../helpers/lspClient';
import { completeAnswer } from '../../../helpers/polling';
import { copyFixture } from '../../../helpers/repo';

const start = useLspClients(afterEach);
const hoverText = (h: Hover | null) => (h?.contents as MarkupContent | undefined)?.value ?? '';
const byCode = (ds: Diagnostic[], code: string) => ds.filter((d) => d.code === code);

function workspace(): { ws: string; file: (rel: string) => string } {
  const ws = copyFixture('rules-context');
  return { ws, file: (rel) => path.join(ws, ...rel.split('/')) };
}

describe('rules in context over LSP', () => {
  it('answers agentls/rulesForFile for a source file, and its command twin opens the same as a report', async () => {
    const { ws, file } = workspace();
    const c = await start({ folders: [ws] });
    const result = await c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(file('src/a.ts')) });
    expect(result.file).toBe('src/a.ts');
    const seed = result.agents[0];
    expect(seed.agent).toBe('seed');
    const applying = seed.rules.filter((r) => r.applies).map((r) => [r.name, r.mode, r.matchedGlob]);
    expect(applying).toEqual([
      ['always', 'always', undefined],
      ['ts', 'description', 'src/**/*.ts'],
      ['shared', 'always', undefined],
    ]);
    expect(seed.alwaysSentTokens).toBeGreaterThan(seed.rules.find((r) => r.name === 'always')!.tokens);
    const other = await c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(file('README.md')) });
    expect(other.agents[0].rules.find((r) => r.name === 'ts')).toMatchObject({ applies: false });

    await c.executeCommand('agentls.rules.showForFile', [{ uri: c.uri(file('src/a.ts')) }]);
    await c.waitFor('a report', () => c.shownDocuments.length > 0);
    const report = fs.readFileSync(new URL(c.shownDocuments[0]), 'utf8');
    expect(report).toContain('# Rules for `src/a.ts`');
    expect(report).toContain('3 rules apply');
    expect(report).toContain('its domain `src/**/*.ts` covers this file');
  });

  it('reports on the document last opened when the command twin gets no argument (Helix)', async () => {
    const { ws, file } = workspace();
    const c = await start({ folders: [ws], client: 'helix' });
    await c.open(file('src/ui/button.tsx'), undefined, 'typescriptreact');
    await c.executeCommand('agentls.rules.showForFile', []);
    await c.waitFor('a report or a message', () => c.shownDocuments.length > 0 || c.shownMessages.some((m) => m.message.includes('rules-for-file')));
    const reportPath = c.shownDocuments.length ? new URL(c.shownDocuments[0]) : c.shownMessages.find((m) => m.message.includes('rules-for-file'))!.message.replace(/^.*: see /, '');
    expect(fs.readFileSync(reportPath, 'utf8')).toContain('# Rules for `src/ui/button.tsx`');
  });

  it('keeps the globs whole in a plain-text hover (a client without Markdown)', async () => {
    const { ws, file } = workspace();
    const c = await start({ folders: [ws], client: { textDocument: { hover: { contentFormat: ['plaintext'] } } } });
    const uri = await c.open(file('src/a.ts'), undefined, 'typescript');
    const hover = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 3 } });
    expect((hover.contents as { kind: string }).kind).toBe('plaintext');
    expect(hoverText(hover)).toContain('src/**/*.ts');
  });

  it('says "1 rule applies" in the singular on a file one rule reaches', async () => {
    const { ws, file } = workspace();
    for (const gone of ['.cursor', '.windsurf', '.xcsh/rules/ts.md']) fs.rmSync(file(gone), { recursive: true, force: true });
    const c = await start({ folders: [ws] });
    const uri = await c.open(file('src/a.ts'), undefined, 'typescript');
    const hover = hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 3 } }));
    expect(hover).toContain(': 1 rule applies**');
    expect(hover).toContain('**always**');
  });

  it('hovers the first line of any file with the rules that apply, and can be switched off', async () => {
    const { ws, file } = workspace();
    const c = await start({ folders: [ws] });
    const uri = await c.open(file('src/a.ts'), undefined, 'typescript');
    const hover = hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 3 } }));
    expect(hover).toContain('3 rules apply');
    expect(hover).toContain('**ts**');
    expect(await c.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 0 } })).toBeNull();
    const rule = await c.open(file('.xcsh/rules/always.md'));
    const onRule = hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri: rule }, position: { line: 0, character: 1 } }));
    expect(onRule).toMatch(/≈\d+ tokens .*sent in every request/);
    const quiet = await start({ folders: [ws], settings: { rules: { forFileHover: false } } });
    const quietUri = await quiet.open(file('src/a.ts'), undefined, 'typescript');
    expect(await quiet.request<Hover | null>('textDocument/hover', { textDocument: { uri: quietUri }, position: { line: 0, character: 3 } })).toBeNull();
  });

  it('reports a glob that matches no file from the file index, with the nearest paths, and drops it when a matching file is created', async () => {
    const { ws, file } = workspace();
    const c = await start({ folders: [ws] });
    await c.waitForDiagnostics(c.uri(file('.xcsh/rules/ts.md')), (d) => byCode(d, 'context/dead-glob').length > 0);
    const uri = await c.open(file('.xcsh/rules/ts.md'));
    const ds = await c.waitForDiagnostics(uri, (d) => byCode(d, 'context/dead-glob').length > 0);
    const dead = byCode(ds, 'context/dead-glob');
    expect(dead).toHaveLength(1);
    // Information, not a warning: the rule's other glob (src/**/*.ts) still matches.
    expect(dead[0].severity).toBe(3);
    expect(dead[0].message).toContain("For the xcsh agent, the glob \"src/componets/**/*.tsx\" matches none of the 8 files of the workspace; the rule's other globs still match.");
    expect(dead[0].message).toContain('"src/componets/**/*.tsx"');
    expect(dead[0].message).toContain('src/ui/button.tsx');
    const line = c.text(uri).split('\n')[2];
    expect(dead[0].range.start).toEqual({ line: 2, character: line.indexOf('src/componets') });

    fs.mkdirSync(file('src/componets'));
    fs.writeFileSync(file('src/componets/card.tsx'), 'export {};\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(file('src/componets/card.tsx')), type: 1 }] });
    await c.waitForDiagnostics(uri, (d) => byCode(d, 'context/dead-glob').length === 0);
  });

  it('drops a dead glob when the matching file is reported created, deleted and created again in one batch (a build writing it twice)', async () => {
    const { ws, file } = workspace();
    const c = await start({ folders: [ws] });
    const uri = c.uri(file('.xcsh/rules/ts.md'));
    await c.waitForDiagnostics(uri, (d) => byCode(d, 'context/dead-glob').length > 0);
    fs.mkdirSync(file('src/componets'));
    fs.writeFileSync(file('src/componets/card.tsx'), 'export {};\n');
    const card = c.uri(file('src/componets/card.tsx'));
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: card, type: 1 }, { uri: card, type: 3 }, { uri: card, type: 1 }] });
    await c.waitForDiagnostics(uri, (d) => byCode(d, 'context/dead-glob').length === 0);
  });

  it('reports a glob two agents find dead once, naming both agents', async () => {
    const { ws, file } = workspace();
    fs.writeFileSync(file('.cursor/rules/gone.mdc'), '---\ndescription: Legacy widgets\nglobs: ["src/widgets/**/*.tsx"]\nalwaysApply: false\n---\nUse the old widget API.\n');
    const c = await start({ folders: [ws] });
    const uri = await c.open(file('.cursor/rules/gone.mdc'));
    const ds = await c.waitForDiagnostics(uri, (d) => byCode(d, 'context/dead-glob').length > 0);
    const dead = byCode(ds, 'context/dead-glob');
    expect(dead.map((d) => d.message)).toEqual([expect.stringContaining('The xcsh agent and Cursor never attach this rule by its globs: "src/widgets/**/*.tsx" matches none of the')]);
    expect(dead[0].severity).toBe(2);
  });

  it('shows drift between the Cursor and Windsurf copies, and copies one body over the other with the target frontmatter', async () => {
    const { ws, file } = workspace();
    const c = await start({ folders: [ws] });
    // Pushed for the copy that is not open too: drift is a fact of the workspace.
    const closed = await c.waitForDiagnostics(c.uri(file('.windsurf/rules/shared.md')), (d) => byCode(d, 'context/drift').length > 0);
    expect(byCode(closed, 'context/drift')[0].message).toContain('- Indent with spaces.\n+ Indent with tabs.');
    const uri = await c.open(file('.cursor/rules/shared.mdc'));
    const ds = await c.waitForDiagnostics(uri, (d) => byCode(d, 'context/drift').length > 0);
    const drift = byCode(ds, 'context/drift')[0];
    expect(drift.severity).toBe(3);
    expect(drift.message).toContain('- Indent with tabs.\n+ Indent with spaces.');
    expect(drift.relatedInformation?.[0].location.uri).toBe(c.uri(file('.windsurf/rules/shared.md')));
    const actions = await c.codeActions(uri, drift.range);
    const copy = actions.find((a) => a.title.startsWith('Copy this body to .windsurf/rules/shared.md'))!;
    expect(copy).toBeDefined();
    await c.applyCodeAction(copy);
    expect(fs.readFileSync(file('.windsurf/rules/shared.md'), 'utf8')).toBe('---\ntrigger: always_on\ndescription: Formatting\n---\nIndent with tabs.\nKeep lines under 100 characters.\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(file('.windsurf/rules/shared.md')), type: 2 }] });
    await c.waitForDiagnostics(uri, (d) => byCode(d, 'context/drift').length === 0);
    await c.waitForDiagnostics(c.uri(file('.windsurf/rules/shared.md')), (d) => byCode(d, 'context/drift').length === 0);
  });

  it('copies only the body: a copy scoped by globs stays scoped, its frontmatter as written', async () => {
    const { ws, file } = workspace();
    const scoped = '---\ndescription: Formatting for TypeScript\nglobs: src/**/*.ts\nalwaysApply: false\n---\nIndent with tabs.\n';
    fs.writeFileSync(file('.cursor/rules/shared.mdc'), scoped);
    const c = await start({ folders: [ws] });
    const uri = await c.open(file('.windsurf/rules/shared.md'));
    const drift = byCode(await c.waitForDiagnostics(uri, (d) => byCode(d, 'context/drift').length > 0), 'context/drift')[0];
    const actions = await c.codeActions(uri, drift.range);
    const copy = actions.find((a) => a.title === 'Copy this body to .cursor/rules/shared.mdc (its frontmatter kept)')!;
    expect(copy).toBeDefined();
    await c.applyCodeAction(copy);
    expect(fs.readFileSync(file('.cursor/rules/shared.mdc'), 'utf8')).toBe('---\ndescription: Formatting for TypeScript\nglobs: src/**/*.ts\nalwaysApply: false\n---\nIndent with spaces.\nKeep lines under 100 characters.\n');
    // The other way, into the open buffer: the Windsurf copy stays always on.
    const here = actions.find((a) => a.title === 'Copy the body of .cursor/rules/shared.mdc here (this frontmatter kept)')!;
    expect(here.edit).toBeDefined();
  });

  it('copies a body between a CRLF copy and an LF one in the line breaks of the file written', async () => {
    const crlf = '---\r\ndescription: Formatting\r\nalwaysApply: true\r\n---\r\nIndent with spaces.\r\nKeep lines short.\r\n';
    for (const direction of ['here', 'there'] as const) {
      const { ws, file } = workspace();
      fs.writeFileSync(file('.cursor/rules/shared.mdc'), crlf);
      const c = await start({ folders: [ws] });
      const uri = await c.open(file('.windsurf/rules/shared.md'));
      const drift = byCode(await c.waitForDiagnostics(uri, (d) => byCode(d, 'context/drift').length > 0), 'context/drift')[0];
      const actions = await c.codeActions(uri, drift.range);
      if (direction === 'here') {
        // The CRLF copy's body into the LF buffer: no CR comes with it.
        await c.applyCodeAction(actions.find((a) => a.title === 'Copy the body of .cursor/rules/shared.mdc here (this frontmatter kept)')!);
        expect(c.text(uri)).not.toContain('\r');
        expect(c.text(uri)).toContain('---\nIndent with spaces.\nKeep lines short.\n');
      } else {
        // The LF body into the CRLF file: every line break CRLF.
        await c.applyCodeAction(actions.find((a) => a.title === 'Copy this body to .cursor/rules/shared.mdc (its frontmatter kept)')!);
        const written = fs.readFileSync(file('.cursor/rules/shared.mdc'), 'utf8');
        expect(written).toContain('---\r\nIndent with spaces.\r\nKeep lines under 100 characters.\r\n');
        expect(written.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      }
    }
  });

  // Issue 13 item 8: an edit of a file that is not open carries no version; made when the menu was shown, it would land on whatever the disk holds later.
  const copied = '---\ntrigger: always_on\ndescription: Formatting\n---\nIndent with tabs.\nKeep lines under 100 characters.\n';
  const grownOnDisk = '---\ntrigger: always_on\ndescription: Formatting\n---\nIndent with spaces.\nKeep lines under 100 characters.\nPrefer early returns.\nName things for what they hold.\n';
  /** Opens the Cursor copy and returns the actions offered on its drift finding. */
  async function driftActions(c: Awaited<ReturnType<typeof start>>, file: (rel: string) => string): Promise<{ uri: string; actions: CodeAction[] }> {
    const uri = await c.open(file('.cursor/rules/shared.mdc'));
    const drift = byCode(await c.waitForDiagnostics(uri, (d) => byCode(d, 'context/drift').length > 0), 'context/drift')[0];
    return { uri, actions: await c.codeActions(uri, drift.range) };
  }

  it('makes the copy to a closed file when the action is chosen, so a disk change after the menu is not half overwritten', async () => {
    const { ws, file } = workspace();
    const c = await start({ folders: [ws] });
    const { actions } = await driftActions(c, file);
    const copy = actions.find((a) => a.title.startsWith('Copy this body to .windsurf/rules/shared.md'))!;
    expect(copy.edit).toBeUndefined();
    expect(copy.data).toMatchObject({ feature: 'rules-context', target: file('.windsurf/rules/shared.md') });
    fs.writeFileSync(file('.windsurf/rules/shared.md'), grownOnDisk);
    await c.applyCodeAction(copy);
    expect(fs.readFileSync(file('.windsurf/rules/shared.md'), 'utf8')).toBe(copied);
  });

  it('refuses a copy chosen after the rule it copies from was edited', async () => {
    const { ws, file } = workspace();
    const c = await start({ folders: [ws] });
    const { uri, actions } = await driftActions(c, file);
    const copy = actions.find((a) => a.title.startsWith('Copy this body to'))!;
    await c.setText(uri, c.text(uri).replace('tabs', 'two tabs'));
    const resolved = await c.request<CodeAction>('codeAction/resolve', copy);
    expect(resolved.edit).toBeUndefined();
    expect(resolved.disabled?.reason).toContain('changed since the action was offered');
    expect(fs.readFileSync(file('.windsurf/rules/shared.md'), 'utf8')).toContain('Indent with spaces.');
  });

  it('copies through agentls.rules.copyBody for editors that cannot resolve an edit, reading the target when it runs', async () => {
    const { ws, file } = workspace();
    const { resolveSupport: _dropped, ...codeAction } = VSCODE_LIKE.textDocument!.codeAction!;
    const c = await start({ folders: [ws], client: { ...VSCODE_LIKE, textDocument: { ...VSCODE_LIKE.textDocument, codeAction } } });
    const { uri, actions } = await driftActions(c, file);
    const copy = actions.find((a) => a.title.startsWith('Copy this body to .windsurf/rules/shared.md'))!;
    expect(copy.command).toMatchObject({ command: 'agentls.rules.copyBody', arguments: [{ from: uri, to: c.uri(file('.windsurf/rules/shared.md')) }] });
    // The other direction edits the open document: inline and versioned.
    const here = actions.find((a) => a.title.startsWith('Copy the body of .windsurf/rules/shared.md here'))!;
    expect(here.edit?.documentChanges?.[0]).toMatchObject({ textDocument: { uri, version: expect.any(Number) } });
    fs.writeFileSync(file('.windsurf/rules/shared.md'), grownOnDisk);
    await c.applyCodeAction(copy);
    expect(fs.readFileSync(file('.windsurf/rules/shared.md'), 'utf8')).toBe(copied);
    // A path that is not a rule file is refused, and nothing is written.
    const result = await c.executeCommand('agentls.rules.copyBody', [{ from: uri, to: c.uri(file('src/a.ts')) }]);
    expect(result).toMatchObject({ applied: false, reason: expect.stringContaining('not a rule file') });
  });

  it('warns past Windsurf\'s size limit and over the token budget', async () => {
    const { ws, file } = workspace();
    fs.writeFileSync(file('.windsurf/rules/big.md'), '---\ntrigger: always_on\n---\n' + 'Write small functions.\n'.repeat(600));
    const c = await start({ folders: [ws], settings: { rules: { budgetTokens: 50 } } });
    const big = await c.open(file('.windsurf/rules/big.md'));
    const ds = await c.waitForDiagnostics(big, (d) => byCode(d, 'rule/too-long').length > 0 && byCode(d, 'context/over-budget').length > 0);
    // One finding for the length, from the Windsurf model: rules in context no longer repeats it.
    const length = ds.filter((d) => d.code === 'rule/too-long' || d.code === 'context/over-limit');
    expect(length.map((d) => [d.code, d.severity])).toEqual([['rule/too-long', 1]]);
    expect(length[0].message).toContain('12,000');
    expect(length[0].message).toContain('docs.windsurf.com');
    expect(length[0].range.start.line).toBe(3 + Math.floor((12_000 - 27) / 23));
    // Windsurf applies the big file always, so for Windsurf it is sent in every request; the
    // seed agent ignores Windsurf's trigger, and for it only the always-on rules are.
    const windsurfBudget = byCode(ds, 'context/over-budget');
    expect(windsurfBudget.map((d) => d.message)).toEqual([expect.stringMatching(/^Windsurf sends ≈\d+ tokens .* this always-on rule is ≈\d+ of them\.$/)]);
    const always = await c.open(file('.xcsh/rules/always.md'));
    const onAlways = await c.waitForDiagnostics(always, (d) => byCode(d, 'context/over-budget').length > 0);
    expect(byCode(onAlways, 'context/over-budget')[0].message).toMatch(/^The xcsh agent sends ≈\d+ tokens .* over agentls\.rules\.budgetTokens \(50\); this always-on rule is ≈\d+ of them\.$/);
  });

  it('converts a rule for another tool with agentls.rules.convert', async () => {
    const { ws, file } = workspace();
    const c = await start({ folders: [ws] });
    await c.executeCommand('agentls.rules.convert', [{ uri: c.uri(file('.xcsh/rules/ts.md')), to: 'windsurf' }]);
    expect(fs.readFileSync(file('.windsurf/rules/ts.md'), 'utf8')).toBe(
      '---\ntrigger: model_decision\ndescription: TypeScript and component style\nglobs:\n  - "src/**/*.ts"\n  - "src/componets/**/*.tsx"\n---\nTwo-space indentation; named exports only.\n',
    );
    await c.executeCommand('agentls.rules.convert', [{ uri: c.uri(file('.xcsh/rules/ts.md')), to: 'windsurf' }]);
    await c.waitFor('a refusal', () => c.shownMessages.some((m) => m.message.includes('not overwritten')));
  });

  it('converts into the project .xcsh/rules whatever piConfigDir says (it renames the user-level folder only)', async () => {
    const { ws, file } = workspace();
    const c = await start({ folders: [ws], settings: { rules: { piConfigDir: '.custom-config' } } });
    await c.executeCommand('agentls.rules.convert', [{ uri: c.uri(file('.cursor/rules/shared.mdc')), to: 'native' }]);
    await c.waitFor('the conversion to be written', () => fs.existsSync(file('.xcsh/rules/shared.md')));
    expect(fs.existsSync(file('.custom-config'))).toBe(false);
  });

  it("reports dead globs of Copilot's applyTo and Claude Code's paths in the editor as agentls check does, closed and open, and drops them when a file matches", async () => {
    const { ws, file } = workspace();
    fs.mkdirSync(file('.github/instructions'), { recursive: true });
    fs.writeFileSync(file('.github/instructions/e2e.instructions.md'), '---\napplyTo: "e2e/**/*.spec.ts"\n---\nUse Playwright fixtures.\n');
    fs.writeFileSync(file('.github/instructions/ts.instructions.md'), '---\napplyTo: "src/**/*.ts"\n---\nStrict types.\n');
    fs.mkdirSync(file('.claude/rules'), { recursive: true });
    fs.writeFileSync(file('.claude/rules/py.md'), "---\npaths: ['scripts/**/*.py']\n---\nType hints.\n");
    const c = await start({ folders: [ws] });
    // Pushed for the closed files, as for the engine's rule files.
    const closed = await c.waitForDiagnostics(c.uri(file('.github/instructions/e2e.instructions.md')), (d) => byCode(d, 'context/dead-glob').length > 0);
    expect(byCode(closed, 'context/dead-glob').map((d) => [d.severity, String(d.message).slice(0, String(d.message).indexOf(' matches'))])).toEqual([[2, 'GitHub Copilot never attaches this rule by its globs: "e2e/**/*.spec.ts"']]);
    await c.waitForDiagnostics(c.uri(file('.claude/rules/py.md')), (d) => byCode(d, 'context/dead-glob').some((x) => String(x.message).startsWith('Claude Code never attaches this rule by its globs: "scripts/**/*.py"')));
    // The open buffer is judged as typed: a live glob is quiet, a dead one is placed on the glob.
    const uri = await c.open(file('.github/instructions/ts.instructions.md'));
    expect(byCode(await c.waitForDiagnostics(uri), 'context/dead-glob')).toEqual([]);
    await c.setText(uri, '---\napplyTo: "lib/**/*.ts"\n---\nStrict types.\n');
    const typed = await c.waitForDiagnostics(uri, (d) => byCode(d, 'context/dead-glob').length > 0);
    expect(byCode(typed, 'context/dead-glob')[0].range.start).toEqual({ line: 1, character: 10 });
    // The glob taken out: its finding goes with it (it stayed, past the end of the text).
    await c.setText(uri, 'Strict types.\n');
    await c.waitForDiagnostics(uri, (d) => byCode(d, 'context/dead-glob').length === 0);
    await c.setText(uri, '---\napplyTo: "lib/**/*.ts"\n---\nStrict types.\n');
    await c.waitForDiagnostics(uri, (d) => byCode(d, 'context/dead-glob').length > 0);
    // A file the glob matches appears: the closed file's finding goes.
    fs.mkdirSync(file('e2e'));
    fs.writeFileSync(file('e2e/login.spec.ts'), 'export {};\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(file('e2e/login.spec.ts')), type: 1 }] });
    await c.waitForDiagnostics(c.uri(file('.github/instructions/e2e.instructions.md')), (d) => byCode(d, 'context/dead-glob').length === 0);
  });

  it("judges Cursor's rules in folders inside .cursor/rules and Devin Desktop's .devin/rules, which the xcsh agent's discovery does not list, closed and open, and counts them in rules for a file", async () => {
    const { ws, file } = workspace();
    fs.mkdirSync(file('.cursor/rules/backend'), { recursive: true });
    fs.writeFileSync(file('.cursor/rules/backend/api.mdc'), '---\ndescription: API handlers\nglobs: api/**/*.ts\n---\nValidate input.\n');
    fs.writeFileSync(file('.cursor/rules/backend/always.mdc'), '---\nalwaysApply: true\n---\nLog every request.\n');
    fs.mkdirSync(file('.devin/rules'), { recursive: true });
    fs.writeFileSync(file('.devin/rules/py.md'), '---\ntrigger: glob\nglobs: scripts/**/*.py\n---\nType hints.\n');
    const c = await start({ folders: [ws] });
    const closed = await c.waitForDiagnostics(c.uri(file('.cursor/rules/backend/api.mdc')), (d) => byCode(d, 'context/dead-glob').length > 0);
    expect(byCode(closed, 'context/dead-glob').map((d) => String(d.message).slice(0, String(d.message).indexOf(' matches')))).toEqual(['Cursor never attaches this rule by its globs: "api/**/*.ts"']);
    await c.waitForDiagnostics(c.uri(file('.devin/rules/py.md')), (d) => byCode(d, 'context/dead-glob').some((x) => String(x.message).startsWith('Windsurf never attaches this rule by its globs: "scripts/**/*.py"')));
    const result = await c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(file('src/a.ts')) });
    const cursor = result.agents.filter((a) => a.agent === 'cursor');
    expect(cursor).toHaveLength(1);
    expect(cursor[0].rules.map((r) => [r.name, r.applies])).toEqual(expect.arrayContaining([['backend/api', false], ['backend/always', true]]));
    expect(result.agents.find((a) => a.agent === 'windsurf')?.rules.map((r) => r.name)).toContain('py');
    // Open, the buffer is judged as typed: a glob that matches is quiet.
    const uri = await c.open(file('.cursor/rules/backend/api.mdc'));
    await c.setText(uri, '---\ndescription: API handlers\nglobs: src/**/*.ts\n---\nValidate input.\n');
    await c.waitForDiagnostics(uri, (d) => byCode(d, 'context/dead-glob').length === 0);
    await c.setText(uri, '---\ndescription: API handlers\nglobs: lib/**/*.ts\n---\nValidate input.\n');
    const typed = await c.waitForDiagnostics(uri, (d) => byCode(d, 'context/dead-glob').length > 0);
    expect(byCode(typed, 'context/dead-glob')[0].range.start).toEqual({ line: 2, character: 7 });
  });

  it("shows a nested .cursor/rules folder's rules for the files under it only, and judges their globs, closed and open", async () => {
    const { ws, file } = workspace();
    fs.mkdirSync(file('packages/web/src'), { recursive: true });
    fs.writeFileSync(file('packages/web/src/b.tsx'), 'x\n');
    fs.mkdirSync(file('packages/web/.cursor/rules'), { recursive: true });
    fs.writeFileSync(file('packages/web/.cursor/rules/react.mdc'), '---\nglobs: src/**/*.tsx\n---\nReact.\n');
    fs.writeFileSync(file('packages/web/.cursor/rules/lib.mdc'), '---\nglobs: lib/**/*.ts\n---\nLib.\n');
    const c = await start({ folders: [ws] });
    const closed = await c.waitForDiagnostics(c.uri(file('packages/web/.cursor/rules/lib.mdc')), (d) => byCode(d, 'context/dead-glob').length > 0);
    expect(byCode(closed, 'context/dead-glob').map((d) => String(d.message).slice(0, String(d.message).indexOf(' matches')))).toEqual(['Cursor never attaches this rule by its globs: "lib/**/*.ts"']);
    const web = await c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(file('packages/web/src/b.tsx')) });
    const cursor = web.agents.find((a) => a.agent === 'cursor');
    expect(cursor?.rules.filter((r) => r.path.startsWith('packages/')).map((r) => [r.name, r.applies])).toEqual([
      ['react (packages/web)', true],
      ['lib (packages/web)', false],
    ]);
    const outside = await c.request<RulesForFileResult>('agentls/rulesForFile', { uri: c.uri(file('src/a.ts')) });
    const nested = outside.agents.find((a) => a.agent === 'cursor')?.rules.filter((r) => r.path.startsWith('packages/')) ?? [];
    expect(nested.map((r) => [r.name, r.applies, r.reason])).toEqual([
      ['lib (packages/web)', false, 'in packages/web/.cursor/rules: Cursor applies it only to files under packages/web/'],
      ['react (packages/web)', false, 'in packages/web/.cursor/rules: Cursor applies it only to files under packages/web/'],
    ]);
    // Open, the buffer is judged as typed: read from its folder, src/** matches packages/web/src/b.tsx.
    const uri = await c.open(file('packages/web/.cursor/rules/lib.mdc'));
    await c.setText(uri, '---\nglobs: src/**\n---\nLib.\n');
    await c.waitForDiagnostics(uri, (d) => byCode(d, 'context/dead-glob').length === 0);
  });

  it('does not call a glob dead when it aims into an ignored folder (a build output, git work trees), and judges it again when .gitignore changes', async () => {
    const { ws, file } = workspace();
    fs.writeFileSync(file('.gitignore'), '.worktrees/\ndist/\n');
    fs.mkdirSync(file('.claude/rules'), { recursive: true });
    fs.writeFileSync(file('.claude/rules/worktrees.md'), "---\npaths: ['**/.worktrees/**']\n---\nWork only inside your own work tree.\n");
    fs.mkdirSync(file('.github/instructions'), { recursive: true });
    fs.writeFileSync(file('.github/instructions/ts.instructions.md'), '---\napplyTo: "src/**/*.ts"\n---\nStrict types.\n');
    const c = await start({ folders: [ws] });
    const closed = await c.waitForDiagnostics(c.uri(file('.claude/rules/worktrees.md')), (d) => byCode(d, 'context/dead-glob').length > 0);
    expect(byCode(closed, 'context/dead-glob').map((d) => [d.severity, d.message])).toEqual([
      [3, 'For Claude Code, the glob "**/.worktrees/**" aims into .worktrees/, which is ignored (.gitignore, .ignore, search.exclude or node_modules): no file there matches it now, and ignored files are made by builds and tools, so it is not called dead.'],
    ]);
    // Typed in an open buffer: a glob into the ignored build output is judged the same way.
    const uri = await c.open(file('.github/instructions/ts.instructions.md'));
    await c.setText(uri, '---\napplyTo: "dist/**/*.js"\n---\nStrict types.\n');
    const typed = await c.waitForDiagnostics(uri, (d) => byCode(d, 'context/dead-glob').length > 0);
    expect(byCode(typed, 'context/dead-glob').map((d) => [d.severity, String(d.message).slice(0, 62)])).toEqual([[3, 'For GitHub Copilot, the glob "dist/**/*.js" aims into dist/, w']]);
    // dist/ no longer ignored (and no file there): the glob matches nothing, and that is said.
    fs.writeFileSync(file('.gitignore'), '.worktrees/\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(file('.gitignore')), type: 2 }] });
    const judged = await c.waitForDiagnostics(uri, (d) => byCode(d, 'context/dead-glob').some((x) => x.severity === 2));
    expect(byCode(judged, 'context/dead-glob').map((d) => String(d.message).slice(0, String(d.message).indexOf(' matches')))).toEqual(['GitHub Copilot never attaches this rule by its globs: "dist/**/*.js"']);
    // Ignored again: not called dead.
    fs.writeFileSync(file('.gitignore'), '.worktrees/\ndist/\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(file('.gitignore')), type: 2 }] });
    await c.waitForDiagnostics(uri, (d) => byCode(d, 'context/dead-glob').some((x) => x.severity === 3));
    // A build fills dist/ while it is ignored: the file on disk is one the agent may be shown, so the glob lives, with no finding.
    fs.mkdirSync(file('dist'));
    fs.writeFileSync(file('dist/app.js'), 'export {};\n');
    // (Events of ignored files are dropped where they arrive: it is seen when the globs are judged again, here on the ignore file's change.)
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(file('.gitignore')), type: 2 }, { uri: c.uri(file('dist/app.js')), type: 1 }] });
    await c.waitForDiagnostics(uri, (d) => byCode(d, 'context/dead-glob').length === 0);
    // The folder deleted, the glob is looked for again and aims into an ignored folder once more.
    fs.rmSync(file('dist'), { recursive: true });
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(file('dist')), type: 3 }] });
    await c.waitForDiagnostics(uri, (d) => byCode(d, 'context/dead-glob').some((x) => x.severity === 3));
    fs.mkdirSync(file('dist'));
    fs.writeFileSync(file('dist/app.js'), 'export {};\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(file('.gitignore')), type: 2 }] });
    await c.waitForDiagnostics(uri, (d) => byCode(d, 'context/dead-glob').length === 0);
    // Un-ignored, its files are indexed and the glob still lives.
    fs.writeFileSync(file('.gitignore'), '.worktrees/\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(file('.gitignore')), type: 2 }] });
    await c.waitForDiagnostics(uri, (d) => byCode(d, 'context/dead-glob').length === 0);
  });

  it('publishes a glob typed in an open buffer with its finding the first time, not without it and then with it', async () => {
    const { ws, file } = workspace();
    fs.writeFileSync(file('.gitignore'), 'dist/\n');
    fs.mkdirSync(file('.github/instructions'), { recursive: true });
    fs.writeFileSync(file('.github/instructions/ts.instructions.md'), '---\napplyTo: "nowhere/**/*.ts"\n---\nStrict types.\n');
    const c = await start({ folders: [ws], client: 'helix' });
    const uri = await c.open(file('.github/instructions/ts.instructions.md'));
    // The index has answered once the dead glob of the opened text is published.
    await c.waitForDiagnostics(uri, (d) => byCode(d, 'context/dead-glob').length > 0);
    const typed: [string, number][] = [
      ['dist/**/*.js', 3],
      ['lib/**/*.js', 2],
    ];
    for (const [glob, severity] of typed) {
      await c.setText(uri, `---\napplyTo: "${glob}"\n---\nStrict types.\n`);
      const version = c.version(uri);
      await c.waitForDiagnostics(uri, (d) => byCode(d, 'context/dead-glob').some((x) => x.severity === severity && String(x.message).includes(glob)));
      const publishes = c.diagnosticsLog.filter((p) => p.uri === uri && p.version === version);
      expect(publishes.map((p) => byCode(p.diagnostics, 'context/dead-glob').map((d) => d.severity))).toEqual(publishes.map(() => [severity]));
    }
  });

  it('judges a glob again when search.exclude changes, when a .gitignore that ignores itself changes, and when .git/info/exclude does', async () => {
    const { ws, file } = workspace();
    fs.writeFileSync(file('.gitignore'), '.gitignore\n');
    fs.mkdirSync(file('.github/instructions'), { recursive: true });
    fs.writeFileSync(file('.github/instructions/gen.instructions.md'), '---\napplyTo: "gen/**/*.ts"\n---\nDo not edit generated code.\n');
    const c = await start({ folders: [ws] });
    const rule = c.uri(file('.github/instructions/gen.instructions.md'));
    const dead = (d: { severity?: number }[]) => byCode(d as never, 'context/dead-glob').map((x) => (x as { severity?: number }).severity);
    await c.waitForDiagnostics(rule, (d) => dead(d).join() === '2');
    // The user leaves gen/ out of the search: the glob aims into an excluded folder, which is not judged.
    await c.changeSettings({ search: { exclude: ['gen'] } });
    const excluded = await c.waitForDiagnostics(rule, (d) => dead(d).join() === '3');
    expect(String(byCode(excluded, 'context/dead-glob')[0].message)).toContain('aims into gen/, which is ignored');
    await c.changeSettings({ search: { exclude: [] } });
    await c.waitForDiagnostics(rule, (d) => dead(d).join() === '2');
    // The .gitignore lists itself (it stays out of git): a change to it still changes what is ignored.
    fs.writeFileSync(file('.gitignore'), '.gitignore\ngen/\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(file('.gitignore')), type: 2 }] });
    await c.waitForDiagnostics(rule, (d) => dead(d).join() === '3');
    // The repository's own excludes, in .git/info/exclude, count as the root's rules.
    fs.writeFileSync(file('.gitignore'), '.gitignore\n');
    fs.mkdirSync(file('.git/info'), { recursive: true });
    fs.writeFileSync(file('.git/info/exclude'), 'gen/\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(file('.gitignore')), type: 2 }, { uri: c.uri(file('.git/info/exclude')), type: 1 }] });
    await c.waitForDiagnostics(rule, (d) => dead(d).join() === '3');
    fs.writeFileSync(file('.git/info/exclude'), '# nothing\n');
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(file('.git/info/exclude')), type: 2 }] });
    await c.waitForDiagnostics(rule, (d) => dead(d).join() === '2');
    // The index never takes a file of .git: asked of the complete index (an answer from part of the tree would find nothing either way).
    expect((await completeAnswer(c, 'exclude')).candidates.map((x) => x.path)).not.toContain('.git/info/exclude');
  });
});
