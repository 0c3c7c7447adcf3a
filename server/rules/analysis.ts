import { LineIndex } from '../core/text';
import { decodeUtf8, type FileSystem } from '../workspace/fs';
import { buildRule } from './build';
import type { ConditionAndScope } from './condition';
import { frontmatterNotRead, parseFrontmatter, type ParsedFrontmatter, type ParseOptions } from './frontmatter';
import type { BucketPlacement, Rule, RuleCandidate, RulesProfile } from './model';
import { placeRule } from './resolve';

/** Rule files over this size are not analysed (the agent would still load them whole). */
export const MAX_RULE_FILE_BYTES = 2 * 1024 * 1024;

export type ReadProblem =
  | { kind: 'binary' | 'invalid-utf8'; message: string }
  | { kind: 'too-large'; message: string; size: number }
  | { kind: 'unreadable'; message: string };

/** One rule file as the agent reads it, under one profile. */
export interface FileAnalysis {
  candidate: RuleCandidate;
  profile: RulesProfile;
  /** The text analysed (lossily decoded for binary or invalid UTF-8 files); empty when unreadable. */
  text: string;
  readProblem?: ReadProblem;
  /** The agent's warning when it cannot read the file: it then contributes no rule. */
  readWarning?: string;
  parsed?: ParsedFrontmatter;
  /** Undefined when the agent could not read the file. */
  rule?: Rule;
  condition?: ConditionAndScope;
  /** The bucket this rule goes to when it is the effective one of its name. */
  placement?: BucketPlacement;
  /** What registering it as a TTSR rule logs. */
  logWarnings: string[];
  lines: LineIndex;
}

/**
 * Why agentls cannot say how an agent applies this file: too large to read (its rule is a
 * stand-in with no keys, `analyseText`), or its frontmatter not read (`frontmatterNotRead`).
 * The views tell such a file as not read, with this reason, never with a mode or a bucket.
 */
export function notReadReason(analysis: FileAnalysis): string | undefined {
  return analysis.readProblem?.kind === 'too-large' ? analysis.readProblem.message : frontmatterNotRead(analysis.parsed);
}

/**
 * Why agentls cannot say how a tool other than the xcsh agent applies this file: `notReadReason`'s
 * too-large file, or bytes that are not UTF-8 text (binary, invalid UTF-8), whose decoding no
 * tool documents, so that agentls has not checked the file (`rule/invalid-utf8`, `rule/binary`:
 * `toolLint`). The xcsh agent reads replacement characters (`lint/body.ts`): not said of it.
 */
export function toolNotReadReason(analysis: FileAnalysis): string | undefined {
  const problem = analysis.readProblem;
  return problem?.kind === 'too-large' || problem?.kind === 'invalid-utf8' || problem?.kind === 'binary' ? problem.message : undefined;
}

/**
 * Whether agentls holds the file's text as its agent reads it: not when it was too large to
 * read, nor when it could not be read at all (its `text` is then empty, not its content).
 * Anything that compares or copies a file's body must leave such a file out.
 */
export function textRead(analysis: FileAnalysis): boolean {
  return analysis.readProblem?.kind !== 'too-large' && analysis.readProblem?.kind !== 'unreadable';
}

/** Reads and analyses one listed file through `fs` (open buffers overlay the disk in the server). */
export async function analyseFile(candidate: RuleCandidate, fs: FileSystem, profile: RulesProfile): Promise<FileAnalysis> {
  const read = await readRuleText(candidate, fs);
  return analyseText(candidate, read.text, profile, read.problem, read.warning);
}

/** `options`: how the reader takes the text (`TOOL_READING` for a tool other than the xcsh agent). */
export function analyseText(candidate: RuleCandidate, text: string, profile: RulesProfile, readProblem?: ReadProblem, readWarning?: string, options?: ParseOptions): FileAnalysis {
  const base = { candidate, profile, text, readProblem, readWarning, logWarnings: [] as string[], lines: new LineIndex(text) };
  if (readWarning) return base;
  if (readProblem?.kind === 'too-large') {
    // Not analysed: stands in as a rule with content, so shadowing is still predicted.
    const rule: Rule = {
      name: candidate.name,
      path: candidate.path,
      content: readProblem.message,
      alwaysApply: profile === 'xcsh' ? false : undefined,
      source: buildRule(candidate, {}, '', profile).rule.source,
    };
    return { ...base, rule, placement: { bucket: 'none' } };
  }
  const parsed = parseFrontmatter(text, profile, options);
  const { rule, condition } = buildRule(candidate, parsed.frontmatter, parsed.body, profile);
  const placed = placeRule(rule, profile, new Set());
  return { ...base, parsed, rule, condition, placement: { bucket: placed.bucket, ttsrFailure: placed.ttsrFailure }, logWarnings: placed.logWarnings };
}

async function readRuleText(candidate: RuleCandidate, fs: FileSystem): Promise<{ text: string; problem?: ReadProblem; warning?: string }> {
  const failed = () =>
    candidate.name === 'clinerules' && candidate.provider === 'cline' && candidate.path.endsWith('.clinerules')
      ? `Failed to read .clinerules at ${candidate.path}`
      : `Failed to read file: ${candidate.path}`;
  const read = await fs.readText(candidate.path, { maxBytes: MAX_RULE_FILE_BYTES });
  if (read.ok) return { text: read.text };
  switch (read.reason) {
    case 'binary':
    case 'invalid-utf8': {
      // The agent decodes whatever bytes are there; so does agentls, to predict the result.
      const bytes = await fs.readBytes(candidate.path, { maxBytes: MAX_RULE_FILE_BYTES });
      if (!bytes.ok) return { text: '', problem: { kind: 'unreadable', message: bytes.message }, warning: failed() };
      return { text: decodeUtf8(bytes.bytes, true) ?? '', problem: { kind: read.reason, message: read.message } };
    }
    case 'too-large':
      return { text: '', problem: { kind: 'too-large', message: read.message, size: read.size ?? 0 } };
    default:
      return { text: '', problem: { kind: 'unreadable', message: read.message }, warning: failed() };
  }
}
