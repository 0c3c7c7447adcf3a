import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { agentOfLocation, ownerOf, type AgentId } from '../../../server/rules/agents';
import { codexHomePlaces } from '../../../server/rules/agents/codex';
import { toolRelativePath } from '../../../server/rules/agents/relative';
import { userAreaReading } from '../../../server/rules/context/userAreaReading';
import { clineGlobalRuleAreas, userRuleAreas, userRuleFolders, type RulesProfile } from '../../../server/workspace/ruleLocations';

/*
 * `agentls check` naming a user-level rule location reads it as the agent that owns it reads it
 * (`userAreaReading`). The owner is taken here from the agent models, not from that function: the
 * xcsh agent's discovery folders go to `agentOfLocation` (Cursor reads no ~/.cursor/rules), Cline's
 * global folders to Cline's provider, the rest to `ownerOf` of a file there as the models read a
 * user-level path (from the home, Codex's home files marked as such). A location with no reading
 * must fail loudly, never fall to some agent's.
 */

const HOME = path.join(path.sep, 'home', 'u');

function owner(area: string, profile: RulesProfile, piConfigDir: string | undefined): AgentId | undefined {
  const folder = userRuleFolders(HOME, profile, piConfigDir).find((f) => f.dir === area);
  if (folder) return agentOfLocation(folder.provider, 'user');
  if (clineGlobalRuleAreas(HOME).includes(area)) return agentOfLocation('cline', 'user');
  const file = area.endsWith('.md') ? area : path.join(area, 'rule.md');
  return ownerOf(toolRelativePath(file, HOME), codexHomePlaces(file, HOME))?.agent.id;
}

const savedCodexHome = process.env.CODEX_HOME;
afterEach(() => {
  if (savedCodexHome === undefined) delete process.env.CODEX_HOME;
  else process.env.CODEX_HOME = savedCodexHome;
});

describe('userAreaReading', () => {
  const cases: [RulesProfile, string | undefined, string | undefined][] = [
    ['seed', undefined, undefined],
    ['xcsh', undefined, undefined],
    ['xcsh', '.pi', path.join(path.sep, 'srv', 'codex-home')],
  ];
  for (const [profile, piConfigDir, codexHome] of cases) {
    it(`reads every user-level location of the ${profile} profile as the agent owning it${codexHome ? ', CODEX_HOME set' : ''}`, () => {
      if (codexHome) process.env.CODEX_HOME = codexHome;
      else delete process.env.CODEX_HOME;
      const areas = userRuleAreas(HOME, profile, piConfigDir);
      const read = areas.map((area) => [area, userAreaReading(area, HOME, profile, piConfigDir).agent]);
      expect(read).toEqual(areas.map((area) => [area, owner(area, profile, piConfigDir)]));
      // Every owner is an agent: no location fell through to none.
      expect(read.every(([, agent]) => agent !== undefined)).toBe(true);
    });
  }

  it('refuses a location it has no reading for, rather than reading it as some agent', () => {
    expect(() => userAreaReading(path.join(HOME, '.codex', 'config.toml'), HOME, 'seed', undefined)).toThrow(/config\.toml/);
  });
});
