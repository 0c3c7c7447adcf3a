import type { AgentModel } from './types';

/**
 * The text an agent reads of a rule file, where it reads only so many bytes of one
 * (`AgentModel.maxBytes`: Continue in VS Code, for a file not open in the editor, which is how
 * agentls takes every rule file, as the `rule/too-long` finding does): the whole `text` within
 * `sent` bytes; nothing past `none`; else its first `sent` bytes decoded by a `TextDecoder`, as
 * the agent decodes them (continuedev/continue, extensions/vscode/src/VsCodeIde.ts, `readFile`):
 * a character the cut falls inside becomes U+FFFD, and a leading BOM is dropped. `bom`: a BOM
 * was taken off `text` already, and counts among the bytes. Readers skip a BOM where `text` keeps it.
 */
export function textReadBy(agent: AgentModel, text: string, bom = false): string {
  const limit = agent.maxBytes;
  // A UTF-16 code unit is at most three bytes of UTF-8: a text this short is read whole, its bytes not counted.
  if (!limit || (text.length + 1) * 3 <= limit.sent) return text;
  const size = (bom ? 3 : 0) + Buffer.byteLength(text, 'utf8');
  if (size <= limit.sent) return text;
  if (size > limit.none) return '';
  const bytes = Buffer.from(bom ? `\ufeff${text}` : text, 'utf8');
  return new TextDecoder().decode(bytes.subarray(0, limit.sent));
}

/** A file of `size` bytes, too large for agentls to read, of which the agent reads nothing: past its `none`. */
export function readsNothingOf(agent: AgentModel, size: number): boolean {
  return agent.maxBytes !== undefined && size > agent.maxBytes.none;
}
