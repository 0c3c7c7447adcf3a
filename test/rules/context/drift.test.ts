import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertRule, readRuleFile, toolOfPath } from '../../../server/rules/context/convert';
import { diffSummary, findDrift, lineDiff } from '../../../server/rules/context/drift';
import { parseFrontmatter } from '../../../server/rules/frontmatter';
import { repoRoot } from '../../helpers/repo';

describe('line diff', () => {
  it('keeps common lines and marks changes', () => {
    const d = lineDiff('a\nb\nc\nd', 'a\nB\nc\nd\ne');
    expect(d.filter((x) => x.op !== ' ')).toEqual([
      { op: '-', text: 'b' },
      { op: '+', text: 'B' },
      { op: '+', text: 'e' },
    ]);
    expect(diffSummary(d)).toBe('- b\n+ B\n+ e');
    expect(lineDiff('same', 'same').every((x) => x.op === ' ')).toBe(true);
  });

  it('stays linear on long, entirely different bodies', () => {
    const a = Array.from({ length: 5000 }, (_, i) => `a${i}`).join('\n');
    const b = Array.from({ length: 5000 }, (_, i) => `b${i}`).join('\n');
    const d = lineDiff(a, b);
    expect(d.length).toBe(10_000);
    expect(diffSummary(d)).toContain('more changed lines');
  });
});

