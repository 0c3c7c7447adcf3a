import { isNode, type Document } from 'yaml';
import { ROO_SLUG } from './agents/roo';

/** Where (an offset of the YAML text, where known) and why Roo Code's schema refuses a `.roomodes` `customModes` value. */
export interface RooSchemaIssue {
  offset?: number;
  why: string;
}

/**
 * The first issue Roo Code's schema finds in a `.roomodes` `customModes` value (a truthy one:
 * `readRooModes`), or undefined where it takes it. Source: Roo Code's packages/types/src/mode.ts
 * (RooCodeInc/Roo-Code), zod 3: `customModesSettingsSchema` wants a list of `modeConfigSchema` with
 * no slug twice ("Duplicate mode slugs are not allowed"); `modeConfigSchema` wants `slug` text of
 * letters, digits and dashes, `name` and `roleDefinition` non-empty text, `groups` a list, and
 * where given (`.optional()`, which takes no `null`: an empty YAML value is `null`) `whenToUse`,
 * `description` and `customInstructions` text and `source` `global` or `project`. Other keys are
 * dropped, not refused. What `groups` holds is not judged here: its tool groups' names
 * (`toolGroups` in packages/types/src/tool.ts) change between Roo Code's versions, and a name a
 * later one takes must not be said refused. O(modes).
 */
export function rooModeRefusal(modes: unknown, doc?: Document): RooSchemaIssue | undefined {
  const at = (...keys: (string | number)[]) => offsetOf(doc, ['customModes', ...keys]);
  if (!Array.isArray(modes)) return { offset: at(), why: 'its customModes is not a list of modes' };
  const slugs = new Set<string>();
  for (let i = 0; i < modes.length; i++) {
    const mode: unknown = modes[i];
    const where = `customModes[${i}]`;
    if (mode === null || typeof mode !== 'object' || Array.isArray(mode)) return { offset: at(i), why: `${where} is not a mode (a mapping with slug, name, roleDefinition and groups)` };
    const m = mode as Record<string, unknown>;
    const issue = fieldIssue(m);
    if (issue) return { offset: issue.key in m ? at(i, issue.key) : at(i), why: `${where}.${issue.key} ${issue.why}` };
    const slug = m.slug as string;
    if (slugs.has(slug)) return { offset: at(i, 'slug'), why: `${where}.slug \`${slug}\` is the slug of an earlier mode too (its schema: "Duplicate mode slugs are not allowed")` };
    slugs.add(slug);
  }
  return undefined;
}

/** A mode's first key its schema refuses (`rooModeRefusal`), in the schema's order. */
function fieldIssue(m: Record<string, unknown>): { key: string; why: string } | undefined {
  if (typeof m.slug !== 'string') return { key: 'slug', why: m.slug === undefined ? 'is missing' : 'is not text' };
  if (!ROO_SLUG.test(m.slug)) return { key: 'slug', why: `\`${m.slug.slice(0, 60)}\` holds other characters than letters, digits and dashes` };
  for (const key of ['name', 'roleDefinition'] as const) {
    if (typeof m[key] !== 'string') return { key, why: m[key] === undefined ? 'is missing' : 'is not text' };
    if (m[key] === '') return { key, why: 'is empty' };
  }
  for (const key of ['whenToUse', 'description', 'customInstructions'] as const) {
    if (key in m && typeof m[key] !== 'string') return { key, why: m[key] === null ? 'has no value (leave the key out, or give it text)' : 'is not text' };
  }
  if (!Array.isArray(m.groups)) return { key: 'groups', why: m.groups === undefined ? 'is missing (a list of tool groups, [] for none)' : 'is not a list of tool groups' };
  if ('source' in m && m.source !== 'global' && m.source !== 'project') return { key: 'source', why: 'is neither global nor project' };
  return undefined;
}

/** Where the node at `keys` starts in the YAML text; undefined where there is no YAML document or no such node. */
function offsetOf(doc: Document | undefined, keys: (string | number)[]): number | undefined {
  const node: unknown = doc?.getIn(keys, true);
  return isNode(node) && node.range ? node.range[0] : undefined;
}
