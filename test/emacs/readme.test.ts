import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, tempDir, writeTree } from '../helpers/repo';
import { cliOnPath } from '../helpers/cliWithHome';

const emacs = spawnSync('emacs', ['--version'], { encoding: 'utf8' });
const hasEmacs = emacs.status === 0;
if (!hasEmacs) console.warn('test/emacs/readme.test.ts: skipped, emacs is not on PATH (Debian: apt-get install emacs-nox elpa-eglot)');

/**
 * The README's Emacs set-up, exactly as a user copies it into init.el: its first elisp block
 * (agent files), or with `everyFile` its blocks in order (the second attaches agentls to
 * other files).
 */
function readmeElisp(everyFile = false): string {
  const readme = fs.readFileSync(path.join(repoRoot(), 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```elisp\n([\s\S]*?)```/g)].map((m) => m[1]);
  if (blocks.length < 2) throw new Error('README.md has not the two elisp blocks of its Emacs set-up');
  return everyFile ? blocks.join('\n') : blocks[0];
}

/**
 * Opens files in Emacs (no init file, packages from the system as a stock install has them)
 * after the README's set-up, and reports each buffer's mode and the diagnostics Flymake
 * gets from agentls through Eglot; with AGENTLS_READ=hover, whether Eglot manages the buffer
 * and the hover on its first line instead (Eglot's hover function, called as Eldoc calls it
 * on `M-x eldoc`, with Eldoc's callback: `eglot-hover-eldoc-function`, eglot.el 1.9), and
 * then whether Eglot manages each of AGENTLS_OTHERS, files opened first and not waited on.
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
(defun agentls-test-settle (done)
  "Let Emacs work as an idle user's does until DONE returns non-nil, for 30 s at most."
  (let ((deadline (+ (float-time) 30)))
    (while (and (< (float-time) deadline) (not (funcall done)))
      (accept-process-output nil 0.1)
      (run-hooks 'post-command-hook)
      (agentls-test-idle))))
(defun agentls-test-open (file)
  ;; Shown in a window, as a user opens it: Flymake starts only on visible buffers.
  (switch-to-buffer (find-file-noselect file))
  (run-hooks 'window-configuration-change-hook)
  (setq agentls-test-ran nil)
  (run-hooks 'post-command-hook)
  (current-buffer))
(defvar agentls-test-hover nil)
(defvar agentls-test-others
  (mapcar #'agentls-test-open
          (split-string (or (getenv "AGENTLS_OTHERS") "") ":" t)))
(dolist (file (split-string (getenv "AGENTLS_FILES") ":"))
  (with-current-buffer (agentls-test-open file)
    (cond
     ((equal (getenv "AGENTLS_READ") "complete")
      ;; Types AGENTLS_TYPE at the end of the last line, then the key C-M-i as a user does.
      (agentls-test-settle #'eglot-managed-p)
      (goto-char (point-max))
      (skip-chars-backward "\\n")
      (insert (getenv "AGENTLS_TYPE"))
      (condition-case err
          (call-interactively (key-binding (kbd "C-M-i")))
        (error (princ (format "C-M-i failed: %s\\n" (error-message-string err)))))
      (agentls-test-settle (lambda () (save-excursion (goto-char (point-min)) (search-forward "ref_id" nil t))))
      (princ (format "%s %s C-M-i=%s\\n%s" (file-name-nondirectory file) major-mode (key-binding (kbd "C-M-i")) (buffer-string))))
     ((equal (getenv "AGENTLS_READ") "hover")
        (progn
          (agentls-test-settle #'eglot-managed-p)
          (goto-char (point-min))
          (setq agentls-test-hover nil)
          (when (eglot-managed-p)
            (eglot-hover-eldoc-function (lambda (info &rest _) (setq agentls-test-hover (or info "(none)"))))
            (agentls-test-settle (lambda () agentls-test-hover)))
          (princ (format "%s %s managed=%s %s\\n" (file-name-nondirectory file) major-mode (eglot-managed-p)
                         (replace-regexp-in-string "\\n" " " (or agentls-test-hover ""))))))
     (t
      (agentls-test-settle #'flymake-diagnostics)
      (princ (format "%s %s %s\\n" (file-name-nondirectory file) major-mode
                     (mapconcat (lambda (d) (format "%s" (flymake-diagnostic-text d))) (flymake-diagnostics) " | ")))))))
(dolist (buffer agentls-test-others)
  (with-current-buffer buffer
    (princ (format "%s %s managed=%s\\n" (file-name-nondirectory buffer-file-name) major-mode (eglot-managed-p)))))
(kill-emacs 0)
`;

/** Runs the driver in WS after INIT (an init.el's text), with agentls on PATH; its stdout's lines. */
function runEmacs(ws: string, init: string, env: Record<string, string>): string[] {
  const initFile = path.join(tempDir(), 'init.el');
  fs.writeFileSync(initFile, init);
  const driver = path.join(tempDir(), 'driver.el');
  fs.writeFileSync(driver, DRIVER);
  const r = spawnSync('emacs', ['--batch', '--no-init-file', '--no-site-file', '-l', driver], {
    cwd: ws,
    env: { ...process.env, PATH: `${cliOnPath()}:${process.env.PATH}`, HOME: tempDir('agentls-home-'), AGENTLS_INIT: initFile, ...env },
    encoding: 'utf8',
    timeout: 100_000,
  });
  expect(r.status, r.stderr.slice(-2000)).toBe(0);
  return r.stdout.trim().split('\n');
}

