import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { formatUnifiedDiff } from '../hashline/diff';
import { describePatchErrorForPerson } from '../hashline/personMessages';
import { loopRefusal, readForPatch, workspaceHost } from '../hashline/host';
import { writePlannedFiles } from '../hashline/persist';
import { MAX_PATCH_BYTES, planPatch, refusingLoneCr, type PatchError } from '../hashline/plan';
import { readAnchored } from '../hashline/read';
import type { PatchErrorKind } from '../hashline/types';
import { DEFAULT_MAX_TEXT_BYTES } from '../workspace/fs';
import { resolveWritten } from '../workspace/paths';
import { WorkspaceSession } from '../workspace/session';
import { splitLinkNote } from '../workspace/write';
import { UsageError, write, type CliCommand, type CliIo, type CommonOptions } from './command';

/** Exit code per error kind, so scripts can tell a stale patch from a broken one. */
export const HASHLINE_EXIT_CODES: Record<PatchErrorKind, number> = {
  input_error: 10,
  parse_error: 11,
  missing_hash: 12,
  missing_line_number: 13,
  line_out_of_range: 14,
  hash_mismatch: 15,
  file_not_found: 16,
  no_change: 17,
  outside_workspace: 18,
  unreadable: 19,
  too_large: 20,
  write_failed: 21,
};

const USAGE = `agentls hashline read FILE[:A-B]
    Prints LINEhh|text rows (all lines, or lines A to B) with their anchors; a B past the
    last line shows up to the last, saying so on standard error.
agentls hashline apply [--dry-run] [--path FILE] < PATCH
    Applies a § » « ≔ patch read from standard input. All files are written atomically, or
    none. --dry-run prints the diff instead of writing; --path names the file for a patch
    without a §PATH header.
    Paths: FILE and --path FILE, typed on the command line, are relative to the current
    folder; §PATH lines inside the patch are relative to the root (--root), as an agent
    writes them. Either must lie inside the root.
exit codes: 0 done (read, applied, or nothing to change), 2 usage, 3 internal error or output that could not be written;
    read and apply alike refuse with 10 input error (no §PATH header, empty header,
    patch too large), 11 parse error, 12 anchor without hash, 13 anchor without line
    number, 14 line out of range, 15 stale anchors (hash mismatch), 16 file not found,
    17 a section changes nothing (patch with several files), 18 outside the workspace,
    19 not readable as text (a folder, a FIFO or other non-regular file, binary, not
    UTF-8, no permission, a loop of links), 20 file too large, 21 write failed (a file
    changed on disk since it was read, a read-only file, two headers naming one file
    through a link)`;

export const hashlineCommand: CliCommand = {
  name: 'hashline',
  summary: 'read a file with line anchors, or apply a § » « ≔ patch from standard input',
  usage: USAGE,
  async run(args, common, io) {
    const [sub, ...rest] = args;
    if (sub === 'read') return read(rest, common, io);
    if (sub === 'apply') return apply(rest, common, io);
    throw new UsageError(sub ? `unknown subcommand "${sub}"` : 'expected read or apply');
  },
};

function session(common: CommonOptions): WorkspaceSession {
  const s = new WorkspaceSession(common.settings);
  s.addFolder(common.root);
  return s;
}

/** `FILE:A-B`, `FILE:A`; a name that merely contains a colon stays a name when no range follows. */
function parseTarget(arg: string): { file: string; start?: number; end?: number; asked?: { start: string; end: string } } {
  const m = /^(.*):(\d+)(?:-(\d+))?$/.exec(arg);
  if (!m || m[1] === '') return { file: arg };
  // Compared and shown exactly: past 2^53 a Number rounds (99999999999999999999 reads as 1e20).
  const a = BigInt(m[2]);
  const b = m[3] === undefined ? a : BigInt(m[3]);
  if (a < 1n || b < a) throw new UsageError(`bad line range ${m[2]}${m[3] ? '-' + m[3] : ''}: lines start at 1 and A-B needs A ≤ B`);
  // No file has 2^53 lines, so the cap changes no answer.
  const capped = (n: bigint) => Number(n > BigInt(Number.MAX_SAFE_INTEGER) ? BigInt(Number.MAX_SAFE_INTEGER) : n);
  return { file: m[1], start: capped(a), end: capped(b), asked: { start: a.toString(), end: b.toString() } };
}

