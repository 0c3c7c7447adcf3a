import * as fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../protocol/rules';
import { useLspClients } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';
import { tempDir } from '../../helpers/repo';
import { windsurfNoTriggerTree } from '../../helpers/windsurfNoTrigger';

const start = useLspClients(afterEach);

/**
 * Windsurf's docs describe no rule without `trigger` (agents/windsurf.ts): agentls/ruleBuckets
 * marks the manual mode it gives such a rule as inferred (`modeInferred`), `mode` unchanged,
 * and the buckets report says it as a likelihood.
 */
describe('agentls/ruleBuckets of a Windsurf rule without trigger', () => {
  it('marks its mode inferred, and the report hedges it', async () => {
    const ws = windsurfNoTriggerTree();
    const c = await start({ folders: [ws], home: tempDir('agentls-home-') });
    const result = await until('the buckets from the complete index', () => c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) }), (r) => r.indexing === undefined);
    const rules = result.agentRules?.find((a) => a.agent === 'windsurf')?.rules ?? [];
    expect(rules.find((r) => r.name === 'none')).toMatchObject({ mode: 'manual', modeInferred: true });
    expect(rules.find((r) => r.name === 'manual')).toMatchObject({ mode: 'manual' });
    expect(rules.find((r) => r.name === 'manual')).not.toHaveProperty('modeInferred');

    await c.executeCommand('agentls.rules.showBuckets', [{ uri: c.uri(ws) }]);
    await c.waitFor('a report', () => c.shownDocuments.length > 0);
    const text = fs.readFileSync(new URL(c.shownDocuments[0]), 'utf8');
    expect(text).toMatch(/^- \*\*none\*\* · `\.windsurf\/rules\/none\.md` · most likely manual: only when named \(@none\); Windsurf's docs do not say how it applies a rule like this · ≈\d+ tokens?$/m);
    expect(text).toMatch(/^- \*\*manual\*\* · `\.windsurf\/rules\/manual\.md` · manual: only when named \(@manual\) · ≈\d+ tokens?$/m);
  });
});
