import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_SETTINGS, overlaySettings } from '../../server/core/settings';
import { RulesEngine } from '../../server/rules/engine';
import type { FileSystem, ReadResult } from '../../server/workspace/fs';
import { WorkspaceSession } from '../../server/workspace/session';
import { tempDir } from '../helpers/repo';
import type { Benchmark } from './benchmark';
import { timeRuns, timingFigure, type Figure } from './stats';

const PER_PROVIDER = 500;

/** One rule file's text; a few of every kind of frontmatter, some broken the way people break them. */
function ruleText(i: number): string {
  switch (i % 8) {
    case 0:
      return `---\ndescription: Rule ${i} about module ${i % 37}\nglobs: ["src/m${i % 37}/**/*.ts"]\n---\n# Rule ${i}\n\nKeep module ${i % 37} small.\n`;
    case 1:
      return `---\ndescription: Cursor-style ${i}\nglobs: *.ts\nalwaysApply: true\n---\nUnquoted glob ${i}.\n`;
    case 2:
      return `---\nalwaysApply: true\n---\nAlways rule ${i}. <!-- note ${i} -->\n`;
    case 3:
      return `---\ncondition: ["console\\\\.log", "debugger"]\ndescription: TTSR ${i}\n---\nNo debugging output (${i}).\n`;
    case 4:
      return `Plain body ${i}, no frontmatter: loaded, never shown.\n`;
    case 5:
      return `---\ndescription: 42\nalwaysApply: "true"\nglobs: ["*.go", 7]\n---\nTyped ${i}.\n`;
    case 6:
      return `---\ntrigger: always_on\ndescription: Windsurf-style ${i}\n---\nSee rule://rule-${(i + 1) % 100} and rule://missing-${i}.\n`;
    default:
      return `---\ndescription: Long ${i}\n---\n${'Line of guidance.\n'.repeat(40)}`;
  }
}

/** 2,000 rule files across native, Cursor, Windsurf and Cline; every fifth name repeats across providers. */
function generate(root: string): string[] {
  const folders = [
    ['.xcsh/rules', '.md'],
    ['.cursor/rules', '.mdc'],
    ['.windsurf/rules', '.md'],
    ['.clinerules', '.md'],
  ] as const;
  const files: string[] = [];
  folders.forEach(([dir, ext], p) => {
    fs.mkdirSync(path.join(root, dir), { recursive: true });
    for (let i = 0; i < PER_PROVIDER; i++) {
      const n = p * PER_PROVIDER + i;
      const name = i % 5 === 0 ? `rule-${i % 100}` : `${dir.replace(/\W/g, '')}-${i}`;
      const file = path.join(root, dir, `${name}${ext}`);
      fs.writeFileSync(file, ruleText(n));
      files.push(file);
    }
  });
  return files;
}

/** Open buffers over the disk, as the server's document store provides them. */
function overlay(inner: FileSystem, buffers: Map<string, string>): FileSystem {
  return {
    ...inner,
    readText: (p, o): Promise<ReadResult> => {
      const text = buffers.get(p);
      return text === undefined ? inner.readText(p, o) : Promise.resolve({ ok: true, text, size: text.length, mtimeMs: 0, fromBuffer: true });
    },
    readBytes: (p, o) => inner.readBytes(p, o),
    stat: (p) => inner.stat(p),
    statEntries: (folder, names) => inner.statEntries(folder, names),
    readDir: (p) => inner.readDir(p),
  };
}

export const rulesBenchmark: Benchmark = {
  id: 'rules',
  name: 'rules: discovery and lint',
  async run(log) {
    const figures: Figure[] = [];
    const root = tempDir('agentls-bench-rules-');
    const home = tempDir('agentls-bench-home-');
    const files = generate(root);
    log(`generated ${files.length} rule files (${PER_PROVIDER} each for native, Cursor, Windsurf, Cline) in ${root}`);
    const session = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home }));
    session.addFolder(root);
    const buffers = new Map<string, string>();
    const fsView = overlay(session.ruleFs, buffers);

    let findings = 0;
    const full = async () => {
      const engine = new RulesEngine(session, fsView);
      await engine.refresh();
      findings = 0;
      for (const p of engine.reportedPaths()) findings += engine.findings(p).length;
      return engine;
    };
    const fullSamples = await timeRuns(full, 5, 1);
    const fullFigure = timingFigure('discover + lint 2,000 rule files (every finding)', fullSamples, { goal: '< 1 s' });
    fullFigure.meets = fullFigure.value < 1000;
    figures.push(fullFigure);
    log(`${findings} findings over the workspace`);

    const engine = await full();
    // rule-5.md: a name shared by all four providers, with typed-value mistakes to lint.
    const target = files[5];
    const original = fs.readFileSync(target, 'utf8');
    let edit = 0;
    const relint = async () => {
      edit++;
      buffers.set(target, original.replace('Typed', `Typed (edit ${edit})`) + (edit % 2 ? '\nmore\n' : ''));
      const affected = await engine.applyChanges([{ path: target, type: 'changed' }]);
      if (affected.size !== 4) throw new Error(`expected the 4 files named rule-5 to be affected, got ${affected.size}`);
      for (const p of affected) engine.findings(p);
    };
    const before = engine.stats.analyses;
    const editSamples = await timeRuns(relint, 200, 10);
    const editFigure = timingFigure('re-lint one rule file after an edit (+ its name group)', editSamples, { goal: '< 10 ms' });
    editFigure.meets = editFigure.value < 10;
    figures.push(editFigure);
    figures.push({ name: 'files re-analysed per edit', unit: 'count', value: (engine.stats.analyses - before) / 210 });

    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(home, { recursive: true, force: true });
    return figures;
  },
};
