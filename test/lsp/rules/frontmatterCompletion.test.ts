import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COPILOT_EXCLUDABLE_AGENTS } from '../../../server/rules/agents/copilot';
import { useLspClients } from '../../helpers/lspClient';
import { until } from '../../helpers/polling';
import { tempDir, writeTree } from '../../helpers/repo';

/** Frontmatter completion through the real server, where a BOM opens the file and in Copilot's instruction files. */
const start = useLspClients(afterEach);
const labels = (list: { items: { label: string }[] }) => list.items.map((i) => i.label);

describe('frontmatter completion', () => {
  it('completes keys and values after a UTF-8 BOM before ---, as the tools read the file', async () => {
    const ws = writeTree(tempDir(), {
      '.cursor/rules/style.mdc': '\uFEFF---\ndescription: Style\n\n---\nUse tabs.\n',
      '.windsurf/rules/docs.md': '\uFEFF---\n\n---\nWrite docs.\n',
    });
    const c = await start({ folders: [ws], home: tempDir() });
    const cursor = await c.open(path.join(ws, '.cursor/rules/style.mdc'));
    const keys = await c.completion(cursor, { line: 2, character: 0 });
    expect(labels(keys)).toContain('alwaysApply');
    expect(labels(keys)).not.toContain('description');
    c.acceptCompletion(cursor, keys.items.find((i) => i.label === 'alwaysApply')!, { line: 2, character: 0 });
    expect(c.text(cursor)).toBe('\uFEFF---\ndescription: Style\nalwaysApply: \n---\nUse tabs.\n');
    await c.setText(cursor, c.text(cursor));
    expect(labels(await c.completion(cursor, { line: 2, character: 13 }))).toEqual(['true', 'false']);

    const windsurf = await c.open(path.join(ws, '.windsurf/rules/docs.md'));
    await c.setText(windsurf, '\uFEFF---\ntrigger: \n---\nWrite docs.\n');
    expect(labels(await c.completion(windsurf, { line: 1, character: 9 }))).toEqual(['always_on', 'manual', 'model_decision', 'glob']);
  });

  it('offers Copilot\'s keys in an .instructions.md file, excludeAgent among them, and its values after the key and in a list', async () => {
    const file = '.github/instructions/review.instructions.md';
    const ws = writeTree(tempDir(), { [file]: '---\napplyTo: "**/*.ts"\n\n---\nReview for security first.\n', 'src/app.ts': 'x' });
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = await c.open(path.join(ws, file));
    const keys = await c.completion(uri, { line: 2, character: 0 });
    expect(labels(keys).sort()).toEqual(['description', 'excludeAgent']);
    expect(keys.items.find((i) => i.label === 'excludeAgent')!.detail).toBe('read by GitHub Copilot');
    c.acceptCompletion(uri, keys.items.find((i) => i.label === 'excludeAgent')!, { line: 2, character: 0 });
    await c.setText(uri, c.text(uri));
    const values = await c.completion(uri, { line: 2, character: 14 });
    expect(labels(values)).toEqual([...COPILOT_EXCLUDABLE_AGENTS]);
    c.acceptCompletion(uri, values.items[0], { line: 2, character: 14 });
    expect(c.text(uri).split('\n')[2]).toBe(`excludeAgent: ${COPILOT_EXCLUDABLE_AGENTS[0]}`);

    // A block list: each element is one of the values; applyTo (a glob) gets no list elements.
    await c.setText(uri, '\uFEFF---\napplyTo: "**"\nexcludeAgent:\n  - code-review\n  - \n---\nReview.\n');
    expect(labels(await c.completion(uri, { line: 4, character: 4 }))).toEqual([...COPILOT_EXCLUDABLE_AGENTS]);
    // After applyTo the file index's globs are offered (once it is complete: before, there may be none to offer), and none in a list element of it.
    await c.setText(uri, '---\napplyTo: \n---\nReview.\n');
    const globs = await until('a complete glob completion', () => c.completion(uri, { line: 1, character: 9 }), (l) => !l.isIncomplete && l.items.length > 0, 15_000);
    expect(labels(globs)).toContain('**/*.ts');
    await c.setText(uri, '---\napplyTo:\n  - \n---\nReview.\n');
    expect(labels(await c.completion(uri, { line: 2, character: 4 }))).toEqual([]);
  });

  it('offers in a Cline or Windsurf rule only the keys that tool reads, where the xcsh agent does not judge the file (no .xcsh)', async () => {
    const ws = writeTree(tempDir(), {
      '.clinerules/tests.md': '---\n\n---\nTests use vitest.\n',
      '.windsurf/rules/style.md': '---\n\n---\nKeep functions short.\n',
    });
    const c = await start({ folders: [ws], home: tempDir() });
    const cline = await c.open(path.join(ws, '.clinerules/tests.md'));
    const clineKeys = await c.completion(cline, { line: 1, character: 0 });
    // `globs` here is reported (rule/foreign-key: "Cline reads `paths`"): completion must not write it. Cline 4 reads `name`, `disabled` and `enabled` too.
    expect(labels(clineKeys)).toEqual(['paths', 'name', 'disabled', 'enabled']);
    expect(clineKeys.items[0].detail).toBe('read by Cline');
    const windsurf = await c.open(path.join(ws, '.windsurf/rules/style.md'));
    expect(labels(await c.completion(windsurf, { line: 1, character: 0 })).sort()).toEqual(['description', 'globs', 'trigger']);
  });

  it("offers the keys at the start of a key's line, replacing that key, and on an empty line", async () => {
    const ws = writeTree(tempDir(), { '.cursor/rules/typescript.mdc': '---\ndescription: TS\nglobs: src/**/*.ts\nalwaysApply: true\n---\nUse tabs.\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const uri = await c.open(path.join(ws, '.cursor/rules/typescript.mdc'));
    // Every key Cursor reads is written: at the start of `alwaysApply: true`, that line's own key is the one to replace.
    expect(labels(await c.completion(uri, { line: 3, character: 0 }))).toEqual(['alwaysApply']);
    await c.setText(uri, '---\ndescription: TS\nalwaysApply: true\n\n---\nUse tabs.\n');
    const keys = await c.completion(uri, { line: 2, character: 0 });
    expect(labels(keys).sort()).toEqual(['alwaysApply', 'globs']);
    // The word under the cursor is replaced, and the colon already there is kept, not written twice.
    c.acceptCompletion(uri, keys.items.find((i) => i.label === 'globs')!, { line: 2, character: 0 });
    expect(c.text(uri).split('\n')[2]).toBe('globs: true');
    // An empty line offers the keys not written yet, as a new key is written.
    await c.setText(uri, '---\ndescription: TS\nalwaysApply: true\n\n---\nUse tabs.\n');
    const empty = await c.completion(uri, { line: 3, character: 0 });
    expect(labels(empty)).toEqual(['globs']);
    c.acceptCompletion(uri, empty.items[0], { line: 3, character: 0 });
    expect(c.text(uri).split('\n')[3]).toBe('globs: ');
  });

  it('keeps offering the xcsh agent\'s keys in a Cline rule where the workspace has .xcsh', async () => {
    const ws = writeTree(tempDir(), { '.xcsh/rules/base.md': '---\nalwaysApply: true\n---\nBase.\n', '.clinerules/tests.md': '---\n\n---\nTests.\n' });
    const c = await start({ folders: [ws], home: tempDir() });
    const cline = await c.open(path.join(ws, '.clinerules/tests.md'));
    const keys = labels(await c.completion(cline, { line: 1, character: 0 }));
    expect(keys).toContain('paths');
    expect(keys).toContain('condition');
  });
});
