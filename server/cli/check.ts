import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { SEVERITIES, type Severity } from '../core/findings';
import { resolveHome } from '../workspace/home';
import { displayPath, isInside, joinRelative, relativeInside } from '../workspace/paths';
import { WorkspaceSession } from '../workspace/session';
import { splitLinkNote } from '../workspace/write';
import { runCheck } from './checkRun';
import { unknownSeverityKeys } from './severityCodes';
import { resolveCheckTargets, underRoot } from './checkTargets';
import { overlaySettings } from '../core/settings';
import { globProblem } from '../workspace/glob';
import { projectIgnoreMatcher } from '../workspace/projectConfig';
import { findRepoRoot } from '../workspace/repoRoot';
import { optionsForNamedPaths, refuseWholeRoot } from './wholeRoot';
import { CliError, EXIT, UsageError, exitCodesHelp, write, type CliCommand, type CommonOptions } from './command';
import { filesWithBom } from './bomFiles';
import { flaggedTexts } from './flaggedTexts';
import { gitProvenance } from '../workspace/gitProvenance';
import { applyFixes, attachFixes } from './fix';
import { workspaceLinters } from './linters';
import { formatJson, formatSarif, formatText, summarize, textPath, type CheckFormat, type CheckReport, type FileFindings, type FixedFile } from './output';

const USAGE = `agentls check [PATH…] [--format text|json|sarif] [--max-severity LEVEL] [--fix] [--severity CODE=LEVEL]… [--ignore GLOB]…
    Lints the coding-agent files of the workspace: rule files, prompt documents, hashline patches,
    ast-edit recipes and rule:// references in Markdown. Without PATH, the whole workspace;
    a folder is walked (.gitignore, .ignore and the project's ignore globs apply), a file is
    linted by what it is. Every run ends with what it checked: "Checked N files: …"; where it
    found no rule file, prompt document, patch or recipe, that line says so and names where it
    looked (the exit stays 0: a repository may have no rule files yet).
    --format      text (default; path:line:column, 1-based, paths from the current folder), json (root-relative paths, LSP ranges: 0-based lines,
                  UTF-16 characters; a summary, and each fixable diagnostic's edits), or sarif
                  (SARIF 2.1.0 for code scanning; 1-based; safe fixes as "fixes")
    --max-severity  the least severe level that fails the run: error (default), warning,
                  information or hint
    --severity CODE=LEVEL  sets a code's (rule/shadowed) or a family's (ref/*) level, off included;
                  repeatable; over agentls.json's diagnostics.severity
    --ignore GLOB  leaves out paths matching GLOB (as agentls.json's ignore); repeatable
    --fix         applies the safe fixes (quote a glob, comma globs as a list, "true" → true,
                  close the frontmatter), each file atomically, then reports what is left
${exitCodesHelp('no problem at or above --max-severity', 'problems at or above --max-severity')}`;

