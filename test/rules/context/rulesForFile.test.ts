import { describe, expect, it } from 'vitest';
import type { AgentView } from '../../../server/rules/context/agentView';
import { SEED_DIALECT, seedAgentView } from '../../../server/rules/context/agentView';
import { agentCost, estimateTokens } from '../../../server/rules/context/cost';
import { rulesForFile } from '../../../server/rules/context/rulesForFile';
import { toolAgentViews } from '../../../server/rules/context/toolViews';
import { runScenario } from '../scenario';

const RULES = {
  'PROJECT/.xcsh/rules/always.md': '---\nalwaysApply: true\n---\nBe brief.\n',
  'PROJECT/.xcsh/rules/ts.md': '---\ndescription: TypeScript style\nglobs: ["src/**/*.ts"]\n---\nTwo spaces.\n',
  'PROJECT/.xcsh/rules/anywhere.md': '---\ndescription: General advice\n---\nThink first.\n',
  'PROJECT/.xcsh/rules/console.md': '---\ncondition: "console\\\\.log"\nglobs: ["src/**"]\n---\nUse the logger.\n',
  'PROJECT/.xcsh/rules/quiet.md': 'No frontmatter, no bucket.\n',
  'PROJECT/src/a.ts': 'export {};\n',
};

describe('rules for a file', () => {
  it('lists what the seed agent attaches to a source file and why, applying rules first', async () => {
    const run = await runScenario({ tree: RULES }, 'seed');
    try {
      const view = seedAgentView(run.view);
      const result = rulesForFile(view, 'src/a.ts');
      const by = (name: string) => result.rules.find((r) => r.name === name)!;
      expect(by('always')).toMatchObject({ applies: true, mode: 'always' });
      expect(by('ts')).toMatchObject({ applies: true, mode: 'description', matchedGlob: 'src/**/*.ts' });
      expect(by('anywhere')).toMatchObject({ applies: true, mode: 'description' });
      expect(by('console')).toMatchObject({ applies: true, mode: 'ttsr', matchedGlob: 'src/**' });
      expect(by('quiet')).toMatchObject({ applies: false, mode: 'none' });
      expect(result.rules.findIndex((r) => !r.applies)).toBe(4);

      const docs = rulesForFile(view, 'docs/x.md');
      expect(docs.rules.find((r) => r.name === 'ts')).toMatchObject({ applies: false });
      expect(docs.rules.find((r) => r.name === 'ts')!.reason).toContain('src/**/*.ts');
      expect(docs.rules.find((r) => r.name === 'console')).toMatchObject({ applies: false });
    } finally {
      run.session.dispose();
    }
  });

  it("gives each tool with rule files its own view, activated as its own model says", async () => {
    const run = await runScenario(
      {
        tree: {
          'PROJECT/.cursor/rules/react.mdc': '---\nglobs: *.tsx, *.jsx\n---\nHooks first.\n',
          'PROJECT/.cursor/rules/manual.mdc': 'Only when mentioned.\n',
          'PROJECT/.windsurf/rules/always.md': '---\ntrigger: always_on\n---\nBe brief.\n',
          'PROJECT/src/App.tsx': 'export {};\n',
        },
      },
      'seed',
    );
    try {
      const views = toolAgentViews(run.view);
      expect(views.map((v) => v.displayName).sort()).toEqual(['Cursor', 'Windsurf']);
      const cursor = rulesForFile(views.find((v) => v.agent === 'cursor')!, 'src/App.tsx');
      // Cursor splits its comma-separated globs (the seed agent reads one glob).
      expect(cursor.rules.find((r) => r.name === 'react')).toMatchObject({ applies: true, mode: 'glob', matchedGlob: '*.tsx' });
      expect(cursor.rules.find((r) => r.name === 'manual')).toMatchObject({ applies: false, mode: 'manual' });
      const windsurf = rulesForFile(views.find((v) => v.agent === 'windsurf')!, 'src/App.tsx');
      expect(windsurf.rules.find((r) => r.name === 'always')).toMatchObject({ applies: true, mode: 'always' });
    } finally {
      run.session.dispose();
    }
  });

  it('reads glob and manual modes of other agents through the same view', () => {
    const view: AgentView = {
      agent: 'test',
      displayName: 'a test agent',
      root: '/w',
      dialect: SEED_DIALECT,
      alwaysSentExtra: [],
      rules: [
        { name: 'g', path: '/w/g.md', mode: 'glob', globs: ['*.py'], body: 'x', global: false },
        { name: 'm', path: '/w/m.md', mode: 'manual', globs: [], body: 'y', global: false },
      ],
    };
    const r = rulesForFile(view, 'pkg/mod.py');
    expect(r.rules.map((x) => [x.name, x.applies])).toEqual([
      ['g', true],
      ['m', false],
    ]);
  });
});

describe('context cost', () => {
  it('estimates tokens as UTF-8 bytes / 4 and totals what is sent in every request', async () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcd')).toBe(1);
    expect(estimateTokens('abcde')).toBe(2);
    expect(estimateTokens('é')).toBe(1);
    const run = await runScenario({ tree: RULES }, 'seed');
    try {
      const cost = agentCost(seedAgentView(run.view));
      expect(cost.items.map((i) => i.label)).toEqual(['always', 'rulebook listing']);
      expect(cost.items[0].tokens).toBe(estimateTokens('Be brief.'));
      expect(cost.totalTokens).toBe(cost.items[0].tokens + cost.items[1].tokens);
      expect(cost.perRule.get('quiet')).toBe(estimateTokens('No frontmatter, no bucket.\n'));
    } finally {
      run.session.dispose();
    }
  });

});
