import type { Diagnostic } from 'vscode-languageserver/node';
import { delay, type LspTestClient } from '../helpers/lspClient';

/** Diagnostics as the editor gets them: pulled when the server offers pull (VS Code), else pushed. */
export async function diagnosticsOf(c: LspTestClient, uri: string, predicate: (d: Diagnostic[]) => boolean = () => true, timeoutMs = 10_000): Promise<Diagnostic[]> {
  if (!c.initializeResult.capabilities.diagnosticProvider) return c.waitForDiagnostics(uri, predicate, timeoutMs);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const report = await c.request<{ items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } });
    if (predicate(report.items)) return report.items;
    if (Date.now() > deadline) throw new Error(`diagnostics of ${uri} never matched: ${JSON.stringify(report.items)}`);
    await delay(50);
  }
}
