import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { writeFilesAtomically } from '../workspace/write';

/** A CommonJS file loaded through V8's code cache, and whether the cache should be written anew. */
export interface CachedLoad {
  readonly exports: unknown;
  /** No cache was found, or V8 refused it (another Node, other flags, a damaged file). */
  readonly stale: boolean;
  /** Writes the compiled code as it is now (every function run so far) for the next start. */
  save(): Promise<void>;
}

const SUFFIX = '.v8cache';

/**
 * Loads `file` as `require` would, but hands V8 the code it compiled last time. Compiling
 * the 2 MB bundle, and then each function as it first runs, is about a fifth of a warm
 * start; with the cache V8 checks it against the source and skips both. Node 20 has no
 * built-in compile cache (`module.enableCompileCache` arrived in Node 22.1), hence this.
 * The cache is keyed by the file's size and time and this Node's version; V8 refuses a
 * cache made for other source or flags, and then the file is simply compiled.
 */
export function loadWithCodeCache(file: string, cacheFolder: string): CachedLoad {
  const stat = fs.statSync(file);
  const cacheFile = path.join(cacheFolder, `${path.basename(file)}-${stat.size}-${Math.trunc(stat.mtimeMs)}-${process.version}-${process.arch}${SUFFIX}`);
  let cached: Buffer | undefined;
  try {
    cached = unsealed(fs.readFileSync(cacheFile));
  } catch {
    cached = undefined; // first start of this build, or an unreadable cache folder
  }
  // A function wrapper like Node's own; a `#!` line is only valid at the very start of a script.
  const source = sourceText(fs.readFileSync(file)).replace(/^#!/, '//');
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cachedData: cached });
  const module = { exports: {} as unknown };
  (script.runInThisContext() as (...args: unknown[]) => void).call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  return {
    exports: module.exports,
    stale: cached === undefined || script.cachedDataRejected === true,
    async save() {
      const written = await writeFilesAtomically([{ path: cacheFile, text: sealed(script.createCachedData()) }]);
      if (!written.ok) return; // a read-only cache folder costs only speed
      const prefix = `${path.basename(file)}-`;
      // Caches of earlier builds of this file are never read again.
      const earlier = (await fs.promises.readdir(cacheFolder).catch(() => [])).filter((name) => name.startsWith(prefix) && name.endsWith(SUFFIX) && name !== path.basename(cacheFile));
      await Promise.all(earlier.map((name) => fs.promises.rm(path.join(cacheFolder, name), { force: true }).catch(() => undefined)));
    },
  };
}

/**
 * The file's text. The bundle is ASCII (esbuild escapes every other character by default),
 * and read as Latin-1 it becomes a string straight from the bytes: the UTF-8 decoder made
 * a second copy of the 2.8 MB, about a thousand more pages first touched while the server
 * starts (each costs 12-30 µs on the machines of this workplace).
 */
function sourceText(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

/**
 * V8 checks a cache's header (its version, flags, the source's length) but not the rest:
 * a damaged body aborts the process inside the deserializer, at every start. So the body
 * goes to disk behind its own digest, and a cache whose digest does not match is not used.
 */
const DIGEST = 'sha256';
const DIGEST_BYTES = 32;

function sealed(data: Buffer): Buffer {
  return Buffer.concat([createHash(DIGEST).update(data).digest(), data]);
}

/** The cache's body when its digest matches; undefined otherwise. */
function unsealed(file: Buffer): Buffer | undefined {
  if (file.length <= DIGEST_BYTES) return undefined;
  const body = file.subarray(DIGEST_BYTES);
  return createHash(DIGEST).update(body).digest().equals(file.subarray(0, DIGEST_BYTES)) ? body : undefined;
}
