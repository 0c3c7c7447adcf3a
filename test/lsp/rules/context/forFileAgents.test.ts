import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import type { RulesForFileResult } from '../../../../protocol/rulesContext';
import { PLAIN_AND_GIT_TREES } from '../../../helpers/git';
import { type LspTestClient, useLspClients } from '../../../helpers/lspClient';
import { nestedCursorTree } from '../../../helpers/nestedCursorRules';
import { until } from '../../../helpers/polling';

const start = useLspClients(afterEach);

/** The package's file, which the root's rule (both agents) and the package's nested Cursor rules reach. */
const FILE = 'packages/web/x.tsx';

/** Rules for the file once the file index is complete (nested Cursor folders come from it). */
async function forFile(c: LspTestClient, ws: string): Promise<RulesForFileResult> {
  const uri = c.uri(path.join(ws, FILE));
  return until('rules for the file from the complete index', () => c.request<RulesForFileResult>('agentls/rulesForFile', { uri }), (r) => r.indexing === undefined);
}

async function hover(c: LspTestClient, ws: string): Promise<string> {
  const uri = await c.open(path.join(ws, FILE), undefined, 'typescriptreact');
  const h = await c.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 3 } });
  return (h.contents as MarkupContent).value;
}

async function report(c: LspTestClient, ws: string): Promise<string> {
  await c.executeCommand('agentls.rules.showForFile', [{ uri: c.uri(path.join(ws, FILE)) }]);
  await c.waitFor('a report', () => c.shownDocuments.length > 0);
  return fs.readFileSync(new URL(c.shownDocuments[0]), 'utf8');
}

describe('rules for a file follow agentls.rules.agents, as agentls rules --for --agents does', () => {
  it('with [xcsh]: the xcsh agent alone in agentls/rulesForFile, the hover and the showForFile report', async () => {
    const [, gitTree] = PLAIN_AND_GIT_TREES[1];
    const ws = gitTree(nestedCursorTree());
    const c = await start({ folders: [ws], settings: { rules: { agents: ['xcsh'] } } });
    const result = await forFile(c, ws);
    expect(result.agents.map((a) => a.agent)).toEqual(['seed']);
    expect(result.selectedAgents).toEqual(['xcsh']);
    const h = await hover(c, ws);
    expect(h).toContain('The xcsh agent: 1 rule applies');
    expect(h).not.toContain('Cursor');
    const r = await report(c, ws);
    expect(r).toContain('Agents shown: xcsh (as agentls.rules.agents / --agents selects them; agents not named are left out).');
    expect(r).not.toContain('Cursor');
    expect(r).not.toContain('packages/web/.cursor/rules');
  });

  it('with [cursor]: Cursor alone, its nested rules included', async () => {
    const [, gitTree] = PLAIN_AND_GIT_TREES[1];
    const ws = gitTree(nestedCursorTree());
    const c = await start({ folders: [ws], settings: { rules: { agents: ['cursor'] } } });
    const result = await forFile(c, ws);
    expect(result.agents.map((a) => a.agent)).toEqual(['cursor']);
    expect(result.selectedAgents).toEqual(['cursor']);
    // The package's rules carry their folder (Cursor attaches them only while a file under it is in context); the root's do not.
    expect(result.agents[0].rules.map((r) => [r.path, r.onDemandIn])).toContainEqual(['packages/web/.cursor/rules/web.mdc', 'packages/web']);
    expect(result.agents[0].rules.find((r) => r.path === '.cursor/rules/root.mdc')?.onDemandIn).toBeUndefined();
    const h = await hover(c, ws);
    expect(h).toContain('Cursor: 4 rules apply');
    expect(h).not.toContain('xcsh');
    const r = await report(c, ws);
    expect(r).toContain('Agents shown: cursor');
    expect(r).toContain('packages/web/.cursor/rules/web.mdc');
    expect(r).not.toContain('xcsh agent');
  });

  it('under auto (the default): every agent, and no selection said', async () => {
    const [, gitTree] = PLAIN_AND_GIT_TREES[1];
    const ws = gitTree(nestedCursorTree());
    const c = await start({ folders: [ws] });
    const result = await forFile(c, ws);
    expect(result.agents.map((a) => a.agent)).toEqual(['seed', 'cursor']);
    expect(result.selectedAgents).toBeUndefined();
    const h = await hover(c, ws);
    expect(h).toContain('The xcsh agent: 1 rule applies');
    expect(h).toContain('Cursor: 4 rules apply');
    expect(await report(c, ws)).not.toContain('Agents shown');
  });
});