describe('the README Emacs set-up on stock Emacs', () => {
  /** Files the first block gives a mode and connects to agentls, each with what Flymake then shows. */
  const FIRST_BLOCK_FILES: { name: string; tree: Record<string, string>; shows: Record<string, RegExp> }[] = [
    {
      name: '.mdc and .hashline files',
      tree: { '.xcsh/.keep': '', '.cursor/rules/comma.mdc': '---\ndescription: Two globs\nglobs: "*.ts, *.tsx"\n---\nReact rules.\n', 'patches/fix.hashline': '§src/gone.ts\n≔1zz\nx\n' },
      shows: { '.cursor/rules/comma.mdc': /^comma\.mdc agentls-mode .*one glob with commas in it/, 'patches/fix.hashline': /^fix\.hashline agentls-mode .*File not found: src\/gone\.ts/ },
    },
    {
      // Seen in Emacs 28: both opened in fundamental-mode, which no entry of eglot-server-programs names.
      name: "Zed's .rules and Roo Code's .roorules-{mode}",
      tree: { '.rules': '---\nalwaysApply: true\n---\nUse tabs.\n', '.roo/rules-code/01-js.md': '# Code\n', '.roorules-code': 'Code mode.\n' },
      shows: {
        '.rules': /^\.rules agentls-mode .*Zed's agent sends this file whole in every request and documents no frontmatter for it/,
        '.roorules-code': /^\.roorules-code agentls-mode .*\[context\/roo-fallback-unread\]: Roo Code does not read this file: \.roo\/rules-code\/ holds rule files/,
      },
    },
  ];
  for (const c of FIRST_BLOCK_FILES) {
    it.skipIf(!hasEmacs)(`gives ${c.name} a mode and connects them to agentls`, { timeout: 120_000 }, () => {
      const ws = writeTree(tempDir(), { '.git/HEAD': '', ...c.tree });
      const files = Object.keys(c.shows);
      const lines = runEmacs(ws, readmeElisp(), { AGENTLS_FILES: files.map((f) => path.join(ws, f)).join(':') });
      files.forEach((f, i) => expect(lines[i]).toMatch(c.shows[f]));
    });
  }

  it.skipIf(!hasEmacs)('in a prompt, @ then C-M-i completes a file and adds its file_references entry', { timeout: 120_000 }, () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': '',
      'prompts/ask.prompt.md': '---\nfile_references: []\n---\nLook at \n',
      'src/zebra.ts': 'export const z = 1;\n',
    });
    const out = runEmacs(ws, readmeElisp(), { AGENTLS_READ: 'complete', AGENTLS_TYPE: '@zebra', AGENTLS_FILES: path.join(ws, 'prompts/ask.prompt.md') }).join('\n');
    expect(out).toMatch(/^ask\.prompt\.md agentls-mode C-M-i=completion-at-point$/m);
    expect(out).toContain('Look at <@file:ref_0|src/zebra.ts>');
    expect(out).toMatch(/file_references: .*ref_id: ref_0, path: src\/zebra\.ts/);
  });

  it.skipIf(!hasEmacs)('with markdown-mode installed, a rule file keeps it and still gets the diagnostics', { timeout: 120_000 }, () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': '',
      '.cursor/rules/a.mdc': '---\ndescription: A\nalwaysApply: "yes"\n---\nBody\n',
    });
    // markdown-mode is a package (not on this machine): a user who installed it has the
    // command defined (by its autoloads) before init.el's block runs, as this stand-in is.
    const init = `(define-derived-mode markdown-mode text-mode "Markdown")\n${readmeElisp()}`;
    const lines = runEmacs(ws, init, { AGENTLS_FILES: path.join(ws, '.cursor/rules/a.mdc') });
    expect(lines[0]).toMatch(/^a\.mdc markdown-mode .*Cursor expects `alwaysApply` to be true or false/);
  });

  it.skipIf(!hasEmacs)('with its second block, agentls serves a Makefile and a text file its rules reach, and leaves JSON to its own server', { timeout: 120_000 }, () => {
    const ws = writeTree(tempDir(), {
      '.git/HEAD': '',
      '.cursor/rules/make.mdc': '---\ndescription: Make targets\nglobs: Makefile\nalwaysApply: false\n---\nEvery target is .PHONY.\n',
      '.cursor/rules/notes.mdc': '---\ndescription: Notes\nglobs: notes.txt\nalwaysApply: false\n---\nDate every note.\n',
      '.cursorrules': 'Legacy rules.\n',
      Makefile: 'all:\n\ttrue\n',
      'notes.txt': 'A note.\n',
      'data.json': '{}\n',
    });
    // data.json opens in js-mode, which Eglot's own entry gives typescript-language-server (not
    // installed here): were Eglot started there, its failure would stop the driver.
    const lines = runEmacs(ws, readmeElisp(true), {
      AGENTLS_READ: 'hover',
      AGENTLS_OTHERS: path.join(ws, 'data.json'),
      AGENTLS_FILES: ['Makefile', 'notes.txt', '.cursorrules'].map((f) => path.join(ws, f)).join(':'),
    });
    // Cursor's two rules for each: the one whose glob matches it, and .cursorrules, always applied.
    expect(lines[0]).toMatch(/^Makefile makefile-gmake-mode managed=t .*Cursor: 2 rules apply\s+- make .*glob `Makefile` matched/);
    expect(lines[0]).not.toContain('notes.mdc');
    expect(lines[1]).toMatch(/^notes\.txt text-mode managed=t .*Cursor: 2 rules apply\s+- notes .*glob `notes\.txt` matched/);
    expect(lines[1]).not.toContain('make.mdc');
    expect(lines[2]).toMatch(/^\.cursorrules agentls-mode managed=t \S/);
    expect(lines[3]).toBe('data.json js-mode managed=nil');
  });
});
