import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic, Hover, MarkupContent } from 'vscode-languageserver/node';
import { builtCli } from '../../helpers/cliWithHome';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

/**
 * GitHub Copilot prompt files (`.github/prompts/*.prompt.md`) through the real server: their
 * first line says what Copilot does with them (a slash command run on demand, not a rule),
 * their keys hover with what Copilot does with each, completion offers the documented keys
 * and values, and diagnostics say only what the docs make certain.
 */
const start = useLspClients(afterEach);
const hoverText = (h: Hover | null) => (h?.contents as MarkupContent | undefined)?.value ?? '';
const ours = (ds: Diagnostic[]) => ds.filter((d) => String(d.code).startsWith('frontmatter/'));

const REVIEW = "---\ndescription: 'Review a pull request'\nmode: agent\ntools: githubRepo\ncolour: red\n---\nReview the pull request.\n";
const CLEAN = "---\nname: explain\ndescription: 'Explain the code'\nargument-hint: 'the code to explain'\nagent: ask\nmodel: GPT-4o\ntools: ['search/codebase', 'my-mcp/*']\n---\nExplain ${selection}.\n";

describe('Copilot prompt files over LSP', () => {
  it('hovers the first line as a prompt run with /name, and each documented key with what Copilot does with it', async () => {
    const ws = writeTree(tempDir(), { '.github/prompts/review.prompt.md': REVIEW, '.github/prompts/explain.prompt.md': CLEAN, 'src/a.ts': 'export {};\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = await c.open(path.join(ws, '.github/prompts/review.prompt.md'));
    const first = hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } }));
    expect(first).toContain('**GitHub Copilot prompt file**: run on demand by typing `/review` in Copilot Chat');
    expect(first).toContain('It is not a rule');
    expect(first).not.toMatch(/rules? apply/);
    const mode = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 1 } });
    expect(hoverText(mode)).toContain('The earlier name of `agent`');
    expect(mode.range).toEqual({ start: { line: 2, character: 0 }, end: { line: 2, character: 4 } });
    const description = hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 3 } }));
    expect(description).toContain('shown beside its name when you type `/` in chat');

    // `name` is the slash command when given.
    const explain = await c.open(path.join(ws, '.github/prompts/explain.prompt.md'));
    const named = hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri: explain }, position: { line: 0, character: 0 } }));
    expect(named).toContain('typing `/explain`');
    expect(named).toContain('- `agent`: ask');
  });

  it('reports a tools value that is not a list (warning) and keys the docs do not list (information); a documented file gets nothing', async () => {
    const ws = writeTree(tempDir(), { '.github/prompts/review.prompt.md': REVIEW, '.github/prompts/explain.prompt.md': CLEAN });
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = await c.open(path.join(ws, '.github/prompts/review.prompt.md'));
    const ds = ours(await c.waitForDiagnostics(uri, (all) => ours(all).length === 3));
    expect(ds.map((d) => [d.code, d.severity, d.range.start.line])).toEqual([
      ['frontmatter/unknown-key', 3, 2],
      ['frontmatter/wrong-type', 2, 3],
      ['frontmatter/unknown-key', 3, 4],
    ]);
    expect(ds[1].message).toContain('GitHub Copilot takes `tools` as a list of names');
    expect(ds[2].message).toContain("GitHub Copilot's prompt-file docs do not list `colour`");
    const clean = await c.open(path.join(ws, '.github/prompts/explain.prompt.md'));
    expect(await c.waitForDiagnostics(clean)).toEqual([]);
  });

  it('reports broken YAML as other rule files get it, naming Copilot', async () => {
    const ws = writeTree(tempDir(), { '.github/prompts/fix.prompt.md': "---\ndescription: 'Fix the bug\nagent: agent\n---\nFix it.\n" });
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = await c.open(path.join(ws, '.github/prompts/fix.prompt.md'));
    const [d] = (await c.waitForDiagnostics(uri, (all) => all.some((x) => x.code === 'frontmatter/yaml-error'))).filter((x) => x.code === 'frontmatter/yaml-error');
    expect(d.severity).toBe(2);
    expect(d.message).toContain('GitHub Copilot does not document how it reads such a file');
  });

  it('completes the documented keys and the built-in agents', async () => {
    const ws = writeTree(tempDir(), { '.github/prompts/new.prompt.md': '---\ndescription: x\n\nagent: \n---\nDo it.\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = await c.open(path.join(ws, '.github/prompts/new.prompt.md'));
    const keys = await c.completion(uri, { line: 2, character: 0 });
    expect(keys.items.map((i) => i.label)).toEqual(['name', 'argument-hint', 'model', 'tools']);
    const values = await c.completion(uri, { line: 3, character: 7 });
    expect(values.items.map((i) => i.label)).toEqual(['ask', 'agent', 'plan']);
  });

  // An agentls prompt document (it holds `file_references`) over the 2 MiB a rule file is read up to: the server and `agentls check`
  // both call it a prompt document too large to check, never a GitHub Copilot prompt file agentls cannot read.
  it('calls a prompt document over 2 MiB in .github/prompts too large to check, not an unreadable Copilot prompt file', async () => {
    let big = '---\nfile_references:\n  a: src/a.ts\n---\nSee <@file:a|src/a.ts>.\n';
    while (big.length < 2.2 * 1024 * 1024) big += 'a line of the prompt that goes on and on\n';
    const ws = writeTree(tempDir(), { '.github/prompts/big.prompt.md': big, 'src/a.ts': 'export {};\n', '.git/HEAD': 'ref: refs/heads/main\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = await c.open(path.join(ws, '.github/prompts/big.prompt.md'));
    const served = await c.waitForDiagnostics(uri, (all) => all.length > 0);
    expect(served.map((d) => d.code)).toEqual(['ref/too-large']);
    const checked = builtCli(['check', '--format', 'json'], { cwd: ws, root: ws });
    const findings = JSON.parse(checked.stdout).diagnostics as { code: string; message: string }[];
    expect(findings.map((f) => f.code)).toEqual(['ref/too-large']);
    expect(findings[0].message).toContain('this prompt document has');
    expect(checked.stdout).not.toContain('GitHub Copilot prompt file');
  });
});
