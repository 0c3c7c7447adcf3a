import * as fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { runScenario, vectorText, type ScenarioRun } from './scenario';
import { loadVectors, type DiscoveryScenario } from './vectors';

const { scenarios } = loadVectors<{ scenarios: DiscoveryScenario[] }>('rules-discovery.json');
const runs: ScenarioRun[] = [];
afterAll(() => {
  for (const r of runs) fs.rmSync(r.base, { recursive: true, force: true });
});

/**
 * The error texts inside log lines come from the runtime's YAML parser and regex engine
 * (Bun's, in the vectors; the `yaml` package and V8 here): they are compared as
 * placeholders, everything around them exactly.
 */
function runtimeNeutral(line: string): string {
  return line.replace(/YAML Parse error: [^"]*"/, 'YAML Parse error: <parser message>"').replace(/"error":"(?:[^"\\]|\\.)*"/, '"error":"<regex engine message>"');
}

describe('rules-discovery vectors (xcsh profile)', () => {
  it('has the 26 scenarios the vector README announces', () => {
    expect(scenarios).toHaveLength(26);
  });
  for (const scenario of scenarios) {
    it(scenario.id, async () => {
      const run = await runScenario(scenario, 'xcsh');
      runs.push(run);
      const { view, toVector } = run;
      const all = view.resolution.all.map((e) => ({ name: e.rule.name, provider: e.candidate.provider, level: e.candidate.level, path: toVector(e.candidate.path), shadowed: e.shadowed }));
      expect(all).toEqual(scenario.expect.all);
      const effective = view.resolution.items.map((r) => ({
        name: r.name,
        provider: r.source.provider,
        level: r.source.level,
        path: toVector(r.path),
        description: r.description ?? null,
        alwaysApply: r.alwaysApply,
        globs: r.globs ?? null,
        condition: r.condition ?? null,
        scope: r.scope ?? null,
        interruptMode: r.interruptMode ?? null,
        content: r.content,
      }));
      expect(effective).toEqual(scenario.expect.effective);
      expect(view.resolution.warnings.map((w) => vectorText(run, w))).toEqual(scenario.expect.warnings);
      expect(view.logWarnings.map((w) => runtimeNeutral(vectorText(run, w)))).toEqual(scenario.expect.logWarnings.map(runtimeNeutral));
      expect(view.bucketResult.buckets).toEqual(scenario.expect.buckets);
      for (const name of scenario.resolve ?? []) {
        const got = view.resolveUrl(`rule://${name}`);
        const expected = scenario.expect.ruleUrl![name];
        expect(got.ok ? { content: got.content, contentType: got.contentType, sourcePath: toVector(got.sourcePath) } : { error: got.error }).toEqual(expected);
      }
      if (scenario.renderPrompt) {
        expect({ defaultTemplate: view.systemPrompt('default'), customTemplate: view.systemPrompt('custom') }).toEqual(scenario.expect.promptSection);
      }
    });
  }
});
