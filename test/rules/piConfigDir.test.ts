import * as fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { runScenario, type ScenarioRun } from './scenario';

const runs: ScenarioRun[] = [];
afterAll(() => {
  for (const r of runs) fs.rmSync(r.base, { recursive: true, force: true });
});

const tree = {
  'HOME/.custom/agent/rules/env.md': '---\ndescription: env dir\n---\ne\n',
  'HOME/.other/agent/rules/setting.md': '---\ndescription: setting dir\n---\ns\n',
  'HOME/.xcsh/agent/rules/default.md': '---\ndescription: default dir\n---\nd\n',
};

describe('PI_CONFIG_DIR (xcsh profile)', () => {
  it('comes from the environment, as the agent reads it', async () => {
    const r = await runScenario({ tree, env: { PI_CONFIG_DIR: '.custom' } }, 'xcsh');
    runs.push(r);
    expect(r.view.resolution.items.map((x) => r.toVector(x.path))).toEqual(['HOME/.custom/agent/rules/env.md']);
  });

  it('the setting agentls.rules.piConfigDir overrides the environment', async () => {
    const r = await runScenario({ tree, env: { PI_CONFIG_DIR: '.custom' } }, 'xcsh', { rules: { profile: 'xcsh', piConfigDir: '.other' } });
    runs.push(r);
    expect(r.view.resolution.items.map((x) => r.toVector(x.path))).toEqual(['HOME/.other/agent/rules/setting.md']);
  });

  it('without either, the folder is ~/.xcsh/agent', async () => {
    const r = await runScenario({ tree }, 'xcsh');
    runs.push(r);
    expect(r.view.resolution.items.map((x) => r.toVector(x.path))).toEqual(['HOME/.xcsh/agent/rules/default.md']);
  });
});
