import * as fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { runScenario, type ScenarioRun } from './scenario';
import { loadVectors, type DiscoveryScenario } from './vectors';

/**
 * The `seed` profile (the default) follows the seed document where it differs from
 * current upstream; each [SEED≠UPSTREAM] point of rules.md has a test here, run on the
 * vector's own tree where one exists so the contrast with the xcsh expectation is plain.
 */
const { scenarios } = loadVectors<{ scenarios: DiscoveryScenario[] }>('rules-discovery.json');
const scenario = (id: string) => scenarios.find((s) => s.id === id)!;
const runs: ScenarioRun[] = [];
/** Runs a vector scenario, or a bare tree (under PROJECT/HOME/ROOT), under a profile. */
async function run(input: DiscoveryScenario | DiscoveryScenario['tree'], profile: 'seed' | 'xcsh' = 'seed'): Promise<ScenarioRun> {
  const isScenario = typeof (input as DiscoveryScenario).id === 'string';
  const r = await runScenario(isScenario ? (input as DiscoveryScenario) : { tree: input as DiscoveryScenario['tree'] }, profile);
  runs.push(r);
  return r;
}
afterAll(() => {
  for (const r of runs) fs.rmSync(r.base, { recursive: true, force: true });
});
const rule = (r: ScenarioRun, name: string) => r.view.resolution.items.find((x) => x.name === name);

describe('seed profile: providers', () => {
  it('has no agents provider (.agents/rules is not read)', async () => {
    const r = await run(scenario('agents-dir-provider'));
    expect(r.view.resolution.all.map((e) => [e.rule.name, e.candidate.provider, e.shadowed])).toEqual([['shared', 'cursor', false]]);
    expect(scenario('agents-dir-provider').expect.all.some((e) => e.provider === 'agents')).toBe(true);
  });

  it('ignores PI_CONFIG_DIR: the user folder is always ~/.xcsh/agent', async () => {
    const r = await run(scenario('pi-config-dir-env'));
    expect(r.view.resolution.items.map((x) => r.toVector(x.path))).toEqual(['HOME/.xcsh/agent/rules/default.md']);
  });
});

describe('seed profile: per-provider normalisation', () => {
  it('native keeps every globs element, strings or not', async () => {
    const r = await run(scenario('field-normalisation'));
    expect(rule(r, 'n2')!.globs).toEqual(['*.go', 7, true, '*.mod']);
    const x = await run(scenario('field-normalisation'), 'xcsh');
    expect(rule(x, 'n2')!.globs).toEqual(['*.go', '*.mod']);
  });

  it('native keeps a numeric description, which is truthy: the rule is listed in the rulebook', async () => {
    const r = await run(scenario('field-normalisation'));
    expect(rule(r, 'n1')!.description).toBe(42);
    expect(r.view.bucketResult.buckets.rulebook).toContain('n1');
    expect(scenario('field-normalisation').expect.buckets.none).toContain('n1');
  });

  it('cursor keeps alwaysApply only when true (false becomes undefined)', async () => {
    const r = await run({ 'PROJECT/.cursor/rules/a.mdc': '---\nalwaysApply: false\ndescription: d\n---\nA\n', 'PROJECT/.cursor/rules/b.mdc': '---\nalwaysApply: true\n---\nB\n' });
    expect(rule(r, 'a')!.alwaysApply).toBeUndefined();
    expect(rule(r, 'b')!.alwaysApply).toBe(true);
    const x = await run({ 'PROJECT/.cursor/rules/a.mdc': '---\nalwaysApply: false\ndescription: d\n---\nA\n' }, 'xcsh');
    expect(rule(x, 'a')!.alwaysApply).toBe(false);
  });

  it('windsurf casts alwaysApply and description: a string "true" is kept and keeps the rule out of the rulebook', async () => {
    const r = await run({ 'PROJECT/.windsurf/rules/w.md': '---\nalwaysApply: "true"\ndescription: windsurf\n---\nW\n' });
    expect(rule(r, 'w')!.alwaysApply).toBe('true');
    expect(r.view.bucketResult.buckets.none).toEqual(['w']);
    const x = await run({ 'PROJECT/.windsurf/rules/w.md': '---\nalwaysApply: "true"\ndescription: windsurf\n---\nW\n' }, 'xcsh');
    expect(x.view.bucketResult.buckets.rulebook).toEqual(['w']);
  });

  it('cline keeps alwaysApply only when it is a boolean, and descriptions only when they are strings', async () => {
    const r = await run({ 'PROJECT/.clinerules/c.md': '---\nalwaysApply: "true"\ndescription: 7\n---\nC\n', 'PROJECT/.clinerules/d.md': '---\nalwaysApply: false\ndescription: cline\n---\nD\n' });
    expect(rule(r, 'c')!.alwaysApply).toBeUndefined();
    expect(rule(r, 'c')!.description).toBeUndefined();
    expect(rule(r, 'd')!.alwaysApply).toBe(false);
    expect(r.view.bucketResult.buckets).toMatchObject({ rulebook: ['d'], none: ['c'] });
  });

  it('cursor, windsurf and cline read a trigger only when it is a string; native also reads lists', async () => {
    const tree = {
      'PROJECT/.cursor/rules/list.mdc': '---\ncondition: ["eval\\\\("]\n---\nL\n',
      'PROJECT/.cursor/rules/text.mdc': '---\nttsr_trigger: "eval\\\\("\n---\nT\n',
      'PROJECT/.xcsh/rules/native-list.md': '---\ncondition: ["eval\\\\("]\n---\nN\n',
    };
    const r = await run(tree);
    expect(rule(r, 'list')!.condition).toBeUndefined();
    expect(rule(r, 'text')!.condition).toEqual(['eval\\(']);
    expect(rule(r, 'native-list')!.condition).toEqual(['eval\\(']);
    const x = await run(tree, 'xcsh');
    expect(rule(x, 'list')!.condition).toEqual(['eval\\(']);
  });
});

