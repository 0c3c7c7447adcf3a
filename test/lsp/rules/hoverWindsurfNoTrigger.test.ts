import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir } from '../../helpers/repo';
import { windsurfNoTriggerTree } from '../../helpers/windsurfNoTrigger';

const start = useLspClients(afterEach);
const hoverText = (h: Hover | null) => (h?.contents as MarkupContent | undefined)?.value ?? '';

/**
 * Windsurf's docs describe no rule without `trigger` (agents/windsurf.ts): the first-line
 * hover says what agentls takes it for as a likelihood, and says it plainly of `trigger: manual`.
 */
describe('the first-line hover of a Windsurf rule', () => {
  it('without trigger: "most likely" applied only when @-mentioned; with trigger: manual, said plainly', async () => {
    const ws = windsurfNoTriggerTree();
    const c = await start({ folders: [ws], home: tempDir('agentls-home-') });
    const first = async (rel: string) => {
      const uri = await c.open(path.join(ws, rel));
      await c.waitForDiagnostics(uri);
      return hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } }));
    };
    expect(await first('.windsurf/rules/none.md')).toContain("Windsurf most likely applies this rule only when it is @-mentioned: it has no `trigger`, and Windsurf's docs do not say what a rule without one does.");
    expect(await first('.windsurf/rules/manual.md')).toContain('Windsurf applies this rule only when it is @-mentioned (`trigger: manual`).');
  });
});
