import type { Diagnostic } from 'vscode-languageserver/node';
import type { LspTestClient } from '../helpers/lspClient';

/**
 * Diagnostics of a document once `predicate` holds, as the editor gets them: pulled
 * (`textDocument/diagnostic`) from a server that offers pull to this client and the
 * document is open, pushed otherwise.
 */
export async function diagnosticsOf(c: LspTestClient, uri: string, open: boolean, predicate: (d: Diagnostic[]) => boolean, timeoutMs = 10_000): Promise<Diagnostic[]> {
  if (!open || !c.initializeResult.capabilities.diagnosticProvider) return c.waitForDiagnostics(uri, predicate, timeoutMs);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const report = await c.request<{ items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } });
    if (predicate(report.items)) return report.items;
    if (Date.now() > deadline) throw new Error(`timed out waiting for diagnostics of ${uri}; last: ${JSON.stringify(report.items.map((d) => d.code))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
