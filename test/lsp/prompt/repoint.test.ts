import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CodeAction } from 'vscode-languageserver/node';
import { useLspClients } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';
import { copyFixture } from '../../helpers/repo';
import { refDiagnostics } from '../../refs/lspSupport';

const start = useLspClients(afterEach);

const PROMPT = '---\nfile_references:\n  - ref_id: ref_1\n    path: src/sesion.ts\n  - ref_id: ref_2\n    path: src/session.ts\n---\nSee <@file:ref_1|src/sesion.ts> and <@file:ref_2|src/session.ts>\n';

describe('Re-point never picks a file another entry already maps', () => {
  it('moves the tokens of the missing src/sesion.ts to ref_2, which maps the closest file src/session.ts', async () => {
    const ws = copyFixture('refs-basic');
    fs.writeFileSync(path.join(ws, 'src', 'sessions.ts'), 'export {};\n');
    const c = await start({ folders: [ws], client: 'helix' });
    const uri = await c.open(path.join(ws, 'prompts', 'twins.prompt.md'), PROMPT);
    const missing = (await refDiagnostics(c, uri, (ds) => ds.some((d) => d.code === 'ref/missing-file'))).find((d) => d.code === 'ref/missing-file')!;
    // The fix searches the file index: ask again until the index has the files.
    const actions = await until('a preferred fix with its edit', () => c.codeActions(uri, missing.range), (offered: CodeAction[]) => offered.some((a) => a.edit && a.isPreferred), 15_000);
    expect(actions.map((a) => a.title)).not.toContain('Re-point ref_1 to src/session.ts (closest to src/sesion.ts)');
    const use = actions.find((a) => a.isPreferred)!;
    expect(use.title).toBe('Use ref_2 (src/session.ts) for the tokens of ref_1 and remove ref_1');
    await c.applyCodeAction(use);
    expect(c.text(uri)).toBe('---\nfile_references:\n  - ref_id: ref_2\n    path: src/session.ts\n---\nSee <@file:ref_2|src/session.ts> and <@file:ref_2|src/session.ts>\n');
  });
});
