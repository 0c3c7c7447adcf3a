import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleBucketsResult } from '../../../protocol/rules';
import { agentlsWithHome } from '../../helpers/cliWithHome';
import { useLspClients } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/*
 * Cline reads `~/Cline/Rules` only where there is no `~/Documents`
 * (workspace/ruleLocations.ts, `clineGlobalRuleFolders`, with Cline's docs). A `~/Documents`
 * made or removed while the server runs changes which of its global folders Cline reads:
 * the server's totals must follow, as `agentls rules` run then says.
 */

type Sent = { agent: string; items: { path?: string }[] };

const clineSent = (alwaysSent: readonly Sent[] | undefined) => (alwaysSent ?? []).find((a) => a.agent === 'cline')?.items.map((i) => i.path) ?? [];

describe("Cline's global rules when ~/Documents comes or goes while the server runs", () => {
  it('follow the folder Cline reads, as agentls rules says', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.clinerules/project.md': 'Use the design tokens.\n' });
    const home = writeTree(tempDir('agentls-home-'), { 'Cline/Rules/fallback.md': 'Fallback.\n' });
    const cli = () => clineSent((JSON.parse(agentlsWithHome(ws, home, 'rules', '--json').stdout) as { alwaysSent: Sent[] }).alwaysSent);
    const server = async () => clineSent((await c.request<RuleBucketsResult>('agentls/ruleBuckets', { uri: c.uri(ws) })).alwaysSent);

    const c = await start({ folders: [ws], home, initializationOptions: { agentls: { home, log: { level: 'debug' } } } });
    const withoutDocuments = cli();
    expect(withoutDocuments).toEqual(['.clinerules/project.md', path.join(home, 'Cline', 'Rules', 'fallback.md')]);
    expect(await server()).toEqual(withoutDocuments);

    // ~/Documents made: Cline no longer falls back to ~/Cline/Rules.
    fs.mkdirSync(path.join(home, 'Documents'));
    const withDocuments = cli();
    expect(withDocuments).toEqual(['.clinerules/project.md']);
    await until('the server to drop ~/Cline/Rules', server, (got) => JSON.stringify(got) === JSON.stringify(withDocuments), 20_000);

    // And removed again: back to ~/Cline/Rules.
    fs.rmdirSync(path.join(home, 'Documents'));
    expect(cli()).toEqual(withoutDocuments);
    await until('the server to read ~/Cline/Rules again', server, (got) => JSON.stringify(got) === JSON.stringify(withoutDocuments), 20_000);
  });
});
