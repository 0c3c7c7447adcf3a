import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';
import { serverRulesFor } from '../../helpers/rulesFor';

/**
 * What Codex reads of the AGENTS.md files (its guide, developers.openai.com/codex/guides/agents-md),
 * through the real server: an AGENTS.override.md beside an AGENTS.md.
 */
const start = useLspClients(afterEach);
const codeOf = (code: string) => (d: Diagnostic[]) => d.filter((x) => x.code === code);
const codexApplying = (r: RulesForFileResult) => (r.agents.find((a) => a.agent === 'codex')?.rules ?? []).filter((x) => x.applies).map((x) => x.path);

describe('Codex and AGENTS.override.md, in the server', () => {
  it('says on the closed AGENTS.md that Codex reads the override instead, and lists the override for Codex', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', 'AGENTS.md': 'Root rules.\n', 'AGENTS.override.md': 'Override for now.\n', 'src/a.ts': 'export {};\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const said = codeOf('context/codex-overridden')(await c.waitForDiagnostics(c.uri(path.join(ws, 'AGENTS.md')), (d) => codeOf('context/codex-overridden')(d).length > 0));
    expect(said.map((d) => [d.severity, d.range.start.line, String(d.message).slice(0, 80)])).toEqual([[3, 0, 'Codex does not read this file: it reads AGENTS.override.md beside it instead (in']]);
    const forFile = await serverRulesFor(c, c.uri(path.join(ws, 'src/a.ts')));
    expect(codexApplying(forFile)).toEqual(['AGENTS.override.md']);
  });
});

describe("Codex's default 32 KiB, in the server", () => {
  it('warns on the closed AGENTS.md where the chain is cut, in a project with a .codex folder', async () => {
    const line = `${'x'.repeat(99)}\n`;
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.codex/config.toml': '', 'AGENTS.md': line.repeat(200), 'packages/api/AGENTS.md': line.repeat(200), 'packages/api/x.ts': 'export {};\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const over = codeOf('context/codex-over-limit');
    const said = over(await c.waitForDiagnostics(c.uri(path.join(ws, 'packages/api/AGENTS.md')), (d) => over(d).length > 0));
    // 12,768 bytes of it are sent: 127 lines and 68 characters.
    expect(said.map((d) => [d.severity, d.range.start])).toEqual([[2, { line: 127, character: 68 }]]);
    expect(String(said[0].message)).toContain("Codex's default limit of 32 KiB");
  });
});
