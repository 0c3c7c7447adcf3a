import { randomBytes } from 'node:crypto';
import { constants as fsConstants, renameSync, rmSync, type Stats } from 'node:fs';
import { withSignalsHeld } from './heldSignals';
import { untilFileExists } from './testGate';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import type { Confinement } from './confine';

export interface FileWrite {
  /** Absolute path. */
  path: string;
  /** The new content: text (UTF-8), or bytes as they are. */
  text: string | Uint8Array;
  /**
   * When set, the file must still have exactly this content (or be absent, for `null`)
   * at the moment of writing; otherwise nothing is written. Guards against a file
   * changed on disk between a preview and its apply.
   */
  expectedText?: string | null;
}

/**
 * `splitLinks`: written files that had another name by a hard link. The write gives the
 * path a new file (an in-place write could be left half-written), so the other names keep
 * the old text; callers say so.
 */
export type WriteResult = { ok: true; written: string[]; splitLinks?: string[] } | { ok: false; message: string; path?: string };

/**
 * Writes several files all-or-nothing. Every new content first goes to a temporary file
 * beside its target (same file system, so the rename is atomic); only when all of them
 * are on disk are they renamed over the targets. If a rename fails, the targets already
 * replaced are restored from their previous content, and new files are removed, with the
 * folders made for them.
 * Refuses paths outside the confinement and files whose content moved since it was read.
 */
export function writeFilesAtomically(requested: FileWrite[], confinement?: Confinement): Promise<WriteResult> {
  return withSignalsHeld(() => writeAll(requested, confinement));
}

