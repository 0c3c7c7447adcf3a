import * as fs from 'node:fs';

/** The part of `@parcel/watcher` we use (its own types, restated so the module stays optional). */
export interface NativeEvent {
  path: string;
  type: 'create' | 'update' | 'delete';
}
export interface NativeSubscription {
  unsubscribe(): Promise<void>;
}
export interface NativeModule {
  subscribe(dir: string, fn: (err: Error | null, events: NativeEvent[]) => unknown, opts?: { ignore?: (string | RegExp)[]; backend?: string }): Promise<NativeSubscription>;
}

/** Set to `off` to run as where the native watcher cannot load (tests of the fallback use it). */
export const NATIVE_WATCHER_ENV = 'AGENTLS_NATIVE_WATCHER';

let loaded: { module?: NativeModule; error?: string } | undefined;

/**
 * `@parcel/watcher` (the recursive watcher VS Code uses: one inotify set kept by a native
 * thread, events coalesced, ignored folders never watched), or why it cannot load: its
 * prebuilt binary is missing for this platform, or the environment turned it off.
 */
export function nativeWatcher(): { module?: NativeModule; error?: string } {
  if (loaded) return loaded;
  if (process.env[NATIVE_WATCHER_ENV] === 'off') return (loaded = { error: `${NATIVE_WATCHER_ENV}=off` });
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = { module: require('@parcel/watcher') as NativeModule };
  } catch (err) {
    loaded = { error: (err as Error).message.split('\n')[0] };
  }
  return loaded;
}

/** Folders and files under these names are never watched (the ignore rules always skip them). */
const ALWAYS_UNWATCHED = /\/(?:node_modules|\.git)$/;

/**
 * One recursive native subscription on a root. `ignored` are absolute folders never
 * watched (the ignore rules' folders, found by the scan); `node_modules` and `.git`
 * anywhere are skipped by one pattern (a glob list would be matched by `std::regex` on
 * every path and cost seconds on a large tree; absolute folders are a prefix test).
 */
export async function subscribeNative(module: NativeModule, root: string, ignored: readonly string[], onEvents: (events: NativeEvent[]) => void, onError: (err: Error) => void): Promise<NativeSubscription> {
  return module.subscribe(
    root,
    (err, events) => {
      if (err) onError(err);
      else onEvents(events);
    },
    { ignore: [ALWAYS_UNWATCHED, ...ignored], backend: process.platform === 'linux' ? 'inotify' : undefined },
  );
}

/**
 * How many folders one native subscription may watch: half the system's inotify watch
 * limit (shared by every program of the user: editors, other servers), so a huge tree
 * is watched the cheap way instead of exhausting it. No limit where there is no inotify.
 */
export function nativeFolderBudget(): number {
  if (process.platform !== 'linux') return Number.POSITIVE_INFINITY;
  try {
    const limit = Number.parseInt(fs.readFileSync('/proc/sys/fs/inotify/max_user_watches', 'utf8'), 10);
    return Number.isFinite(limit) && limit > 0 ? Math.floor(limit / 2) : 8192;
  } catch {
    return 8192;
  }
}
