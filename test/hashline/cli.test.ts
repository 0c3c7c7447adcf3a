import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HASHLINE_EXIT_CODES } from '../../server/cli/hashline';
import { lineHash } from '../../server/hashline/hash';
import { cli } from '../cli/run';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';
import { ownedDir, unprivileged } from '../helpers/unprivileged';

const runAs = unprivileged();

/** Every path of a workspace but those under .git, sorted. */
const tree = (ws: string) => execFileSync('find', ['.', '-path', './.git', '-prune', '-o', '-print'], { cwd: ws, encoding: 'utf8' }).split('\n').filter(Boolean).sort();

const FILE = 'def alpha():\n    return 1\n\ndef beta():\n    return 2\n';

describe('agentls hashline', () => {
  it('round-trips a read and an apply', async () => {
    const ws = writeTree(tempDir(), { 'src/a.py': FILE });
    const read = await cli(['hashline', 'read', 'src/a.py:2-4'], ws);
    expect(read.code).toBe(0);
    const rows = read.stdout.trimEnd().split('\n');
    expect(rows.map((r) => r.slice(r.indexOf('|') + 1))).toEqual(['    return 1', '', 'def beta():']);
    const anchorOf = (row: string) => row.slice(0, row.indexOf('|'));
    const patch = `§src/a.py\n≔${anchorOf(rows[0])}\n    return 10\n»${anchorOf(rows[2])}\n    """beta"""\n`;
    const applied = await cli(['hashline', 'apply'], ws, patch);
    expect(applied).toMatchObject({ code: 0, stdout: 'updated src/a.py\n' });
    expect(fs.readFileSync(path.join(ws, 'src/a.py'), 'utf8')).toBe('def alpha():\n    return 10\n\ndef beta():\n    """beta"""\n    return 2\n');

    const again = await cli(['hashline', 'apply'], ws, patch);
    expect(again.code).toBe(HASHLINE_EXIT_CODES.hash_mismatch);
    // ≔ with a payload references its line twice: still one stale anchor for a person, with what the line says now.
    const now = (await cli(['hashline', 'read', 'src/a.py:2'], ws)).stdout.split('|')[0];
    expect(again.stderr).toBe(
      'agentls hashline: hash_mismatch: src/a.py: 1 anchor is stale (the file changed since it was read), so nothing was written:\n' +
        `  ${anchorOf(rows[0])}: line 2 now reads "    return 10" (anchor ${now})\n` +
        'Read src/a.py again (agentls hashline read) and write the patch with the current anchors.\n',
    );
  });

  it('reads with --root from another folder, and a whole file by default', async () => {
    const ws = writeTree(tempDir(), { 'x.txt': 'one\r\ntwo' });
    const r = await cli(['hashline', 'read', path.join(ws, 'x.txt'), '--root', ws], tempDir());
    expect(r.stdout.split('\n').filter(Boolean).map((l) => l.slice(l.indexOf('|') + 1))).toEqual(['one\r', 'two']);
  });

  it('previews with --dry-run and changes nothing', async () => {
    const ws = writeTree(tempDir(), { 'a.py': FILE });
    const read = await cli(['hashline', 'read', 'a.py:1'], ws);
    const r = await cli(['hashline', 'apply', '--dry-run'], ws, `§a.py\n≔${read.stdout.split('|')[0]}\ndef alpha(x):\n`);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('-def alpha():\n+def alpha(x):');
    expect(fs.readFileSync(path.join(ws, 'a.py'), 'utf8')).toBe(FILE);
  });

  it('refuses a read with the codes agentls help hashline gives: 16 no such file, 14 a line past the end', async () => {
    const ws = writeTree(tempDir(), { 'a.py': FILE });
    const help = (await cli(['help', 'hashline'], ws)).stdout;
    expect(help).toContain('read and apply alike refuse with');
    const missing = await cli(['hashline', 'read', 'gone.py'], ws);
    expect(missing.code).toBe(16);
    expect(help).toContain('16 file not found');
    const past = await cli(['hashline', 'read', 'a.py:90'], ws);
    expect(past.code).toBe(14);
    expect(help).toContain('14 line out of range');
  });

  it('refuses a folder and a FIFO with 19, which agentls help hashline says covers them', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', 'src/a.py': FILE });
    execFileSync('mkfifo', [path.join(ws, 'pipe')]);
    const help = builtCli(['help', 'hashline'], { cwd: ws }).stdout;
    // Help wraps lines: read it as one paragraph.
    expect(help.replace(/\s+/g, ' ')).toContain('19 not readable as text (a folder, a FIFO or other non-regular file, binary, not UTF-8, no permission');
    const folder = builtCli(['hashline', 'read', 'src'], { cwd: ws });
    expect(folder.status).toBe(19);
    expect(folder.stderr).toContain('is a directory');
    const fifo = builtCli(['hashline', 'read', 'pipe'], { cwd: ws, timeout: 20_000 });
    expect(fifo.status).toBe(19);
    expect(fifo.stderr).toContain('is not a regular file');
  });

  it('takes --path for a patch without a header', async () => {
    const ws = writeTree(tempDir(), { 'a.py': FILE });
    const read = await cli(['hashline', 'read', 'a.py:5'], ws);
    const r = await cli(['hashline', 'apply', '--path', 'a.py'], ws, `≔${read.stdout.split('|')[0]}\n    return 20\n`);
    expect(r.code).toBe(0);
    expect(fs.readFileSync(path.join(ws, 'a.py'), 'utf8')).toContain('return 20');
  });

  it('refuses a --path outside the root without pointing at a "patch line 0" the patch does not have', async () => {
    const ws = writeTree(tempDir(), { 'a.py': FILE });
    const r = await cli(['hashline', 'apply', '--path', '../x.py'], ws, '»EOF\nx\n');
    expect(r).toMatchObject({ code: HASHLINE_EXIT_CODES.outside_workspace, stdout: '' });
    expect(r.stderr).toBe('agentls hashline: outside_workspace: ../x.py lies outside the workspace; a patch never reads or writes it\n');
  });

  it.each([
    ['parse_error', 'a.py', '§a.py\nhello\n'],
    ['input_error', 'a.py', 'no header\n'],
    ['missing_hash', 'a.py', '§a.py\n≔2\nx\n'],
    ['line_out_of_range', 'a.py', '§a.py\n≔99ab\nx\n'],
    ['file_not_found', 'a.py', '§missing.py\n≔1ab\nx\n'],
    ['outside_workspace', 'a.py', '§../elsewhere.py\n»EOF\nx\n'],
    ['unreadable', 'a.py', '§bin.dat\n»EOF\nx\n'],
  ])('exits with the code of %s and leaves every file alone', async (kind, _, patch) => {
    const ws = writeTree(tempDir(), { 'a.py': FILE, 'bin.dat': new Uint8Array([0, 1, 2]) });
    const r = await cli(['hashline', 'apply'], ws, patch);
    expect(r.code).toBe(HASHLINE_EXIT_CODES[kind as keyof typeof HASHLINE_EXIT_CODES]);
    expect(r.stderr).toContain(`${kind}: `);
    expect(fs.readFileSync(path.join(ws, 'a.py'), 'utf8')).toBe(FILE);
    expect(fs.readdirSync(ws).sort()).toEqual(['a.py', 'bin.dat']);
  });

  it.each([
    ['≔1ab..10000000cd', 'patch line 2: the ranges of this patch replace 10,000,000 lines; agentls reads up to 1,000,000 lines; check the line numbers, or split the patch'],
    ['≔9007199254740993ab', 'patch line 2: line number 9007199254740993 is larger than any file has.'],
  ])('refuses %s at once as a parse error (before, each line of the range became an edit: seconds and gigabytes, or no end)', async (op, message) => {
    const ws = writeTree(tempDir(), { 'a.py': FILE });
    const r = await cli(['hashline', 'apply'], ws, `§a.py\n${op}\nx\n`);
    expect(r.code).toBe(HASHLINE_EXIT_CODES.parse_error);
    expect(r.stderr).toContain(message);
    expect(fs.readFileSync(path.join(ws, 'a.py'), 'utf8')).toBe(FILE);
  }, 15_000);

  it.each([
    ['~/x.txt', '~/x.txt starts with ~, which a patch does not expand to a home folder', 'outside_workspace'],
    ['a.py/', 'a.py/ ends with a slash, so it names a folder', 'input_error'],
    ['https://example.com/a.py', 'https://example.com/a.py is a https: URL; a patch header names a file of the workspace', 'input_error'],
    ['file://fileserver/share/a.py', 'file://fileserver/share/a.py is not a file URI a patch can use', 'outside_workspace'],
  ] as const)('refuses the header %s, which names no file of the workspace, and creates nothing', async (header, message, kind) => {
    const ws = writeTree(tempDir(), { 'a.py': FILE });
    const r = await cli(['hashline', 'apply'], ws, `§${header}\n»EOF\nx\n`);
    expect(r.code).toBe(HASHLINE_EXIT_CODES[kind]);
    expect(r.stderr).toContain(message);
    expect(fs.readdirSync(ws)).toEqual(['a.py']);
    expect(fs.readFileSync(path.join(ws, 'a.py'), 'utf8')).toBe(FILE);
  });

  it('quotes a stale first line of a file with a BOM as the line reads, without the BOM', async () => {
    const ws = writeTree(tempDir(), { 'b.txt': '\ufeffone\ntwo\n' });
    const r = await cli(['hashline', 'apply'], ws, `§b.txt\n≔1${lineHash('zero')}\nONE\n`);
    expect(r.code).toBe(HASHLINE_EXIT_CODES.hash_mismatch);
    expect(r.stderr).toContain(`line 1 now reads "one" (anchor 1${lineHash('one')})`);
  });

  it('reads a file whose name ends like a line range when no file bears the name before the colon', async () => {
    const ws = writeTree(tempDir(), { 'notes:1-2': 'x\ny\nz\n', 'b.txt': 'p\nq\nr\n', 'b.txt:2': 'literal\n' });
    const literal = await cli(['hashline', 'read', 'notes:1-2'], ws);
    expect(literal.stdout.split('\n').filter(Boolean).map((l) => l.slice(l.indexOf('|') + 1))).toEqual(['x', 'y', 'z', '']);
    // Where both exist, the range reading stands.
    const ranged = await cli(['hashline', 'read', 'b.txt:2'], ws);
    expect(ranged.stdout.split('\n').filter(Boolean).map((l) => l.slice(l.indexOf('|') + 1))).toEqual(['q']);
  });

  it('refuses two headers naming one file through a hard link, and writes nothing', async () => {
    const ws = writeTree(tempDir(), { 'a.txt': 'one\n' });
    fs.linkSync(path.join(ws, 'a.txt'), path.join(ws, 'b.txt'));
    const r = await cli(['hashline', 'apply'], ws, '§a.txt\n»EOF\nx\n§b.txt\n»EOF\ny\n');
    expect(r.code).toBe(HASHLINE_EXIT_CODES.write_failed);
    expect(r.stderr).toContain('b.txt is the same file as');
    expect(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe('one\n');
    expect(fs.statSync(path.join(ws, 'a.txt')).ino).toBe(fs.statSync(path.join(ws, 'b.txt')).ino);
    // One name patched: an atomic write gives it a new file, and that is said.
    const one = await cli(['hashline', 'apply'], ws, '§a.txt\n»EOF\nx\n');
    expect(one.code).toBe(0);
    expect(one.stderr).toBe('agentls hashline: note: a.txt had another name (a hard link): it is now a file of its own, and the other name keeps the old text\n');
    expect(fs.readFileSync(path.join(ws, 'b.txt'), 'utf8')).toBe('one\n');
  });

  it('refuses at the dry run as at the apply two headers naming one file through a link, hard or symbolic', async () => {
    const ws = writeTree(tempDir(), { 'a.txt': 'one\n', 'd/c.txt': 'c\n' });
    fs.linkSync(path.join(ws, 'a.txt'), path.join(ws, 'b.txt'));
    fs.symlinkSync('d', path.join(ws, 'e'));
    const hard = await cli(['hashline', 'apply', '--dry-run'], ws, '§a.txt\n»EOF\nx\n§b.txt\n»EOF\ny\n');
    expect(hard).toMatchObject({ code: HASHLINE_EXIT_CODES.write_failed, stdout: '' });
    expect(hard.stderr).toBe('agentls hashline: write_failed: patch line 4: b.txt is the same file as a.txt (one file under two names, by a symbolic or hard link): write all the edits of that file under one §header; nothing was applied\n');
    // Through a linked folder, and for a file the patch would create.
    const created = await cli(['hashline', 'apply', '--dry-run'], ws, '§d/new.txt\n»EOF\nx\n§e/new.txt\n»EOF\ny\n');
    expect(created.code).toBe(HASHLINE_EXIT_CODES.write_failed);
    expect(created.stderr).toContain('e/new.txt is the same file as d/new.txt');
    expect(fs.existsSync(path.join(ws, 'd/new.txt'))).toBe(false);
  });

  it.skipIf('skip' in runAs)(`takes away the folders it made for a new file when a later file of the patch cannot be staged (run as ${'skip' in runAs ? runAs.skip : runAs.name})`, () => {
    if ('skip' in runAs) return;
    // A folder the user may not write in: the plan reads its file, the write cannot stage beside it. Root writes anywhere, so the CLI runs unprivileged.
    const ws = ownedDir(runAs, { '.git/HEAD': '', 'a.txt': 'one\n', 'kept/.keep': '', 'locked/b.md': 'two\n' });
    const before = tree(ws);
    fs.chmodSync(path.join(ws, 'locked'), 0o555);
    try {
      const patch = `§a.txt\n≔1${lineHash('one')}\nONE\n§kept/new/deep/c.md\n»EOF\nhello\n§locked/b.md\n≔1${lineHash('two')}\nTWO\n`;
      const staged = builtCli(['hashline', 'apply'], { cwd: ws, stdin: patch, user: runAs.user, home: ownedDir(runAs) });
      expect(staged.stderr).toMatch(/^agentls hashline: write_failed: could not stage the new content \(EACCES: [^\n]*\); nothing was written\n$/);
      expect(staged.status).toBe(HASHLINE_EXIT_CODES.write_failed);
    } finally {
      fs.chmodSync(path.join(ws, 'locked'), 0o755);
    }
    // All or nothing: the folder that was there stays, the ones made for the write are gone.
    expect(tree(ws)).toEqual(before);
    expect(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe('one\n');
    expect(fs.readFileSync(path.join(ws, 'locked/b.md'), 'utf8')).toBe('two\n');
  });

  it('refuses at the plan, and at the dry run, a new file below another the patch creates, or below a link to nothing, writing nothing', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', 'a.txt': 'one\n' });
    fs.symlinkSync('missing', path.join(ws, 'dangling'));
    const before = tree(ws);
    for (const dryRun of [true, false]) {
      const args = dryRun ? ['hashline', 'apply', '--dry-run'] : ['hashline', 'apply'];
      const run = (patch: string) => {
        const r = builtCli(args, { cwd: ws, stdin: patch });
        return { code: r.status, stdout: r.stdout, stderr: r.stderr };
      };
      const under = run(`§a.txt\n≔1${lineHash('one')}\nONE\n§x.md\n»EOF\nx\n§x.md/y.md\n»EOF\ny\n`);
      expect(under).toEqual({
        code: HASHLINE_EXIT_CODES.unreadable,
        stdout: '',
        stderr: `agentls hashline: unreadable: patch line 7: ${path.join(ws, 'x.md/y.md')} cannot be created: ${path.join(ws, 'x.md')} is a file this patch creates, not a folder; nothing was applied\n`,
      });
      const linked = run(`§a.txt\n≔1${lineHash('one')}\nONE\n§dangling/deep/c.md\n»EOF\nx\n`);
      expect(linked).toEqual({
        code: HASHLINE_EXIT_CODES.unreadable,
        stdout: '',
        stderr: `agentls hashline: unreadable: patch line 4: ${path.join(ws, 'dangling/deep/c.md')} cannot be created: ${path.join(ws, 'dangling')} is a symbolic link to a folder that does not exist\n`,
      });
    }
    expect(tree(ws)).toEqual(before);
    expect(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe('one\n');
  });

  it('says a header holding a NUL, or a name longer than the file system takes, is no file name, not that it lies outside the workspace', async () => {
    const ws = writeTree(tempDir(), { 'a.txt': 'one\n' });
    const nul = await cli(['hashline', 'apply', '--dry-run'], ws, '§a\u0000b.txt\n»EOF\nx\n');
    expect(nul.code).toBe(HASHLINE_EXIT_CODES.input_error);
    expect(nul.stderr).toBe('agentls hashline: input_error: patch line 1: the header holds a NUL character, which no file name can hold; write the path of a file of the workspace\n');
    const long = 'x'.repeat(300);
    const tooLong = await cli(['hashline', 'apply', '--dry-run'], ws, `§src/${long}.txt\n»EOF\nx\n`);
    expect(tooLong.code).toBe(HASHLINE_EXIT_CODES.input_error);
    expect(tooLong.stderr).toBe(`agentls hashline: input_error: patch line 1: src/${'x'.repeat(60)}… has a name longer than the file system takes; write the path of a file of the workspace\n`);
    // Outside Windows a backslash is part of the name: 200 + 1 + 100 characters are one name, too long.
    if (process.platform !== 'win32') {
      const split = await cli(['hashline', 'apply', '--dry-run'], ws, `§${'x'.repeat(200)}\\${'y'.repeat(100)}\n»EOF\nx\n`);
      expect(split.code).toBe(HASHLINE_EXIT_CODES.input_error);
      expect(split.stderr).toContain('has a name longer than the file system takes');
    }
  });

  it('says a link that goes round in a loop is one, not that it lies outside the workspace', async () => {
    const ws = writeTree(tempDir(), { 'a.py': FILE });
    fs.symlinkSync('loop2', path.join(ws, 'loop1'));
    fs.symlinkSync('loop1', path.join(ws, 'loop2'));
    const r = await cli(['hashline', 'apply'], ws, '§loop1\n»EOF\nx\n');
    expect(r.code).toBe(HASHLINE_EXIT_CODES.unreadable);
    expect(r.stderr).toContain('loop1 is a symbolic link that goes round in a loop; a patch never reads or writes it');
  });

  it('reads a link that goes round in a loop as unreadable (19), as the apply does, not as outside the workspace (18)', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', 'a.py': FILE });
    fs.symlinkSync('loop2', path.join(ws, 'loop1'));
    fs.symlinkSync('loop1', path.join(ws, 'loop2'));
    const r = builtCli(['hashline', 'read', 'loop1'], { cwd: ws });
    expect(r.status).toBe(HASHLINE_EXIT_CODES.unreadable);
    expect(r.stderr).toBe('agentls hashline: loop1 is a symbolic link that goes round in a loop; a hashline read never follows it\n');
    // A link out of the root is still outside it.
    fs.symlinkSync(tempDir(), path.join(ws, 'out'));
    expect(builtCli(['hashline', 'read', 'out/x.py'], { cwd: ws }).status).toBe(HASHLINE_EXIT_CODES.outside_workspace);
  });

  it('refuses to edit a file with lone CR line breaks, which a read shows as one line, and leaves it as it was', async () => {
    const ws = writeTree(tempDir(), { 'cr.txt': 'a\rb\rc\n' });
    const read = await cli(['hashline', 'read', 'cr.txt'], ws);
    expect(read.code).toBe(0);
    expect(read.stderr).toContain('agentls hashline: note: cr.txt breaks lines with lone carriage returns (CR)');
    const anchor = read.stdout.split('\n')[0].split('|')[0];
    const r = await cli(['hashline', 'apply'], ws, `§cr.txt\n≔${anchor}\nx\n`);
    expect(r.code).toBe(HASHLINE_EXIT_CODES.unreadable);
    expect(r.stderr).toContain('cr.txt breaks lines with lone carriage returns (CR): a hashline read does not break a line there (the first is on line 1 of a read), and an edit would split lines at each CR, so it is not edited.');
    expect(r.stderr).not.toContain('stale');
    expect(fs.readFileSync(path.join(ws, 'cr.txt'), 'utf8')).toBe('a\rb\rc\n');
    // A file with no LF at all reads as one line, and is said to.
    fs.writeFileSync(path.join(ws, 'mac.txt'), 'a\rb\r');
    expect((await cli(['hashline', 'apply'], ws, '§mac.txt\n»EOF\nx\n')).stderr).toContain('mac.txt breaks lines with lone carriage returns (CR): a hashline read shows such a file as one line');
  });

  it('refuses reads outside the root, of missing and binary files, and bad ranges', async () => {
    const ws = writeTree(tempDir(), { 'a.py': FILE, 'bin.dat': new Uint8Array([0, 1]) });
    expect((await cli(['hashline', 'read', '../x'], ws)).code).toBe(HASHLINE_EXIT_CODES.outside_workspace);
    expect((await cli(['hashline', 'read', 'nope.txt'], ws)).code).toBe(HASHLINE_EXIT_CODES.file_not_found);
    expect((await cli(['hashline', 'read', 'bin.dat'], ws)).code).toBe(HASHLINE_EXIT_CODES.unreadable);
    expect((await cli(['hashline', 'read', 'a.py:9'], ws)).code).toBe(HASHLINE_EXIT_CODES.line_out_of_range);
    expect((await cli(['hashline', 'read', 'a.py:4-2'], ws)).code).toBe(2);
    expect((await cli(['hashline', 'frobnicate'], ws)).code).toBe(2);
  });

  it('lints *.hashline files in agentls check, against the files on disk', async () => {
    const ws = writeTree(tempDir(), { 'a.py': FILE, 'patches/ok.hashline': '§a.py\n»EOF\n# end\n', 'patches/stale.hashline': '§a.py\n≔2zz\nx\n', 'notes.txt': '§a.py\n≔2zz\nnot a .hashline name\n' });
    const r = await cli(['check', '--format', 'json'], ws);
    expect(r.code).toBe(1);
    const found = (JSON.parse(r.stdout) as { diagnostics: { path: string; code: string }[] }).diagnostics.filter((d) => d.code.startsWith('hashline/'));
    expect(found.map((d) => `${d.path} ${d.code}`)).toEqual(['patches/stale.hashline hashline/stale-anchor']);
    const named = await cli(['check', '--format', 'json', 'notes.txt'], ws);
    expect((JSON.parse(named.stdout) as { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code)).toContain('hashline/stale-anchor');
  });

  // Outside Windows only: there `..\x` is the parent folder's x, which is what it says.
  it.skipIf(process.platform === 'win32')('warns that a header with a backslash writes a file of that name, and still writes it', async () => {
    const ws = writeTree(tempDir(), { 'keep.txt': 'k\n' });
    const r = await cli(['hashline', 'apply'], ws, '§..\\x\n»EOF\nhello\n');
    expect(r).toMatchObject({ code: 0, stdout: 'created ..\\x\n' });
    expect(r.stderr).toBe('warning: §..\\x writes the file "..\\x" at the top of the workspace: outside Windows a backslash is part of a file name, not a folder separator. For x in the parent folder, write §../x.\n');
    expect(fs.readFileSync(path.join(ws, '..\\x'), 'utf8')).toBe('hello');
    // A drive path has no slash spelling on this system: the note offers none.
    const drive = await cli(['hashline', 'apply', '--dry-run'], ws, '§C:\\x\n»EOF\nhello\n');
    expect(drive.stderr).toContain('A Windows drive path names no file here: write the path relative to the workspace, with /.');
  });

  it('documents every exit code in its usage', async () => {
    const r = await cli(['help', 'hashline'], tempDir());
    for (const code of Object.values(HASHLINE_EXIT_CODES)) expect(r.stdout).toContain(`${code} `);
  });
});
