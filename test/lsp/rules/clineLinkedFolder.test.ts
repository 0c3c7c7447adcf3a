import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkReport, expectPushedLikeCheck } from '../../helpers/checkParity';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';
import { builtCli } from '../../helpers/cliWithHome';

const start = useLspClients(afterEach);

/**
 * `.clinerules` as a link to a folder of the workspace: Cline lists the folder through the
 * link; the xcsh agent takes the link for a single file and fails to read it (discovery.ts,
 * `clineLinkedFolder`, with the sources).
 */
function linkedClineFolder(): string {
  const ws = writeTree(tempDir(), {
    '.xcsh/rules/base.md': '---\nalwaysApply: true\n---\nBe brief.\n',
    'shared/cline-rules/style.md': 'Use tabs.\n',
    'shared/cline-rules/bad.md': '---\npaths: 5\n---\nBroken.\n',
  });
  fs.symlinkSync('shared/cline-rules', path.join(ws, '.clinerules'));
  return ws;
}

describe('.clinerules as a link to a folder of the workspace', () => {
  it('is listed for Cline by check, rules and the server (closed files), and stays unread for the xcsh agent', async () => {
    const ws = linkedClineFolder();
    const home = tempDir('agentls-home-');
    const run = builtCli(['check', '--format', 'json'], { cwd: ws, home });
    const report = JSON.parse(run.stdout) as { diagnostics: { path: string; code: string; message: string }[] };
    const of = (rel: string) => report.diagnostics.filter((d) => d.path === rel);
    // Cline reads the rule files there: its lint of `paths: 5`.
    expect(of('.clinerules/bad.md').map((d) => d.code)).toContain('frontmatter/wrong-type');
    // The link is no file to Cline; the xcsh agent fails to read it as one.
    expect(of('.clinerules').map((d) => d.message)).toEqual([expect.stringMatching(/^The xcsh agent cannot read this file .*Failed to read \.clinerules at/)]);

    const rules = builtCli(['rules', '--json'], { cwd: ws, home });
    const sent = (JSON.parse(rules.stdout) as { alwaysSent: { agent: string; items: { label: string }[] }[] }).alwaysSent;
    expect(sent.find((a) => a.agent === 'cline')?.items.map((i) => i.label)).toEqual(['bad', 'style']);

    const expected = checkReport(ws, home);
    const c = await start({ folders: [ws], home });
    await expectPushedLikeCheck(c, ws, ['.clinerules', '.clinerules/bad.md'], expected);
  });
});
