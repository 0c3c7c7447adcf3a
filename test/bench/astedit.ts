import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { previewAstEdit } from '../../server/astedit/engine';
import { createAstBackend } from '../../server/astedit/workerBackend';
import { DEFAULT_SETTINGS } from '../../server/core/settings';
import { WorkspaceSession } from '../../server/workspace/session';
import { repoRoot, serverEntry, tempDir } from '../helpers/repo';
import type { Benchmark } from './benchmark';
import { timeRuns, timingFigure, type Figure } from './stats';

const FILES = 1000;
const PATTERN = 'console.log($$$ARGS)';
const REWRITE = 'logger.info($$$ARGS)';
const RUNS = 7;

/**
 * A TypeScript module of 8 to 40 functions; `calls` of them log with console.log (some
 * over several lines), so files differ in size and in how much they match.
 */
function generatedModule(index: number, calls: number): string {
  const functions = 8 + ((index * 7) % 33);
  let text = `import { helper${index % 13} } from './helpers';\n\n`;
  for (let f = 0; f < functions; f++) {
    const logs = f < calls;
    text += `export function task${index}_${f}(input: number, label: string): number {\n`;
    text += `  const scaled = helper${index % 13}(input) * ${f + 1};\n`;
    if (logs && f % 3 === 0) text += `  console.log(\n    'task ${f}',\n    label,\n    scaled,\n  );\n`;
    else if (logs) text += `  console.log('task ${f}', label, scaled);\n`;
    text += `  if (scaled > ${f * 10}) {\n    return scaled - input;\n  }\n  return label.length + scaled;\n}\n\n`;
  }
  return text;
}

/** 1,000 files; in the mixed set a third of them log, in the dense set every one does, often. */
function generate(dense: boolean): { dir: string; bytes: number; matches: number } {
  const dir = tempDir(`agentls-bench-astedit-${dense ? 'dense' : 'mixed'}-`);
  let bytes = 0;
  let matches = 0;
  for (let i = 0; i < FILES; i++) {
    const calls = dense ? 8 : i % 3 === 0 ? 1 + (i % 4) : 0;
    const text = generatedModule(i, calls);
    matches += calls;
    bytes += text.length;
    const file = path.join(dir, 'src', `area${i % 20}`, `module${i}.ts`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  return { dir, bytes, matches };
}

function runCli(command: string, args: string[], cwd: string): void {
  const r = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${path.basename(command)} ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
}

/** A preview over 1,000 generated TypeScript files, beside the ast-grep CLI on the same files. */
export const astEditBenchmark: Benchmark = {
  id: 'ast-edit',
  name: 'ast-edit: preview over 1,000 TypeScript files vs the ast-grep CLI',
  async run(log) {
    const sg = path.join(repoRoot(), 'node_modules', '.bin', 'ast-grep');
    const figures: Figure[] = [];
    const backend = createAstBackend();
    try {
      for (const dense of [false, true]) {
        const set = generate(dense);
        const label = dense ? 'every file logs' : 'a third of the files log';
        log(`${FILES} files (${label}), ${(set.bytes / 1024 / 1024).toFixed(1)} MiB, ${set.matches} console.log calls`);
        const session = new WorkspaceSession(DEFAULT_SETTINGS);
        session.addFolder(set.dir);
        const request = { ops: [{ pat: PATTERN, out: REWRITE }], paths: ['src'], root: set.dir };
        let replacements = 0;
        const preview = async () => {
          const outcome = await previewAstEdit(request, { fs: session.diskFs, workspace: session, backend, maxFiles: FILES });
          if (!outcome.ok) throw new Error(outcome.problems.map((p) => p.message).join('; '));
          replacements = outcome.preview.totals.replacements;
        };
        const astGrep = () => runCli(sg, ['run', '-p', PATTERN, '-r', REWRITE, 'src'], set.dir);
        const agentlsCli = () => runCli(process.execPath, [serverEntry(), 'ast-edit', '--pat', PATTERN, '--out', REWRITE, 'src'], set.dir);
        // Interleaved, so that a burst of load from elsewhere on the machine hits all three alike.
        const ours: number[] = [];
        const theirs: number[] = [];
        const oursCli: number[] = [];
        for (let i = 0; i <= RUNS; i++) {
          const round = [await timeRuns(preview, 1, 0), await timeRuns(astGrep, 1, 0), await timeRuns(agentlsCli, 1, 0)];
          if (i === 0) continue; // warm-up: threads started, files in the page cache
          ours.push(...round[0]);
          theirs.push(...round[1]);
          oursCli.push(...round[2]);
        }
        if (replacements !== set.matches) throw new Error(`the preview found ${replacements} replacements, expected ${set.matches}`);
        session.dispose();

        const oursFigure = timingFigure(`preview in the server (${label})`, ours);
        const theirsFigure = timingFigure(`ast-grep run -p -r (${label})`, theirs);
        const cliFigure = timingFigure(`agentls ast-edit, whole process (${label})`, oursCli);
        const ratio = oursFigure.value / theirsFigure.value;
        figures.push(oursFigure, theirsFigure, cliFigure, {
          name: `ratio preview / ast-grep CLI (${label})`,
          unit: 'ratio',
          value: Math.round(ratio * 100) / 100,
          goal: '≤ 1.5×',
          meets: ratio <= 1.5,
          note: `process to process: ${(cliFigure.value / theirsFigure.value).toFixed(2)}×`,
        });
        fs.rmSync(set.dir, { recursive: true, force: true });
      }
    } finally {
      backend.dispose?.();
    }
    return figures;
  },
};
