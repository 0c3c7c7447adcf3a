import { afterEach, describe, expect, it } from 'vitest';
import { useLspClients } from '../helpers/lspClient';
import { until } from '../helpers/polling';
import { tempDir, writeTree } from '../helpers/repo';
import { completeIndex } from './search/searchSupport';

const start = useLspClients(afterEach);

function workspace(): string {
  return writeTree(tempDir('agentls-client-answers-'), { 'src/auth.ts': '', 'src/session.ts': '', 'vendor/authz.ts': '' });
}

async function foundPaths(c: Parameters<typeof completeIndex>[0], query: string): Promise<string[]> {
  return (await completeIndex(c, query)).candidates.map((x) => x.path);
}

describe("start-up and the client's answers to the server's requests", () => {
  it('searches files while the client has not answered the creation of the index progress, and reports it once it has', async () => {
    const c = await start({ folders: [workspace()], withhold: ['window/workDoneProgress/create'] });
    await c.waitFor('the index progress asked for', () => c.withheldCount('window/workDoneProgress/create') > 0, 30_000);
    expect(await foundPaths(c, 'auth')).toContain('src/auth.ts');
    // Nothing goes out on a token the client has not accepted.
    expect(c.progress).toEqual([]);
    c.answerWithheld('window/workDoneProgress/create');
    const kinds = () => c.progress.map((p) => (p as { value?: { kind?: string } }).value?.kind);
    await c.waitFor('the index progress begun and ended', () => kinds().includes('begin') && kinds().includes('end'), 30_000);
    expect(kinds().indexOf('begin')).toBeLessThan(kinds().indexOf('end'));
  });

  it('starts without the registration of file watching when the client never answers it, and says so', async () => {
    const c = await start({ folders: [workspace()], withhold: ['client/registerCapability'] });
    expect(await foundPaths(c, 'auth')).toContain('src/auth.ts');
    await c.waitForLog(/has not answered the registration of file watching/, 30_000);
    // The settings were pulled without waiting for the registration of their change notifications.
    expect(c.serverRequests).toContain('workspace/configuration');
  });

  it('starts with the settings of initialize when the client does not answer workspace/configuration, and takes its settings when it does', async () => {
    const c = await start({ folders: [workspace()], withhold: ['workspace/configuration'], settings: { search: { exclude: ['vendor/**'] } } });
    expect(await foundPaths(c, 'auth')).toContain('vendor/authz.ts');
    await c.waitForLog(/has not answered workspace\/configuration/, 30_000);
    c.answerWithheld('workspace/configuration');
    const paths = await until('the excluded folder gone from the index', () => foundPaths(c, 'auth'), (found) => !found.includes('vendor/authz.ts'), 30_000);
    expect(paths).toContain('src/auth.ts');
  });
});
