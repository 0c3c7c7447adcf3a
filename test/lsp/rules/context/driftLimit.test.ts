import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useLspClients } from '../../../helpers/lspClient';
import { COMPARED_NOTE, hugeDriftedRules } from '../../../helpers/hugeDriftedRules';

const start = useLspClients(afterEach);

describe('drift of copies too long to compare whole, over LSP', () => {
  it('pushes a finding that says only the first characters were compared', async () => {
    const ws = hugeDriftedRules();
    const c = await start({ folders: [ws] });
    const uri = c.uri(path.join(ws, '.clinerules', 'late.md'));
    const ds = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'context/drift'));
    const drift = ds.filter((d) => d.code === 'context/drift');
    expect(drift.map((d) => d.message)).toEqual([expect.stringContaining(`which are the same in both (${COMPARED_NOTE}).`)]);
    expect(drift[0].relatedInformation?.[0].message).toContain(`Cursor copy; from this file to it past the first`);
  });
});
