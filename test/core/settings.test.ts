import { describe, expect, it } from 'vitest';
import { applyLevel, type Finding } from '../../server/core/findings';
import { DEFAULT_SETTINGS, overlaySettings } from '../../server/core/settings';

describe('settings overlay', () => {
  it('accepts the agentls section or the bare object, and keeps defaults for the rest', () => {
    const nested = overlaySettings(DEFAULT_SETTINGS, { agentls: { rules: { profile: 'xcsh' } } });
    const bare = overlaySettings(DEFAULT_SETTINGS, { rules: { profile: 'xcsh' } });
    expect(nested).toEqual(bare);
    expect(nested.rules.profile).toBe('xcsh');
    expect(nested.log.level).toBe(DEFAULT_SETTINGS.log.level);
    expect(DEFAULT_SETTINGS.rules.profile).toBe('seed');
  });

  it('drops values of the wrong type with a warning naming the key', () => {
    const warnings: string[] = [];
    const s = overlaySettings(DEFAULT_SETTINGS, { astEdit: { maxFiles: -3 }, diagnostics: { severity: { 'rule/shadowed': 'loud', 'ref/*': 'off' } } }, warnings);
    expect(s.astEdit.maxFiles).toBe(DEFAULT_SETTINGS.astEdit.maxFiles);
    expect(s.diagnostics.severity).toEqual({ 'ref/*': 'off' });
    expect(warnings.join('\n')).toMatch(/agentls\.astEdit\.maxFiles/);
    expect(warnings.join('\n')).toMatch(/agentls\.diagnostics\.severity\.rule\/shadowed/);
  });

  it('ignores non-objects entirely', () => {
    expect(overlaySettings(DEFAULT_SETTINGS, 'nonsense')).toBe(DEFAULT_SETTINGS);
    expect(overlaySettings(DEFAULT_SETTINGS, null)).toBe(DEFAULT_SETTINGS);
  });
});

describe('severity levels', () => {
  const finding: Finding = { code: 'rule/shadowed', severity: 'warning', message: 'm', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } };
  it('overrides by code, then by family, and turns findings off', () => {
    expect(applyLevel(finding, { 'rule/shadowed': 'error' })?.severity).toBe('error');
    expect(applyLevel(finding, { 'rule/*': 'hint' })?.severity).toBe('hint');
    expect(applyLevel(finding, { 'rule/shadowed': 'information', 'rule/*': 'off' })?.severity).toBe('information');
    expect(applyLevel(finding, { 'rule/*': 'off' })).toBeUndefined();
    expect(applyLevel(finding, {})).toBe(finding);
  });
});
