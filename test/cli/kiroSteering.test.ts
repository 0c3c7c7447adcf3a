import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';
import { cliRulesFor } from '../helpers/rulesFor';
import type { RulesForFileResult } from '../../protocol/rulesContext';

/**
 * Kiro's steering files (`.kiro/steering/*.md`, rules/agents/kiro.ts has the sources) through
 * the built CLI: a correct set is checked clean and listed for Kiro by `rules --for`; each slip
 * Kiro would act on is said, naming Kiro.
 */
const SOURCES = { '.git/HEAD': 'ref: refs/heads/main\n', 'src/components/Button.tsx': 'x\n', 'src/lib/a.ts': 'x\n' };

const CORRECT_STEERING = {
  '.kiro/steering/tech.md': '---\ninclusion: always\n---\n# Tech\nTypeScript.\n',
  '.kiro/steering/plain.md': '# Product\nNo frontmatter: always included.\n',
  '.kiro/steering/components.md': '---\ninclusion: fileMatch\nfileMatchPattern: "src/components/**/*.tsx"\n---\n# Components\n',
  '.kiro/steering/ts.md': '---\ninclusion: fileMatch\nfileMatchPattern: ["**/*.ts", "**/*.tsx"]\n---\n# TS\n',
  '.kiro/steering/review.md': '---\ninclusion: manual\n---\n# Review checklist\n',
  '.kiro/steering/auto.md': '---\ninclusion: auto\nname: api\ndescription: REST API conventions\n---\n# API\n',
};

