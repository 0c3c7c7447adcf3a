import * as path from 'node:path';
import type { Position } from 'vscode-languageserver/node';
import type { Random } from './random';
import type { FuzzCase } from './requests';
import { DIAGNOSTICS_CAP_MS, withCap } from './world';

/** A document kind (decided by path) and the units its parser works hardest on. */
interface Kind {
  name: string;
  file: string;
  languageId: string;
  /** Repeated to make large or deep documents. */
  units: string[];
  /** Wraps a body: frontmatter, a header. */
  wrap(body: string): string;
  /** Nesting: opening and closing halves. */
  nest: [string, string][];
  /** Diagnostics are published for every version (a document of no kind of ours gets none). */
  diagnosed: boolean;
  /** Whole documents (of about `n` characters) that once were superlinear (issue 13). */
  known: ((n: number) => string)[];
}

const KINDS: Kind[] = [
  {
    name: 'rule',
    file: '.cursor/rules/fuzz.mdc',
    languageId: 'markdown',
    units: ['a: ', '- ', '*', '**/', '{', '[', 'rule://', 'rule://x ', '&a ', '*a ', '<<: *a\n', '  ', '\\', '"', ':\n', '---\n', '(a+)+$'],
    wrap: (body) => `---\ndescription: x\nglobs: ${body}\n---\n${body}\n`,
    nest: [
      ['[', ']'],
      ['{', '}'],
      ['- ', ''],
      ['k:\n  ', ''],
    ],
    known: [(n) => `---\nglobs: ${'**/'.repeat(n / 3)}\n---\n`, (n) => `---\ndescription: x\n---\n${'rule://x '.repeat(n / 9)}\n`, (n) => `---\na: ${'['.repeat(n / 2)}\n---\n`],
    diagnosed: true,
  },
  {
    name: 'prompt',
    file: 'prompts/fuzz.prompt.md',
    languageId: 'markdown',
    units: ['<@file:a|x ', '<@file:ref_0|notes.txt>', '\\<@', '\\\\<@', '<@', '@', '<@file:', '|', '>', '\\'],
    wrap: (body) => `---\nfile_references:\n  - ref_id: ref_0\n    path: notes.txt\n---\n${body}\n`,
    nest: [['<@file:a|', '>']],
    known: [(n) => `---\nfile_references: []\n---\n${'<@file:a|x '.repeat(n / 11)}\n`, (n) => `---\nfile_references: []\n---\n${'<@file:a|x> '.repeat(n / 12)}\n`, (n) => `---\nfile_references:\n${'  - ref_id: r\n    path: notes.txt\n'.repeat(n / 34)}---\nx\n`],
    diagnosed: true,
  },
  {
    name: 'RAWP prompt',
    file: 'prompts/fuzz.rawp.json',
    languageId: 'json',
    units: ['<@file:a|x ', '<@file:ref_0|notes.txt>', '\\\\<@', '\\"', '\\u003c@', '[', '{', '"', ','],
    wrap: (body) => JSON.stringify({ type: 'control.prompt.request', payload: { prompt_text: body, file_references: [{ ref_id: 'ref_0', path: 'notes.txt' }] } }),
    nest: [
      ['[', ']'],
      ['{"a":', '}'],
    ],
    known: [
      (n) => JSON.stringify({ type: 'control.prompt.request', payload: { prompt_text: '<@file:a|x '.repeat(n / 11), file_references: [] } }),
      (n) => `{"type": "control.prompt.request", "payload": {"prompt_text": "x", "file_references": ${'['.repeat(n / 2)}${']'.repeat(n / 2)}}}`,
      (n) => JSON.stringify({ type: 'control.prompt.request', payload: { prompt_text: 'x', file_references: Array.from({ length: n / 40 }, (_, i) => ({ ref_id: `ref_${i}`, path: 'notes.txt' })) } }),
    ],
    diagnosed: true,
  },
  {
    name: 'hashline',
    file: 'patches/fuzz.hashline',
    languageId: 'text',
    units: [' ', '≔', '»', '«', '1ab', '..', '|', '>', '-', '\n', '§notes.txt\n', '≔1', '»EOF\n'],
    wrap: (body) => `§notes.txt\n≔${body}\n»EOF\n${body}\n`,
    nest: [['≔1ab|', '']],
    known: [(n) => `§notes.txt\n≔${' '.repeat(n)}1ab\nx\n`, (n) => `§notes.txt\n≔${' '.repeat(n)}x\n`, (n) => `§notes.txt\n»${' '.repeat(n)}|\n`, (n) => `§notes.txt\n${'≔1ab\nx\n'.repeat(n / 7)}`],
    diagnosed: true,
  },
  {
    name: 'recipe yaml',
    file: 'recipes/fuzz.astedit.yaml',
    languageId: 'yaml',
    units: ['[', '{', '- ', '  ', 'a: ', '&a ', '*a ', '"', "'", '$A', '$$$A', ':'],
    wrap: (body) => `ops:\n  - pat: console.log($A)\n    out: ${JSON.stringify(body.slice(0, 5000))}\npaths: [src]\nx: ${body}\n`,
    nest: [
      ['[', ']'],
      ['{a: ', '}'],
      ['- ', ''],
    ],
    known: [(n) => `ops: ${'['.repeat(n / 2)}${']'.repeat(n / 2)}\npaths: [src]\n`, (n) => `ops:\n${'  - {pat: "console.log($A)", out: "x($A)"}\n'.repeat(n / 44)}paths: [src]\n`, (n) => `ops:\n  - {pat: "${'$A '.repeat(n / 3)}", out: x}\npaths: [src]\n`],
    diagnosed: true,
  },
  {
    name: 'recipe json',
    file: 'recipes/fuzz.astedit.json',
    languageId: 'json',
    units: ['[', '{', '"', '\\', ',', ':', '$$$A'],
    wrap: (body) => `{"ops": [{"pat": "console.log($A)", "out": ${JSON.stringify(body.slice(0, 5000))}}], "paths": ["src"], "x": ${body}}`,
    nest: [
      ['[', ']'],
      ['{"a":', '}'],
    ],
    known: [(n) => `{"ops": ${'['.repeat(n / 2)}${']'.repeat(n / 2)}, "paths": ["src"]}`],
    diagnosed: true,
  },
  {
    // Claude Code memory: every `@path` may be stat'ed and followed, within the workspace only.
    name: 'claude memory',
    file: 'CLAUDE.md',
    languageId: 'markdown',
    units: ['@', '@notes.txt ', '@./CLAUDE.md ', '@docs/a.md ', '@../../../../etc/passwd ', '@/etc/hostname ', '@~/x.md ', '`', '```\n', '@a.md.'],
    wrap: (body) => `# Memory\n${body}\n`,
    nest: [
      ['`', '`'],
      ['(@', ')'],
    ],
    known: [(n) => '@x.md '.repeat(n / 6), (n) => '@'.repeat(n), (n) => '@./CLAUDE.md '.repeat(n / 13)],
    diagnosed: true,
  },
  {
    name: 'markdown',
    file: 'docs/fuzz.md',
    languageId: 'markdown',
    units: ['rule://', 'rule://style ', '[x](rule://style)', '`', '\n', '<@'],
    wrap: (body) => body,
    nest: [['[', '](rule://style)']],
    known: [(n) => 'rule://'.repeat(n / 7), (n) => '[x](rule://style)'.repeat(n / 17)],
    diagnosed: false,
  },
];