describe('frontmatter conversion', () => {
  const cursorAlways = '---\ndescription: Style\nalwaysApply: true\n---\nBody.\n';
  const cursorGlob = '---\nglobs: src/**/*.ts, lib/*.ts\nalwaysApply: false\n---\nBody.\n';

  it('reads each tool\'s activation as its agent model does (the agent-model vectors, as data)', () => {
    const { cases } = JSON.parse(fs.readFileSync(path.join(repoRoot(), 'test', 'rules', 'agentVectors', 'agent-models.json'), 'utf8')) as {
      cases: { id: string; path: string; text: string; expect: { activation?: string; globs?: string[] } }[];
    };
    let compared = 0;
    for (const v of cases) {
      const tool = toolOfPath(path.join('/ws', v.path));
      if (!tool || !v.expect.activation || v.expect.activation === 'unknown') continue;
      const read = readRuleFile(v.text, tool).activation;
      expect([v.id, read.mode]).toEqual([v.id, v.expect.activation === 'globs' ? 'glob' : v.expect.activation]);
      if (v.expect.globs) expect([v.id, read.globs]).toEqual([v.id, v.expect.globs]);
      compared++;
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('maps alwaysApply ⇄ trigger: always_on, globs ⇄ trigger: glob ⇄ Cline paths', () => {
    const ws = convertRule(cursorAlways, 'cursor', 'windsurf').text;
    expect(parseFrontmatter(ws, 'xcsh').frontmatter).toMatchObject({ trigger: 'always_on', description: 'Style' });
    expect(readRuleFile(ws, 'windsurf').activation.mode).toBe('always');
    expect(convertRule(ws, 'windsurf', 'cursor').text).toBe('---\ndescription: Style\nalwaysApply: true\n---\nBody.\n');

    const wsGlob = convertRule(cursorGlob, 'cursor', 'windsurf').text;
    expect(parseFrontmatter(wsGlob, 'xcsh').frontmatter).toEqual({ trigger: 'glob', globs: ['src/**/*.ts', 'lib/*.ts'] });
    const cline = convertRule(wsGlob, 'windsurf', 'cline');
    expect(parseFrontmatter(cline.text, 'xcsh').frontmatter).toEqual({ paths: ['src/**/*.ts', 'lib/*.ts'] });
    expect(readRuleFile(cline.text, 'cline').activation).toEqual({ mode: 'glob', globs: ['src/**/*.ts', 'lib/*.ts'], description: undefined });
    expect(convertRule(cline.text, 'cline', 'cursor').text).toContain('alwaysApply: false');

    const decision = convertRule('---\ntrigger: model_decision\ndescription: When testing\n---\nB\n', 'windsurf', 'cline');
    expect(decision.lost.join(' ')).toMatch(/description/);
    expect(decision.text).toBe('B\n');
  });

  it('knows each tool by the file path', () => {
    expect(toolOfPath('/p/.cursor/rules/x.mdc')).toBe('cursor');
    expect(toolOfPath('/p/.windsurf/rules/x.md')).toBe('windsurf');
    expect(toolOfPath('/p/.clinerules/x.md')).toBe('cline');
    expect(toolOfPath('/p/.xcsh/rules/x.md')).toBe('native');
    expect(toolOfPath('/p/.cline/rules/x.md')).toBe('cline');
    expect(toolOfPath('/h/.xcsh/agent/rules/x.md')).toBe('native');
    expect(toolOfPath('/h/.pi/agent/rules/x.mdc')).toBe('native');
    expect(toolOfPath('/p/src/x.ts')).toBeUndefined();
    // Claude Code's rules are no format the conversion writes (they were taken for xcsh's).
    expect(toolOfPath('/p/.claude/rules/x.md')).toBeUndefined();
    expect(toolOfPath('/p/docs/rules/x.md')).toBeUndefined();
  });
});

describe('drift between copies', () => {
  it('reports differing bodies across tools, not identical ones or same-tool copies', () => {
    const cursor = { path: '/p/.cursor/rules/x.mdc', text: '---\nalwaysApply: true\n---\nUse tabs.\nBe kind.\n' };
    const windsurf = { path: '/p/.windsurf/rules/x.md', text: '---\ntrigger: always_on\n---\nUse spaces.\nBe kind.\n' };
    const same = { path: '/p/.clinerules/x.md', text: 'Use tabs.\nBe kind.\n' };
    const drift = findDrift([cursor, windsurf, same]);
    expect(drift.map((d) => [d.path, d.other.path])).toEqual([
      [cursor.path, windsurf.path],
      [windsurf.path, cursor.path],
      [windsurf.path, same.path],
      [same.path, windsurf.path],
    ]);
    expect(diffSummary(drift[0].diff)).toBe('- Use tabs.\n+ Use spaces.');
    expect(findDrift([cursor, { path: '/h/.cursor/rules/x.mdc', text: 'other' }])).toEqual([]);
  });

  it('takes files of one name with no line in common for separate rules, unless a body is only a line or two', () => {
    const cline = { path: '/p/.clinerules/rules.md', text: 'Stack: Go.\n\n- Run `go test ./...`\n- Wrap errors\n- No globals\n' };
    const windsurf = { path: '/p/.windsurf/rules/rules.md', text: '---\ntrigger: always_on\n---\n# For Cascade\n\n- Keep diffs small\n- Ask before deleting\n- Explain each step\n' };
    expect(findDrift([cline, windsurf])).toEqual([]);
    // Spaces at the ends of a line do not make it another line: with them, half the lines are shared, which keeps them copies.
    const copy = { ...windsurf, text: windsurf.text.replace('- Explain each step', '  - Wrap errors  ').replace('- Ask before deleting', '- No globals') };
    expect(findDrift([cline, copy]).map((d) => d.path)).toEqual([cline.path, copy.path]);
    // A one-line rule changed whole is still a drifted copy.
    expect(findDrift([{ ...cline, text: 'Use tabs.\n' }, { ...windsurf, text: 'Use spaces.\n' }])).toHaveLength(2);
  });

  it('takes files of one name that share only headings and short lines for separate rules, and a copy with most lines kept for drift', () => {
    const lines = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `- ${tag} instruction number ${i} of this rule`).join('\n');
    const cursor = { path: '/p/.cursor/rules/testing.mdc', text: `---\nalwaysApply: true\n---\n# Testing\n\n## Unit\n\n\`\`\`ts\n${lines(4, 'cursor')}\n\`\`\`\nDo:\n` };
    const windsurf = { path: '/p/.windsurf/rules/testing.md', text: `---\ntrigger: always_on\n---\n# Testing\n\n## Unit\n\n\`\`\`ts\n${lines(4, 'windsurf')}\n\`\`\`\nDo:\n` };
    // Headings, fences and a one-word label in common, and one instruction of four: separate rules.
    expect(findDrift([cursor, windsurf])).toEqual([]);
    const oneShared = { ...windsurf, text: windsurf.text.replace('- windsurf instruction number 0', '- cursor instruction number 0') };
    expect(findDrift([cursor, oneShared])).toEqual([]);
    // Two of four kept, or a copy that grew: still copies that drifted.
    const twoShared = { ...oneShared, text: oneShared.text.replace('- windsurf instruction number 1', '- cursor instruction number 1') };
    expect(findDrift([cursor, twoShared]).map((d) => d.path)).toEqual([cursor.path, twoShared.path]);
    const grown = { ...windsurf, text: `${cursor.text.replace(/^---[^]*?---\n/, '---\ntrigger: always_on\n---\n')}${lines(40, 'extra')}\n` };
    expect(findDrift([cursor, grown])).toHaveLength(2);
    // Long bodies are judged on their first lines: a copy whose tail was rewritten is still one.
    const long = (tag: string) => ({ path: `/p/.${tag}/rules/big.md`, text: `# Big\n${lines(3000, 'same')}\n${lines(20_000, tag)}\n` });
    expect(findDrift([long('cursor'), long('windsurf')])).toHaveLength(2);
  });
});
