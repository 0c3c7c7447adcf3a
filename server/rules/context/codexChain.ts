import type { Finding } from '../../core/findings';
import { formatCount } from '../../core/limits';
import { LineIndex } from '../../core/text';
import { CODEX_CONFIG_FOLDER, CODEX_PROJECT_DOC_MAX_BYTES } from '../agents/codex';
import type { AgentRule, AgentView, UncountedFile } from './agentView';
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
 * so one file gets at most one finding. Counted: the files' UTF-8 bytes, a leading byte order mark's 3 too (`bomBytes`) (the blank lines that
 * join them are not known to count); a file too large for agentls to read by its size, from
 * its stat (Codex reads it whole and spends what is left of the budget on it: same source);
 * not Codex's global file (`~/.codex/AGENTS.md`), which its source holds apart from the
 * budget (`agents/codex.ts` has where). A user's `project_doc_max_bytes` in
 * `~/.codex/config.toml` may raise the limit: agentls does not read it, and says the default.
 * O(files² + bytes of the file cut).
 */
export function codexLimitFindings(view: AgentView | undefined): Map<string, Finding[]> {
  const out = new Map<string, Finding[]>();
  if (!view || view.agent !== 'codex') return out;
  for (const [rule, { share, above }] of codexShares(codexLinks(view.rules, view.uncounted ?? []))) {
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

/** One project file of Codex's chains: a rule read (`rule`), or one too large to read (none), counted by `bytes`. */
export interface CodexLink {
  /** As messages name it. */
  name: string;
  /** Its folder, as `AgentRule.scope`: undefined for the root's. */
  scope: string | undefined;
  /** Its UTF-8 bytes, as Codex's limit counts them. */
  bytes: number;
  rule?: AgentRule;
}

/**
 * The files of Codex's view its limit counts (`codexLimitFindings` has the source): the project's
 * rules read, and those too large to read by their size (`UncountedFile.size`); never the global
 * file. O(files + bytes).
 */
export function codexLinks(rules: readonly AgentRule[], uncounted: readonly UncountedFile[]): CodexLink[] {
  const read = rules.filter((r) => !r.global).map((rule) => ({ name: rule.name, scope: rule.scope, bytes: bomBytes(rule) + Buffer.byteLength(rule.body, 'utf8'), rule }));
  const sized = uncounted.filter((u) => u.size !== undefined).map((u) => ({ name: u.path, scope: u.folder, bytes: u.size! }));
  return [...read, ...sized];
}

/**
 * The bytes of a leading byte order mark, which `body` does not hold: Codex counts the file as
 * read from disk, mark included (openai/codex, codex-rs/core/src/project_doc.rs,
 * `read_project_docs`: each file is read through `take(remaining)` as raw bytes, and the budget
 * goes down by the bytes read; `String::from_utf8_lossy` keeps the mark as U+FEFF).
 */
function bomBytes(rule: AgentRule): number {
  return rule.bom ? UTF8_BOM_BYTES : 0;
}

const UTF8_BOM_BYTES = 3;

/** Each rule Codex sends less than all of, with its share and the files before it in its folder's chain, root first. O(files² × log files). */
function codexShares(links: readonly CodexLink[]): Map<AgentRule, { share: CodexShare; above: CodexLink[] }> {
  const out = new Map<AgentRule, { share: CodexShare; above: CodexLink[] }>();
  for (const link of links) {
    if (!link.rule) continue;
    const above = rootFirst(links.filter((q) => q !== link && isAbove(q, link)));
    const share = codexShareOf(link, above);
    if (share) out.set(link.rule, { share, above });
  }
  return out;
}

/** `links` (all in one chain) from the root down: a folder's depth is its place in the chain. */
function rootFirst(links: CodexLink[]): CodexLink[] {
  const depth = (q: CodexLink) => (q.scope === undefined ? -1 : q.scope.split('/').length);
  return links.sort((a, b) => depth(a) - depth(b));
}

/**
 * What Codex sends, for a file at `rel` (relative to the root, `/`-separated; '' for the root
 * itself), of each rule of its chain that it sends less than all of: the files reaching `rel`
 * (`reaches`), root first. O(files × log files + bytes of the files cut).
 */
export function codexSharesFor(rules: readonly AgentRule[], uncounted: readonly UncountedFile[], reaches: (scope: string | undefined) => boolean): Map<AgentRule, CodexShare> {
  const chain = rootFirst(codexLinks(rules, uncounted).filter((q) => reaches(q.scope)));
  const out = new Map<AgentRule, CodexShare>();
  chain.forEach((link, at) => {
    const share = link.rule && codexShareOf(link, chain.slice(0, at));
    if (share) out.set(link.rule!, share);
  });
  return out;
}

/**
 * Codex's rules with `sentBytes` set where it sends less than the whole file: made once, where
 * its view is (`codexView`), so that what it sends in every request (`cost.ts`) counts only the
 * part sent. Each file's chain is its own folder's, fixed by its path. O(files²).
 */
export function codexSentBytes(rules: readonly AgentRule[], uncounted: readonly UncountedFile[]): AgentRule[] {
  const shares = codexShares(codexLinks(rules, uncounted));
  return rules.map((r) => {
    const s = shares.get(r);
    // The bytes of `body` sent: what Codex sends past the mark, as a file sent whole is counted by its `body`.
    return s ? { ...r, sentBytes: Math.max(0, s.share.sent - bomBytes(r)) } : r;
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
 * What Codex sends of `link` (a rule read) after the files `above` it in its chain, root first
 * (`codexLimitFindings` has the source); undefined when it sends the whole file. Linear in the
 * files above and the part of the rule sent.
 */
function codexShareOf(link: CodexLink, above: readonly CodexLink[]): CodexShare | undefined {
  const before = above.reduce((n, q) => n + q.bytes, 0);
  if (before + link.bytes <= CODEX_PROJECT_DOC_MAX_BYTES) return undefined;
  const sent = Math.max(0, CODEX_PROJECT_DOC_MAX_BYTES - before);
  // `sent` counts a leading mark; `cut` is an offset into `body`, which holds none.
  return { sent, bytes: link.bytes, cut: sent === 0 || !link.rule ? 0 : offsetAfterBytes(link.rule.body, Math.max(0, sent - bomBytes(link.rule))), before: namedBefore(above, before) };
}

/** Files named before a file Codex cuts or drops; past them, a count: a chain 200 folders deep would make each message name all above it. */
const NAMED_BEFORE = 3;

/** The files `above` as messages name them (`total`: their bytes together): the first `NAMED_BEFORE`, then how many more and all their bytes. */
function namedBefore(above: readonly CodexLink[], total: number): string {
  const named = above.slice(0, NAMED_BEFORE).map((q) => `${q.name} (${formatCount(q.bytes)} bytes)`).join(', ');
  const more = above.length - NAMED_BEFORE;
  return more > 0 ? `${named} and ${formatCount(more)} more (${formatCount(total)} bytes in all)` : named;
}

/** `q`'s folder is `link`'s or one above it (the root's file, `scope` undefined, is above all). */
function isAbove(q: { scope: string | undefined }, link: { scope: string | undefined }): boolean {
  if (q.scope === undefined) return true;
  return link.scope !== undefined && link.scope.startsWith(`${q.scope}/`);
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