/** A pathological body: a unit repeated, nesting, one huge line, a shape known to have been slow, or noise. */
function body(rng: Random, kind: Kind, maxSize: number): { text: string; shape: string; whole?: boolean } {
  const n = rng.size(maxSize);
  switch (rng.int(0, 4)) {
    case 0: {
      const unit = rng.pick(kind.units);
      return { text: unit.repeat(Math.max(1, Math.floor(n / unit.length))), shape: `${JSON.stringify(unit)} × ${Math.floor(n / unit.length)}` };
    }
    case 1: {
      const [open, close] = rng.pick(kind.nest);
      const depth = Math.max(1, Math.floor(n / (open.length + close.length || 1)));
      return { text: open.repeat(depth) + 'x' + close.repeat(depth), shape: `nested ${JSON.stringify(open)} × ${depth}` };
    }
    case 2:
      return { text: rng.pick(kind.units) + ' '.repeat(n) + rng.pick(kind.units), shape: `a line of ${n} spaces` };
    case 3: {
      const i = rng.int(0, kind.known.length - 1);
      return { text: kind.known[i](n), shape: `known shape ${i} of ${n}`, whole: true };
    }
    default:
      return { text: rng.nasty(n), shape: `noise of ${n}` };
  }
}

/** A random position inside `text` (or just past it). */
function positionIn(rng: Random, text: string): Position {
  const lines = text.split('\n');
  const line = rng.int(0, lines.length - 1);
  return { line, character: rng.int(0, lines[line].length) };
}

/**
 * Opens a document of one kind in a pathological shape, asks for hover and completion at a
 * random place at once, then waits for its diagnostics: each within its cap.
 */
export function pathologicalDocument(rng: Random, maxSize: number): FuzzCase {
  const kind = rng.pick(KINDS);
  const b = body(rng, kind, maxSize);
  const text = !b.whole && rng.chance(0.5) ? kind.wrap(b.text) : b.text;
  const hoverAt = positionIn(rng, text);
  const completeAt = positionIn(rng, text);
  return {
    label: `${kind.name} document: ${b.shape}`,
    async run(w) {
      const file = path.join(w.ws, kind.file);
      const uri = w.client.uri(file);
      if (w.client.isOpen(uri)) await w.client.setText(uri, text);
      else await w.client.open(file, text, kind.languageId);
      // Asked at once, as an editor does while the user types: they parse the new text.
      const hover = await w.answer('textDocument/hover', { textDocument: { uri }, position: hoverAt });
      w.assertClean('hover', hover);
      const completion = await withCap(w.client.completion(uri, completeAt).catch((e: unknown) => e), 'completion to be answered');
      w.assertClean('completion', completion);
      if (kind.diagnosed) await w.client.waitForDiagnostics(uri, () => true, DIAGNOSTICS_CAP_MS);
    },
  };
}
