import type { Finding } from '../../core/findings';
import { formatCount } from '../../core/limits';
import { LineIndex } from '../../core/text';
import { CODEX_CONFIG_FOLDER, CODEX_PROJECT_DOC_MAX_BYTES } from '../agents/codex';
import type { AgentRule, AgentView } from './agentView';
import { contextFinding } from './codes';
import { NESTED_AGENTS_MD } from './nestedAgentsMd';
import { isInside, toPosix } from '../../workspace/paths';
import * as path from 'node:path';

/**
 * What Codex silently leaves out of the AGENTS.md files it reads (its view: `codexView` in
 * `instructionViews.ts`). Source: Codex's guide "Custom instructions with AGENTS.md"
 * (https://developers.openai.com/codex/guides/agents-md, "How Codex discovers guidance").
 */

const GUIDE = "Codex's AGENTS.md guide";

/** An `AGENTS.md` Codex does not read (`path`), the `AGENTS.override.md` beside it (`override`), and whether that override is empty (Codex then sends nothing from the folder: `codexView`). */
export interface CodexOverridden {
  path: string;
  override: string;
  empty?: true;
}

/**
 * On an `AGENTS.md` with an `AGENTS.override.md` beside it (`override`: as reports show it): the guide says Codex checks the
 * override first and includes at most one file per folder; that an empty override is still the one taken, and then sends
 * nothing, is Codex's source (openai/codex, codex-rs/core/src/agents_md.rs: `codexView` says where).
 */
export function codexOverriddenFinding(override: string, empty = false): Finding {
  const message = empty
    ? `Codex does not read this file: ${override} beside it is empty, and Codex takes it instead, so it sends nothing from this folder (it takes the first of AGENTS.override.md, AGENTS.md that exists, then skips it when empty, with no fallback: openai/codex, codex-rs/core/src/agents_md.rs).`
    : `Codex does not read this file: it reads ${override} beside it instead (in each folder it takes AGENTS.override.md, else AGENTS.md, and at most one file: ${GUIDE}).`;
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
  for (const [rule, { share, above }] of codexShares(view.rules)) {
    const where = rule.scope === undefined ? 'at the project root or below' : `in ${rule.scope}/ or below`;
    const lines = new LineIndex(rule.body);
    if (share.sent === 0) {
      const message = `Codex sends none of this file when it runs ${where}: the files it reads before it, ${share.before}, already reach ${CODEX_LIMIT}.`;
      out.set(rule.path, [contextFinding('context/codex-over-limit', 'warning', lines.lineRange(0), message)]);
      continue;
    }
    const line = lines.positionAt(share.cut).line;
    const with_ = above.length ? ` with ${share.before} before it,` : '';
    const message = `Codex cuts this file here when it runs ${where}:${with_} it reaches ${CODEX_LIMIT}; the text from here on (line ${line + 1} of ${lines.positionAt(rule.body.length).line + 1}) is not sent, and Codex does not say so.`;
    out.set(rule.path, [contextFinding('context/codex-over-limit', 'warning', lines.range(share.cut, Math.max(share.cut, lines.lineEndOffset(line))), message)]);
  }
  return out;
}

/** Each rule Codex sends less than all of, with its share and the files before it in its folder's chain. O(files²). */
function codexShares(rules: readonly AgentRule[]): Map<AgentRule, { share: CodexShare; above: AgentRule[] }> {
  const bytes = codexBytes(rules);
  const out = new Map<AgentRule, { share: CodexShare; above: AgentRule[] }>();
  for (const rule of rules) {
    const above = rules.filter((q) => q !== rule && isAbove(q, rule));
    const share = codexShareOf(rule, above, bytes);
    if (share) out.set(rule, { share, above });
  }
  return out;
}

/**
 * Codex's rules with `sentBytes` set where it sends less than the whole file: made once, where
 * its view is (`codexView`), so that what it sends in every request (`cost.ts`) counts only the
 * part sent. Each file's chain is its own folder's, fixed by its path. O(files²).
 */
export function codexSentBytes(rules: readonly AgentRule[]): AgentRule[] {
  const shares = codexShares(rules);
  return rules.map((r) => {
    const s = shares.get(r);
    return s ? { ...r, sentBytes: s.share.sent } : r;
  });
}

