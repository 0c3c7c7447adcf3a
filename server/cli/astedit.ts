import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { planApply } from '../astedit/apply';
import { isUrlEntry } from '../astedit/collect';
import { ruleUrlFiles } from '../astedit/internalUrl';
import { previewAstEdit } from '../astedit/engine';
import { formatPreview } from '../astedit/format';
import type { AstEditProblem } from '../astedit/types';
import { createAstBackend } from '../astedit/workerBackend';
import { NEVER_CANCELLED } from '../core/cancel';
import { refreshedEngine } from '../rules/sessionEngine';
import { splitLinkNote, writeFilesAtomically } from '../workspace/write';
import { WorkspaceSession } from '../workspace/session';
import { UsageError, write, type CliCommand } from './command';

const USAGE = `agentls ast-edit --pat P --out O [--pat P2 --out O2 …] PATH… [--lang L] [--apply] [--max-files N]
    Rewrites every node matching each pattern P (ast-grep syntax: $NAME, $_, $$$NAME, $$$)
    into its O, in the files, folders and globs PATH (relative to the current directory, or
    file: URIs; quote globs: 'src/**/*.ts'), or rule://NAME: the rule file the xcsh agent
    loads for NAME, inside the workspace (with --lang yaml). Prints the preview (-LINEhh|before /
    +LINEhh|after per change). With --apply, re-runs the rewrite and writes it, all files atomically or none,
    refusing when it no longer matches the preview or when edits overlap. --lang is needed
    when the paths hold several languages. --out '' deletes the matched nodes.
exit codes: 0 previewed or applied (also when nothing matched), 1 refused (stale or
    overlapping edits, or a file changed while writing), 2 usage or request errors (an
    invalid pattern, a path that does not exist, an internal URL with a glob or without a
    file, a folder or glob that matches no file or only files of another language than
    --lang, a file named or a folder that cannot be read, a pipe or a link named (links are
    not followed): nothing is written), 3 internal error or output that could not be written`;