async function writeAll(requested: FileWrite[], confinement?: Confinement): Promise<WriteResult> {
  for (const w of requested) {
    if (!path.isAbsolute(w.path)) return { ok: false, message: `not an absolute path: ${w.path}`, path: w.path };
    if (confinement && !confinement.allows(w.path)) {
      return { ok: false, message: `${w.path} lies outside the workspace; nothing was written`, path: w.path };
    }
  }
  // A link is written through, into the file it leads to (which the confinement has just
  // judged): renaming a new file over the link would turn a rule shared by a link into a copy.
  const writes: FileWrite[] = [];
  const splitLinks: string[] = [];
  const byLanding = new Map<string, string>();
  for (const w of requested) {
    const landing = await landingPath(w.path);
    if (!landing.ok) return landing;
    // One file under two names, by a symbolic link (its landing) or a hard link (its inode): two contents for it cannot both be written.
    const { keys, links } = await fileIdentity(landing.path);
    const other = keys.map((k) => byLanding.get(k)).find((o) => o !== undefined);
    if (other !== undefined) return { ok: false, message: `${w.path} is the same file as ${other}; nothing was written`, path: w.path };
    for (const k of keys) byLanding.set(k, w.path);
    if (links > 1) splitLinks.push(w.path);
    writes.push({ ...w, path: landing.path });
  }
  const previous: (Buffer | null)[] = [];
  const modes: (number | undefined)[] = [];
  for (const w of writes) {
    const current = await readCurrent(w);
    if (!current.ok) return current;
    previous.push(current.bytes);
    modes.push(current.mode);
  }

  const temps: string[] = [];
  // Folders made for new files: a write that fails takes them away again, so that it leaves the disk as it found it.
  const madeFolders: string[] = [];
  const undoStaging = async () => {
    await Promise.all(temps.map((t) => fsp.rm(t, { force: true }).catch(() => undefined)));
    await removeMadeFolders(madeFolders);
  };
  try {
    for (let i = 0; i < writes.length; i++) {
      const target = writes[i].path;
      const firstMade = await fsp.mkdir(path.dirname(target), { recursive: true });
      if (firstMade !== undefined) madeFolders.push(...foldersMade(firstMade, path.dirname(target)));
      const temp = tempBeside(target);
      temps.push(temp);
      const handle = await fsp.open(temp, 'wx', modes[i] ?? 0o644);
      try {
        await handle.writeFile(writes[i].text, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
  } catch (err) {
    await undoStaging();
    return { ok: false, message: `could not stage the new content (${(err as Error).message}); nothing was written` };
  }

  // Check and write as one step: staging takes time, and another writer may have changed
  // a file meanwhile. Each target is compared again with what the edit was computed from
  // immediately before its rename, and any difference refuses the whole write. A write
  // that lands between that check and the rename goes to the file being replaced: a handle
  // kept open on it sees it afterwards, and then that writer's content is put back.
  const renamed: number[] = [];
  const replaced: (fsp.FileHandle | undefined)[] = [];
  // A second name for each file being replaced, so that a restore puts the file itself back:
  // a writer that opened it before the rename and is still writing then writes into the file
  // in place. (Copying its bytes back could copy a half-written file, or one truncated and not yet written.)
  const originals: (string | undefined)[] = [];
  const restore = async (late: Map<number, Buffer> = new Map()) => {
    for (const j of [...renamed].reverse()) {
      const before = late.get(j) ?? previous[j];
      const original = originals[j];
      if (before === null) await fsp.rm(writes[j].path, { force: true }).catch(() => undefined);
      else if (original && (await fsp.rename(original, writes[j].path).then(() => true, () => false))) originals[j] = undefined;
      else await fsp.writeFile(writes[j].path, before).catch(() => undefined);
    }
    await undoStaging();
  };
  const dropOriginals = () => Promise.all(originals.map((o) => o && fsp.rm(o, { force: true }).catch(() => undefined)));
  try {
    for (let i = 0; i < writes.length; i++) {
      replaced[i] = previous[i] === null ? undefined : await fsp.open(writes[i].path, 'r').catch(() => undefined);
      const again = await readCurrent(writes[i]);
      if (!again.ok || !sameBytes(again.bytes, previous[i])) {
        await restore();
        const why = again.ok ? `${writes[i].path} changed on disk while it was being written` : again.message.replace(/; nothing was written$/, '');
        return { ok: false, message: `${why}; nothing was written${renamed.length ? ' (earlier files were restored)' : ''}`, path: writes[i].path };
      }
      try {
        if (previous[i] === null) await createExclusively(temps[i], writes[i].path);
        else {
          const original = `${temps[i]}.orig`;
          // Where the file system has no hard links, a restore copies the bytes back.
          originals[i] = await fsp.link(writes[i].path, original).then(() => original, () => undefined);
          await fsp.rename(temps[i], writes[i].path);
        }
        renamed.push(i);
        if (i === 0 && writes.length > 1) await testHold();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
          await restore();
          return { ok: false, message: `${writes[i].path} was created by someone else while it was being written; nothing was written`, path: writes[i].path };
        }
        await restore();
        return { ok: false, message: `could not replace ${writes[i].path} (${(err as Error).message}); earlier files were restored`, path: writes[i].path };
      }
    }
    const late = new Map<number, Buffer>();
    for (let i = 0; i < writes.length; i++) {
      const handle = replaced[i];
      if (!handle) continue;
      const now = await readWhole(handle).catch(() => undefined);
      if (now && !sameBytes(now, previous[i])) late.set(i, now);
    }
    if (late.size) {
      await restore(late);
      const first = writes[[...late.keys()][0]].path;
      return { ok: false, message: `${first} changed on disk while it was being written; nothing was written (its new content was kept)`, path: first };
    }
  } finally {
    await Promise.all(replaced.map((h) => h?.close().catch(() => undefined)));
    await dropOriginals();
  }
  return { ok: true, written: requested.map((w) => w.path), ...(splitLinks.length ? { splitLinks } : {}) };
}

/** The folders `mkdir -p dir` made when the first it made was `first`: `dir` and those above it, up to `first`. */
function foldersMade(first: string, dir: string): string[] {
  const made: string[] = [];
  for (let d = dir; ; d = path.dirname(d)) {
    made.push(d);
    if (d === first || d === path.dirname(d)) return made;
  }
}

/**
 * Takes away the folders a failed write made, deepest first, each only while it is empty:
 * one that another writer has put something in meanwhile is theirs too, and stays.
 */
async function removeMadeFolders(folders: string[]): Promise<void> {
  const deepestFirst = [...new Set(folders)].sort((a, b) => b.length - a.length);
  for (const folder of deepestFirst) await fsp.rmdir(folder).catch(() => undefined);
  folders.length = 0;
}

/** What a caller says of a file in `splitLinks` (`shown` as the user knows it). */
export function splitLinkNote(shown: string): string {
  return `${shown} had another name (a hard link): it is now a file of its own, and the other name keeps the old text`;
}

/**
 * What makes two paths one file: the path it lands on once symbolic links are followed
 * (`landing`), and its inode once it exists (a hard link). Two paths sharing a key are one
 * file; `links` is how many names the file has.
 */
export async function fileIdentity(landing: string): Promise<{ keys: string[]; links: number }> {
  const st = await fsp.stat(landing).catch(() => undefined);
  return { keys: [landing, ...(st ? [`inode:${st.dev}:${st.ino}`] : [])], links: st?.nlink ?? 0 };
}

/** Where a write to `p` lands: `p`, or for a symbolic link the file it leads to; refused when that file does not exist. */
async function landingPath(p: string): Promise<{ ok: true; path: string } | { ok: false; message: string; path: string }> {
  const st = await fsp.lstat(p).catch(() => undefined);
  if (!st?.isSymbolicLink()) return { ok: true, path: p };
  try {
    return { ok: true, path: await fsp.realpath(p) };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'a symbolic link to a file that does not exist' : `a symbolic link that cannot be followed (${code})`;
    return { ok: false, message: `${p} is ${why}; nothing was written`, path: p };
  }
}

/**
 * The most bytes of a file name a file system takes: NAME_MAX on Linux (`include/uapi/linux/limits.h`).
 * Elsewhere the limit is 255 characters (macOS's APFS, Windows's NTFS), never fewer than 255 UTF-8 bytes.
 */
const NAME_MAX_BYTES = 255;
/** What `tempBeside` adds to the name it keeps (`.`, `.agentls-` and 12 hex digits, `.tmp`), and `.orig` for the second name a write gives a file it replaces. */
const TEMP_NAME_EXTRA_BYTES = '.'.length + '.agentls-'.length + 12 + '.tmp'.length + '.orig'.length;

/**
 * A new name beside a file (same folder, so same file system: a rename is atomic) for its
 * next content while it is written. A long name is cut to what fits (counted in UTF-8 bytes,
 * whole characters kept): a file named with 230 bytes could not be staged at all.
 */
export function tempBeside(target: string): string {
  const kept = leadingBytes(path.basename(target), NAME_MAX_BYTES - TEMP_NAME_EXTRA_BYTES);
  return path.join(path.dirname(target), `.${kept}.agentls-${randomBytes(6).toString('hex')}.tmp`);
}

/** The longest start of `name` of at most `max` UTF-8 bytes that ends on a whole character. */
function leadingBytes(name: string, max: number): string {
  if (Buffer.byteLength(name, 'utf8') <= max) return name;
  let bytes = 0;
  let end = 0;
  for (const ch of name) {
    bytes += Buffer.byteLength(ch, 'utf8');
    if (bytes > max) break;
    end += ch.length;
  }
  return name.slice(0, end);
}

/** Whether a file name is one `tempBeside` makes (a write that never finished left it, or one is under way). */
export function isTempBeside(name: string): boolean {
  return /^\..+\.agentls-[0-9a-f]{12}\.tmp$/.test(name);
}

/**
 * Puts a staged file in place only if nothing is there yet: a hard link fails when the
 * target exists (a rename would replace a file created meanwhile). Where the file system
 * has no hard links, a rename is the best there is.
 */
async function createExclusively(temp: string, target: string): Promise<void> {
  try {
    await fsp.link(temp, target);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw err;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EXDEV') throw err;
    await fsp.rename(temp, target);
    return;
  }
  await fsp.rm(temp, { force: true });
}

/** A file's whole content through an open handle (the file it was opened on, even once replaced). */
async function readWhole(handle: fsp.FileHandle): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let position = 0;
  for (;;) {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) break;
    chunks.push(buffer.subarray(0, bytesRead));
    position += bytesRead;
  }
  return Buffer.concat(chunks);
}

