import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompletionList } from 'vscode-languageserver/node';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { hoverText } from '../../helpers/hover';
import { type LspTestClient, useLspClients } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';

/**
 * Kiro's steering files (`.kiro/steering/*.md`, rules/agents/kiro.ts) through the real server:
 * diagnostics naming Kiro, `agentls/rulesForFile`, the first-line hover, glob completion after
 * `fileMatchPattern:`, and a steering file created on disk once the client reports it.
 */
const start = useLspClients(afterEach);

const SOURCES = { '.git/HEAD': 'ref: refs/heads/main\n', 'src/components/Button.tsx': 'x\n', 'src/lib/a.ts': 'x\n' };

async function kiroApplying(c: LspTestClient, uri: string): Promise<string[]> {
  const r = await c.request<RulesForFileResult>('agentls/rulesForFile', { uri });
  return (r.agents.find((a) => a.agent === 'kiro')?.rules ?? []).filter((x) => x.applies).map((x) => x.path);
}

describe('Kiro steering files in the server', () => {
  it('says an inclusion Kiro does not know and fileMatch without a pattern, and nothing on a correct file', async () => {
    const ws = writeTree(tempDir(), {
      ...SOURCES,
      '.kiro/steering/value.md': '---\ninclusion: alwayss\n---\n# A\n',
      '.kiro/steering/nopattern.md': '---\ninclusion: fileMatch\n---\n# B\n',
      '.kiro/steering/good.md': '---\ninclusion: fileMatch\nfileMatchPattern: "src/**/*.tsx"\n---\n# C\n',
    });
    const c = await start({ folders: [ws] });
    const value = await c.open(path.join(ws, '.kiro/steering/value.md'));
    const bad = await c.waitForDiagnostics(value, (d) => d.some((x) => x.code === 'frontmatter/invalid-value'));
    expect(bad.find((x) => x.code === 'frontmatter/invalid-value')!.message).toContain('Kiro knows no inclusion "alwayss"');
    const none = await c.open(path.join(ws, '.kiro/steering/nopattern.md'));
    await c.waitForDiagnostics(none, (d) => d.some((x) => x.code === 'rule/inactive' && String(x.message).includes('inclusion: fileMatch needs a `fileMatchPattern`')));
    // Opened with an empty pattern, which the server warns of; once the buffer is made right, the set
    // published for that version (the client keeps only the current version's) is the server's judgement of it.
    const goodText = '---\ninclusion: fileMatch\nfileMatchPattern: "src/**/*.tsx"\n---\n# C\n';
    const good = await c.open(path.join(ws, '.kiro/steering/good.md'), goodText.replace('"src/**/*.tsx"', '""'));
    await c.waitForDiagnostics(good, (d) => d.some((x) => x.code === 'rule/inactive'));
    await c.setText(good, goodText);
    expect(await c.waitForDiagnostics(good)).toEqual([]);
    expect(await hoverText(c, good, 0, 1)).toContain('Kiro');
  });

  it('lists the steering files Kiro includes for a file, and one created on disk once it is reported', async () => {
    const ws = writeTree(tempDir(), { ...SOURCES, '.kiro/steering/tech.md': '---\ninclusion: always\n---\n# Tech\n' });
    const c = await start({ folders: [ws] });
    const button = c.uri(path.join(ws, 'src/components/Button.tsx'));
    await until('Kiro\'s always file', () => kiroApplying(c, button), (p) => p.includes('.kiro/steering/tech.md'));
    writeTree(ws, { '.kiro/steering/components.md': '---\ninclusion: fileMatch\nfileMatchPattern: "src/components/**"\n---\n# Components\n' });
    await c.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: c.uri(path.join(ws, '.kiro/steering/components.md')), type: 1 }] });
    await until('the created steering file listed', () => kiroApplying(c, button), (p) => p.includes('.kiro/steering/components.md'));
  });

  it("says a fileMatch steering file of the user's ~/.kiro/steering is most likely never included, in rulesForFile", async () => {
    const ws = writeTree(tempDir(), SOURCES);
    const home = writeTree(tempDir(), { '.kiro/steering/global.md': '---\ninclusion: fileMatch\nfileMatchPattern: "src/**/*.tsx"\n---\n# G\n' });
    const c = await start({ folders: [ws], home });
    const button = c.uri(path.join(ws, 'src/components/Button.tsx'));
    const said = "Kiro's issue tracker reports fileMatch does not trigger for user-level steering files (#9176, #5027)";
    // Asked until the server lists the user's file for Kiro, whatever it says of it.
    const listed = (r: RulesForFileResult) => r.agents.find((a) => a.agent === 'kiro')?.rules.find((x) => x.path.endsWith('global.md'));
    const r = await until("the user's steering file listed", () => c.request<RulesForFileResult>('agentls/rulesForFile', { uri: button }), (x) => listed(x) !== undefined);
    const global = listed(r)!;
    expect(global.applies).toBe(false);
    expect(global.reason).toContain(said);
  });

  it('warns of an auto steering file without a description, and its hover says Kiro has nothing to decide from', async () => {
    const ws = writeTree(tempDir(), { ...SOURCES, '.kiro/steering/nodesc.md': '---\ninclusion: auto\nname: api\n---\n# API\n' });
    const c = await start({ folders: [ws] });
    const uri = await c.open(path.join(ws, '.kiro/steering/nodesc.md'));
    await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'rule/inactive' && String(x.message).startsWith('inclusion: auto needs a `description`')));
    expect(await hoverText(c, uri, 0, 1)).toContain('Kiro decides from the file\'s `description`, and there is none');
  });

  it('completes globs after fileMatchPattern:', async () => {
    const ws = writeTree(tempDir(), { ...SOURCES, '.kiro/steering/ui.md': '---\ninclusion: fileMatch\nfileMatchPattern: "src/\n---\n# UI\n' });
    const c = await start({ folders: [ws], client: 'vscode' });
    const uri = await c.open(path.join(ws, '.kiro/steering/ui.md'));
    const at = { line: 2, character: 'fileMatchPattern: "src/'.length };
    const list = await until('a complete glob completion', () => c.completion(uri, at), (l: CompletionList) => !l.isIncomplete && l.items.length > 0, 15_000);
    expect(list.items.map((i) => i.label)).toContain('src/components/');
  });
});
