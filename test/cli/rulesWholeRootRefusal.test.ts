import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/cliWithHome';
import { tempDir, writeTree } from '../helpers/repo';

// `agentls check` has long refused to walk the home directory or `/`; `rules` walked it
// (CLAUDE.md files across the disk, 200 folders in about 3.5 s) and `search` refused in other words.
const REFUSED = 'is the home directory or the file system root, not a project';

describe('agentls rules and search: never a walk of the home directory or /', () => {
  const home = writeTree(tempDir('agentls-home-'), {
    'notes/CLAUDE.md': 'Notes memory.\n',
    'loose/todo.txt': 'x\n',
    'proj/.git/HEAD': '',
    'proj/CLAUDE.md': 'Project memory.\n',
    'proj/src/app.ts': 'export {};\n',
  });
  // HOME as a user's: no --home, so the commands take the home from the environment.
  const inHome = (...args: string[]) => builtCli(args, { cwd: home, home: null, env: { HOME: home } });

  it('refuses rules in the home directory as check does, naming --root as the way out', () => {
    for (const args of [['rules'], ['rules', '--json'], ['check'], ['search', 'app']]) {
      const r = inHome(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain(`${home} ${REFUSED}: run agentls ${args[0]} in a project, or give --root PROJECT`);
      expect(r.stdout, args.join(' ')).not.toContain('CLAUDE.md');
    }
  });

  it('refuses rules with --root at the file system root', () => {
    const r = builtCli(['rules', '--root', '/'], { cwd: home, home: null, env: { HOME: home } });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`/ ${REFUSED}`);
  });

  it('refuses --root a link to the home directory, and the home when HOME is a link to it', () => {
    const links = tempDir('agentls-links-');
    fs.symlinkSync(home, path.join(links, 'home'));
    const linked = path.join(links, 'home');
    for (const args of [['rules'], ['check'], ['search', 'app']]) {
      const viaRoot = builtCli([...args, '--root', linked], { cwd: links, home: null, env: { HOME: home } });
      expect(viaRoot.status, args.join(' ')).toBe(2);
      expect(viaRoot.stderr, args.join(' ')).toContain(REFUSED);
      expect(viaRoot.stdout, args.join(' ')).not.toContain('CLAUDE.md');
      const viaHome = builtCli(args, { cwd: home, home: null, env: { HOME: linked } });
      expect(viaHome.status, args.join(' ')).toBe(2);
      expect(viaHome.stderr, args.join(' ')).toContain(REFUSED);
    }
  });

  it('with HOME a link to the home, or a path through one, does not climb into the home for a root from a folder without a project marker', () => {
    const links = tempDir('agentls-links-');
    const root = writeTree(tempDir('agentls-home-marked-'), { '.claude/settings.json': '{}\n', 'plain/sub/notes.md': '# Notes\n' });
    fs.symlinkSync(root, path.join(links, 'marked'));
    // The home holds `.claude` (a root marker); a folder under it without one is its own root, whichever spelling HOME uses.
    const sub = path.join(root, 'plain', 'sub');
    for (const HOME of [root, path.join(links, 'marked')]) {
      const r = builtCli(['check'], { cwd: sub, home: null, env: { HOME } });
      expect(r.stderr, HOME).not.toContain(REFUSED);
      expect(r.status, HOME).toBe(0);
      expect(r.stdout, HOME).toContain(`in ${sub}`);
    }
    // The file named through the link, HOME its real path.
    const throughLink = path.join(links, 'marked', 'plain', 'sub', 'notes.md');
    const forFile = builtCli(['rules', '--for', throughLink], { cwd: tempDir(), home: null, env: { HOME: root } });
    expect(forFile.stderr).not.toContain(REFUSED);
  });

  it('answers rules --for a file of a project from the project holding it, and refuses a file no project holds', () => {
    const held = inHome('rules', '--for', 'proj/src/app.ts', '--json');
    expect(held.status, held.stderr).toBe(0);
    expect(JSON.parse(held.stdout).file).toBe('src/app.ts');
    const loose = inHome('rules', '--for', 'loose/todo.txt');
    expect(loose.status).toBe(2);
    expect(loose.stderr).toContain(REFUSED);
  });

  it('runs rules in the home directory for the project given with --root', () => {
    const r = inHome('rules', '--root', path.join(home, 'proj'));
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('CLAUDE.md');
  });
});