async function read(args: string[], common: CommonOptions, io: CliIo): Promise<number> {
  if (args.length !== 1) throw new UsageError('hashline read takes exactly one FILE[:A-B]');
  let target = parseTarget(args[0]);
  const ws = session(common);
  try {
    // `a:1-2` is the range of `a`; with no `a` but a file by that very name, it is that file.
    if (target.start !== undefined && !(await ws.diskFs.stat(resolveWritten(io.cwd, target.file))) && (await ws.diskFs.stat(resolveWritten(io.cwd, args[0])))?.kind === 'file') target = { file: args[0] };
    const abs = resolveWritten(io.cwd, target.file);
    if (!ws.rootOf(abs) || !ws.allows(abs)) {
      const loop = loopRefusal(ws, abs, target.file, 'a hashline read never follows it');
      if (loop) {
        write(io.stderr, `agentls hashline: ${loop}`);
        return HASHLINE_EXIT_CODES.unreadable;
      }
      write(io.stderr, `agentls hashline: ${target.file} lies outside the workspace root ${common.root}`);
      return HASHLINE_EXIT_CODES.outside_workspace;
    }
    const r = await readForPatch(ws.diskFs, abs, DEFAULT_MAX_TEXT_BYTES);
    if (r.kind === 'missing') {
      write(io.stderr, `agentls hashline: File not found: ${target.file}`);
      return HASHLINE_EXIT_CODES.file_not_found;
    }
    if (r.kind === 'error') {
      write(io.stderr, `agentls hashline: ${r.message}`);
      return HASHLINE_EXIT_CODES[r.error];
    }
    const anchored = readAnchored(r.text, target.start, target.end);
    if (target.start !== undefined && target.start > anchored.lineCount) {
      write(io.stderr, `agentls hashline: Line ${target.asked?.start} does not exist (${target.file} has ${anchored.lineCount} lines)`);
      return HASHLINE_EXIT_CODES.line_out_of_range;
    }
    io.stdout.write(anchored.rows.join('\n') + '\n');
    // A range that ends past the last line shows the lines up to it, as agents' read tools cut a limit
    // at the end of the file (a start past it is refused above); said, so that the last row shown is
    // not taken for the end of the range asked (`hashline.md` §2 says nothing of a range past the end).
    if (target.end !== undefined && target.end > anchored.end) {
      write(io.stderr, `agentls hashline: note: ${target.file} has ${anchored.lineCount} lines, so lines ${anchored.start}-${anchored.end} are shown of the ${target.asked?.start}-${target.asked?.end} asked`);
    }
    // Said at the read, not only when a patch is refused: these anchors can never be applied.
    const refused = refusingLoneCr(r, target.file);
    if (refused.kind === 'error') write(io.stderr, `agentls hashline: note: ${refused.message}`);
    return 0;
  } finally {
    ws.dispose();
  }
}

async function readStdin(io: CliIo): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of io.stdin) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += b.length;
    if (size > MAX_PATCH_BYTES) throw new PatchInputError(`the patch on standard input is over ${MAX_PATCH_BYTES} bytes`);
    chunks.push(b);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new PatchInputError('the patch on standard input is not valid UTF-8');
  }
}

class PatchInputError extends Error {}

async function apply(args: string[], common: CommonOptions, io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: { 'dry-run': { type: 'boolean', default: false }, path: { type: 'string' } }, allowPositionals: true, strict: true });
  if (positionals.length) throw new UsageError(`hashline apply reads the patch from standard input; unexpected ${positionals.join(' ')}`);
  let input: string;
  try {
    input = await readStdin(io);
  } catch (err) {
    if (!(err instanceof PatchInputError)) throw err;
    write(io.stderr, `agentls hashline: ${err.message}`);
    return HASHLINE_EXIT_CODES.input_error;
  }
  const ws = session(common);
  try {
    const host = workspaceHost({ session: ws, fs: ws.diskFs, base: common.root, options: { autoDropPureInsertDuplicates: common.settings.hashline.autoDropPureInsertDuplicates } });
    // Paths typed on the command line are relative to the current folder; §PATH lines in the patch, to the root.
    const fallbackPath = values.path === undefined ? undefined : path.relative(common.root, path.resolve(io.cwd, values.path)).split(path.sep).join('/');
    const plan = await planPatch(input, host, { fallbackPath });
    if (!plan.ok) return fail(io, plan.error, ws);
    for (const w of plan.warnings) write(io.stderr, `warning: ${w}`);
    if (values['dry-run']) {
      for (const f of plan.files) io.stdout.write(f.changed ? formatUnifiedDiff(f.display, f.original, f.splices, f.before !== null) : `unchanged ${f.display}\n`);
      return 0;
    }
    const written = await writePlannedFiles(plan.files, ws.confinement);
    if (!written.ok) return fail(io, { kind: 'write_failed', message: written.message });
    for (const f of plan.files) write(io.stdout, `${f.created ? 'created' : f.changed ? 'updated' : 'unchanged'} ${f.display}`);
    for (const p of written.splitLinks ?? []) write(io.stderr, `agentls hashline: note: ${splitLinkNote(plan.files.find((f) => f.path === p)?.display ?? p)}`);
    if (plan.files.length === 0) write(io.stdout, 'the patch has no ops; nothing to do');
    return 0;
  } finally {
    ws.dispose();
  }
}

async function fail(io: CliIo, error: PatchError, ws?: WorkspaceSession): Promise<number> {
  let lines: string[] | undefined;
  if (error.kind === 'hash_mismatch' && error.path && ws) {
    const read = await ws.diskFs.readText(error.path);
    if (read.ok) lines = read.text.split('\n').map((l) => l.replace(/\r$/, ''));
  }
  write(io.stderr, `agentls hashline: ${error.kind}: ${describePatchErrorForPerson(error, lines)}`);
  return HASHLINE_EXIT_CODES[error.kind];
}
