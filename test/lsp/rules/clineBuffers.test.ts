import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useLspClients } from '../../helpers/lspClient';
import { tempDir, writeTree } from '../../helpers/repo';

const start = useLspClients(afterEach);

/** A rule of its own id (`name`), so no two of them clash (rules/agents/clineIds.ts). */
const rule = (name: string) => `---\nname: ${name}\n---\nUse tabs.\n`;

/*
 * Cline's rule files that no rule kind marks by their path (a `.txt`, a `.markdown` of a global
 * folder, any file of `.cline/rules`, a hidden `.x.md`), which Cline 4 and the Cline CLI read
 * (rules/agents/cline.ts, `isClineRuleName`, has the source): their findings follow the buffer
 * as it is typed, saved or not, as an open `.clinerules/x.md`'s do, where they were those of
 * the file on disk (or none for a file not saved yet).
 */
describe("Cline's own rule files, typed in an unsaved buffer", () => {
  it('get the findings of the buffer, on disk or not yet, in the workspace and in the global folders', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.clinerules/plain.md': rule('plain'), '.cline/rules/saved.txt': rule('saved') });
    const home = writeTree(tempDir('agentls-home-'), { '.cline/rules/global.txt': rule('global'), 'Documents/Cline/Rules/docs.markdown': rule('docs'), 'Documents/Cline/Rules/.hidden.md': rule('hidden') });
    const c = await start({ folders: [ws], home });
    const files = [
      path.join(ws, '.cline/rules/saved.txt'),
      path.join(ws, '.cline/rules/new.txt'),
      path.join(ws, '.cline/rules/.new.md'),
      path.join(home, '.cline/rules/global.txt'),
      path.join(home, 'Documents/Cline/Rules/docs.markdown'),
      path.join(home, 'Documents/Cline/Rules/.hidden.md'),
      path.join(home, 'Documents/Cline/Rules/new.txt'),
    ];
    for (const [i, file] of files.entries()) {
      const onDisk = fs.existsSync(file);
      const uri = await c.open(file, onDisk ? undefined : rule(`new${i}`), 'plaintext');
      // `name: [x`: a flow list never closed, which Cline 4 drops the rule for.
      await c.type(uri, { line: 1, character: 6 }, '[');
      const broken = await c.waitForDiagnostics(uri, (ds) => ds.some((d) => d.code === 'frontmatter/yaml-error'));
      const said = broken.find((d) => d.code === 'frontmatter/yaml-error')!;
      expect(said.range.start.line, file).toBe(1);
      expect(said.message, file).toMatch(/Cline 4 and the Cline CLI/);
      await c.edit(uri, [{ range: { start: { line: 1, character: 6 }, end: { line: 1, character: 7 } }, text: '' }]);
      await c.waitForDiagnostics(uri, (ds) => !ds.some((d) => d.code === 'frontmatter/yaml-error'));
      // Nothing typed reached the disk.
      expect(fs.existsSync(file), file).toBe(onDisk);
      await c.close(uri);
    }
  });

  it('go back to the file on disk when the buffer is closed unsaved', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.cline/rules/saved.txt': rule('saved'), '.cline/rules/other.md': rule('other') });
    const c = await start({ folders: [ws], home: tempDir('agentls-home-') });
    const file = path.join(ws, '.cline/rules/saved.txt');
    const uri = await c.open(file, undefined, 'plaintext');
    // Named as the other rule in the buffer: Cline 4 keeps one of the two (the warning on each), until the buffer goes.
    await c.setText(uri, rule('other'));
    await c.waitForDiagnostics(uri, (ds) => ds.some((d) => d.code === 'rule/shadowed'));
    const other = c.uri(path.join(ws, '.cline/rules/other.md'));
    await c.waitForDiagnostics(other, (ds) => ds.some((d) => d.code === 'rule/shadowed'));
    await c.close(uri);
    await c.waitForDiagnostics(other, (ds) => ds.length === 0);
  });
});
