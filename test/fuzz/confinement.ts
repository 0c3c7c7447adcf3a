import * as path from 'node:path';
import type { CodeAction } from 'vscode-languageserver/node';
import type { Random } from './random';
import type { FuzzCase } from './requests';
import { DIAGNOSTICS_CAP_MS, type FuzzWorld } from './world';

/**
 * Every request that reads or writes, aimed at the secret outside the workspace by one of
 * the ways a path can leave it (absolute, `..`, a `file:` URI, a plain symlink, a symlinked
 * rule folder). The required behaviour: no outside file is read, hovered, inlined, quoted
 * or written; `FuzzWorld.check` and `assertNothingLeaked` verify it after each case.
 */
const ATTACKS: { name: string; run(w: FuzzWorld, target: string): Promise<void> }[] = [
  {
    name: 'agentls/hashlineRead',
    async run(w, target) {
      const uri = target.includes('://') ? target : w.client.uri(path.resolve(w.ws, target));
      w.assertClean('hashlineRead', await w.answer('agentls/hashlineRead', { uri }));
    },
  },
  {
    name: 'agentls/hashlineApply',
    async run(w, target) {
      for (const dryRun of [true, false]) {
        const input = `§${target}\n≔${w.secretAnchor()}\nreplaced by the fuzz suite\n`;
        w.assertClean('hashlineApply', await w.answer('agentls/hashlineApply', { input, dryRun }));
      }
      w.assertClean('hashlineApply (append)', await w.answer('agentls/hashlineApply', { input: `§${target}\n»EOF\nappended\n` }));
    },
  },
  {
    name: 'agentls.hashline.read and .apply commands',
    async run(w, target) {
      const uri = target.includes('://') ? target : w.client.uri(path.resolve(w.ws, target));
      w.assertClean('hashline.read', await w.answer('workspace/executeCommand', { command: 'agentls.hashline.read', arguments: [{ uri }] }));
      w.assertClean('hashline.apply', await w.answer('workspace/executeCommand', { command: 'agentls.hashline.apply', arguments: [{ input: `§${target}\n≔${w.secretAnchor()}\nx\n` }] }));
    },
  },
  {
    name: 'a hashline patch document and its code actions',
    async run(w, target) {
      const file = path.join(w.ws, 'patches/attack.hashline');
      const uri = w.client.uri(file);
      const text = `§${target}\n≔${w.secretAnchor()}\nreplaced\n`;
      if (w.client.isOpen(uri)) await w.client.setText(uri, text);
      else await w.client.open(file, text, 'text');
      await w.client.waitForDiagnostics(uri, () => true, DIAGNOSTICS_CAP_MS);
      for (const position of [{ line: 0, character: 2 }, { line: 1, character: 2 }]) {
        w.assertClean('hover', await w.answer('textDocument/hover', { textDocument: { uri }, position }));
        w.assertClean('definition', await w.answer('textDocument/definition', { textDocument: { uri }, position }));
      }
      const actions = await w.answer('textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } }, context: { diagnostics: [] } });
      w.assertClean('codeAction', actions);
      // Chosen as an editor would: resolved when it has no edit, then applied or run.
      if (actions.ok) for (const a of (actions.value as CodeAction[]) ?? []) if (!a.disabled) await w.client.applyCodeAction(a).catch(() => undefined);
    },
  },
  {
    name: 'agentls/astEditPreview and apply',
    async run(w, target) {
      const tsTarget = target.replace(/secret\.txt$/, 'secret.ts');
      const preview = await w.answer('agentls/astEditPreview', { ops: [{ pat: 'console.log($A)', out: 'leaked($A)' }], paths: [tsTarget] });
      w.assertClean('astEditPreview', preview);
      const id = preview.ok ? (preview.value as { previewId?: string }).previewId : undefined;
      if (id) w.assertClean('astEditResolve', await w.answer('agentls/astEditResolve', { previewId: id, action: 'apply' }));
    },
  },
  {
    name: 'agentls/parsePrompt and convertPrompt (inlined)',
    async run(w, target) {
      const file_references = [{ ref_id: 'r', path: target }];
      w.assertClean('parsePrompt', await w.answer('agentls/parsePrompt', { text: 'see <@file:r|x>', file_references }));
      for (const adapter of ['claude-code', 'generic', 'script']) {
        w.assertClean('convertPrompt', await w.answer('agentls/convertPrompt', { text: 'see <@file:r|x>', file_references, adapter, inline: true }));
      }
    },
  },
  {
    name: 'hover, links and definition in a prompt document',
    async run(w, target) {
      const file = path.join(w.ws, 'prompts/attack.prompt.md');
      const uri = w.client.uri(file);
      const text = `---\nfile_references:\n  - ref_id: r\n    path: ${JSON.stringify(target)}\n---\nsee <@file:r|x>\n`;
      if (w.client.isOpen(uri)) await w.client.setText(uri, text);
      else await w.client.open(file, text);
      await w.client.waitForDiagnostics(uri, () => true, DIAGNOSTICS_CAP_MS);
      for (const position of [{ line: 3, character: 12 }, { line: 5, character: 8 }]) {
        w.assertClean('hover', await w.answer('textDocument/hover', { textDocument: { uri }, position }));
        w.assertClean('definition', await w.answer('textDocument/definition', { textDocument: { uri }, position }));
      }
      w.assertClean('documentLink', await w.answer('textDocument/documentLink', { textDocument: { uri } }));
    },
  },
  {
    name: 'an ast-edit recipe document',
    async run(w, target) {
      const file = path.join(w.ws, 'recipes/attack.astedit.yaml');
      const uri = w.client.uri(file);
      const text = `ops:\n  - pat: console.log($A)\n    out: leaked($A)\npaths: [${JSON.stringify(target.replace(/secret\.txt$/, 'secret.ts'))}]\n`;
      if (w.client.isOpen(uri)) await w.client.setText(uri, text);
      else await w.client.open(file, text, 'yaml');
      await w.client.waitForDiagnostics(uri, () => true, DIAGNOSTICS_CAP_MS);
      w.assertClean('recipe actions', await w.answer('textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [] } }));
    },
  },
  {
    name: 'rule buckets and the system prompt',
    async run(w) {
      // Rule folders may be read (they are rule locations), but a symlinked one that leaves
      // the root is reported, not followed: its files never reach the prompt.
      w.assertClean('ruleBuckets', await w.answer('agentls/ruleBuckets', {}));
      w.assertClean('systemPrompt', await w.answer('agentls/systemPrompt', {}));
      for (const name of ['leak', 'secret', 'rules/leak']) w.assertClean('resolveRule', await w.answer('agentls/resolveRule', { url: `rule://${name}` }));
      const doc = await w.client.open(path.join(w.ws, 'docs/links.md'), 'See rule://leak and rule://secret.\n');
      w.assertClean('rule hover', await w.answer('textDocument/hover', { textDocument: { uri: doc }, position: { line: 0, character: 8 } }));
      await w.client.close(doc);
    },
  },
];

export function outsidePath(rng: Random, world: FuzzWorld): FuzzCase {
  const attack = rng.pick(ATTACKS);
  const target = rng.pick(world.outsideTargets()).text;
  return {
    label: `${attack.name} on ${target}`,
    async run(w) {
      await attack.run(w, target);
      w.assertNothingLeaked(attack.name);
    },
  };
}
