import type { Finding } from '../../core/findings';
import type { AgentModel } from '../agents';
import { xcsh } from '../agents/xcsh';
import type { FileAnalysis } from '../analysis';
import { bodyFindings } from './body';
import { bucketLints } from './buckets';
import { delimiterFindings } from './delimiters';
import { fieldFindings } from './fields';
import { RuleLocator } from './locate';
import { repeatedFrontmatterFindings } from './repeatedFrontmatter';
import { unreadFrontmatterFinding } from './unreadFrontmatter';
import { yamlFallbackFindings } from './yamlFallback';

/** Findings kept per file: enough to act on, bounded for pathological files. */
const MAX_FINDINGS_PER_FILE = 200;

const fileCache = new WeakMap<FileAnalysis, Finding[]>();
const bucketCache = new WeakMap<FileAnalysis, Finding[]>();

/**
 * Findings that depend on the file alone (computed once per analysis). `wholeBy`: the tool
 * that sends the file whole (`sentWhole`), as for `bucketFindings`: it follows from the
 * file's path, so the cache holds.
 */
export function fileFindings(analysis: FileAnalysis, wholeBy?: AgentModel): Finding[] {
  let found = fileCache.get(analysis);
  if (!found) {
    const loc = new RuleLocator(analysis);
    const frontmatter = analysis.parsed?.frontmatter ?? {};
    // An unread frontmatter is `{}` here: its keys are not judged, only the text and the delimiters.
    if (analysis.parsed?.unread) found = [...bodyFindings(loc), ...delimiterFindings(loc), ...unreadFrontmatterFinding(loc, 'the xcsh agent')];
    else found = [...bodyFindings(loc), ...delimiterFindings(loc), ...yamlFallbackFindings(loc), ...fieldFindings(loc, wholeBy), ...repeatedFrontmatterFindings(loc, xcsh, frontmatter)].slice(0, MAX_FINDINGS_PER_FILE);
    fileCache.set(analysis, found);
  }
  return found;
}

/**
 * Findings about the bucket of the rule, for the file the agent uses for its name.
 * `wholeBy`: the tool that sends the file whole (`sentWhole`), the same for every call on
 * one analysis (it follows from the file's path), so the cache holds.
 */
export function bucketFindings(analysis: FileAnalysis, wholeBy?: AgentModel): Finding[] {
  let found = bucketCache.get(analysis);
  if (!found) {
    // Where an unread frontmatter puts the rule is not known: its bucket is not judged.
    found = analysis.parsed?.unread ? [] : bucketLints(new RuleLocator(analysis), wholeBy);
    bucketCache.set(analysis, found);
  }
  return found;
}
