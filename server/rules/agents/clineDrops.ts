import type { RuleDrop } from './types';

/**
 * The rule files Cline 4 and the Cline CLI list and then send no part of. Their loader (cline/cline,
 * sdk/packages/core/src/extensions/config/user-instruction-config-loader.ts) parses each file with
 * `parseRuleConfigFromMarkdown`, which throws, in this order, on a frontmatter whose YAML does not
 * parse ("Failed to parse YAML frontmatter"), on a body that is empty once trimmed ("Missing
 * instructions body in rule file."), on a `name` that is not text (`parseStringField`) and on a
 * `disabled`, or where `disabled` is absent an `enabled`, that is not true or false
 * (`parseBooleanField`); its file watcher (unified-config-file-watcher.ts, `loadDefinition`) catches
 * the throw and keeps no rule of the file. Of the rules kept, those with `disabled: true`, or
 * `enabled: false` and no `disabled`, never reach the prompt (sdk/packages/core/src/runtime/rules.ts,
 * `isRuleEnabled`, `listEnabledRulesFromWatcher`). Cline 3.x read a frontmatter that does not parse as
 * none (src/core/context/instructions/user-instructions/frontmatter.ts, `parseYamlFrontmatter`,
 * "intentionally fail-open"), and sent the whole file.
 */
const LOADER = 'cline/cline, sdk/packages/core/src/extensions/config/user-instruction-config-loader.ts';

/** The block Cline's loader takes for frontmatter (`parseMarkdownFrontmatter`, after a leading BOM is stripped): at the very start, between two `---` lines; the body is all after it. */
const CLINE_FRONTMATTER = /^---\r?\n[\s\S]*?\r?\n---\r?\n?([\s\S]*)$/;

const SENDS_NONE = 'Cline 4 and the Cline CLI send no part of this rule';

/** What drops a rule file for Cline 4 (the notes above); undefined where it sends it. */
export function clineRuleDropped(file: { text: string; frontmatter: Record<string, unknown>; invalidYaml: boolean }): RuleDrop | undefined {
  const text = file.text.charCodeAt(0) === 0xfeff ? file.text.slice(1) : file.text;
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
  if (block[1].trim() === '') return emptyDrop();
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
