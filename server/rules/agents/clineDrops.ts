import { duplicateKeyAt, parseWithYamlDefaults, pastYamlParseLimits } from '../yamlDefaults';
import type { RuleDrop } from './types';

/**
 * The rule files Cline 4 and the Cline CLI list and then send no part of. Their loader (cline/cline,
 * sdk/packages/core/src/extensions/config/user-instruction-config-loader.ts) parses each file with
 * `parseRuleConfigFromMarkdown`, which throws, in this order, on a frontmatter whose YAML does not
 * parse ("Failed to parse YAML frontmatter"), on a body that is empty once trimmed ("Missing
 * instructions body in rule file."), on a `name` that is not text (`parseStringField`) and on a
 * `disabled`, or where `disabled` is absent an `enabled`, that is not true or false
 * (`parseBooleanField`); its file watcher (unified-config-file-watcher.ts, `loadDefinition`) catches
 * the throw and keeps no rule of the file. The YAML is parsed by `YAML.parse` of the `yaml` package
 * (`parseMarkdownFrontmatter`; sdk/packages/core/package.json: `yaml` ^2.8), no options given, so a
 * key written twice throws too (`uniqueKeys` defaults to true: `yamlDefaults.ts`), where agentls's own
 * parse lets it pass; Cline 3.x's `js-yaml` `load` throws on it as well ("duplicated mapping key",
 * js-yaml's lib/loader.js, `storeMappingPair`, unless `json: true`). Of the rules kept, those with `disabled: true`, or
 * `enabled: false` and no `disabled`, never reach the prompt (sdk/packages/core/src/runtime/rules.ts,
 * `isRuleEnabled`, `listEnabledRulesFromWatcher`). Cline 3.x read a frontmatter that does not parse as
 * none (src/core/context/instructions/user-instructions/frontmatter.ts, `parseYamlFrontmatter`,
 * "intentionally fail-open"), and sent the whole file.
 */
const LOADER = 'cline/cline, sdk/packages/core/src/extensions/config/user-instruction-config-loader.ts';

/** The block Cline's loader takes for frontmatter (`parseMarkdownFrontmatter`, after a leading BOM is stripped): at the very start, between two `---` lines, its YAML first; the body is all after it. */
const CLINE_FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

const SENDS_NONE = 'Cline 4 and the Cline CLI send no part of this rule';

/** What drops a rule file for Cline 4 (the notes above); undefined where it sends it. */
export function clineRuleDropped(file: { text: string; frontmatter: Record<string, unknown>; invalidYaml: boolean }): RuleDrop | undefined {
  const bom = file.text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const text = file.text.slice(bom);
  const block = CLINE_FRONTMATTER.exec(text);
  // No block where Cline looks for one: it reads no key, and sends the whole file.
  if (!block) return text.trim() === '' ? emptyDrop() : undefined;
  if (file.invalidYaml) {
    return {
      cause: 'invalid-yaml',
      why: `${SENDS_NONE}: their loader rejects a file whose frontmatter is not valid YAML (${LOADER}, \`parseRuleConfigFromMarkdown\`); Cline 3.x read none of its keys and sent the whole file in every request.`,
      listed: 'not sent by Cline 4 and the Cline CLI, its frontmatter not being valid YAML (Cline 3.x sent the whole file)',
      advice: 'Quote the value.',
    };
  }
  // The YAML starts on the line after the opener: its offsets, back in the text as written.
  const rejected = rejectedYamlDrop(block[1], bom + text.indexOf('\n') + 1);
  if (rejected) return rejected;
  if (block[2].trim() === '') return emptyDrop();
  const fm = file.frontmatter;
  const given = (key: string) => fm[key] !== undefined && fm[key] !== null;
  if (given('name') && typeof fm.name !== 'string') return wrongType('name', 'text', 'Quote the name.');
  const switchKey = given('disabled') ? 'disabled' : given('enabled') ? 'enabled' : undefined;
  if (switchKey && typeof fm[switchKey] !== 'boolean') return wrongType(switchKey, 'true or false', `Write \`${switchKey}: true\` or \`${switchKey}: false\`.`);
  const off = switchKey === 'disabled' ? fm.disabled === true : fm.enabled === false;
  if (!off) return undefined;
  const written = switchKey === 'disabled' ? '`disabled: true`' : '`enabled: false`';
  return {
    cause: 'disabled',
    key: switchKey,
    why: `${written} switches this rule off: Cline 4 and the Cline CLI send no part of it (cline/cline, sdk/packages/core/src/runtime/rules.ts, \`isRuleEnabled\`).`,
    listed: `switched off by ${written}: not sent by Cline 4 and the Cline CLI`,
  };
}

function emptyDrop(): RuleDrop {
  return {
    cause: 'empty',
    why: `${SENDS_NONE}: their loader rejects a rule file with no text below its frontmatter (${LOADER}: "Missing instructions body in rule file.").`,
    listed: 'not sent by Cline 4 and the Cline CLI, having no text',
  };
}

function wrongType(key: string, expected: string, advice: string): RuleDrop {
  return {
    cause: 'wrong-type',
    key,
    why: `${SENDS_NONE}: their loader rejects a file whose \`${key}\` is not ${expected} (${LOADER}: "Frontmatter field '${key}' must be a ${expected === 'text' ? 'string' : 'boolean'}.").`,
    listed: `not sent by Cline 4 and the Cline CLI, its \`${key}\` not being ${expected}`,
    advice,
  };
}

/**
 * YAML agentls reads that Cline's `YAML.parse` throws on (a key written twice): the file is dropped
 * as invalid YAML is. `yaml`: the block's text, starting at offset `start` of the file as written.
 * Past what agentls parses (`MAX_METADATA_CHARS`, `MAX_FLOW_DEPTH`) nothing is said: the shared reading stands.
 */
function rejectedYamlDrop(yaml: string, start: number): RuleDrop | undefined {
  if (pastYamlParseLimits(yaml)) return undefined;
  const parsed = parseWithYamlDefaults(yaml);
  if (!('error' in parsed)) return undefined;
  const { code, message, pos } = parsed.error;
  const key = code === 'DUPLICATE_KEY' && pos ? duplicateKeyAt(yaml, pos[0]) : undefined;
  const cause = key !== undefined ? `\`${key}\` is written twice, which their YAML parser rejects (keys must be unique)` : `their YAML parser rejects it (${message.split('\n')[0]})`;
  return {
    cause: 'rejected-yaml',
    ...(key !== undefined ? { key } : {}),
    // On the key written again, whole; else where the parser stopped.
    ...(pos ? { range: [start + pos[0], start + pos[0] + Math.max(key?.length ?? 0, pos[1] - pos[0])] as [number, number] } : {}),
    why: `${SENDS_NONE}: ${cause}, and their loader rejects a file whose frontmatter does not parse (${LOADER}, \`parseRuleConfigFromMarkdown\`: "Failed to parse YAML frontmatter")${key !== undefined ? "; Cline 3.x's parser rejected it too, read none of its keys and sent the whole file in every request" : ''}.`,
    listed: key !== undefined ? `not sent by Cline 4 and the Cline CLI, its frontmatter writing \`${key}\` twice (Cline 3.x sent the whole file)` : 'not sent by Cline 4 and the Cline CLI, their YAML parser rejecting its frontmatter',
    advice: key !== undefined ? `Keep one \`${key}\`.` : 'Fix the YAML.',
  };
}
