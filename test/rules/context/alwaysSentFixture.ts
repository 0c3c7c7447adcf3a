import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AlwaysSentInfo } from '../../../protocol/rules';

/**
 * What each agent sends in every request for `fixtures/always-sent` (with
 * `fixtures/always-sent-home` as the home), computed here from the files themselves: which
 * files are sent is the test's claim, their sizes are read from disk.
 */
export const ALWAYS_SENT_FILES: Record<string, { home?: string[]; ws: string[] }> = {
  // The rule's body after its frontmatter.
  seed: { ws: ['.cursor/rules/tabs.mdc'] },
  cursor: { ws: ['.cursor/rules/tabs.mdc'] },
  // Not sent: sub/CLAUDE.md (on demand), .claude/rules/sub/typescript.md and ~/.claude/rules/python.md (paths),
  // docs/hop6.md (a sixth hop), docs/in-code.md (in a code span), ~/notes.md (outside what agentls reads).
  claude: {
    home: ['.claude/CLAUDE.md', '.claude/rules/english.md'],
    ws: ['CLAUDE.md', '.claude/CLAUDE.md', '.claude/rules/sub/plain.md', '.claude/rules/testing.md', 'CLAUDE.local.md', 'README', 'docs/style.md', 'docs/hop1.md', 'docs/hop2.md', 'docs/hop3.md', 'docs/hop4.md', 'docs/hop5.md'],
  },
  // Not sent: ts/typescript.instructions.md (applyTo **/*.ts), release.instructions.md (no applyTo).
  copilot: { ws: ['.github/copilot-instructions.md', '.github/instructions/everything.instructions.md'] },
  // Not sent in every request: sub/AGENTS.md (the nearest file wins).
  'agents-md': { ws: ['AGENTS.md'] },
};

/** The text an agent sends for a file: without a BOM, and for a file with frontmatter, the body after it, trimmed. */
export function sentText(file: string): string {
  const text = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  if (!text.startsWith('---')) return text;
  return text.slice(text.indexOf('\n---', 3) + 4).trim();
}

/** Each agent's files (absolute), their UTF-8 bytes, and the total in tokens (bytes / 4 rounded up, per file). */
export function expectedAlwaysSent(ws: string, home: string, agents = Object.keys(ALWAYS_SENT_FILES)): { agent: string; files: { path: string; bytes: number }[]; totalTokens: number }[] {
  return agents.map((agent) => {
    const spec = ALWAYS_SENT_FILES[agent];
    const abs = [...(spec.home ?? []).map((rel) => path.join(home, rel)), ...spec.ws.map((rel) => path.join(ws, rel))];
    const files = abs.map((p) => ({ path: p, bytes: Buffer.byteLength(sentText(p), 'utf8') }));
    return { agent, files, totalTokens: files.reduce((n, f) => n + Math.ceil(f.bytes / 4), 0) };
  });
}

/** An answer's items as absolute paths and bytes, for comparison with `expectedAlwaysSent`. */
export function sentFiles(info: AlwaysSentInfo, ws: string): { path: string; bytes: number }[] {
  return info.items.map((i) => ({ path: path.resolve(ws, i.path ?? ''), bytes: i.bytes }));
}