describe('Kiro steering files in agentls check and rules', () => {
  it('a correct set of steering files has no finding', () => {
    const ws = writeTree(tempDir(), { ...SOURCES, ...CORRECT_STEERING });
    const run = builtCli(['check'], { cwd: ws });
    expect(run.stdout).toBe('Checked 6 rule files among 8 files: no problems.\n');
    expect(run.status).toBe(0);
  });

  it('rules --for lists what Kiro includes for a file, by its inclusion', () => {
    const ws = writeTree(tempDir(), { ...SOURCES, ...CORRECT_STEERING });
    const rules = cliRulesFor(ws, 'src/components/Button.tsx', 'kiro');
    // `auto` may be included from its description, as other agents' described rules are listed.
    expect(rules.filter((r) => r.applies).map((r) => r.path).sort()).toEqual(['.kiro/steering/auto.md', '.kiro/steering/components.md', '.kiro/steering/plain.md', '.kiro/steering/tech.md', '.kiro/steering/ts.md']);
    expect(rules.filter((r) => !r.applies).map((r) => r.path)).toEqual(['.kiro/steering/review.md']);
    // Named alone with --agents; absent where no steering folder holds a file.
    expect(cliRulesFor(ws, 'src/lib/a.ts', 'kiro', 'kiro').filter((r) => r.applies).map((r) => r.path).sort()).toEqual(['.kiro/steering/auto.md', '.kiro/steering/plain.md', '.kiro/steering/tech.md', '.kiro/steering/ts.md']);
    expect(cliRulesFor(writeTree(tempDir(), SOURCES), 'src/lib/a.ts', 'kiro')).toEqual([]);
  });

  it('does not list a fileMatch steering file of the user\'s ~/.kiro/steering as attached: Kiro\'s issue tracker reports it never triggers', () => {
    const ws = writeTree(tempDir(), { ...SOURCES, '.kiro/steering/ws.md': '---\ninclusion: fileMatch\nfileMatchPattern: "src/**/*.tsx"\n---\n# W\n' });
    const home = writeTree(tempDir(), {
      '.kiro/steering/global.md': '---\ninclusion: fileMatch\nfileMatchPattern: "src/**/*.tsx"\n---\n# G\n',
      '.kiro/steering/always.md': '# Always\n',
    });
    const answer = JSON.parse(builtCli(['rules', '--for', 'src/components/Button.tsx', '--json'], { cwd: ws, home, mustSucceed: true }).stdout) as RulesForFileResult;
    const rules = answer.agents.find((a) => a.agent === 'kiro')?.rules ?? [];
    const global = rules.find((r) => r.path.endsWith('global.md'))!;
    expect(global.applies).toBe(false);
    expect(global.reason).toContain("Kiro's issue tracker reports fileMatch does not trigger for user-level steering files (#9176, #5027)");
    // The workspace's own fileMatch file and the user's always file are included as before.
    expect(rules.filter((r) => r.applies).map((r) => r.path.split('/').pop()).sort()).toEqual(['always.md', 'ws.md']);
  });

  it('does not list an auto steering file without a description as offered, and warns of it', () => {
    const ws = writeTree(tempDir(), { ...SOURCES, '.kiro/steering/nodesc.md': '---\ninclusion: auto\nname: api\n---\n# API\n' });
    const nodesc = cliRulesFor(ws, 'src/lib/a.ts', 'kiro').find((r) => r.path === '.kiro/steering/nodesc.md')!;
    expect(nodesc.applies).toBe(false);
    expect(nodesc.reason).toContain('Kiro decides from the file\'s `description`, and there is none');
    expect(builtCli(['check'], { cwd: ws }).stdout).toContain(
      '.kiro/steering/nodesc.md:2:1: warning [rule/inactive] inclusion: auto needs a `description`: Kiro decides from it whether to include this steering file, and there is none',
    );
  });

  it('says each slip Kiro acts on, naming Kiro', () => {
    const ws = writeTree(tempDir(), {
      ...SOURCES,
      '.kiro/steering/value.md': '---\ninclusion: alwayss\n---\n# A\n',
      '.kiro/steering/nopattern.md': '---\ninclusion: fileMatch\n---\n# B\n',
      '.kiro/steering/slip.md': '---\ninclusion: fileMatch\nfileMatchPatterns: "src/**"\n---\n# C\n',
      '.kiro/steering/dead.md': '---\ninclusion: fileMatch\nfileMatchPattern: "lib/**/*.rb"\n---\n# D\n',
      '.kiro/steering/comma.md': '---\ninclusion: fileMatch\nfileMatchPattern: "src/**/*.ts,src/**/*.tsx"\n---\n# E\n',
      '.kiro/steering/type.md': '---\ninclusion: fileMatch\nfileMatchPattern: 42\n---\n# F\n',
      '.kiro/steering/foreign.md': '---\ninclusion: fileMatch\nglobs: "src/**"\n---\n# G\n',
      '.kiro/steering/yaml.md': '---\ninclusion: fileMatch\nfileMatchPattern: "src/**\n---\n# H\n',
      '.kiro/steering/sub/nested.md': '---\ninclusion: always\n---\n# I\n',
      '.kiro/steering/list.md': '---\ninclusion: fileMatch\nfileMatchPattern: []\n---\n# J\n',
      '.kiro/steering/str.md': '---\ninclusion: fileMatch\nfileMatchPattern: ""\n---\n# K\n',
      '.kiro/steering/null.md': '---\ninclusion: fileMatch\nfileMatchPattern:\n---\n# L\n',
    });
    const out = builtCli(['check'], { cwd: ws }).stdout;
    expect(out).toContain('.kiro/steering/value.md:2:12: error [frontmatter/invalid-value] Kiro knows no inclusion "alwayss" (it knows always, fileMatch, manual, auto)');
    expect(out).toContain('.kiro/steering/nopattern.md:2:1: warning [rule/inactive] inclusion: fileMatch needs a `fileMatchPattern`, and there is none: Kiro');
    // A pattern holding none is said as one missing is, as rules --for says it is never attached.
    const listed = cliRulesFor(ws, 'src/lib/a.ts', 'kiro');
    for (const empty of ['list', 'str', 'null']) {
      expect(out).toContain(`.kiro/steering/${empty}.md:3:1: warning [rule/inactive] inclusion: fileMatch needs a \`fileMatchPattern\`, and this one holds no pattern: Kiro`);
      expect(listed.find((r) => r.path === `.kiro/steering/${empty}.md`)!.reason).toBe('glob rule without globs: never attached');
    }
    expect(out).toContain('.kiro/steering/slip.md:2:1: warning [rule/inactive] inclusion: fileMatch needs a `fileMatchPattern`, and there is none (Kiro reads `fileMatchPattern`, not `fileMatchPatterns`)');
    expect(out).toMatch(/\.kiro\/steering\/dead\.md:3:\d+: warning \[context\/dead-glob\] Kiro never attaches this rule by its globs: "lib\/\*\*\/\*\.rb" matches none/);
    expect(out).toContain('.kiro/steering/comma.md:3:19: warning [frontmatter/invalid-glob] Kiro does not split `fileMatchPattern` at commas');
    expect(out).toContain('.kiro/steering/type.md:3:19: warning [frontmatter/wrong-type] Kiro reads `fileMatchPattern` as globs');
    expect(out).toContain('.kiro/steering/foreign.md:3:1: warning [rule/foreign-key] `globs` is Cursor\'s key: Kiro reads `fileMatchPattern` and ignores `globs`');
    expect(out).toMatch(/\.kiro\/steering\/yaml\.md:\d+:\d+: warning \[frontmatter\/yaml-error\] The frontmatter is not valid YAML .*Kiro/);
    expect(out).toContain('.kiro/steering/sub/nested.md:1:1: warning [rule/not-read] Kiro reads steering files directly in `.kiro/steering/`, not in its subfolders: Kiro never reads this file. Move it to `.kiro/steering/nested.md`.');
  });
});