type Current = { ok: true; bytes: Buffer | null; mode: number | undefined } | { ok: false; message: string; path: string };

/**
 * A target as it is now: its bytes (null when absent) and mode; refused when it is not a
 * regular file, is read-only (a rename would replace it even so, root or not), or no
 * longer has the content the edit was computed from.
 */
async function readCurrent(w: FileWrite): Promise<Current> {
  let bytes: Buffer | null = null;
  let mode: number | undefined;
  try {
    const st = await fsp.stat(w.path);
    mode = st.mode & 0o7777;
    const refused = await whyNotReplaceable(w.path, st);
    if (refused) return { ok: false, message: `${refused}; nothing was written`, path: w.path };
    bytes = await fsp.readFile(w.path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      return { ok: false, message: `${w.path} cannot be read (${(err as NodeJS.ErrnoException).code}); nothing was written`, path: w.path };
    }
  }
  if (w.expectedText !== undefined) {
    const current = bytes === null ? null : bytes.toString('utf8');
    if (current !== w.expectedText) return { ok: false, message: `${w.path} changed on disk since it was read; nothing was written`, path: w.path };
  }
  return { ok: true, bytes, mode };
}

/**
 * Why an existing file may not be replaced by an edit, or undefined: not a regular file,
 * read-only (a rename would replace it even so, root or not), or not writable for this user.
 * A file that does not exist may be made.
 */
