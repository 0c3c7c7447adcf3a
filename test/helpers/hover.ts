import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import type { LspTestClient } from './lspClient';

/** The Markdown of the server's hover at `line`:`character` (UTF-16) of the document `uri`. */
export async function hoverText(c: LspTestClient, uri: string, line: number, character: number): Promise<string> {
  const h = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line, character } });
  return (h.contents as MarkupContent).value;
}
