import { parseFrontmatter, TOOL_READING } from '../frontmatter';

/**
 * The text of a Claude Code memory file (CLAUDE.md, CLAUDE.local.md) that its model sees: Claude
 * Code parses a leading frontmatter block off the file and sends the rest, though its docs give
 * the file no key (anthropics/claude-code#13003, closed by its maintainers, who keep the block for
 * Claude Code; the way to keep a block as text, an empty block above it, shows that only
 * the first block is taken). Counted as sent: the file as written from the line after the
 * block's closing `---` (whether Claude Code trims that text is not documented).
 */
export function claudeMemorySentText(text: string): string {
  const { layout } = parseFrontmatter(text, 'seed', TOOL_READING);
  if (!layout.block) return text;
  const after = layout.block.closerLineEnd + 1;
  return after >= layout.normalized.length ? '' : text.slice(layout.map.toSource(after));
}