export const checkCommand: CliCommand = {
  name: 'check',
  summary: 'lint the workspace (or the given files and folders) for CI: text, JSON or SARIF',
  usage: USAGE,
  async run(args, commonOptions, io) {
    let common = commonOptions;
    const { values, positionals } = parseArgs({
      args,
      options: {
        format: { type: 'string', default: 'text' },
        'max-severity': { type: 'string', default: 'error' },
        fix: { type: 'boolean', default: false },
        severity: { type: 'string', multiple: true },
        ignore: { type: 'string', multiple: true },
      },
      allowPositionals: true,
      strict: true,
    });
    const format = values.format as CheckFormat;
    if (!['text', 'json', 'sarif'].includes(format)) throw new UsageError(`--format must be text, json or sarif, not ${format}`);
    const threshold = values['max-severity'] as Severity;
    if (!SEVERITIES.includes(threshold)) throw new UsageError(`--max-severity must be one of ${SEVERITIES.join(', ')}, not ${threshold}`);

    // Run from outside any project (a CI step at /, a hook in the home directory, ~/src), paths name the project (`optionsForNamedPaths`).
    common = await optionsForNamedPaths(common, positionals.map((p) => path.resolve(io.cwd, p)));
    common = withCheckOverrides(common, values.severity ?? [], values.ignore ?? []);
    const session = new WorkspaceSession(common.settings);
    session.addFolder(common.root);
    let targets;
    // The user-level rule folders: naming one checks every file in it (the user-level note's command).
    let userAreas: readonly string[] = [];
    try {
      targets = await resolveCheckTargets(positionals, io.cwd, common.root, session);
      userAreas = session.userRuleAreas();
    } catch (err) {
      // A JSON or SARIF reader (a code-scanning upload) reads only the report: a run that checked
      // nothing, for a path it cannot check, still writes one, saying why (and still exits 2).
      if (err instanceof CliError && format !== 'text') io.stdout.write(await uncheckedReport(format, common, err.message.split('\n'), session.userRuleAreas()));
      throw err;
    } finally {
      session.dispose();
    }
    // Walking all of the home directory or the file system takes minutes and is never a project.
    if (targets.whole) refuseWholeRoot('check', common.root, resolveHome(common.settings.home), ', or name the files and folders to check');
    const linters = workspaceLinters();
    for (const { key, meant } of unknownSeverityKeys(Object.keys(common.settings.diagnostics.severity), linters.flatMap((l) => l.codes))) {
      write(io.stderr, `agentls check: warning: a severity is set for ${key}, which is no code or family of codes agentls reports, so it changes nothing${meant ? ` (${meant}?)` : ''}`);
    }
    // Text says a path as its findings are said, from the shell's folder (`textPath`); JSON and SARIF's `incomplete` root-relative, and user-level places absolute (`machineLine`).
    const home = resolveHome(common.settings.home);
    // Spelt as the root is: a shell in a link to the project has Node's cwd at the real folder.
    const cwd = await underRoot(io.cwd, common.root);
    const said = (rel: string) => (format === 'text' ? textPath({ root: common.root, home, cwd }, joinRelative(common.root, rel)) : rel);
    // JSON and SARIF: each gap's folder as `runCheck` writes it by default, from the root.
    const gapPath = format === 'text' ? said : undefined;
    let run = await runCheck(common, targets, linters, gapPath);
    let fixed: FixedFile[] = [];
    let fixFailures: string[] = [];
    let splitLinks: string[] = [];
    const fixable = await attachFixes(run.results, common.root);
    if (values.fix && fixable.length) {
      const writer = new WorkspaceSession(common.settings);
      writer.addFolder(common.root);
      try {
        ({ fixed, failures: fixFailures, splitLinks } = await applyFixes(fixable, writer.confinement));
      } finally {
        writer.dispose();
      }
      // What is left is what the files say now.
      if (fixed.length) {
        run = await runCheck(common, targets, linters, gapPath);
        await attachFixes(run.results, common.root);
      }
    }

    // A named file the project ignores is said, not failed: pre-commit hooks pass every staged
    // file, ignored ones too (ESLint warns of them the same way). A named folder of which no
    // file was checked fails, as ESLint fails a pattern that matches no file.
    // Which globs left a path out: the project's, or those of --ignore.
    const byFlag = projectIgnoreMatcher({ ...common.config, ignore: values.ignore ?? [] });
    const leftOutBy = (rel: string) => (byFlag(rel) ? '--ignore leaves it out' : "agentls.json's ignore leaves it out");
    const nothingCheckedBy = (show: (rel: string) => string) => run.nothingChecked.map(({ rel, ignored }) => `${show(rel)}: no file there was checked: ${ignored ? leftOutBy(rel) : `it holds none, or .gitignore, .ignore, search.exclude or agentls.json's ignore${values.ignore?.length ? ' (or --ignore)' : ''} leave out all of it`}`);
    const failuresBy = (show: (rel: string) => string) => [...run.incomplete, ...nothingCheckedBy(show), ...fixFailures.map((f) => `could not fix ${f}`)];
    const failures = failuresBy((rel) => rel);

    const repository = format === 'sarif' ? await findRepoRoot(common.root) : undefined;
    const report: CheckReport = {
      root: common.root,
      home,
      results: run.results,
      summary: summarize(run, run.results, fixed),
      agentFilesUnread: run.agentFilesUnread,
      fixed,
      describe: (code) => linters.map((l) => l.describe?.(code)).find((d) => d !== undefined),
      repository,
      provenance: repository !== undefined ? await gitProvenance(repository) : undefined,
      texts: format === 'sarif' ? await flaggedTexts(run.results) : undefined,
      incomplete: failures,
      userAreas,
      bom: await filesWithBom(run.results),
      // The whole root, and the user-level files named beside it.
      lookedIn: targets.whole ? [common.root, ...targets.files.filter((f) => !isInside(common.root, f))] : [...targets.folders, ...targets.files],
      cwd,
    };
    io.stdout.write(format === 'json' ? formatJson(report) : format === 'sarif' ? formatSarif(report) : formatText(report));
    for (const note of targets.notes) write(io.stderr, `agentls check: note: ${note}`);
    for (const rel of run.ignoredFiles) write(io.stderr, `agentls check: ${said(rel)} is not checked: ${leftOutBy(rel)}`);
    // A file of the project as its other notes say it (`said`), another (user-level) from `~`.
    for (const p of splitLinks) write(io.stderr, `agentls check: note: ${splitLinkNote(isInside(common.root, p) ? said(relativeInside(common.root, p)!) : displayPath(p, common.root, report.home))}`);
    if (run.userLevelLeft.length) write(io.stderr, `agentls check: ${userLevelNote(run.userLevelLeft, common.root, report.home, userAreas)}`);
    for (const line of failuresBy(said)) write(io.stderr, `agentls check: ${line}`);
    if (failures.length) {
      const only = run.nothingChecked.length === failures.length;
      write(io.stderr, `agentls check: the run ${only ? 'left out what it was asked to check' : 'is incomplete'}, so it fails (exit 2) whatever it found`);
      return EXIT.error;
    }
    const failing = SEVERITIES.slice(0, SEVERITIES.indexOf(threshold) + 1);
    return run.results.some((r) => r.findings.some((f) => failing.includes(f.severity))) ? EXIT.problems : EXIT.clean;
  },
};

/** The report of a run that checked nothing: no results, and why, as an incomplete run's. */
async function uncheckedReport(format: 'json' | 'sarif', common: CommonOptions, why: readonly string[], userAreas: readonly string[]): Promise<string> {
  const report: CheckReport = {
    root: common.root,
    home: resolveHome(common.settings.home),
    results: [],
    summary: summarize(undefined, [], []),
    fixed: [],
    repository: format === 'sarif' ? await findRepoRoot(common.root) : undefined,
    incomplete: why,
    userAreas,
    // It looked nowhere: no "found no rule files in …".
    lookedIn: [],
  };
  return format === 'json' ? formatJson(report) : formatSarif(report);
}

/** What the run left unreported in the user's own rule files, and how to see it. */
function userLevelNote(left: FileFindings[], root: string, home: string | undefined, areas: readonly string[]): string {
  const problems = left.reduce((n, r) => n + r.findings.length, 0);
  const names = left.map((r) => displayPath(r.path, root, home));
  const shown = names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
  // The command to see them must check the same files, all of them: `~` is the shell's home, not a --home given to this run.
  const own = home === undefined || path.resolve(home) === path.resolve(os.homedir());
  const named = namedForCheck(left.map((r) => r.path), areas).map((p) => shellWord(own ? displayPath(p, root, home) : p));
  const command = own ? `agentls check ${named.join(' ')}` : `agentls check --home ${shellWord(home)} ${named.join(' ')}`;
  // One problem is "it" throughout, more are "they": the sentence agrees with its count.
  const one = problems === 1;
  const [noun, be, pronoun, fail, object] = one ? ['problem', 'is', 'it', 'does', 'it'] : ['problems', 'are', 'they', 'do', 'them'];
  return `${problems} ${noun} in your user-level rules (${shown}) ${be} not reported: ${pronoun} ${be} not the project's and ${fail} not fail its run; ${command} reports ${object}`;
}

/**
 * The paths to name so that `check` reports every one of `paths`, sorted: a user-level rule
 * folder (`areas`) holding two or more of them directly in place of its files (naming one checks every
 * file its agent reads there, `resolveCheckTargets`), each other path as it is.
 */
function namedForCheck(paths: readonly string[], areas: readonly string[]): string[] {
  const byFolder = new Map<string, string[]>();
  for (const p of paths) {
    const folder = path.dirname(p);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), p]);
  }
  const out = new Set<string>();
  for (const [folder, files] of byFolder) for (const p of files.length > 1 && areas.includes(folder) ? [folder] : files) out.add(p);
  return [...out].sort();
}

