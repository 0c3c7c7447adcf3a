import * as fs from 'node:fs';
import * as path from 'node:path';
import { combineEdits, freshRefId, planPick, referenceBeingTyped } from '../../server/refs/complete';
import { parsePromptDocument } from '../../server/refs/document';
import { lintPromptModel } from '../../server/refs/lint';
import { Confinement } from '../../server/workspace/confine';
import { NodeFileSystem } from '../../server/workspace/fs';
import { LspTestClient } from '../helpers/lspClient';
import { tempDir, writeTree } from '../helpers/repo';
import { completionWith, positionAfter } from '../refs/lspSupport';
import type { Benchmark } from './benchmark';
import { timeRuns, timingFigure, type Figure } from './stats';

const ENTRIES = 200;
const TOKENS = 1000;

/** A large prompt: 200 entries, 1,000 tokens in 100 KB of text. */
function bigPrompt(): string {
  const entries = Array.from({ length: ENTRIES }, (_, i) => `  - ref_id: ref_${i}\n    path: src/m${i}.ts`).join('\n');
  const words = Array.from({ length: TOKENS }, (_, i) => `Look at <@file:ref_${i % ENTRIES}|src/m${i % ENTRIES}.ts> and fix the thing number ${i}.`).join('\n');
  return `---\nfile_references:\n${entries}\n---\n${words}\nAnd @m1`;
}

/** The refs engine on a large prompt, and a keystroke-to-items completion through the server. */
export const refsBenchmark: Benchmark = {
  id: 'refs',
  name: 'refs: prompt analysis and @ completion',
  async run(log) {
    const root = writeTree(tempDir('agentls-bench-refs-'), Object.fromEntries(Array.from({ length: ENTRIES }, (_, i) => [`src/m${i}.ts`, `export const m${i} = ${i};\n`])));
    const source = bigPrompt();
    const confinement = new Confinement([root]);
    const env = { fs: new NodeFileSystem(confinement), root, allows: (p: string) => confinement.allows(p) };
    const figures: Figure[] = [];
    log(`prompt of ${source.length} characters, ${ENTRIES} entries, ${TOKENS} tokens`);

    figures.push(timingFigure('parse the document (YAML frontmatter + tokens)', await timeRuns(() => parsePromptDocument(source, 'markdown'), 30, 3)));
    figures.push(timingFigure('diagnose (parse, lint, stat every entry)', await timeRuns(() => lintPromptModel(parsePromptDocument(source, 'markdown'), env), 20, 2)));
    const cursor = source.length;
    // The server parses each version once (diagnostics and completion share the model).
    const model = parsePromptDocument(source, 'markdown');
    figures.push(
      timingFigure(
        'completion context + plan 50 items (parsed model, no search)',
        await timeRuns(() => {
          const typed = referenceBeingTyped(model, cursor)!;
          const fresh = freshRefId(model);
          for (let i = 0; i < 50; i++) {
            const pick = planPick(model, `src/new${i}.ts`, fresh);
            combineEdits(source, { start: typed.start, end: typed.end, text: pick.tokenText }, pick.entryEdit);
          }
        }, 30, 3),
        { goal: '< 16 ms (one frame per keystroke)' },
      ),
    );
    const last = figures.at(-1)!;
    last.meets = last.value < 16;

    const client = await LspTestClient.start({ folders: [root] });
    try {
      const file = path.join(root, 'big.prompt.md');
      fs.writeFileSync(file, source);
      const uri = await client.open(file);
      const at = positionAfter(client, uri, 'And @m1');
      try {
        await completionWith(client, uri, at, 'src/m1.ts', 30_000);
        const samples = await timeRuns(() => client.completion(uri, at, '@'), 30, 3);
        figures.push(timingFigure('textDocument/completion round trip (server + search)', samples, { goal: '< 50 ms p90', meets: timingFigure('', samples).p90! < 50 }));
      } catch (err) {
        log(`completion through the server was not measured: ${(err as Error).message}`);
      }
    } finally {
      await client.stop();
      fs.rmSync(root, { recursive: true, force: true });
    }
    return figures;
  },
};
