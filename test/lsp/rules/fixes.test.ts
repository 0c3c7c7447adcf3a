import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import { LspTestClient } from '../../helpers/lspClient';
import { copyFixture } from '../../helpers/repo';

/**
 * Every text quick fix of the rules domain, applied as Helix applies it (the edit inline,
 * with documentChanges), on a copy of fixtures/rules-lint: the text it leaves and the
 * diagnostic that goes away.
 */
let c: LspTestClient;
let ws: string;
beforeAll(async () => {
  ws = copyFixture('rules-lint');
  c = await LspTestClient.start({ folders: [ws], home: copyFixture('rules-lint-home'), client: 'helix' });
});
afterAll(async () => {
  await c.stop();
});

async function fix(rel: string, code: string, titlePart: string, pick: (d: Diagnostic) => boolean = () => true): Promise<{ text: string; after: Diagnostic[] }> {
  const uri = await c.open(path.join(ws, ...rel.split('/')));
  const before = await c.waitForDiagnostics(uri, (ds) => ds.some((d) => d.code === code && pick(d)));
  const target = before.find((d) => d.code === code && pick(d))!;
  const actions = await c.codeActions(uri, target.range);
  const action = actions.find((a) => a.title.includes(titlePart));
  if (!action) throw new Error(`no action "${titlePart}" for ${code} in ${rel}; offered: ${actions.map((a) => a.title).join(' | ')}`);
  expect(action.edit).toBeDefined();
  const count = before.filter((d) => d.code === code).length;
  await c.applyCodeAction(action);
  const after = await c.waitForDiagnostics(uri, (ds) => ds.filter((d) => d.code === code).length < count);
  return { text: c.text(uri), after };
}

describe('rules quick fixes (Helix)', () => {
  it('writes comma-separated globs as a list', async () => {
    const { text } = await fix('.cursor/rules/comma.mdc', 'frontmatter/comma-globs', 'Write the globs as a list');
    expect(text).toContain('globs: ["*.ts", "*.tsx"]\n');
  });

  it('turns alwaysApply: "true" into the boolean', async () => {
    const { text } = await fix('.xcsh/rules/types.md', 'frontmatter/wrong-type', 'Write true', (d) => String(d.message).startsWith('alwaysApply'));
    expect(text).toContain('alwaysApply: true\n');
  });

  it('renames a kebab-case key for the seed agent', async () => {
    const { text } = await fix('.xcsh/rules/types.md', 'frontmatter/kebab-key', 'Rename the key to alwaysApply');
    expect(text).toMatch(/\nalwaysApply: true\n---/);
  });

  it('adds a description from the body to a rule in no bucket', async () => {
    const { text } = await fix('.xcsh/rules/plain.md', 'rule/no-bucket', 'Add a description');
    expect(text).toBe('---\ndescription: "No frontmatter: loaded, never shown."\n---\nNo frontmatter: loaded, never shown.\n');
  });

  it('adds alwaysApply: true for Windsurf\'s always_on', async () => {
    const { text, after } = await fix('.windsurf/rules/always.md', 'rule/windsurf-trigger', 'Add alwaysApply: true');
    expect(text).toBe('---\ntrigger: always_on\ndescription: Windsurf always-on rule\nalwaysApply: true\n---\nAlways.\n');
    // No new warning behind: alwaysApply is there for the xcsh agent, which the workspace targets.
    expect(after.map((d) => d.code)).toEqual(['rule/always-apply-description']);
  });

  it('closes an unclosed frontmatter after its keys', async () => {
    const { text } = await fix('.xcsh/rules/unclosed.md', 'frontmatter/unclosed', 'Close the frontmatter');
    expect(text).toBe('---\ndescription: never closed\n---\n\nBody text.\n');
  });

  it('removes a byte-order mark', async () => {
    const { text, after } = await fix('.xcsh/rules/bom.md', 'frontmatter/bom', 'Remove the byte-order mark');
    expect(text.startsWith('---\n')).toBe(true);
    expect(after.map((d) => d.code)).toEqual([]);
  });

  it('puts extra text of a delimiter line on its own line', async () => {
    const { text } = await fix('.xcsh/rules/odd.md', 'frontmatter/odd-delimiter', 'Put --- on its own line', (d) => d.range.start.line === 2);
    expect(text).toBe('--- notes\ndescription: odd delimiters\n---\nx\nBody.\n');
  });

  it("copies Cline's paths into globs", async () => {
    const uri = await c.open(path.join(ws, '.clinerules/always-cline.md'));
    await c.setText(uri, '---\npaths: ["src/**"]\n---\nCline body.\n');
    const ds = await c.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'rule/cline-paths'));
    const action = (await c.codeActions(uri, ds.find((d) => d.code === 'rule/cline-paths')!.range)).find((a) => a.title.startsWith('Copy paths into globs'))!;
    await c.applyCodeAction(action);
    expect(c.text(uri)).toBe('---\npaths: ["src/**"]\nglobs: ["src/**"]\n---\nCline body.\n');
  });

  it('corrects the case of a rule:// name', async () => {
    const { text } = await fix('docs/guide.md', 'rule-url/unknown', 'Change to rule://style', (d) => String(d.message).includes('`Style`'));
    expect(text).toContain('and rule://style (wrong case)');
  });
});