describe('seed profile: frontmatter parser', () => {
  it('keeps kebab-case keys as written: always-apply and interrupt-mode do nothing', async () => {
    const r = await run(scenario('field-normalisation'));
    expect(rule(r, 'n2')!.alwaysApply).toBeUndefined();
    expect(rule(r, 'n2')!.interruptMode).toBeUndefined();
    expect(r.view.bucketResult.buckets.alwaysApply).toEqual([]);
    expect(scenario('field-normalisation').expect.buckets.alwaysApply).toEqual(['n2']);
  });
});

describe('seed profile: buckets', () => {
  it('puts every rule with a condition in TTSR, whether or not its patterns compile', async () => {
    const r = await run(scenario('invalid-regex-falls-through'));
    expect(r.view.bucketResult.buckets).toEqual({ ttsr: ['bad', 'bad2'], alwaysApply: [], rulebook: [], none: [] });
    expect(scenario('invalid-regex-falls-through').expect.buckets.ttsr).toEqual([]);
  });

  it('does not check the scope either: an unreachable scope stays TTSR', async () => {
    const r = await run(scenario('unreachable-scope'));
    expect(r.view.bucketResult.buckets.ttsr).toEqual(['scoped', 'thinking']);
    expect(scenario('unreachable-scope').expect.buckets.rulebook).toEqual(['scoped']);
  });

  it('needs a falsy alwaysApply for the rulebook: a native "true" string leaves the rule in no bucket', async () => {
    const r = await run(scenario('alwaysapply-not-boolean'));
    expect(r.view.bucketResult.buckets).toEqual({ ttsr: [], alwaysApply: [], rulebook: [], none: ['fb', 'q'] });
    expect(scenario('alwaysapply-not-boolean').expect.buckets.rulebook).toEqual(['fb', 'q']);
  });

  it('renders both prompt templates the same way as xcsh where the seed is silent', async () => {
    const s = scenario('rulebook-prompt-no-globs');
    const r = await run(s);
    expect({ defaultTemplate: r.view.systemPrompt('default'), customTemplate: r.view.systemPrompt('custom') }).toEqual(s.expect.promptSection);
  });
});
