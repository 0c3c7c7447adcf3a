import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { CLINE_LINKS, linkedClineRules } from '../helpers/linkedClineRules';
import { builtCli } from '../helpers/cliWithHome';

function check(ws: string): CheckJson {
  const run = builtCli(['check', '--format', 'json'], { cwd: ws });
  return JSON.parse(run.stdout) as CheckJson;
}

describe('linked rule files in .clinerules', () => {
  for (const withXcsh of [false, true]) {
    it(`are said to be read by no Cline, inside or out of the workspace${withXcsh ? ', beside the xcsh agent' : ''}`, () => {
      const report = check(linkedClineRules(withXcsh));
      const of = (rel: string) => report.diagnostics.filter((d) => d.path === rel);
      for (const rel of CLINE_LINKS) {
        const cline = of(rel).filter((d) => d.message.startsWith('Cline never reads this file'));
        expect(cline.map((d) => [d.code, d.severity]), rel).toEqual([['rule/not-read', 'error']]);
        expect(cline[0].message).toContain('symbolic link');
        expect(of(rel).some((d) => /Cline reads this file|Cline follows the link/.test(d.message)), rel).toBe(false);
      }
      // The xcsh agent is judged only where the workspace has its folder.
      expect(of(CLINE_LINKS[0]).some((d) => d.message.startsWith('The xcsh agent never reads this file'))).toBe(withXcsh);
      // The plain file beside them is Cline's as before (with the xcsh agent: its "no bucket" only).
      expect(of('.clinerules/ok.md').map((d) => d.code)).toEqual(withXcsh ? ['rule/no-bucket'] : []);
    });
  }
});
