import { describe, expect, it } from 'vitest';
import { parsePromptDocument } from '../../server/refs/document';
import type { PromptModel, SourceEdit } from '../../server/refs/model';

function apply(source: string, edits: SourceEdit[]): string {
  let out = source;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

const md = (s: string) => parsePromptDocument(s, 'markdown');
const json = (s: string) => parsePromptDocument(s, 'rawp-json');
const pairs = (m: PromptModel) => m.entries.map((e) => [e.refId, e.path]);

describe('Markdown prompts', () => {
  const doc = ['---', 'title: fix', 'file_references:', '  - ref_id: ref_0', '    path: src/auth.ts', '  - ref_id: ref_1', '    path: "src/a b.ts"', '---', 'Find <@file:ref_0|src/auth.ts>', ''].join('\n');

  it('reads the entries with their source ranges and takes the body as the prompt text', () => {
    const m = md(doc);
    expect(m.problems).toEqual([]);
    expect(pairs(m)).toEqual([
      ['ref_0', 'src/auth.ts'],
      ['ref_1', 'src/a b.ts'],
    ]);
    const e = m.entries[0];
    expect(doc.slice(...e.refIdRange!)).toBe('ref_0');
    expect(doc.slice(...e.pathRange!)).toBe('src/auth.ts');
    expect(doc.slice(...m.entries[1].pathRange!)).toBe('"src/a b.ts"');
    expect(m.prompt!.value).toBe('Find <@file:ref_0|src/auth.ts>\n');
    expect(doc.slice(m.prompt!.toSource(5), m.prompt!.toSource(7))).toBe('<@');
    expect(m.prompt!.fromSource(3)).toBeUndefined();
  });

  it('appends an entry in the list style the author used', () => {
    const m = md(doc);
    const next = apply(doc, [m.editor!.add('ref_2', 'docs/x: y.md')]);
    expect(next).toContain('  - ref_id: ref_2\n    path: "docs/x: y.md"\n---\n');
    expect(pairs(md(next))).toEqual([...pairs(m), ['ref_2', 'docs/x: y.md']]);
  });

  it('creates the frontmatter block, the key, or the list when missing', () => {
    const none = 'Fix @x\n';
    const created = apply(none, [md(none).editor!.add('ref_0', 'a.ts')]);
    expect(created).toBe('---\nfile_references:\n  - ref_id: ref_0\n    path: a.ts\n---\nFix @x\n');
    expect(md(created).prompt!.value).toBe('Fix @x\n');

    const noKey = '---\ntitle: t\n---\nbody\n';
    expect(apply(noKey, [md(noKey).editor!.add('ref_0', 'a.ts')])).toBe('---\ntitle: t\nfile_references:\n  - ref_id: ref_0\n    path: a.ts\n---\nbody\n');

    const nullValue = '---\nfile_references:\ntitle: t\n---\nbody\n';
    const filled = apply(nullValue, [md(nullValue).editor!.add('ref_0', 'a.ts')]);
    expect(filled).toBe('---\nfile_references:\n  - ref_id: ref_0\n    path: a.ts\ntitle: t\n---\nbody\n');

    const emptyFlow = '---\nfile_references: []\n---\nbody\n';
    const flowAdded = apply(emptyFlow, [md(emptyFlow).editor!.add('ref_0', 'a,b.ts')]);
    expect(flowAdded).toBe('---\nfile_references: [{ ref_id: ref_0, path: "a,b.ts" }]\n---\nbody\n');
    expect(pairs(md(flowAdded))).toEqual([['ref_0', 'a,b.ts']]);

    const flow = '---\nfile_references: [{ref_id: ref_0, path: a.ts}]\n---\n';
    expect(pairs(md(apply(flow, [md(flow).editor!.add('ref_1', 'b.ts')])))).toEqual([
      ['ref_0', 'a.ts'],
      ['ref_1', 'b.ts'],
    ]);
  });

  it('keeps CRLF line breaks and a BOM', () => {
    const crlf = '\ufeff---\r\nfile_references:\r\n  - ref_id: ref_0\r\n    path: a.ts\r\n---\r\nbody\r\n';
    const m = md(crlf);
    expect(pairs(m)).toEqual([['ref_0', 'a.ts']]);
    const next = apply(crlf, [m.editor!.add('ref_1', 'b.ts')]);
    expect(next).toBe('\ufeff---\r\nfile_references:\r\n  - ref_id: ref_0\r\n    path: a.ts\r\n  - ref_id: ref_1\r\n    path: b.ts\r\n---\r\nbody\r\n');
    const none = '\ufeffbody\r\n';
    expect(apply(none, [md(none).editor!.add('ref_0', 'a.ts')])).toBe('\ufeff---\r\nfile_references:\r\n  - ref_id: ref_0\r\n    path: a.ts\r\n---\r\nbody\r\n');
  });

  it('removes an entry by its lines, and leaves [] when it was the last', () => {
    const m = md(doc);
    expect(pairs(md(apply(doc, [m.editor!.remove(m.entries[0])])))).toEqual([['ref_1', 'src/a b.ts']]);
    expect(pairs(md(apply(doc, [m.editor!.remove(m.entries[1])])))).toEqual([['ref_0', 'src/auth.ts']]);
    const one = '---\nfile_references:\n  - ref_id: ref_0\n    path: a.ts\nx: 1\n---\nbody\n';
    const emptied = apply(one, [md(one).editor!.remove(md(one).entries[0])]);
    expect(emptied).toBe('---\nfile_references: []\nx: 1\n---\nbody\n');
    const flow = '---\nfile_references: [{ref_id: a, path: a.ts}, {ref_id: b, path: b.ts}]\n---\n';
    expect(pairs(md(apply(flow, [md(flow).editor!.remove(md(flow).entries[1])])))).toEqual([['a', 'a.ts']]);
  });

  it('reads a frontmatter whose lines end in a lone CR (old Mac line ends)', () => {
    const m = md('---\rfile_references:\r  - ref_id: ref_0\r    path: a.ts\r---\rSee <@file:ref_0|a.ts> <@file:ref_9|b.ts>\r');
    expect(m.problems).toEqual([]);
    expect(pairs(m)).toEqual([['ref_0', 'a.ts']]);
  });

  it('adds after and removes an entry whose path is a block scalar (|- or >-) by its own lines, not the line after it', () => {
    const keyAfter = '---\nfile_references:\n  - ref_id: ref_0\n    path: |-\n      a.ts\ntitle: keep me\n---\nbody\n';
    expect(apply(keyAfter, [md(keyAfter).editor!.remove(md(keyAfter).entries[0])])).toBe('---\nfile_references: []\ntitle: keep me\n---\nbody\n');
    expect(apply(keyAfter, [md(keyAfter).editor!.add('ref_1', 'b.ts')])).toBe('---\nfile_references:\n  - ref_id: ref_0\n    path: |-\n      a.ts\n  - ref_id: ref_1\n    path: b.ts\ntitle: keep me\n---\nbody\n');
    const closing = '---\nfile_references:\n  - ref_id: ref_0\n    path: >-\n      a.ts\n---\nbody\n';
    const added = apply(closing, [md(closing).editor!.add('ref_1', 'b.ts')]);
    expect(added).toBe('---\nfile_references:\n  - ref_id: ref_0\n    path: >-\n      a.ts\n  - ref_id: ref_1\n    path: b.ts\n---\nbody\n');
    expect(pairs(md(added))).toEqual([
      ['ref_0', 'a.ts'],
      ['ref_1', 'b.ts'],
    ]);
  });

  it('re-points a path and renames an id, quoting when YAML needs it', () => {
    const m = md(doc);
    const next = apply(doc, [m.editor!.setPath(m.entries[0], '#odd.ts')!, m.editor!.setRefId(m.entries[1], 'ref_9')!]);
    expect(pairs(md(next))).toEqual([
      ['ref_0', '#odd.ts'],
      ['ref_9', 'src/a b.ts'],
    ]);
  });

  it('reports broken YAML, an unclosed block, a list that is not one, and unusable entries', () => {
    const broken = md('---\nfile_references: [\n---\nbody');
    expect(broken.referencesReadable).toBe(false);
    expect(broken.problems[0].code).toBe('ref/invalid-frontmatter');
    expect(broken.editor).toBeUndefined();
    const unclosed = md('---\nfile_references: []\nbody');
    expect(unclosed.problems[0]).toMatchObject({ code: 'ref/invalid-frontmatter', message: expect.stringContaining('never closed') });
    expect(md('---\nfile_references: src/a.ts\n---\n').problems[0].code).toBe('ref/invalid-references');
    const entries = md('---\nfile_references:\n  - ref_id: 7\n    path: a\n  - path: b\n  - ref_id: "a b"\n    path: c\n  - just text\n---\n').entries;
    expect(entries.map((e) => e.problem)).toEqual([
      'ref_id must be a string (quote it)',
      'ref_id is missing',
      'ref_id "a b" can never match a token (only letters, digits, _ and - are allowed)',
      'an entry must be a mapping with ref_id and path',
    ]);
  });
});

describe('RAWP JSON prompts', () => {
  const message = (text: string, refs = '[{"ref_id": "ref_0", "path": "src/auth.ts"}]') =>
    `{\n  "type": "control.prompt.request",\n  "payload": {\n    "prompt_text": ${text},\n    "file_references": ${refs}\n  }\n}\n`;

  it('maps every character of prompt_text back through the JSON escapes', () => {
    const literal = String.raw`"a\nb \"q\" \u00e9 \ud83d\ude00 😀 \\<@ <@file:ref_0|src/auth.ts>"`;
    const src = message(literal);
    const m = json(src);
    const p = m.prompt!;
    expect(p.value).toBe('a\nb "q" é 😀 😀 \\<@ <@file:ref_0|src/auth.ts>');
    const escapes = ['a', '\\n', 'b', ' ', '\\"', 'q', '\\"', ' ', '\\u00e9', ' ', '\\ud83d', '\\ude00', ' ', '\ud83d', '\ude00', ' ', '\\\\', '<', '@'];
    const base = src.indexOf(literal) + 1;
    let at = base;
    escapes.forEach((raw, i) => {
      expect(p.toSource(i), `unit ${i}`).toBe(at);
      expect(p.fromSource(at)).toBe(i);
      at += raw.length;
    });
    expect(p.fromSource(base + 2)).toBeUndefined(); // between \ and n
    expect(p.toSource(p.value.length)).toBe(src.indexOf(literal) + literal.length - 1);
    expect(p.encode('<@file:ref_1|a "b".ts>')).toBe('<@file:ref_1|a \\"b\\".ts>');
  });

  it('reads the entries and appends in the layout of the array', () => {
    const multi = message('"x"', '[\n      {"ref_id": "ref_0", "path": "a.ts"}\n    ]');
    const m = json(multi);
    expect(pairs(m)).toEqual([['ref_0', 'a.ts']]);
    const next = apply(multi, [m.editor!.add('ref_1', 'b "c".ts')]);
    expect(next).toContain('{"ref_id": "ref_0", "path": "a.ts"},\n      {"ref_id": "ref_1", "path": "b \\"c\\".ts"}\n    ]');
    expect(pairs(json(next))).toEqual([
      ['ref_0', 'a.ts'],
      ['ref_1', 'b "c".ts'],
    ]);
    const empty = message('"x"', '[]');
    expect(pairs(json(apply(empty, [json(empty).editor!.add('ref_0', 'a.ts')])))).toEqual([['ref_0', 'a.ts']]);
  });

  it('adds the file_references array to a payload without one', () => {
    const pretty = '{\n  "type": "control.prompt.request",\n  "payload": {\n    "prompt_text": "x"\n  }\n}';
    const next = apply(pretty, [json(pretty).editor!.add('ref_0', 'a.ts')]);
    expect(next).toBe('{\n  "type": "control.prompt.request",\n  "payload": {\n    "prompt_text": "x",\n    "file_references": [{"ref_id": "ref_0", "path": "a.ts"}]\n  }\n}');
    const flat = '{"type": "control.prompt.request", "payload": {"prompt_text": "x"}}';
    expect(JSON.parse(apply(flat, [json(flat).editor!.add('ref_0', 'a.ts')])).payload.file_references).toEqual([{ ref_id: 'ref_0', path: 'a.ts' }]);
  });

  it('removes and re-points entries, keeping valid JSON', () => {
    const src = message('"x"', '[{"ref_id": "a", "path": "a.ts"}, {"ref_id": "b", "path": "b.ts"}, {"ref_id": "c", "path": "c.ts", "note": 1}]');
    const m = json(src);
    for (const e of m.entries) {
      const after = JSON.parse(apply(src, [m.editor!.remove(e)]));
      expect(after.payload.file_references.map((r: { ref_id: string }) => r.ref_id)).toEqual(['a', 'b', 'c'].filter((id) => id !== e.refId));
    }
    const repointed = JSON.parse(apply(src, [m.editor!.setPath(m.entries[2], 'd/e.ts')!]));
    expect(repointed.payload.file_references[2]).toEqual({ ref_id: 'c', path: 'd/e.ts', note: 1 });
  });

  it('reports broken JSON and messages that are not prompt requests', () => {
    expect(json('{"type": "control.prompt.request", "payload": {"prompt_text": "x",}}').problems[0]).toMatchObject({ code: 'ref/invalid-json' });
    expect(json('{"type": "control.file.search", "payload": {}}').problems[0]).toMatchObject({ code: 'ref/invalid-message', message: expect.stringContaining('"control.file.search"') });
    const noText = json('{"type": "control.prompt.request", "payload": {"file_references": []}}');
    expect(noText.prompt).toBeUndefined();
    expect(noText.problems[0].message).toContain('prompt_text');
    expect(json('{"type": "control.prompt.request", "payload": {"prompt_text": "", "file_references": {}}}').problems[0].code).toBe('ref/invalid-references');
    expect(json('['.repeat(10000)).problems[0].code).toBe('ref/invalid-json');
  });
});
