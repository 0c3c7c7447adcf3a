import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AstEditPreviewResult } from '../../../protocol/astedit';
import { lineHash } from '../../../server/hashline/hash';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/** A client that cannot apply edits: the server writes the disk itself. */
const NO_APPLY_EDIT = { workspace: { applyEdit: false } };

/** 239 bytes (two-byte characters, 121 UTF-16 units) and 240 bytes: under the 255 bytes a name may have, without 27 to spare for a staging name. */
const WIDE_NAME = `${'é'.repeat(118)}.md`;
const LONG_TS = `${'b'.repeat(237)}.ts`;

describe('a server that writes the disk itself, on files whose names are near the 255 bytes a name may have', () => {
  it('applies a hashline patch that edits one and creates another, and an ast-edit', async () => {
    const ws = writeTree(tempDir(), { 'a.md': 'one\n', [LONG_TS]: 'console.log(1);\n' });
    fs.renameSync(path.join(ws, 'a.md'), path.join(ws, WIDE_NAME));
    const c = await start({ folders: [ws], client: NO_APPLY_EDIT });
    await c.request('agentls/hashlineApply', { input: `§${WIDE_NAME}\n≔1${lineHash('one')}\nONE\n§${LONG_TS.replace('.ts', '.md')}\n»EOF\nnew\n` });
    expect(fs.readFileSync(path.join(ws, WIDE_NAME), 'utf8')).toBe('ONE\n');
    expect(fs.readFileSync(path.join(ws, LONG_TS.replace('.ts', '.md')), 'utf8')).toBe('new');

    const shown = await c.request<AstEditPreviewResult>('agentls/astEditPreview', { ops: [{ pat: 'console.log($A)', out: 'logger.info($A)' }], paths: [LONG_TS] });
    expect(shown.totals).toMatchObject({ replacements: 1, files: 1 });
    await c.request('agentls/astEditResolve', { previewId: shown.previewId, action: 'apply' });
    expect(fs.readFileSync(path.join(ws, LONG_TS), 'utf8')).toBe('logger.info(1);\n');
    expect(fs.readdirSync(ws).sort()).toEqual([WIDE_NAME, LONG_TS, LONG_TS.replace('.ts', '.md')].sort());
  });
});
