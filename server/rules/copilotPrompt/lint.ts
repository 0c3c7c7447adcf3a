import { isMap, isScalar, isSeq } from 'yaml';
import type { Finding } from '../../core/findings';
import { copilot } from '../agents/copilot';
import type { FileAnalysis } from '../analysis';
import { finding } from '../codes';
import { RuleLocator, type KeyEntry } from '../lint/locate';
import { toolAnalysis, yamlFindings } from '../toolLint';
import { PROMPT_KEYS, RENAMED_KEYS, promptKeyDoc } from './keys';

/** The prompt file parsed as Copilot's tools read frontmatter (`TOOL_READING`: a BOM before `---` is not text). */
export function promptAnalysis(filePath: string, text: string): FileAnalysis {
  return toolAnalysis({ agent: copilot, path: filePath, text });
}

const LISTED = PROMPT_KEYS.map((k) => `\`${k.key}\``).join(', ');

/**
 * What is certain of a Copilot prompt file by its docs (`keys.ts`): broken YAML (the
 * finding every rule file gets), a value of a shape the docs rule out (a list where one
 * text goes, one text where `tools` takes a list): a warning naming Copilot. A key the docs
 * do not list is information only: VS Code's own set grows, and nothing documents what it
 * does with others. No value is judged against a closed set: `agent` takes any custom
 * agent's name, `model` and `tools` any the editor offers.
 */
export function copilotPromptFindings(filePath: string, text: string, analysis: FileAnalysis = promptAnalysis(filePath, text)): Finding[] {
  const parsed = analysis.parsed;
  if (!parsed?.layout.metadata) return [];
  const loc = new RuleLocator(analysis);
  const out: Finding[] = [];
  if (parsed.fallbackUsed && parsed.yamlError && !parsed.yamlError.beyondLimits) out.push(...yamlFindings(loc, copilot));
  for (const entry of loc.entries()) out.push(...keyFindings(entry));
  return out;
}

function keyFindings(entry: KeyEntry): Finding[] {
  const renamed = RENAMED_KEYS[entry.rawKey];
  if (renamed) {
    return [
      finding(
        'frontmatter/unknown-key',
        'information',
        entry.keyRange,
        `\`${entry.rawKey}\` is the earlier name of \`${renamed}\`: GitHub Copilot's prompt-file docs (VS Code's) list \`${renamed}\`, no longer \`${entry.rawKey}\`. Rename it to \`${renamed}\`.`,
      ),
    ];
  }
  const doc = promptKeyDoc(entry.rawKey);
  if (!doc) {
    return [finding('frontmatter/unknown-key', 'information', entry.keyRange, `GitHub Copilot's prompt-file docs do not list \`${entry.rawKey}\` (they list ${LISTED}).`)];
  }
  // Only the YAML parse tells a list from text; an empty value says nothing.
  const node = entry.node;
  if (!node || (isScalar(node) && (node.value === null || node.value === ''))) return [];
  if (doc.shape === 'list' && !isSeq(node)) {
    return [finding('frontmatter/wrong-type', 'warning', entry.valueRange, `GitHub Copilot takes \`${doc.key}\` as a list of names (VS Code's prompt-file docs); this is ${isMap(node) ? 'a mapping' : 'one text'}. Write it as a list: \`${doc.key}: ['${firstWord(entry.valueText)}']\`.`)];
  }
  if (doc.shape === 'text-or-list' && isSeq(node) && node.items.some((item) => !isScalar(item) || typeof item.value !== 'string')) {
    return [finding('frontmatter/wrong-type', 'warning', entry.valueRange, `GitHub Copilot takes \`${doc.key}\` as one text or a list of texts (VS Code's prompt-file docs and validator); this list holds something else than text.`)];
  }
  if (doc.shape === 'text-or-list' && isMap(node)) {
    return [finding('frontmatter/wrong-type', 'warning', entry.valueRange, `GitHub Copilot takes \`${doc.key}\` as one text or a list of texts (VS Code's prompt-file docs and validator); this is a mapping.`)];
  }
  if (doc.shape === 'text' && (isSeq(node) || isMap(node))) {
    return [finding('frontmatter/wrong-type', 'warning', entry.valueRange, `GitHub Copilot takes \`${doc.key}\` as one text (VS Code's prompt-file docs); this is ${isSeq(node) ? 'a list' : 'a mapping'}.`)];
  }
  return [];
}

function firstWord(text: string): string {
  return /^['"]?([\w./*-]+)/.exec(text)?.[1] ?? 'NAME';
}
