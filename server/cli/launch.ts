#!/usr/bin/env node
import * as os from 'node:os';
import * as path from 'node:path';
import { resolveCacheDir } from '../workspace/home';
import { loadWithCodeCache } from './codeCache';

/**
 * The installed `agentls` command. `npm run build` bundles the program into
 * out/bundle/main.js and this file beside it as agentls.js; this only loads main.js
 * through V8's code cache (`codeCache.ts`), kept in the user's cache folder, and runs it.
 * A stale cache is written anew once the program has warmed up: when a command is done,
 * or when the language server has been up a while (it runs until the editor stops it).
 */
const SERVER_WARM_MS = 3000;

const loaded = loadWithCodeCache(path.join(__dirname, 'main.js'), path.join(resolveCacheDir(undefined, os.homedir()), 'code'));
const program = loaded.exports as typeof import('./main');
// Only a speed-up: a cache that cannot be written is not worth a word.
const save = () => void loaded.save().catch(() => undefined);
void program.runAsCommand().then((code) => {
  if (!loaded.stale) return;
  if (code === program.SERVING) setTimeout(save, SERVER_WARM_MS).unref();
  else save();
});
