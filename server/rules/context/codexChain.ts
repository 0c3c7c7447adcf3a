import type { Finding } from '../../core/findings';
import { formatCount } from '../../core/limits';
import { LineIndex } from '../../core/text';
import { CODEX_PROJECT_DOC_MAX_BYTES } from '../agents/codex';
import type { AgentRule, AgentView } from './agentView';
import { contextFinding } from './codes';

/**
 * What Codex silently leaves out of the AGENTS.md files it reads (its view: `codexView` in
 * `instructionViews.ts`). Source: Codex's guide "Custom instructions with AGENTS.md"
 * (https://developers.openai.com/codex/guides/agents-md, "How Codex discovers guidance").
 */

const GUIDE = "Codex's AGENTS.md guide";

/** On an `AGENTS.md` with an `AGENTS.override.md` beside it (`override`: as reports show it): the guide says Codex checks the override first and includes at most one file per folder. */
export function codexOverriddenFinding(override: string): Finding {
  const message = `Codex does not read this file: it reads ${override} beside it instead (in each folder it takes AGENTS.override.md, else AGENTS.md, and at most one file: ${GUIDE}).`;
  return contextFinding('context/codex-overridden', 'information', { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, message);
}

/**
 * Where the files Codex joins for a folder (the root's, then each folder's down to it: one
 * file per folder, `AgentRule.scope`) go past `project_doc_max_bytes`, 32 KiB by default: the
 * guide says Codex "stops adding files once the combined size reaches the limit". That the
 * file reaching it is cut at the limit, not dropped whole, the guide does not say: the report
 * openai/codex#36371 reads it so in Codex's source (`codex-rs/core/src/agents_md.rs`, one
 * budget decremented root to folder, the file that overshoots truncated to what is left).
 * Each file's chain is the one for its own folder: the files above it are fixed by its path,
 * so one file gets at most one finding. Counted: the files' UTF-8 bytes (the blank lines that
 * join them are not known to count); Codex's home file (`~/.codex/AGENTS.md`) is not read by
 * agentls, and whether it counts the guide does not say. A user's `project_doc_max_bytes` in
 * `~/.codex/config.toml` may raise the limit: agentls does not read it, and says the default.
 * O(files² + bytes of the file cut).
 */
export function codexLimitFindings(view: AgentView | undefined): Map<string, Finding[]> {
  const out = new Map<string, Finding[]>();
  if (!view || view.agent !== 'codex') return out;
  const bytes = new Map(view.rules.map((r) => [r, Buffer.byteLength(r.body, 'utf8')]));
  for (const rule of view.rules) {
    const above = view.rules.filter((q) => q !== rule && isAbove(q, rule));
    const before = above.reduce((n, q) => n + bytes.get(q)!, 0);
    const size = bytes.get(rule)!;
    if (before + size <= CODEX_PROJECT_DOC_MAX_BYTES) continue;
    const where = rule.scope === undefined ? 'at the project root or below' : `in ${rule.scope}/ or below`;
    const limit = `Codex's default limit of 32 KiB (${formatCount(CODEX_PROJECT_DOC_MAX_BYTES)} bytes, \`project_doc_max_bytes\`: ${GUIDE}; a higher value in ~/.codex/config.toml raises it, and agentls does not read that file)`;
    const them = above.map((q) => `${q.name} (${formatCount(bytes.get(q)!)} bytes)`).join(', ');
    const lines = new LineIndex(rule.body);
    if (before >= CODEX_PROJECT_DOC_MAX_BYTES) {
      const message = `Codex sends none of this file when it runs ${where}: the files it reads before it, ${them}, already reach ${limit}.`;
      out.set(rule.path, [contextFinding('context/codex-over-limit', 'warning', lines.lineRange(0), message)]);
      continue;
    }
    const cut = offsetAfterBytes(rule.body, CODEX_PROJECT_DOC_MAX_BYTES - before);
    const line = lines.positionAt(cut).line;
    const with_ = above.length ? ` with ${them} before it,` : '';
    const message = `Codex cuts this file here when it runs ${where}:${with_} it reaches ${limit}; the text from here on (line ${line + 1} of ${lines.positionAt(rule.body.length).line + 1}) is not sent, and Codex does not say so.`;
    out.set(rule.path, [contextFinding('context/codex-over-limit', 'warning', lines.range(cut, Math.max(cut, lines.lineEndOffset(line))), message)]);
  }
  return out;
}

/** `q`'s folder is `rule`'s or one above it (the root's file, `scope` undefined, is above all). */
function isAbove(q: AgentRule, rule: AgentRule): boolean {
  if (q.scope === undefined) return true;
  return rule.scope !== undefined && rule.scope.startsWith(`${q.scope}/`);
}

/** The UTF-16 offset of the first character not wholly within the first `max` UTF-8 bytes of `text`. Linear in that prefix. */
function offsetAfterBytes(text: string, max: number): number {
  let used = 0;
  let i = 0;
  while (i < text.length) {
    const cp = text.codePointAt(i)!;
    const size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (used + size > max) break;
    used += size;
    i += cp > 0xffff ? 2 : 1;
  }
  return i;
}

/** The files an `AGENTS.override.md` hides from Codex (`InstructionViews.codexOverridden`) and the limit's findings, by path. */
export function codexFindings(views: readonly AgentView[], overridden: readonly { path: string; override: string }[], shown: (p: string) => string): Map<string, Finding[]> {
  const out = codexLimitFindings(views.find((v) => v.agent === 'codex'));
  for (const o of overridden) out.set(o.path, [...(out.get(o.path) ?? []), codexOverriddenFinding(shown(o.override))]);
  return out;
}

