import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import type { RuleBucketsResult } from '../../../protocol/rules';
import type { RulesForFileResult } from '../../../protocol/rulesContext';
import { type LspTestClient, useLspClients } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';

/*
 * User-level rule files in the editor's rules reports: `~/…`, as `agentls rules` prints them
 * (test/cli/rulesHomePaths.test.ts) and as the completion list shows them, never the absolute
 * home path. `agentls/ruleBuckets` and `agentls/rulesForFile` keep the absolute paths clients read.
 */
const start = useLspClients(afterEach);

const FILE = 'src/a.ts';

function workspace(): string {
  return writeTree(tempDir(), { [FILE]: 'export const a = 1;\n' });
}

function userRules(): string {
  return writeTree(tempDir('agentls-home-'), {
    '.cursor/rules/u.mdc': '---\nalwaysApply: true\n---\nAnswer in English.\n',
    '.cline/rules/g.md': 'Cline global rule.\n',
  });
}

/** The report a command writes (each test runs one command per client). */
async function report(c: LspTestClient, command: string, uri: string): Promise<string> {
  await c.executeCommand(command, [{ uri }]);
  await c.waitFor('a report', () => c.shownDocuments.length > 0);
  return fs.readFileSync(new URL(c.shownDocuments[0]), 'utf8');
}

async function ready(ws: string, home: string): Promise<LspTestClient> {
  const c = await start({ folders: [ws], home });
  await c.waitForLog(/file index: \d+ files? in/);
  return c;
}

describe('the editor rules reports name user-level rule files from ~', () => {
  it('the rule buckets report shows ~/.cursor/rules/u.mdc, while agentls/ruleBuckets keeps the absolute path', async () => {
    const ws = workspace();
    const home = userRules();
    const c = await ready(ws, home);
    const buckets = await until('the buckets from the complete index', () => c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) }), (r) => r.indexing === undefined);
    expect(buckets.rules.map((r) => r.path)).toContain(`${home}/.cursor/rules/u.mdc`);
    const md = await report(c, 'agentls.rules.showBuckets', c.uri(ws));
    expect(md).toMatch(/^- \*\*u\*\* · cursor \(user\) · `~\/\.cursor\/rules\/u\.mdc`$/m);
    expect(md).not.toContain(home);
  });

  it('the rules-for-file report and the hover show Cursor and Cline user-level rules from ~, while agentls/rulesForFile keeps the absolute paths', async () => {
    const ws = workspace();
    const home = userRules();
    const c = await ready(ws, home);
    const uri = c.uri(path.join(ws, FILE));
    const forFile = await until('the rules for the file from the complete index', () => c.request<RulesForFileResult>('agentls/rulesForFile', { uri }), (r) => r.indexing === undefined);
    const paths = forFile.agents.flatMap((a) => a.rules.map((r) => r.path));
    expect(paths).toContain(`${home}/.cursor/rules/u.mdc`);
    expect(paths).toContain(`${home}/.cline/rules/g.md`);
    const md = await report(c, 'agentls.rules.showForFile', uri);
    expect(md).toContain('`~/.cursor/rules/u.mdc`');
    expect(md).toContain('`~/.cline/rules/g.md`');
    expect(md).not.toContain(home);
    await c.open(path.join(ws, FILE), undefined, 'typescript');
    const hover = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 3 } });
    const h = (hover.contents as MarkupContent).value;
    expect(h).toContain('`~/.cline/rules/g.md`');
    expect(h).not.toContain(home);
  });

  it('a user-level rule folder it could not read is named from ~ in both reports, as its message names it', async () => {
    const ws = workspace();
    const home = writeTree(tempDir('agentls-home-'), { '.cline/rules': 'a file where the folder goes\n' });
    for (const command of ['agentls.rules.showBuckets', 'agentls.rules.showForFile']) {
      const c = await ready(ws, home);
      const md = await report(c, command, command === 'agentls.rules.showBuckets' ? c.uri(ws) : c.uri(path.join(ws, FILE)));
      expect(md).toMatch(/^- `~\/\.cline\/rules`: This rule location is a file, not a folder/m);
      expect(md).not.toContain(home);
    }
  });
});