export const astEditCommand: CliCommand = {
  name: 'ast-edit',
  summary: 'preview (and with --apply write) an ast-grep structural rewrite',
  usage: USAGE,
  async run(args, common, io) {
    const { values, positionals } = parseArgs({
      args,
      options: {
        pat: { type: 'string', multiple: true },
        out: { type: 'string', multiple: true },
        lang: { type: 'string' },
        apply: { type: 'boolean', default: false },
        'max-files': { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    });
    const pats = values.pat ?? [];
    const outs = values.out ?? [];
    if (pats.length === 0) throw new UsageError('--pat is required');
    if (pats.length !== outs.length) throw new UsageError(`each --pat needs its --out (${pats.length} --pat, ${outs.length} --out)`);
    if (positionals.length === 0) throw new UsageError('name at least one PATH (file, folder or glob)');
    let maxFiles = common.settings.astEdit.maxFiles;
    if (values['max-files'] !== undefined) {
      maxFiles = Number(values['max-files']);
      if (!Number.isInteger(maxFiles) || maxFiles < 1) throw new UsageError('--max-files must be a positive integer');
    }

    const session = new WorkspaceSession(common.settings);
    session.addFolder(common.root);
    const backend = createAstBackend();
    try {
      const request = {
        ops: pats.map((pat, i) => ({ pat, out: outs[i] })),
        // Paths as typed are relative to the current directory; the engine takes absolute ones and
        // URLs as they are (joined to the folder, `file:///a.ts` became `<cwd>/file:/a.ts`).
        paths: positionals.map((p) => (p.trim() === '' || isUrlEntry(p) ? p : path.resolve(io.cwd, p))),
        root: common.root,
        ...(values.lang !== undefined ? { lang: values.lang } : {}),
      };
      // `rule://NAME` resolves over the rules of the folder, discovered only when an entry is one.
      const internalUrls = ruleUrlFiles(() => refreshedEngine(session, NEVER_CANCELLED));
      const options = { fs: session.diskFs, workspace: session, backend, maxFiles, internalUrls };
      const outcome = await previewAstEdit(request, options);
      if (!outcome.ok) {
        reportProblems(io.stderr, outcome.problems, positionals);
        return 2;
      }
      // A pattern that does not parse is a mistake on the command line, and a file named on it
      // that could not be read was not checked, nor was a path that does not exist or matches no
      // file, nor the files of a folder that cannot be read, nor a pipe or a link (not followed)
      // named: never a success, whatever the others gave, and never written. Each is said once,
      // on stderr; the report on stdout leaves them out.
      const preview = outcome.preview;
      const named = new Set(request.paths);
      const unread = preview.skipped.filter((s) => s.unread && named.has(s.path));
      const unmatched = preview.warnings.filter((w) => UNCHECKED_PATH.has(w.code));
      io.stdout.write(formatPreview({ ...preview, patternErrors: [], skipped: preview.skipped.filter((s) => !unread.includes(s)), warnings: preview.warnings.filter((w) => !unmatched.includes(w)) }));
      if (preview.patternErrors.length || unread.length || unmatched.length) {
        for (const e of preview.patternErrors) write(io.stderr, `agentls ast-edit: ${e}`);
        for (const s of unread) write(io.stderr, `agentls ast-edit: ${s.display}: cannot be read (${s.reason}), so it was not checked`);
        reportProblems(io.stderr, unmatched, positionals);
        if (values.apply) write(io.stderr, 'agentls ast-edit: nothing was written');
        return 2;
      }
      if (!values.apply || outcome.preview.totals.replacements === 0) return 0;

      const rerun = await previewAstEdit(request, options);
      if (!rerun.ok) {
        reportProblems(io.stderr, rerun.problems, positionals);
        return 1;
      }
      const plan = planApply(outcome.preview, rerun.preview);
      if (!plan.ok) {
        write(io.stderr, `agentls ast-edit: ${plan.message}`);
        for (const d of plan.details.slice(1, 20)) write(io.stderr, `  ${d}`);
        return plan.reason === 'nothing' ? 0 : 1;
      }
      const written = await writeFilesAtomically(
        plan.files.map((f) => ({ path: f.path, text: f.newText, expectedText: f.text })),
        session.confinement,
      );
      if (!written.ok) {
        write(io.stderr, `agentls ast-edit: ${written.message}`);
        return 1;
      }
      write(io.stdout, `Applied ${plan.replacements} replacement${plan.replacements === 1 ? '' : 's'} in ${plan.files.length} file${plan.files.length === 1 ? '' : 's'}.`);
      for (const p of written.splitLinks ?? []) write(io.stderr, `agentls ast-edit: note: ${splitLinkNote(plan.files.find((f) => f.path === p)?.display ?? p)}`);
      return 0;
    } finally {
      backend.dispose?.();
      session.dispose();
    }
  },
};

/**
 * Warnings of a `paths` entry that left files unchecked: none found, a folder not read, or
 * something named that is not searched (a pipe or device, a link ast-edit does not follow).
 */
const UNCHECKED_PATH = new Set(['astedit/path-not-found', 'astedit/path-matches-no-file', 'astedit/unreadable-folder', 'astedit/not-a-folder', 'astedit/symlink']);

/** Problems name request fields (`ops[0].out`, `paths[1]`); say them as the user typed them. */
function reportProblems(stderr: NodeJS.WritableStream, problems: AstEditProblem[], positionals: string[]): void {
  for (const p of problems) {
    const op = /^ops\[(\d+)\]\.(pat|out)$/.exec(p.field);
    const entry = /^paths\[(\d+)\]$/.exec(p.field);
    const where = op ? `--${op[2]} #${Number(op[1]) + 1}` : entry ? (positionals[Number(entry[1])] ?? p.field) : p.field === 'lang' ? '--lang' : p.field;
    write(stderr as Parameters<typeof write>[0], `agentls ast-edit: ${where}: ${p.message}`);
  }
}
