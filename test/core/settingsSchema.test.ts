import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, isRecord, overlaySettings } from '../../server/core/settings';
import { SETTINGS, projectConfigSchema, serverSettings, vscodeConfiguration, type SettingSpec } from '../../server/core/settingsSchema';

/**
 * The settings table (`server/core/settingsSchema.ts`) against the runtime
 * (`server/core/settings.ts`) and the files generated from it. A failure here means a
 * setting was added or changed in one place only: add its entry to the table, then run
 * `npm run settings:generate`.
 */
const ROOT = path.join(__dirname, '..', '..');
const GENERATE = 'run `npm run settings:generate`';

/** Dotted keys of the runtime record; a key the table names is a leaf even when its value is an object. */
function runtimeKeys(value: Record<string, unknown>, prefix = '', named = new Set(SETTINGS.map((s) => s.key))): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    const key = prefix + k;
    if (!named.has(key) && isRecord(v) && Object.keys(v).length > 0) out.push(...runtimeKeys(v, `${key}.`, named));
    else out.push(key);
  }
  return out;
}

function at(record: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((v, k) => (isRecord(v) ? v[k] : undefined), record);
}

function nested(key: string, value: unknown): Record<string, unknown> {
  return key.split('.').reduceRight<Record<string, unknown>>((inner, k, i, parts) => (i === parts.length - 1 ? { [k]: value } : { [k]: inner }), {});
}

function validSamples(spec: SettingSpec): unknown[] {
  if (spec.samples) return spec.samples.valid;
  if (spec.enum) return [...spec.enum];
  switch (spec.type) {
    case 'string': return ['some-value'];
    case 'integer': return [7];
    case 'boolean': return [true, false];
    case 'array': return [['a', 'b']];
    case 'object': return [{ 'rule/shadowed': spec.values?.enum[0] ?? 'x' }];
  }
}

function invalidSamples(spec: SettingSpec): unknown[] {
  if (spec.samples) return spec.samples.invalid;
  const wrongType: Record<SettingSpec['type'], unknown> = { string: 42, integer: 'many', boolean: 'yes', array: 'a', object: 'a' };
  const out: unknown[] = [wrongType[spec.type]];
  if (spec.enum) out.push('not-one-of-them');
  if (spec.minimum !== undefined) out.push(spec.minimum - 1);
  if (spec.values) out.push({ 'rule/shadowed': 'not-a-level' });
  return out;
}

describe('settings table', () => {
  it('has one entry for every setting the server reads, and none it does not', () => {
    const runtime = runtimeKeys(DEFAULT_SETTINGS as unknown as Record<string, unknown>).sort();
    expect(serverSettings().map((s) => s.key).sort(), 'server/core/settingsSchema.ts and DEFAULT_SETTINGS name different settings').toEqual(runtime);
    expect(new Set(SETTINGS.map((s) => s.key)).size).toBe(SETTINGS.length);
  });

  it('gives every setting the default the runtime has', () => {
    for (const spec of serverSettings()) expect(spec.default, spec.key).toEqual(at(DEFAULT_SETTINGS, spec.key));
  });

  it('describes what the runtime accepts: every allowed value is taken, a wrong one is refused with a warning', () => {
    for (const spec of serverSettings()) {
      for (const value of validSamples(spec)) {
        const warnings: string[] = [];
        const out = overlaySettings(DEFAULT_SETTINGS, nested(spec.key, value), warnings);
        expect(warnings, `${spec.key} = ${JSON.stringify(value)}`).toEqual([]);
        expect(at(out, spec.key), spec.key).toEqual(value);
      }
      if (spec.nullable) {
        const warnings: string[] = [];
        overlaySettings(DEFAULT_SETTINGS, nested(spec.key, null), warnings);
        expect(warnings, `${spec.key} = null`).toEqual([]);
      }
      for (const value of invalidSamples(spec)) {
        const warnings: string[] = [];
        const out = overlaySettings(DEFAULT_SETTINGS, nested(spec.key, value), warnings);
        expect(warnings.join('\n'), `${spec.key} = ${JSON.stringify(value)}`).toContain(`agentls.${spec.key}`);
        expect(at(out, spec.key), spec.key).toEqual(at(DEFAULT_SETTINGS, spec.key));
      }
    }
  });

  it('is what VS Code is told (editors/vscode/package.json)', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'editors/vscode/package.json'), 'utf8'));
    expect(manifest.contributes.configuration, GENERATE).toEqual(vscodeConfiguration());
    const props = manifest.contributes.configuration.properties;
    expect(props['agentls.trace.server'].enum).toEqual(['off', 'messages', 'verbose']);
    expect(props['agentls.diagnostics.severity'].additionalProperties.enum).toContain('off');
    for (const spec of SETTINGS.filter((s) => s.key === 'home' || s.key === 'cacheDir' || s.key === 'path')) expect(props[`agentls.${spec.key}`].scope).toBe('machine');
  });

  it('is what agentls.json is checked against (agentls.schema.json), with ignore', () => {
    const published = JSON.parse(fs.readFileSync(path.join(ROOT, 'agentls.schema.json'), 'utf8'));
    expect(published, GENERATE).toEqual(projectConfigSchema());
    expect(Object.keys(published.properties)).toContain('ignore');
    expect(published.properties.rules.properties.profile.enum).toEqual(['seed', 'xcsh']);
    expect(Object.keys(published.properties)).not.toContain('path');
    // agentls.json refuses the machine's settings: its schema does not offer them.
    expect(Object.keys(published.properties)).not.toContain('home');
    expect(Object.keys(published.properties)).not.toContain('cacheDir');
    expect(Object.keys(published.properties.rules.properties)).toContain('piConfigDir');
  });

  it('is listed in the README', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    for (const spec of serverSettings()) expect(readme, `README.md lists no \`${spec.key}\``).toContain(`\`${spec.key}\``);
  });
});
