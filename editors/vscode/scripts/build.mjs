// Builds what the VSIX carries into dist/: the extension bundle, and the agentls server
// (the repository's bundle, out/bundle/) with the native packages it loads at run time
// (they cannot be bundled: @ast-grep/napi and its platform binary, the @ast-grep/lang-*
// parsers, better-sqlite3, @parcel/watcher and its platform binary). The server lands in dist/server/{out,node_modules,package.json}
// so it resolves its packages and its version as an installed agentls does.
//
// usage: node scripts/build.mjs        (from editors/vscode; the repository's npm ci and npm run build first)
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const ext = path.resolve(here, '..');
const repo = path.resolve(ext, '../..');
const dist = path.join(ext, 'dist');
const serverOut = path.join(dist, 'server');

/** Loaded by the server with require() at run time; shipped as packages. */
const NATIVE = ['better-sqlite3', '@ast-grep/napi', '@parcel/watcher', ...langPackages()];

function langPackages() {
  const root = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
  return Object.keys(root.dependencies).filter((d) => d.startsWith('@ast-grep/lang-'));
}

fs.rmSync(dist, { recursive: true, force: true });

const common = { bundle: true, platform: 'node', format: 'cjs', target: 'node20', sourcemap: false, legalComments: 'eof', logLevel: 'warning' };

await esbuild.build({ ...common, entryPoints: [path.join(ext, 'src/extension.ts')], outfile: path.join(dist, 'extension.js'), external: ['vscode'], minify: true });

// The server is the repository's own bundle (`npm run build` makes out/bundle/, which
// package:vscode runs first): one definition of how the server is bundled, not two.
const bundle = path.join(repo, 'out', 'bundle');
if (!fs.existsSync(path.join(bundle, 'agentls.js'))) {
  console.error(`build: ${bundle}/agentls.js is missing: run \`npm run build\` in ${repo} first`);
  process.exit(1);
}
fs.mkdirSync(path.join(serverOut, 'out'), { recursive: true });
// agentls.js is what runs: it loads main.js through V8's code cache (server/cli/launch.ts).
for (const file of ['agentls.js', 'main.js', 'scanWorker.js', 'wireThread.js']) fs.copyFileSync(path.join(bundle, file), path.join(serverOut, 'out', file));

const rootPkg = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
fs.writeFileSync(
  path.join(serverOut, 'package.json'),
  JSON.stringify({ name: 'agentls', version: rootPkg.version, private: true, license: rootPkg.license, main: 'out/agentls.js' }, null, 2) + '\n',
);

// The native packages and everything they require, as installed for this platform.
const copied = new Set();
/** Needed to install, not to run: better-sqlite3's `bindings` finds its .node file without it. */
const INSTALL_ONLY = new Set(['prebuild-install']);
function copyPackage(name, fromDir) {
  if (copied.has(name) || INSTALL_ONLY.has(name)) return;
  let manifest;
  try {
    manifest = createRequire(path.join(fromDir, 'package.json')).resolve(`${name}/package.json`);
  } catch {
    return; // an optional dependency for another platform
  }
  copied.add(name);
  const src = path.dirname(manifest);
  const dest = path.join(serverOut, 'node_modules', name);
  fs.cpSync(src, dest, { recursive: true, filter: (p) => keep(path.relative(src, p)) });
  const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8'));
  for (const dep of [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.optionalDependencies ?? {})]) copyPackage(dep, src);
}

/** What runs: no C sources, no build intermediates, no prebuilt parsers for other platforms. */
function keep(rel) {
  if (rel === '') return true;
  const parts = rel.split(path.sep);
  if (parts[0] === 'src' || parts[0] === 'deps' || parts[0] === 'docs' || parts[0] === 'test' || parts[0] === 'node_modules') return false;
  if (parts[0] === 'build') return parts.length === 1 || (parts[1] === 'Release' && (parts.length === 2 || parts[2] === 'better_sqlite3.node'));
  if (parts[0] === 'prebuilds' && parts.length > 1) return parts[1] === prebuildName();
  return !/\.(c|cc|cpp|h|hpp|gyp|gypi|map|ts|md)$/.test(rel);
}

function prebuildName() {
  const os = { linux: 'Linux', darwin: 'macOS', win32: 'Windows' }[process.platform] ?? process.platform;
  return `prebuild-${os}-${process.arch.toUpperCase()}`;
}

for (const name of NATIVE) copyPackage(name, repo);

// The project-file schema, for jsonValidation of agentls.json.
fs.copyFileSync(path.join(repo, 'agentls.schema.json'), path.join(dist, 'agentls.schema.json'));

console.log(`built dist/extension.js and dist/server (${copied.size} runtime packages: ${[...copied].sort().join(', ')})`);
