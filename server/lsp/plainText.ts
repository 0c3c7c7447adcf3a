/**
 * The Markdown the server writes for hovers, as plain text for clients that only show
 * plain text (Neovim 0.7 without markdown, Eglot without `markdown-mode`). Only the markup
 * goes: `**bold**`, `*emphasis*`, links and backslash escapes. Code spans keep their
 * backticks and everything in them, so a glob such as `src/**\/*.test.ts` reads the same,
 * and `>` or `*` in text stay, since they are text there.
 */
export function markdownToPlainText(markdown: string): string {
  // Odd-indexed parts are code spans (with their backticks): left as they are.
  return markdown
    .split(/(`+[^`]*?`+)/)
    .map((part, i) => (i % 2 === 1 ? part : plainOutsideCode(part)))
    .join('');
}

function plainOutsideCode(text: string): string {
  return text
    .replace(/\[([^\]\n]+)\]\(([^)\s]+)\)/g, (_m, label: string, url: string) => (label === url ? url : `${label} (${url})`))
    .replace(/(^|[\s(])\*\*(?=\S)([^*\n]+?)(?<=\S)\*\*(?=$|[\s.,:;!?)])/gm, '$1$2')
    .replace(/(^|[\s(])_(?=\S)([^_\n]+?)(?<=\S)_(?=$|[\s.,:;!?)])/gm, '$1$2')
    .replace(/(^|[\s(])\*(?=[^\s*])([^*\n]+?)(?<=[^\s*])\*(?=$|[\s.,:;!?)])/gm, '$1$2')
    .replace(/\\([\\`*_{}[\]()#+\-.!>|])/g, '$1');
}
