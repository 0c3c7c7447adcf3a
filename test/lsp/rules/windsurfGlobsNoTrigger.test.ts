import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir } from '../../helpers/repo';
import { GLOBS_NO_TRIGGER, globsNoTriggerTree } from '../../helpers/windsurfGlobsNoTrigger';

const start = useLspClients(afterEach);
const noted = (d: Diagnostic) => GLOBS_NO_TRIGGER.test(typeof d.message === 'string' ? d.message : d.message.value);

/** The note on a Windsurf rule with globs and no trigger, and its quick fix, through the real server. */
describe('a Windsurf rule with globs and no trigger, in the editor', () => {
  it('has a note whose quick fix adds trigger: glob, after which the rule has no finding', async () => {
    const ws = globsNoTriggerTree();
    const c = await start({ folders: [ws], home: tempDir('agentls-home-'), client: 'helix' });
    const uri = await c.open(path.join(ws, '.windsurf/rules/globs.md'));
    const before = await c.waitForDiagnostics(uri, (ds) => ds.some((d) => noted(d)));
    const note = before.find((d) => noted(d))!;
    const action = (await c.codeActions(uri, note.range)).find((a) => a.title === 'Add trigger: glob')!;
    expect(action.edit).toBeDefined();
    await c.applyCodeAction(action);
    expect(c.text(uri)).toBe('---\nglobs: src/**\ntrigger: glob\n---\nUse tabs.\n');
    await c.waitForDiagnostics(uri, (ds) => ds.length === 0);
  });
});