export async function whyNotReplaceable(p: string, known?: Stats): Promise<string | undefined> {
  const st = known ?? (await fsp.stat(p).catch(() => undefined));
  if (!st) return undefined;
  if (!st.isFile()) return `${p} is not a regular file`;
  const mode = st.mode & 0o7777;
  if ((mode & 0o222) === 0) return `${p} is read-only (mode ${mode.toString(8).padStart(4, '0')}); make it writable to edit it`;
  const writable = await fsp.access(p, fsConstants.W_OK).then(() => true, () => false);
  return writable ? undefined : `${p} is not writable for this user`;
}

function sameBytes(a: Buffer | null, b: Buffer | null): boolean {
  return a === null || b === null ? a === b : a.equals(b);
}

/**
 * Creates a folder (and its parents) for agentls's own files, such as the cache folder
 * that holds the file index; never for paths taken from documents. Returns why not when
 * it cannot.
 */
export async function ensureFolder(dir: string): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    await fsp.mkdir(dir, { recursive: true });
    return { ok: true };
  } catch (err) {
    return { ok: false, message: `cannot create ${dir} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})` };
  }
}

/**
 * Moves one of agentls's own files that turned out unreadable (a broken cache database)
 * aside, as `NAME.broken`. At once: the store replaces its database between two statements.
 */
export function setAside(file: string): void {
  try {
    renameSync(file, `${file}.broken`);
  } catch {
    try {
      rmSync(file, { force: true });
    } catch {
      // nothing more to do: the next open reports what is wrong
    }
  }
}

/**
 * For the test that an interrupted write is still all-or-nothing (`AGENTLS_TEST_HOLD_WRITE=FILE`):
 * a write of several files stops after its first rename, says so on standard error, and goes
 * on once FILE exists. Unset, writes never wait.
 */
async function testHold(): Promise<void> {
  const gate = process.env.AGENTLS_TEST_HOLD_WRITE;
  const held = gate ? untilFileExists(gate) : undefined;
  if (!held) return;
  process.stderr.write(`test: holding the write after its first file until ${gate} exists\n`);
  await held;
}