/** A word as a POSIX shell reads it back: quoted when it holds anything but plain path characters (`~/` kept bare, for the shell to expand). */
function shellWord(word: string): string {
  if (/^[\w@%+=:,./~-]+$/.test(word)) return word;
  const quoted = `'${word.replace(/'/g, `'\\''`)}'`;
  return word.startsWith('~/') ? `~/${shellWord(word.slice(2))}` : quoted;
}

/** `--severity CODE=LEVEL` and `--ignore GLOB` laid over the project's file. */
function withCheckOverrides(common: CommonOptions, severities: string[], ignores: string[]): CommonOptions {
  if (severities.length === 0 && ignores.length === 0) return common;
  const severity: Record<string, string> = {};
  for (const s of severities) {
    const eq = s.lastIndexOf('=');
    if (eq <= 0) throw new UsageError(`--severity takes CODE=LEVEL (rule/shadowed=warning, ref/*=off), not ${s}`);
    severity[s.slice(0, eq)] = s.slice(eq + 1);
  }
  const warnings: string[] = [];
  const settings = overlaySettings(common.settings, { diagnostics: { severity } }, warnings);
  if (warnings.length) throw new UsageError(warnings.map((w) => w.replace(/^agentls\.diagnostics\.severity\./, '--severity ')).join('; '));
  for (const g of ignores) {
    const problem = globProblem(g);
    if (problem) throw new UsageError(`--ignore ${g}: ${problem}`);
  }
  const config = { ...common.config, ignore: [...common.config.ignore, ...ignores] };
  return { ...common, settings, config, ignored: projectIgnoreMatcher(config) };
}
