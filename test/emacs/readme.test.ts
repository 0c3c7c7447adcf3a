import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, tempDir, writeTree } from '../helpers/repo';
import { cliOnPath } from '../helpers/cliWithHome';

const emacs = spawnSync('emacs', ['--version'], { encoding: 'utf8' });
const hasEmacs = emacs.status === 0;
if (!hasEmacs) console.warn('test/emacs/readme.test.ts: skipped, emacs is not on PATH (Debian: apt-get install emacs-nox elpa-eglot)');

/** The README's Emacs set-up, exactly as a user copies it into init.el. */
function readmeElisp(): string {
  const readme = fs.readFileSync(path.join(repoRoot(), 'README.md'), 'utf8');
  const m = /```elisp\n([\s\S]*?)```/.exec(readme);
  if (!m) throw new Error('README.md has no elisp block');
  return m[1];
}

/**
 * Opens files in Emacs (no init file, packages from the system as a stock install has them)
 * after the README's set-up, and reports each buffer's mode and the diagnostics Flymake
 * gets from agentls through Eglot.
 */
const DRIVER = `
(require 'package)
(package-initialize)
(load (getenv "AGENTLS_INIT") nil t)
(setq make-backup-files nil create-lockfiles nil auto-save-default nil)
;; Batch Emacs has no command loop: as an idle user would, let each idle timer (Flymake's
;; start among them) run once, and post-command-hook (where eglot-ensure and Flymake wait) run.
(defun agentls-test-idle ()
  (dolist (timer (copy-sequence timer-idle-list))
    (unless (memq timer agentls-test-ran)
      (push timer agentls-test-ran)
      (ignore-errors (timer-event-handler timer)))))
(defvar agentls-test-ran nil)
(dolist (file (split-string (getenv "AGENTLS_FILES") ":"))
  ;; Shown in a window, as a user opens it: Flymake starts only on visible buffers.
  (with-current-buffer (switch-to-buffer (find-file-noselect file))
    (run-hooks 'window-configuration-change-hook)
    (setq agentls-test-ran nil)
    (run-hooks 'post-command-hook)
    (let ((deadline (+ (float-time) 30)))
      (while (and (< (float-time) deadline) (null (flymake-diagnostics)))
        (accept-process-output nil 0.1)
        (run-hooks 'post-command-hook)
        (agentls-test-idle)))
    (princ (format "%s %s %s\\n" (file-name-nondirectory file) major-mode
                   (mapconcat (lambda (d) (format "%s" (flymake-diagnostic-text d))) (flymake-diagnostics) " | ")))))
(kill-emacs 0)
`;

describe('the README Emacs set-up on stock Emacs', () => {
  it.skipIf(!hasEmacs)('gives .mdc and .hashline files a mode and connects them to agentls', { timeout: 120_000 }, () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': '',
      '.xcsh/.keep': '',
      '.cursor/rules/comma.mdc': '---\ndescription: Two globs\nglobs: "*.ts, *.tsx"\n---\nReact rules.\n',
      'patches/fix.hashline': '§src/gone.ts\n≔1zz\nx\n',
    });
    const bin = cliOnPath();
    const init = path.join(tempDir(), 'init.el');
    fs.writeFileSync(init, readmeElisp());
    const driver = path.join(tempDir(), 'driver.el');
    fs.writeFileSync(driver, DRIVER);
    const files = ['.cursor/rules/comma.mdc', 'patches/fix.hashline'].map((f) => path.join(ws, f));
    const r = spawnSync('emacs', ['--batch', '--no-init-file', '--no-site-file', '-l', driver], {
      cwd: ws,
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, HOME: tempDir('agentls-home-'), AGENTLS_INIT: init, AGENTLS_FILES: files.join(':') },
      encoding: 'utf8',
      timeout: 100_000,
    });
    const lines = r.stdout.trim().split('\n');
    expect(r.status, r.stderr.slice(-2000)).toBe(0);
    expect(lines[0]).toMatch(/^comma\.mdc agentls-mode .*one glob with commas in it/);
    expect(lines[1]).toMatch(/^fix\.hashline agentls-mode .*File not found: src\/gone\.ts/);
  });

  it.skipIf(!hasEmacs)('with markdown-mode installed, a rule file keeps it and still gets the diagnostics', { timeout: 120_000 }, () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': '',
      '.cursor/rules/a.mdc': '---\ndescription: A\nalwaysApply: "yes"\n---\nBody\n',
    });
    const bin = cliOnPath();
    const init = path.join(tempDir(), 'init.el');
    // markdown-mode is a package (not on this machine): a user who installed it has the
    // command defined (by its autoloads) before init.el's block runs, as this stand-in is.
    fs.writeFileSync(init, `(define-derived-mode markdown-mode text-mode "Markdown")\n${readmeElisp()}`);
    const driver = path.join(tempDir(), 'driver.el');
    fs.writeFileSync(driver, DRIVER);
    const r = spawnSync('emacs', ['--batch', '--no-init-file', '--no-site-file', '-l', driver], {
      cwd: ws,
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, HOME: tempDir('agentls-home-'), AGENTLS_INIT: init, AGENTLS_FILES: path.join(ws, '.cursor/rules/a.mdc') },
      encoding: 'utf8',
      timeout: 100_000,
    });
    expect(r.status, r.stderr.slice(-2000)).toBe(0);
    expect(r.stdout.trim()).toMatch(/^a\.mdc markdown-mode .*Cursor expects `alwaysApply` to be true or false/);
  });
});
