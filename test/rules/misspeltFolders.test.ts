import { describe, expect, it } from 'vitest';
import { isSlipOf } from '../../server/workspace/folderSlips';
import { findingsOf, lintWorkspaceRules, ruleWorkspace } from './agentFixtures';

const rule = '---\ndescription: Style\nalwaysApply: true\n---\nUse tabs.\n';

/**
 * A rules folder whose name is a slip (`.cursor/rule/`, `.claude/.rules/`) holds files
 * that look right and that no agent ever reads, silently: each is reported for the agent
 * whose folder it was meant to be, with the path to move it to.
 */
describe('a rules folder with a slip in its name', () => {
  it('is reported for each agent, naming the folder it reads and where to move the file', async () => {
    const ws = ruleWorkspace({
      '.cursor/rule/style.mdc': rule,
      '.cursor/.rules/dot.mdc': rule,
      '.windsurf/rule/style.md': 'Use tabs.\n',
      '.claude/rulse/style.md': 'Use tabs.\n',
      '.github/instruction/ts.instructions.md': '---\napplyTo: "**/*.ts"\n---\nUse tabs.\n',
      'clinerules/style.md': 'Use tabs.\n',
      '.xcsh/rule/style.md': rule,
    });
    const all = await lintWorkspaceRules(ws);
    const notRead = (rel: string) => findingsOf(all, ws, rel).filter((f) => f.code === 'rule/not-read').map((f) => [f.severity, f.message, (f.data as { to?: string } | undefined)?.to]);
    const at = (rel: string) => `${ws}/${rel}`;
    expect(notRead('.cursor/rule/style.mdc')).toEqual([
      ['warning', 'Cursor reads rules from `.cursor/rules/`, and this folder is `.cursor/rule/`: Cursor never reads this file. Move it to `.cursor/rules/style.mdc`.', at('.cursor/rules/style.mdc')],
    ]);
    expect(notRead('.cursor/.rules/dot.mdc')).toEqual([[expect.anything(), expect.stringContaining('this folder is `.cursor/.rules/`'), at('.cursor/rules/dot.mdc')]]);
    expect(notRead('.windsurf/rule/style.md')).toEqual([[expect.anything(), expect.stringMatching(/^Windsurf reads rules from `\.windsurf\/rules\/`/), at('.windsurf/rules/style.md')]]);
    expect(notRead('.claude/rulse/style.md')).toEqual([[expect.anything(), expect.stringMatching(/^Claude Code reads rules from `\.claude\/rules\/`/), at('.claude/rules/style.md')]]);
    expect(notRead('.github/instruction/ts.instructions.md')).toEqual([
      [expect.anything(), expect.stringMatching(/^GitHub Copilot reads instruction files from `\.github\/instructions\/`/), at('.github/instructions/ts.instructions.md')],
    ]);
    expect(notRead('clinerules/style.md')).toEqual([[expect.anything(), expect.stringMatching(/^Cline reads rules from `\.clinerules\/`, and this folder is `clinerules\/`/), at('.clinerules/style.md')]]);
    expect(notRead('.xcsh/rule/style.md')).toEqual([['warning', 'The xcsh agent never reads this file: its folder is `.xcsh/rule/`, and the rules go in `.xcsh/rules/`.', undefined]]);
  });

  it('stays quiet where the agent does read, or where the name is another word', async () => {
    const ws = ruleWorkspace({
      // Case only: macOS and Windows find `.cursor/Rules/` as `.cursor/rules/`.
      '.cursor/Rules/style.mdc': rule,
      // Another word (one letter replaced), and a file the agent would not read even in the right folder.
      '.claude/roles/reviewer.md': 'You review.\n',
      '.cursor/rule/notes.txt': 'x\n',
      '.github/instruction/README.md': '# About these files\n',
      // A folder inside the real one is the agent's own business.
      '.cursor/rules/rule/nested.mdc': rule,
      // Not at the root: Cline would not read `.clinerules/` there either.
      'docs/clinerules/style.md': 'Use tabs.\n',
    });
    const all = await lintWorkspaceRules(ws);
    for (const rel of ['.cursor/Rules/style.mdc', '.claude/roles/reviewer.md', '.cursor/rule/notes.txt', '.github/instruction/README.md', '.cursor/rules/rule/nested.mdc', 'docs/clinerules/style.md']) {
      expect([rel, findingsOf(all, ws, rel).filter((f) => f.code === 'rule/not-read')]).toEqual([rel, []]);
    }
  });

  it('is only the slips a hand makes', () => {
    for (const slip of ['rule', 'Rule', '.rules', '_rules', 'ruls', 'rulees', 'ruels', 'RULE']) expect([slip, isSlipOf(slip, 'rules')]).toEqual([slip, true]);
    for (const word of ['rules', 'Rules', 'RULES', 'roles', 'rulesets', 'ru', 'tools', 'x'.repeat(100)]) expect([word, isSlipOf(word, 'rules')]).toEqual([word, false]);
    expect(isSlipOf('instruction', 'instructions')).toBe(true);
    expect(isSlipOf('instrucitons', 'instructions')).toBe(true);
    expect(isSlipOf('.clinerule', '.clinerules')).toBe(true);
    expect(isSlipOf('clinerules', '.clinerules')).toBe(true);
  });
});
