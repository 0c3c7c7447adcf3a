import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The layout rules of server/README.md, checked on the source: engines never import the
 * protocol layer or the CLI, the bottom layers never import a domain, and no module reaches
 * itself again through its imports (type-only imports count: they are how circles start).
 */

const ROOT = path.join(__dirname, '..', '..');
const SERVER = path.join(ROOT, 'server');

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (entry.name.endsWith('.ts')) out.push(full);
  }
  return out;
}

function resolveImport(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts')]) if (fs.existsSync(candidate)) return candidate;
  return undefined;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"](\.[^'"]+)['"]/g;

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const target = resolveImport(file, match[1]);
    if (target) found.push(target);
  }
  return found;
}

const files = sourceFiles(SERVER);
const graph = new Map(files.map((f) => [f, importsOf(f)]));
const area = (file: string) => path.relative(SERVER, file).split(path.sep)[0];

describe('server layout', () => {
  it('has no import circle', () => {
    const state = new Map<string, 'open' | 'done'>();
    const circles: string[] = [];
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        circles.push([...trail.slice(trail.indexOf(file)), file].map((f) => path.relative(ROOT, f)).join(' → '));
        return;
      }
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) visit(next, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(circles).toEqual([]);
  });

  it('keeps engines free of the protocol layer and the CLI, and the bottom layers free of domains', () => {
    const bottom = new Set(['core', 'workspace']);
    const adapters = new Set(['lsp', 'cli']);
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      const from = area(file);
      for (const target of targets) {
        const to = area(target);
        if (!target.startsWith(SERVER)) continue;
        const wrong =
          (!adapters.has(from) && adapters.has(to)) ||
          (bottom.has(from) && !bottom.has(to) && to !== 'version.ts') ||
          (from === 'core' && to === 'workspace');
        if (wrong) upward.push(`${path.relative(ROOT, file)} → ${path.relative(ROOT, target)}`);
      }
      if (!adapters.has(from) && /from\s+['"]vscode-languageserver/.test(fs.readFileSync(file, 'utf8'))) {
        upward.push(`${path.relative(ROOT, file)} → vscode-languageserver`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('gives every feature of the protocol layer its own folder with an index', () => {
    for (const feature of ['rules', 'prompt', 'hashline', 'astedit', 'search']) {
      expect(fs.existsSync(path.join(SERVER, 'lsp', feature, 'index.ts')), feature).toBe(true);
    }
    const flat = fs.readdirSync(path.join(SERVER, 'lsp')).filter((name) => /^(rules|prompt|hashline|astedit|fileSearch)[A-Z]/.test(name));
    expect(flat).toEqual([]);
  });
});
