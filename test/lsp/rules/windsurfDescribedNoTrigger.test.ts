import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir } from '../../helpers/repo';
import { describedNoTriggerTree, MODEL_DECISION_HINT } from '../../helpers/windsurfDescribedNoTrigger';

const start = useLspClients(afterEach);
const hinted = (d: Diagnostic) => MODEL_DECISION_HINT.test(typeof d.message === 'string' ? d.message : d.message.value);

/** The hint of a Windsurf rule with a description and no trigger, and its quick fix, through the real server, the edit inline as Helix takes it. */
describe('a Windsurf rule with a description and no trigger, in the editor', () => {
  it('has a hint whose quick fix adds trigger: model_decision, after which it is gone', async () => {
    const ws = describedNoTriggerTree();
    const c = await start({ folders: [ws], home: tempDir('agentls-home-'), client: 'helix' });
    const uri = await c.open(path.join(ws, '.windsurf/rules/described.md'));
    const before = await c.waitForDiagnostics(uri, (ds) => ds.some((d) => hinted(d)));
    const hint = before.find((d) => hinted(d))!;
    expect([hint.code, hint.severity]).toEqual(['rule/inactive', DiagnosticSeverity.Hint]);
    const action = (await c.codeActions(uri, hint.range)).find((a) => a.title === 'Add trigger: model_decision')!;
    expect(action.edit).toBeDefined();
    await c.applyCodeAction(action);
    expect(c.text(uri)).toBe('---\ndescription: Calling the web API\ntrigger: model_decision\n---\nGo through the fetch wrapper.\n');
    await c.waitForDiagnostics(uri, (ds) => !ds.some((d) => hinted(d)));

    // Not on a rule with a trigger, nor on Cursor's rule with a description.
    for (const rel of ['.windsurf/rules/manual.md', '.cursor/rules/api.mdc']) {
      const other = await c.open(path.join(ws, rel));
      expect((await c.waitForDiagnostics(other)).filter((d) => hinted(d))).toEqual([]);
    }
  });
});
