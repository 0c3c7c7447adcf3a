import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../server/cli/output';
import { tempDir, writeTree } from '../helpers/repo';
import { agentlsWithHome } from '../helpers/cliWithHome';

/*
 * Cline reads the `.txt` and `.markdown` files of its rule folders beside the `.md` ones (its
 * loader: workspace/ruleLocations.ts, `CLINE_RULE_EXTENSIONS`, with the source); the xcsh agent
 * reads `.md` alone (rules.md §2.6). `agentls check` judged them as Cline's rules, but the
 * listing and Cline's "sent in every request" total left them out, and so did the note of the
 * user-level problems a whole-project check leaves unreported.
 */

type Sent = { agent: string; items: { label: string; path?: string }[] };

const RULE = '---\npaths: 42\n---\nUse tabs.\n';

function setUp(): { ws: string; home: string } {
  const ws = writeTree(tempDir(), {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.clinerules/b.md': RULE,
    '.clinerules/c.txt': RULE,
    // A Cline workflow, not a rule: never listed nor judged as one.
    '.clinerules/workflows/x.md': RULE,
    'src/a.ts': 'export const a = 1;\n',
  });
  const home = writeTree(tempDir('agentls-home-'), {
    'Documents/Cline/Rules/g.md': RULE,
    'Documents/Cline/Rules/t.txt': RULE,
    'Documents/Cline/Rules/m.markdown': RULE,
  });
  return { ws, home };
}

describe("Cline's .txt and .markdown rules", () => {
  it("are listed and counted in Cline's total, in .clinerules and in its global folders, and in Cline's alone", () => {
    const { ws, home } = setUp();
    const rules = JSON.parse(agentlsWithHome(ws, home, 'rules', '--json').stdout) as { alwaysSent: Sent[] };
    const cline = rules.alwaysSent.find((a) => a.agent === 'cline')?.items ?? [];
    const globals = path.join(home, 'Documents', 'Cline', 'Rules');
    expect(cline.map((i) => i.path)).toEqual(['.clinerules/b.md', '.clinerules/c.txt', path.join(globals, 'g.md'), path.join(globals, 'm.markdown'), path.join(globals, 't.txt')]);
    expect(cline.map((i) => i.label)).toEqual(['b', 'c', 'g (global)', 'm (global)', 't (global)']);
    // The xcsh agent reads `.clinerules/*.md` alone, and never Cline's global folders.
    expect(rules.alwaysSent.find((a) => a.agent === 'seed')?.items ?? []).toEqual([]);
    expect(agentlsWithHome(ws, home, 'rules').stdout).toContain('\n  c  .clinerules/c.txt  always, in every request');
  });

  it("are counted by the whole project's check in its note of the user-level problems, and checked as Cline's", () => {
    const { ws, home } = setUp();
    const run = agentlsWithHome(ws, home, 'check', '--format', 'json');
    const report = JSON.parse(run.stdout) as CheckJson;
    expect(report.diagnostics.map((d) => `${d.path} ${d.code}`)).toEqual(['.clinerules/b.md frontmatter/wrong-type', '.clinerules/c.txt frontmatter/wrong-type']);
    expect(run.stderr).toMatch(/3 problems in your user-level rules \(~\/Documents\/Cline\/Rules\/g\.md, ~\/Documents\/Cline\/Rules\/m\.markdown, ~\/Documents\/Cline\/Rules\/t\.txt\)/);
  });
});
