import * as fs from 'node:fs';
import * as path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { repoRoot } from '../helpers/repo';

/** One benchmark query: `source` is the file a user typing it wants (when there is one). */
export interface BenchQuery {
  q: string;
  kind: string;
  source?: string;
}

export interface SearchCorpus {
  /** Where the data came from (the shared list, or generated). */
  origin: string;
  paths: string[];
  queries: BenchQuery[];
}

/**
 * The benchmark's file list and queries: the shared 92,424 real paths and 205 queries
 * (`../shared/bench`, or the folder `AGENTLS_BENCH_DATA` names) when present, else a generated list of the same size and shape
 * with queries made the same way, so `npm run bench` runs in a bare clone too.
 */
export function loadCorpus(): SearchCorpus {
  // AGENTLS_BENCH_DATA names the folder when the checkout is not beside `shared/` (a worktree elsewhere).
  const dir = process.env.AGENTLS_BENCH_DATA ?? path.join(repoRoot(), '..', 'shared', 'bench');
  const list = path.join(dir, 'paths-nb92k.txt.gz');
  const queries = path.join(dir, 'queries-nb92k.json');
  if (fs.existsSync(list) && fs.existsSync(queries)) {
    const paths = gunzipSync(fs.readFileSync(list)).toString('utf8').split('\n').filter((p) => p !== '');
    const data = JSON.parse(fs.readFileSync(queries, 'utf8')) as { queries: BenchQuery[] };
    return { origin: `${path.relative(process.cwd(), list)} (real repository paths)`, paths, queries: data.queries };
  }
  return generateCorpus(92_424, 20250101);
}

/** The 1M list of the issue: the list copied 11 times under `c01/` … `c11/`. */
export function millionPaths(paths: readonly string[]): string[] {
  const out: string[] = [];
  for (let c = 1; c <= 11; c++) {
    const prefix = `c${String(c).padStart(2, '0')}/`;
    for (const p of paths) out.push(prefix + p);
  }
  return out;
}

const WORDS = [
  'action', 'adapter', 'annotation', 'api', 'bean', 'binding', 'browser', 'buffer', 'cache', 'catalog', 'chrome', 'class',
  'client', 'code', 'command', 'component', 'config', 'context', 'controller', 'customizer', 'data', 'debug', 'descriptor',
  'dialog', 'document', 'editor', 'element', 'engine', 'entry', 'event', 'factory', 'file', 'filter', 'folder', 'form',
  'graph', 'handler', 'hint', 'history', 'hook', 'impl', 'index', 'instance', 'item', 'layer', 'lexer', 'library', 'list',
  'loader', 'manager', 'model', 'module', 'node', 'option', 'panel', 'parser', 'path', 'platform', 'project', 'property',
  'provider', 'query', 'reader', 'registry', 'resource', 'runner', 'scanner', 'scheduler', 'server', 'session', 'settings',
  'source', 'support', 'table', 'tag', 'task', 'template', 'test', 'token', 'tool', 'tree', 'type', 'util', 'view', 'wizard',
  'writer', 'xml',
];
const AREAS = ['ide', 'java', 'enterprise', 'platform', 'webcommon', 'php', 'profiler', 'apisupport', 'nbbuild', 'harness'];
const EXTS = ['.java', '.java', '.java', '.java', '.xml', '.properties', '.form', '.js', '.html', '.png', '.php', '.md'];

/** A seeded generator of numbers in [0, 1) (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const cap = (w: string) => w[0].toUpperCase() + w.slice(1);

/** A repository-shaped list (areas, modules, deep source folders, camel-case names) and queries over it. */
export function generateCorpus(count: number, seed: number): SearchCorpus {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const paths = new Set<string>();
  while (paths.size < count) {
    const area = pick(AREAS);
    const module = `${pick(WORDS)}.${pick(WORDS)}`;
    const pkg = Array.from({ length: 1 + Math.floor(r() * 3) }, () => pick(WORDS)).join('/');
    const kind = r() < 0.25 ? 'test/unit/src' : 'src';
    const name = Array.from({ length: 1 + Math.floor(r() * 3) }, () => cap(pick(WORDS))).join('') + (r() < 0.1 ? String(Math.floor(r() * 100)) : '');
    paths.add(`${area}/${module}/${kind}/org/netbeans/modules/${pkg}/${name}${pick(EXTS)}`);
  }
  const list = [...paths];
  const queries: BenchQuery[] = [];
  for (let s = 0; s < 10; s++) {
    const source = pick(list);
    const base = source.slice(source.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '').toLowerCase();
    for (let i = 1; i <= Math.min(10, base.length); i++) queries.push({ q: base.slice(0, i), kind: 'typing-prefix', source });
  }
  for (let i = 0; i < 25; i++) {
    const source = pick(list);
    const parts = source.split('/');
    const a = parts[Math.floor(r() * (parts.length - 2))];
    queries.push({ q: `${a.slice(0, 4)}/${parts[parts.length - 1].slice(0, 4).toLowerCase()}`, kind: 'path-fragment', source });
  }
  for (let i = 0; i < 25; i++) {
    const source = pick(list);
    const name = source.slice(source.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '').toLowerCase();
    if (name.length < 6) continue;
    const at = 1 + Math.floor(r() * (name.length - 3));
    const typo = r() < 0.5 ? name.slice(0, at) + name[at + 1] + name[at] + name.slice(at + 2) : name.slice(0, at) + name.slice(at + 1);
    queries.push({ q: typo, kind: 'typo', source });
  }
  for (let i = 0; i < 25; i++) {
    const source = pick(list);
    const name = source.slice(source.lastIndexOf('/') + 1);
    const initials = name.replace(/\.[^.]*$/, '').replace(/[^A-Z]/g, '').toLowerCase();
    if (initials.length >= 2) queries.push({ q: initials, kind: 'camel-initials', source });
  }
  for (let i = 0; i < 15; i++) {
    const source = pick(list);
    queries.push({ q: source.slice(source.lastIndexOf('/') + 1), kind: 'exact-basename', source });
  }
  for (const q of ['build.xml', 'pom', 'readme', 'test.java', '.properties']) queries.push({ q, kind: 'common-name' });
  return { origin: `generated (${count} paths, seed ${seed}; ../shared/bench is absent)`, paths: list, queries };
}
