import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { ONLY_NOWHERE_DEAD, WORKSPACE_RELATIVE_RULE, workspaceRelativeGlobTree } from '../../helpers/nestedWindsurfRules';
import { tempDir } from '../../helpers/repo';

const start = useLspClients(afterEach);

const deadOf = (d: Diagnostic[]) => d.filter((x) => x.code === 'context/dead-glob');

describe("the server's dead globs of a package's .windsurf/rules, whose reach Windsurf's docs do not give", () => {
  it('say a glob matching a file read from the workspace root only is alive', async () => {
    const ws = workspaceRelativeGlobTree();
    const c = await start({ folders: [ws], home: tempDir('agentls-home-') });
    // Pushed for the closed file once judged: `nowhere/**` alone, the other glob (`src/**/*.ts`) said to match.
    const closed = deadOf(await c.waitForDiagnostics(c.uri(path.join(ws, WORKSPACE_RELATIVE_RULE)), (d) => deadOf(d).length > 0));
    expect(closed.map((d) => [d.range.start, d.severity])).toEqual([[{ line: 2, character: 20 }, 3]]);
    expect(String(closed[0].message)).toMatch(ONLY_NOWHERE_DEAD);
  });

  it('judge the buffer as typed, as a package\'s .cursor/rules file is', async () => {
    const ws = workspaceRelativeGlobTree();
    const c = await start({ folders: [ws], home: tempDir('agentls-home-') });
    const uri = await c.open(path.join(ws, WORKSPACE_RELATIVE_RULE));
    await c.waitForDiagnostics(uri, (d) => deadOf(d).some((x) => String(x.message).includes('"nowhere/**"')));
    // Another dead glob typed beside the live one: its finding, not the saved text's.
    await c.setText(uri, '---\ntrigger: glob\nglobs: src/**/*.ts, elsewhere/**\n---\nTop-level sources.\n');
    const typed = deadOf(await c.waitForDiagnostics(uri, (d) => deadOf(d).some((x) => String(x.message).includes('"elsewhere/**"'))));
    expect(typed.map((d) => [d.range.start, String(d.message).slice(0, String(d.message).indexOf(' matches'))])).toEqual([[{ line: 2, character: 20 }, 'For Windsurf, the glob "elsewhere/**"']]);
    expect(String(typed[0].message)).toContain("the rule's other globs still match");
  });
});