/** The limit as every message names it: the default, its source, and what agentls does not know. */
export const CODEX_LIMIT = `Codex's default limit of 32 KiB (${formatCount(CODEX_PROJECT_DOC_MAX_BYTES)} bytes, \`project_doc_max_bytes\`: ${GUIDE}; a higher value in ~/.codex/config.toml raises it, and agentls does not read that file)`;

/** What Codex leaves out of a file past the limit: the UTF-8 bytes it sends (0: none), the UTF-16 offset where they end, and the files before it with their bytes, as messages name them. */
export interface CodexShare {
  sent: number;
  bytes: number;
  cut: number;
  before: string;
}

/**
 * What Codex sends of `rule` after the files `above` it in its chain (`codexLimitFindings`
 * has the source); undefined when it sends the whole file. `bytes`: the files' UTF-8 sizes,
 * counted once by the caller. Linear in the files above and the part of `rule` sent.
 */
export function codexShareOf(rule: AgentRule, above: readonly AgentRule[], bytes: ReadonlyMap<AgentRule, number>): CodexShare | undefined {
  const before = above.reduce((n, q) => n + bytes.get(q)!, 0);
  const size = bytes.get(rule)!;
  if (before + size <= CODEX_PROJECT_DOC_MAX_BYTES) return undefined;
  const sent = Math.max(0, CODEX_PROJECT_DOC_MAX_BYTES - before);
  return { sent, bytes: size, cut: sent === 0 ? 0 : offsetAfterBytes(rule.body, sent), before: namedBefore(above, before, bytes) };
}

/** Files named before a file Codex cuts or drops; past them, a count: a chain 200 folders deep would make each message name all above it. */
const NAMED_BEFORE = 3;

/** The files `above` as messages name them (`total`: their bytes together): the first `NAMED_BEFORE`, then how many more and all their bytes. */
function namedBefore(above: readonly AgentRule[], total: number, bytes: ReadonlyMap<AgentRule, number>): string {
  const named = above.slice(0, NAMED_BEFORE).map((q) => `${q.name} (${formatCount(bytes.get(q)!)} bytes)`).join(', ');
  const more = above.length - NAMED_BEFORE;
  return more > 0 ? `${named} and ${formatCount(more)} more (${formatCount(total)} bytes in all)` : named;
}

/** The UTF-8 size of each rule's text, as Codex's limit counts it. */
export function codexBytes(rules: readonly AgentRule[]): Map<AgentRule, number> {
  return new Map(rules.map((r) => [r, Buffer.byteLength(r.body, 'utf8')]));
}

/** `q`'s folder is `rule`'s or one above it (the root's file, `scope` undefined, is above all). */
export function isAbove(q: AgentRule, rule: AgentRule): boolean {
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

/** Whether `p` is named as a file of Codex's chains is (`AGENTS.md`, `AGENTS.override.md`): a change of one may change what Codex sends of the files below it. O(path length). */
export function isCodexChainFile(p: string): boolean {
  return NESTED_AGENTS_MD.isPath(toPosix(p));
}

/**
 * Whether `p` is a root's `.codex` folder or lies in it (`root`: the workspace folder holding
 * `p`, asked only past the cheap test of the name): under `auto`, whether Codex's view is shown
 * at all turns on that folder (`codexView`), so its coming or going changes what is said on
 * every AGENTS.md. O(path length).
 */
export function isCodexConfigPath(p: string, rootOf: (p: string) => string | undefined): boolean {
  if (!toPosix(p).includes(`/${CODEX_CONFIG_FOLDER}`)) return false;
  const root = rootOf(p);
  return root !== undefined && isInside(path.join(root, CODEX_CONFIG_FOLDER), p);
}

/** The files an `AGENTS.override.md` hides from Codex (`InstructionViews.codexOverridden`) and the limit's findings, by path. */
export function codexFindings(views: readonly AgentView[], overridden: readonly CodexOverridden[], shown: (p: string) => string): Map<string, Finding[]> {
  const out = codexLimitFindings(views.find((v) => v.agent === 'codex'));
  for (const o of overridden) out.set(o.path, [...(out.get(o.path) ?? []), codexOverriddenFinding(shown(o.override), o.empty)]);
  return out;
}

