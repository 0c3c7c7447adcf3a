import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { builtCli } from '../helpers/cliWithHome';
import { repoRoot, tempDir, writeTree } from '../helpers/repo';
import { COMMAND_NAMES } from '../../server/cli/commandNames';
import { cliCommands } from '../../server/cli/commands';
import { cli } from './run';

describe('agentls commands: errors are errors, help says the exit codes', () => {
  it('knows every command by name before loading any (agentls --stdio decides on the names alone)', () => {
    expect([...COMMAND_NAMES].sort()).toEqual(cliCommands().map((c) => c.name).sort());
  });

  it('a command loads no module of the language server, and the server none of the commands', async () => {
    const ws = tempDir();
    const loaded = (args: string[]) =>
      new Promise<string[]>((resolve, reject) => {
        const probe = `const {runCli}=require(${JSON.stringify(path.join(repoRoot(), 'out/server/cli/main.js'))});` +
          `runCli(${JSON.stringify(args)},{stdout:process.stdout,stderr:process.stderr,stdin:process.stdin,cwd:${JSON.stringify(ws)}})` +
          `.then(()=>{process.stdout.write('\\nMODULES '+JSON.stringify(Object.keys(require.cache)));process.exit(0)})`;
        execFile(process.execPath, ['-e', probe], { cwd: ws }, (err, stdout) => (err ? reject(err) : resolve(JSON.parse(stdout.slice(stdout.lastIndexOf('MODULES ') + 8)) as string[])));
      });
    const sep = path.sep;
    const version = await loaded(['--version']);
    expect(version.filter((m) => m.includes(`${sep}server${sep}lsp${sep}`) || m.includes(`${sep}server${sep}cli${sep}check`))).toEqual([]);
    const rules = await loaded(['rules', '--root', ws]);
    expect(rules.some((m) => m.includes(`${sep}server${sep}cli${sep}rules`))).toBe(true);
    expect(rules.filter((m) => m.includes(`${sep}server${sep}lsp${sep}`) || m.includes(`${sep}vscode-languageserver${sep}`))).toEqual([]);
    const server = await loaded(['--stdio']);
    expect(server.some((m) => m.includes(`${sep}server${sep}lsp${sep}server`))).toBe(true);
    expect(server.filter((m) => m.includes(`${sep}server${sep}cli${sep}`) && !/cli.(main|command|commandNames|options)\.js$/.test(m))).toEqual([]);
  });

  it('rules and search refuse a root that does not exist or is a file', async () => {
    const ws = writeTree(tempDir(), { 'a.txt': 'x\n' });
    for (const command of [['rules'], ['search', 'x', '--no-cache'], ['hashline', 'read', 'a.txt']]) {
      const missing = await cli([...command, '--root', '/nonexistent'], ws);
      expect({ command, code: missing.code, stdout: missing.stdout }).toEqual({ command, code: 2, stdout: '' });
      expect(missing.stderr).toContain('--root: /nonexistent does not exist');
      const file = await cli([...command, '--root', path.join(ws, 'a.txt')], ws);
      expect(file.code).toBe(2);
      expect(file.stderr).toContain('is not a folder');
    }
  });

  it('search says when nothing matches, and that --max is capped', async () => {
    const home = tempDir('agentls-home-');
    const ws = writeTree(tempDir(), { '.git/HEAD': '', 'src/alpha.ts': 'x\n' });
    const none = await cli(['search', 'zzzqqq', '--no-cache', '--home', home], ws);
    expect(none).toEqual({ code: 1, stdout: '', stderr: 'agentls search: no file matches "zzzqqq"\n' });
    const capped = await cli(['search', 'alpha', '--max', '500', '--no-cache', '--home', home], ws);
    expect(capped.code).toBe(0);
    expect(capped.stdout).toBe('src/alpha.ts\n');
    expect(capped.stderr).toContain('--max 500 is over the ceiling of 50');
  });

  it('help lists the exit codes of every command; an unknown command is an error', async () => {
    const ws = tempDir();
    for (const name of ['check', 'rules', 'search', 'hashline', 'ast-edit']) {
      const r = await cli(['help', name], ws);
      expect({ name, code: r.code }).toEqual({ name, code: 0 });
      expect(r.stdout).toMatch(/exit codes: 0 /);
      expect(r.stdout).toContain('--root DIR');
      expect((await cli([name, '--help'], ws)).stdout).toBe(r.stdout);
    }
    const unknown = await cli(['help', 'nonexistent'], ws);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "nonexistent"');
    expect((await cli(['help'], ws)).stdout).toContain('exit codes: 0 clean or done, 1 problems found');
  });

  it('help never says "the agent" without naming which: agentls serves several', async () => {
    const ws = tempDir();
    const top = (await cli(['help'], ws)).stdout;
    expect(top).toMatch(/agentls rules +print the rules each agent/);
    for (const text of [top, ...(await Promise.all(['check', 'rules', 'search', 'hashline', 'ast-edit'].map(async (name) => (await cli(['help', name], ws)).stdout)))]) {
      // "the agents", "the xcsh agent" and "an agent folder" name a set or one agent; "the agent" alone names none.
      expect(text.split('\n').filter((line) => /\bthe agent\b/i.test(line))).toEqual([]);
    }
  });

  it("agentls help says what exit code 1 means for each command that uses it", async () => {
    const ws = tempDir();
    const top = (await cli(['help'], ws)).stdout;
    const exitCodes = top.slice(top.indexOf('exit codes:'));
    const users: string[] = [];
    for (const name of ['check', 'rules', 'search', 'hashline', 'ast-edit']) {
      const own = (await cli(['help', name], ws)).stdout;
      // A command that gives 1 a meaning says so as "1 <meaning>" in its own exit codes.
      if (/exit codes:[^]*?\b1 (?!does not occur)[a-z]/.test(own)) users.push(name);
    }
    expect(users).toEqual(['check', 'search', 'ast-edit']);
    expect(users.filter((name) => !exitCodes.includes(`(${name})`))).toEqual([]);
  });

  it('takes the common options before the command too, as git and npm do', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', '.cursor/rules/r.mdc': '---\ndescription: d\nalwaysApply: "true"\n---\nbody\n' });
    const elsewhere = tempDir();
    const after = await cli(['check', '--root', ws, '--home', elsewhere, '--agents', 'cursor'], elsewhere);
    expect(after.stdout).toContain('[frontmatter/wrong-type]');
    expect(await cli(['--root', ws, `--home=${elsewhere}`, '--agents', 'cursor', 'check'], elsewhere)).toEqual(after);
    const unknown = await cli(['--root', ws, 'bogus'], elsewhere);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "bogus"');
    const badAgents = await cli(['check', '--agents', 'bogus', '--root', ws], elsewhere);
    expect(badAgents.code).toBe(2);
    expect(badAgents.stderr).toMatch(/^agentls check: --agents: expected "auto" or a list of [^\n]*agents-md\n/);
  });

  it("says a command's own option written before the command goes after it, with exit 2", () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', '.cursor/rules/r.mdc': '---\ndescription: d\n---\nbody\n' });
    const run = (...args: string[]) => builtCli(args, { cwd: ws, home: null });
    const commons = '--root, --home, --profile, --agents';
    for (const [args, word, command] of [
      [['--format', 'json', 'check'], '--format', 'check'],
      [['--root', ws, '--format=json', 'check', '.'], '--format=json', 'check'],
      [['--json', 'rules'], '--json', 'rules'],
    ] as const) {
      const r = run(...args);
      expect({ status: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({
        status: 2,
        stdout: '',
        stderr: `agentls: ${word} comes before the command ${command}, where only the common options (${commons}) go: write it after the command (agentls ${command} ${word} …). Run agentls --help.\n`,
      });
    }
    // Written after it, the same option works.
    const after = run('check', '--format', 'json');
    expect(after.status).toBe(0);
    expect(JSON.parse(after.stdout)).toHaveProperty('summary');
    // A word after "--" is a path, not the command: none is named.
    expect(run('--format', 'json', '--', 'check').stderr).toBe(`agentls: a command is missing before --format (the commands: check, hashline, ast-edit, rules, search; a command's own options go after its name). Run agentls --help.\n`);
  });

  it('says a command is missing, and lists them, where options are given without one, with exit 2 as other usage errors', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '' });
    const run = (...args: string[]) => {
      const r = builtCli(args, { cwd: ws, home: null });
      return { status: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    const commands = 'the commands: check, hashline, ast-edit, rules, search';
    // A command's own option, and one no command has.
    for (const [args, word] of [
      [['--format', 'json'], '--format'],
      [['--max-severity=warning'], '--max-severity=warning'],
      [['--root', ws, '--json'], '--json'],
      [['-x'], '-x'],
    ] as const) {
      expect(run(...args)).toEqual({ status: 2, stdout: '', stderr: `agentls: a command is missing before ${word} (${commands}; a command's own options go after its name). Run agentls --help.\n` });
    }
    // The common options alone.
    expect(run('--agents', 'cursor')).toEqual({ status: 2, stdout: '', stderr: `agentls: a command is missing after --agents cursor (${commands}). Run agentls --help.\n` });
    expect(run('--root', ws, '--home', ws)).toEqual({ status: 2, stdout: '', stderr: `agentls: a command is missing after --root ${ws} --home ${ws} (${commands}). Run agentls --help.\n` });
    // A word that is no option is still an unknown command; help and the version still answer.
    expect(run('bogus').stderr).toBe('agentls: unknown command "bogus". Run agentls --help.\n');
    expect(run('--root', ws, '--help').status).toBe(0);
    expect(run('--version').status).toBe(0);
  });

  it('says an option left without its value needs one, before the command, after it and in each command, with exit 2', () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '' });
    const run = (...args: string[]) => {
      const r = builtCli(args, { cwd: ws, home: null });
      return { status: r.status, said: r.stderr.split('\n')[0] };
    };
    for (const [flag, value] of [['--root', 'DIR'], ['--home', 'DIR'], ['--agents', 'auto|LIST'], ['--profile', 'seed|xcsh']]) {
      expect(run(flag)).toEqual({ status: 2, said: `agentls: ${flag} needs a value (${value}). Run agentls --help.` });
    }
    // An empty value would quietly stand for the current folder.
    expect(run('--root=', 'check')).toEqual({ status: 2, said: 'agentls: --root needs a value (DIR). Run agentls --help.' });
    expect(run('check', '--home=')).toEqual({ status: 2, said: 'agentls check: --home needs a value (DIR)' });
    // Another option where the value goes: the value is missing, not the word after it.
    expect(run('--root', '--home', ws, 'check')).toEqual({ status: 2, said: 'agentls: --root needs a value (DIR). Run agentls --help.' });
    // The options took every word: the one meant for the command is the root.
    expect(run('--root', 'check')).toEqual({ status: 2, said: 'agentls: a command is missing after --root check (the word after each of these options is its value; the commands: check, hashline, ast-edit, rules, search). Run agentls --help.' });
    // Each command's own options, in the same words.
    for (const args of [['check', '--format'], ['check', '--max-severity'], ['rules', '--for'], ['rules', '--prompt'], ['search', 'x', '--max'], ['ast-edit', '--pat'], ['ast-edit', 'a.ts', '--lang'], ['hashline', 'apply', '--path']]) {
      const flag = args[args.length - 1];
      expect(run(...args)).toEqual({ status: 2, said: `agentls ${args[0]}: ${flag} needs a value` });
    }
    expect(run('check', '--format', '--json')).toEqual({ status: 2, said: 'agentls check: --format needs a value, and the word after it starts with "-" (for a value that does, write --format=VALUE)' });
  });

  it('ast-edit exits 2 on an invalid pattern and writes nothing', async () => {
    const ws = writeTree(tempDir(), { 'a.ts': 'console.log(1);\n' });
    for (const extra of [[], ['--apply']]) {
      const r = await cli(['ast-edit', '--pat', 'console.log(', '--out', 'x', 'a.ts', ...extra], ws);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('console.log(: Invalid pattern');
    }
    expect(fs.readFileSync(path.join(ws, 'a.ts'), 'utf8')).toBe('console.log(1);\n');
  });

  it('hashline parse errors count lines of the patch', async () => {
    const ws = writeTree(tempDir(), { 'a.py': 'one\ntwo\n' });
    const anchor = (await cli(['hashline', 'read', 'a.py:1'], ws)).stdout.split('|')[0];
    const r = await cli(['hashline', 'apply'], ws, `§a.py\n≔${anchor}\nx\n§a.py\n≔${anchor}\n  y\n≔bogus\n`);
    expect(r.code).toBe(11);
    expect(r.stderr).toMatch(/^agentls hashline: parse_error: patch line 7: /);
  });

  it('hashline apply --path is relative to the current folder, like read FILE', async () => {
    const ws = writeTree(tempDir(), { '.git/HEAD': '', 'src/a.py': 'one\n' });
    const sub = path.join(ws, 'src');
    const anchor = (await cli(['hashline', 'read', 'a.py'], sub)).stdout.split('|')[0];
    const r = await cli(['hashline', 'apply', '--path', 'a.py'], sub, `≔${anchor}\nONE\n`);
    expect(r).toMatchObject({ code: 0, stdout: 'updated src/a.py\n' });
    expect(fs.readFileSync(path.join(sub, 'a.py'), 'utf8')).toBe('ONE\n');
  });
});
