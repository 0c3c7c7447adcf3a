/**
 * The Markdown the server writes for hovers, as plain text for clients that only show
 * plain text (Neovim 0.7 without markdown, Eglot without `markdown-mode`). Only the markup
 * goes: `**bold**`, `*emphasis*`, links, quote markers and backslash escapes. Code spans keep their
 * backticks and everything in them, so a glob such as `src/**\/*.test.ts` reads the same,
 * and `>` or `*` in text stay, since they are text there.
 */
export function markdownToPlainText(markdown: string): string {
  // Code spans (with their backticks) are set aside while the markup goes, so that bold text
  // around one (`**rule \`style\`**`) loses its stars too, and restored as they were.
  const spans: string[] = [];
  const masked = markdown.replace(/`+[^`]*?`+/g, (span) => `\u0000${spans.push(span) - 1}\u0000`);
  return plainOutsideCode(masked).replace(/\u0000(\d+)\u0000/g, (m, i: string) => spans[Number(i)] ?? m);
}

function plainOutsideCode(text: string): string {
  return text
    .replace(/\[([^\]\n]+)\]\(([^)\s]+)\)/g, (_m, label: string, url: string) => (label === url ? url : `${label} (${url})`))
    .replace(/(^|[\s(])\*\*(?=\S)([^*\n]+?)(?<=\S)\*\*(?=$|[\s.,:;!?)])/gm, '$1$2')
    .replace(/(^|[\s(])_(?=\S)([^_\n]+?)(?<=\S)_(?=$|[\s.,:;!?)])/gm, '$1$2')
    .replace(/(^|[\s(])\*(?=[^\s*])([^*\n]+?)(?<=[^\s*])\*(?=$|[\s.,:;!?)])/gm, '$1$2')
    // A quote marker at a line's start (a rule's description): the words stay, indented.
    .replace(/^> ?/gm, '  ')
    .replace(/\\([\\`*_{}[\]()#+\-.!>|])/g, '$1');
}
