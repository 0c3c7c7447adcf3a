import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, writeTree } from '../helpers/repo';
import { builtCli } from '../helpers/cliWithHome';

const SECRET = 'TOP SECRET: a file outside the workspace';

/** A project, and beside it a folder that is none of its business: a file, a folder and a fifo there. */
function projectAndOutside(): { ws: string; outside: string } {
  const ws = writeTree(tempDir(), { '.git/HEAD': 'ref: refs/heads/main\n', '.cursor/rules/style.mdc': '---\nalwaysApply: true\n---\nShort functions.\n' });
  const outside = writeTree(tempDir('agentls-outside-'), { 'secret.mdc': `---\nalwaysApply: "true"\n---\n${SECRET}\n`, 'folder/a.md': 'rule://nope\n' });
  execFileSync('mkfifo', [path.join(outside, 'pipe')]);
  return { ws, outside };
}

describe('agentls check PATH outside the workspace', () => {
  it('says it lies outside, whether it exists or not and whatever it is, and looks at none of it (exit 2)', () => {
    const { ws, outside } = projectAndOutside();
    // What lies there must not change the answer: it is the same for each, so nothing of it is told.
    for (const name of ['missing.md', 'secret.mdc', 'folder', 'pipe', 'missing/deeper.md']) {
      const r = builtCli(['check', path.join(outside, name)], { cwd: ws });
      expect({ name, status: r.status, stdout: r.stdout }).toEqual({ name, status: 2, stdout: '' });
      expect(r.stderr).toBe(`agentls check: ${path.join(outside, name)} lies outside the workspace root ${ws} (give --root a folder that holds it)\n`);
    }
  });

  it('says a path inside the workspace that a symbolic link leads out of it is not checked, and reads nothing there', () => {
    const { ws, outside } = projectAndOutside();
    fs.symlinkSync(path.join(outside, 'secret.mdc'), path.join(ws, '.cursor/rules/secret.mdc'));
    fs.symlinkSync(path.join(outside, 'missing.mdc'), path.join(ws, '.cursor/rules/gone.mdc'));
    fs.symlinkSync(path.join(outside, 'pipe'), path.join(ws, 'pipe.md'));
    fs.symlinkSync(outside, path.join(ws, 'linked'));
    // A link to a file, to nothing, to a fifo, to a folder, and a path through the linked folder: one answer for all.
    for (const name of ['.cursor/rules/secret.mdc', '.cursor/rules/gone.mdc', 'pipe.md', 'linked', 'linked/secret.mdc', 'linked/missing.md']) {
      const r = builtCli(['check', name], { cwd: ws });
      expect({ name, status: r.status, stdout: r.stdout }).toEqual({ name, status: 2, stdout: '' });
      expect(r.stderr).toBe(`agentls check: ${name} leads outside the workspace root ${ws} through a symbolic link, so it is not checked\n`);
      expect(r.stderr).not.toContain(SECRET);
    }
  });

  it('still checks a file of the workspace named beside nothing outside, and the root named through a folder above it', () => {
    const { ws } = projectAndOutside();
    const r = builtCli(['check', '.cursor/rules/style.mdc'], { cwd: ws });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Checked 1 rule file/m);
    const above = builtCli(['check', '..', '--root', ws], { cwd: path.join(ws, '.cursor') });
    expect(above.status, above.stderr).toBe(0);
  });

  it('refuses a folder above the root (/, ..): it cannot check that, and does not pass the project off as it (exit 2)', () => {
    const { ws } = projectAndOutside();
    writeTree(ws, { 'docs/a.md': 'See rule://nope.\n' });
    for (const [cwd, named] of [[ws, '/'], [ws, '..'], [path.join(ws, 'docs'), '../..']]) {
      const r = builtCli(['check', named], { cwd });
      expect({ named, status: r.status, stdout: r.stdout }).toEqual({ named, status: 2, stdout: '' });
      expect(r.stderr).toBe(`agentls check: ${named} is a folder above the workspace root ${ws}: agentls checks one project, so it did not check it (run agentls check in the project, name folders inside it, or give --root)\n`);
      // A report's reader is told the same, with nothing checked.
      const json = JSON.parse(builtCli(['check', named, '--format', 'json'], { cwd }).stdout);
      expect({ summary: json.summary.filesChecked, incomplete: json.incomplete }).toEqual({ summary: 0, incomplete: [r.stderr.slice('agentls check: '.length, -1)] });
    }
    // The root itself, however it is spelt, is the whole project.
    expect(builtCli(['check', '..'], { cwd: path.join(ws, 'docs') }).status).toBe(1);
  });
});
