import * as path from 'node:path';
import { linePath } from '../core/lineText';
import type { Finding, Severity } from '../core/findings';
import { editorRangeOf, type TextEdit } from '../core/text';
import type { RuleFix } from '../rules/safeFixes';
import { VERSION } from '../version';
import { displayPath, isInside, notHomeLike, pathToUri, relativeInside, respeltPath, toPosix } from '../workspace/paths';
import { sarifRule } from './sarifRule';
import { lineIndexes, regionSnippets } from './sarifSnippets';
import type { GitProvenance } from '../workspace/gitProvenance';
import { kindsInWords, NOTHING_CHECKED, type CheckedByKind } from './checkedKinds';

/** A finding as `check` reports it: with its safe fix, when it has one. */
export type CheckFinding = Finding & { fix?: RuleFix };

export interface FileFindings {
  /** Absolute path. */
  path: string;
  findings: CheckFinding[];
}

export type CheckFormat = 'text' | 'json' | 'sarif';

/** The fixes `--fix` applied to a file, as written. */
export interface FixedFile {
  path: string;
  /** `codes`: every problem the fix resolves (two findings can share one edit); `code` is the first. */
  fixes: { code: string; codes: string[]; title: string; edits: TextEdit[] }[];
}

/** What every format states about the run, so that "no problems" always says what was checked. */
export interface CheckSummary {
  filesChecked: number;
  /** Of those, rule files (and look-alikes), prompt documents, hashline patches, ast-edit recipes and Markdown files holding rule:// links: none is said in every format. */
  agentFiles: number;
  /** The `agentFiles` by what each is (`CheckedByKind`): what the summary line says was checked. */
  byKind: CheckedByKind;
  problems: number;
  error: number;
  warning: number;
  information: number;
  hint: number;
  /** Problems with a safe fix (`--fix` applies them). */
  fixable: number;
  /** Problems the fixes `--fix` applied resolved. */
  fixed: number;
}

export interface CheckReport {
  root: string;
  /** The home directory: in text, files under it (user-level rules) show as `~/…`; JSON and SARIF keep them absolute. */
  home?: string;
  results: FileFindings[];
  summary: CheckSummary;
  /** Files `--fix` changed. */
  fixed: FixedFile[];
  describe?: (code: string) => string | undefined;
  /**
   * SARIF only: the repository's top folder, when the root lies inside a git work tree.
   * GitHub code scanning places a relative URI from the repository's top, so SARIF's paths
   * start there even when the check ran in a subfolder (a monorepo's package).
   */
  repository?: string;
  /** SARIF only: where the repository's files come from (its remote and commit), when `repository` has an `origin`. */
  provenance?: GitProvenance;
  /** SARIF only: the text of each file with findings, as an editor shows it (`flaggedTexts`), for the snippets of its results. */
  texts?: ReadonlyMap<string, string>;
  /** Why the run is incomplete (it then fails with exit 2): JSON and SARIF carry it, for tools that read only the report. */
  incomplete?: readonly string[];
  /**
   * The user-level rule places (absolute: `userRuleAreas`): what `incomplete` names in them is said
   * from `~` (`~/.claude/rules/shared`), as text prints it; JSON and SARIF name it by its absolute path.
   */
  userAreas?: readonly string[];
  /**
   * Files (absolute paths) that start with a UTF-8 BOM. Findings and fixes address the text
   * on disk, BOM counted; every format reports line 1 of these as editors (and GitHub's
   * code scanning) show it, without the BOM, so columns match what a reader sees.
   */
  bom?: ReadonlySet<string>;
  /** Rule files a cap left unread: the run found agent files, though it could not check them. */
  agentFilesUnread?: number;
  /** Where the run looked (absolute): the root, or the paths named; empty when it looked nowhere (a path it could not check). */
  lookedIn?: readonly string[];
  /**
   * The folder the command ran in: text shows the root's files relative to it (`../../.cursor/rules/x.mdc`
   * from a package), as a terminal's links and `vim FILE` resolve them; JSON and SARIF do not use it.
   */
  cwd?: string;
}

/**
 * Said when the run found no file of the kinds agentls lints: the exit stays 0 (a repository with
 * no rule files yet is no failure), but a CI step pointed at the wrong folder must not read as
 * clean. Undefined when it found some.
 */
export function noAgentFilesText(report: CheckReport, showPath: (p: string) => string = (p) => machinePath(report, p)): string | undefined {
  // Nothing looked at (a path it could not check), or rule files a cap left unread: the run's
  // `incomplete` says what it left out, and "found none" would be said of rule files.
  if (report.summary.agentFiles > 0 || report.lookedIn?.length === 0 || (report.agentFilesUnread ?? 0) > 0) return undefined;
  const where = report.lookedIn?.length ? report.lookedIn : [report.root];
  // The whole root is named by its absolute path in every format: `../..` would say less.
  return `found no rule files, prompt documents, hashline patches or ast-edit recipes in ${where.map((p) => (p === report.root ? p : showPath(p))).join(', ')}`;
}

/** A path as JSON and SARIF give it: root-relative inside the root, else absolute (a user-level file too, as `diagnostics[].path` names it). */
function machinePath(report: Pick<CheckReport, 'root'>, p: string): string {
  return displayPath(p, report.root);
}

/**
 * A line of `incomplete` as JSON and SARIF give it: the user-level places it names from `~`
 * (`report.userAreas`, and what lies in them) named by their absolute paths, as `machinePath`
 * names them; each mention respelt whole (`respeltPath`), so a root-relative path is never taken for one.
 */
function machineLine(report: Pick<CheckReport, 'home' | 'userAreas'>, line: string): string {
  const { home } = report;
  if (home === undefined) return line;
  return (report.userAreas ?? []).reduce((out, area) => respeltPath(out, displayPath(area, undefined, home), toPosix(area)), line);
}

/**
 * A path as the text format shows it: a file of the root relative to the folder the command ran
 * in, `../` and all, as tsc prints it (`formatLocation` in TypeScript's src/compiler/program.ts:
 * `convertToRelativePath` against `getCurrentDirectory()`), so that a terminal's click-to-open and `vim FILE` resolve
 * it from the same shell; any other file from `~` when in the home (user-level rules), else absolute.
 */
export function textPath(report: Pick<CheckReport, 'root' | 'home' | 'cwd'>, p: string): string {
  const { cwd, root } = report;
  if (cwd === undefined || relativeInside(root, p) === undefined) return displayPath(p, root, report.home);
  // Run from a folder outside the project (a CI step naming it), a file not under that folder is
  // written whole: a path that climbs out of an unrelated folder says less (agentls's choice).
  if (!isInside(root, cwd) && !isInside(cwd, p)) return toPosix(p);
  // A path of a folder named `~` is not shown as one of the home (`notHomeLike`).
  return notHomeLike(toPosix(path.relative(cwd, p))) || '.';
}

/** A range of the file at `file` (absolute) as the report gives it: as an editor shows the file. */
function shown(report: CheckReport, file: string, range: Finding['range']): Finding['range'] {
  return editorRangeOf(range, report.bom?.has(file) ?? false);
}

/** Edits of the file at `file` as the report gives them (`shown`). */
function shownEdits(report: CheckReport, file: string, edits: readonly TextEdit[]): TextEdit[] {
  return edits.map((e) => ({ ...e, range: shown(report, file, e.range) }));
}

/** The JSON of `agentls check --format json` (`lsp.md` §5); ranges are 0-based, characters in UTF-16 units, as in LSP. */
export interface CheckJson {
  summary: CheckSummary;
  diagnostics: {
    path: string;
    range: Finding['range'];
    severity: Severity;
    code: string;
    message: string;
    fix?: { description: string; edits: TextEdit[] };
  }[];
  fixed: { path: string; fixes: { code: string; codes: string[]; description: string; edits: TextEdit[] }[] }[];
  /** Present when the run is incomplete (exit 2): what could not be checked. */
  incomplete?: string[];
  /** Present when the run found no rule file, prompt document, patch or recipe: that, and where it looked. */
  noAgentFiles?: string;
}

/** `checked`: what the run counted (`CheckRun`); none for a run that checked nothing. */
export function summarize(checked: { filesChecked: number; agentFiles: number; byKind: CheckedByKind } | undefined, results: FileFindings[], fixed: FixedFile[]): CheckSummary {
  const all = results.flatMap((r) => r.findings);
  const counts = countBySeverity(all);
  const { filesChecked, agentFiles, byKind } = checked ?? { filesChecked: 0, agentFiles: 0, byKind: NOTHING_CHECKED };
  return { filesChecked, agentFiles, byKind, problems: all.length, ...counts, fixable: all.filter((f) => f.fix).length, fixed: fixed.reduce((n, f) => n + f.fixes.reduce((m, x) => m + x.codes.length, 0), 0) };
}

/** Findings by path and position; `abs` is the file's absolute path, `path` as `show` gives it. */
function sorted(results: FileFindings[], show: (p: string) => string): { path: string; abs: string; f: CheckFinding }[] {
  const rows = results.flatMap((r) => r.findings.map((f) => ({ path: show(r.path), abs: r.path, f })));
  return rows.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.f.range.start.line - b.f.range.start.line || a.f.range.start.character - b.f.range.start.character));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The run's last line; `noAgentFiles` (`noAgentFilesText`) ends it when nothing agentls lints was found. */
export function summaryLine(s: CheckSummary, noAgentFiles?: string): string {
  // What it checked, by kind ("2 rule files (1 user-level)"), and among how many files listed where it listed others too.
  const kinds = kindsInWords(s.byKind);
  const files = kinds === '' ? `Checked ${plural(s.filesChecked, 'file')}` : `Checked ${kinds}${s.filesChecked > s.agentFiles ? ` among ${plural(s.filesChecked, 'file')}` : ''}`;
  // "No problems" of nothing would read as a pass: where it found nothing to lint, that is what it says.
  if (noAgentFiles !== undefined && s.problems === 0 && !s.fixed) return `${files}: ${noAgentFiles}.`;
  const more = noAgentFiles !== undefined ? `; ${noAgentFiles}` : '';
  if (s.filesChecked === 0 && s.problems === 0) return `${files}${more}.`;
  const fixed = s.fixed ? `; fixed ${plural(s.fixed, 'problem')}` : '';
  // After fixes, what is counted is what is left.
  if (s.problems === 0) return `${files}${fixed}: ${s.fixed ? 'none left' : 'no problems'}${more}.`;
  const fixable = s.fixable ? `, ${s.fixable} fixable with --fix` : '';
  return `${files}${fixed}: ${s.fixed ? `${s.problems} left` : plural(s.problems, 'problem')} (${plural(s.error, 'error')}, ${plural(s.warning, 'warning')}, ${s.information} info${s.hint ? `, ${plural(s.hint, 'hint')}` : ''})${fixable}${more}.`;
}

export function formatText(report: CheckReport): string {
  const lines: string[] = [];
  const show = (p: string) => textPath(report, p);
  for (const file of report.fixed) for (const fix of file.fixes) lines.push(`${linePath(show(file.path))}: fixed [${fix.codes.join(', ')}] ${fix.title}`);
  for (const { path: p, abs, f } of sorted(report.results, show)) {
    // A message of several lines (a drift's diff) keeps one finding per `path:line:column` line: the rest is indented under it.
    const message = f.message.replace(/\n/g, '\n    ');
    const { start } = shown(report, abs, f.range);
    lines.push(`${linePath(p)}:${start.line + 1}:${start.character + 1}: ${f.severity} [${f.code}] ${message}${f.fix ? ' (fixable)' : ''}`);
  }
  const summary = summaryLine(report.summary, noAgentFilesText(report, (p) => linePath(show(p))));
  // A report redirected to a file is read without standard error, where the run's gaps are said: its last line must not read as a pass.
  lines.push(report.incomplete?.length ? `${summary.slice(0, -1)}; incomplete, so it fails (exit 2): ${report.incomplete.join('; ')}.` : summary);
  return lines.join('\n') + '\n';
}

export function formatJson(report: CheckReport): string {
  const json: CheckJson = {
    summary: report.summary,
    diagnostics: sorted(report.results, (p) => displayPath(p, report.root)).map(({ path: p, abs, f }) => ({
      path: p,
      range: shown(report, abs, f.range),
      severity: f.severity,
      code: f.code,
      // A user-level file's message names it as `path` does (absolute), not as text prints it (`~/…`).
      message: respeltPath(f.message, displayPath(abs, report.root, report.home), p),
      ...(f.fix ? { fix: { description: f.fix.title, edits: shownEdits(report, abs, f.fix.edits) } } : {}),
    })),
    fixed: report.fixed.map((file) => ({ path: displayPath(file.path, report.root), fixes: file.fixes.map((x) => ({ code: x.code, codes: x.codes, description: x.title, edits: shownEdits(report, file.path, x.edits) })) })),
    ...(report.incomplete?.length ? { incomplete: report.incomplete.map((line) => machineLine(report, line)) } : {}),
    ...withNoAgentFiles(report),
  };
  return JSON.stringify(json, null, 2) + '\n';
}

function withNoAgentFiles(report: CheckReport): { noAgentFiles?: string } {
  const text = noAgentFilesText(report);
  return text === undefined ? {} : { noAgentFiles: capitalized(text) };
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const SARIF_LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

/** A root-relative display path as a SARIF location: relative to `base` (the repository or the root) when inside it, else absolute. */
function artifactOf(p: string, root: string, base: string): { uri: string; uriBaseId?: string } {
  const abs = path.isAbsolute(p) ? p : path.join(root, ...p.split('/'));
  const rel = relativeInside(base, abs);
  return rel === undefined || rel === '' ? { uri: pathToUri(abs) } : { uri: rel.split('/').map(encodeURIComponent).join('/'), uriBaseId: 'ROOT' };
}

/**
 * SARIF 2.1.0: one run, one rule per diagnostic code. Regions are 1-based lines and columns
 * counted in UTF-16 code units: SARIF's default `columnKind` (§3.14.17), stated anyway, and
 * what a finding's LSP range counts, so a column is its character + 1. A file's BOM is no
 * column of line 1 (`shown`), as GitHub code scanning shows the file.
 */
export function formatSarif(report: CheckReport): string {
  const rows = sorted(report.results, (p) => displayPath(p, report.root));
  const codes = [...new Set(rows.map((r) => r.f.code))].sort();
  const ruleIndex = new Map(codes.map((c, i) => [c, i]));
  const region = (file: string, range: Finding['range']) => {
    const r = shown(report, file, range);
    return { startLine: r.start.line + 1, startColumn: r.start.character + 1, endLine: r.end.line + 1, endColumn: r.end.character + 1 };
  };
  const base = report.repository ?? report.root;
  const linesOf = lineIndexes(report.texts);
  // The flagged text, and the lines around it, for a reader without the checkout (`regionSnippets`).
  const flagged = (file: string, range: Finding['range']) => {
    const lines = linesOf(file);
    const { snippet, contextRegion } = lines ? regionSnippets(lines, shown(report, file, range)) : {};
    return { region: { ...region(file, range), ...(snippet ? { snippet } : {}) }, ...(contextRegion ? { contextRegion } : {}) };
  };
  const location = (p: string) => artifactOf(p, report.root, base);
  // SARIF 2.1.0 §3.20.21 (toolExecutionNotifications), levels per §3.58.6: by its Appendix I an
  // "error" one says the results may be incomplete; finding nothing to lint is no such gap, so a "warning".
  const none = withNoAgentFiles(report).noAgentFiles;
  const notifications = [
    ...(report.incomplete ?? []).map((line) => ({ level: 'error', message: { text: machineLine(report, line) } })),
    ...(none === undefined ? [] : [{ level: 'warning', message: { text: none } }]),
  ];
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'agentls',
            version: VERSION,
            informationUri: 'https://github.com/agentls/agentls',
            rules: codes.map((code) => sarifRule(code, report.describe?.(code))),
          },
        },
        // The run's outcome, as SARIF says it: an incomplete run is no clean bill, whatever the results hold.
        invocations: [
          {
            executionSuccessful: !report.incomplete?.length,
            ...(notifications.length ? { toolExecutionNotifications: notifications } : {}),
          },
        ],
        // The repository and commit the results are of (SARIF 2.1.0 §3.14.15, §3.23), its top as ROOT: where the checkout lies, ROOT's files are these.
        ...(report.provenance && report.repository !== undefined ? { versionControlProvenance: [{ ...report.provenance, mappedTo: { uriBaseId: 'ROOT' } }] } : {}),
        columnKind: 'utf16CodeUnits',
        originalUriBaseIds: { ROOT: { uri: pathToUri(base).replace(/\/?$/, '/') } },
        properties: { summary: report.summary },
        results: rows.map(({ path: p, abs, f }) => ({
          ruleId: f.code,
          ruleIndex: ruleIndex.get(f.code),
          level: SARIF_LEVEL[f.severity],
          message: { text: f.message },
          locations: [{ physicalLocation: { artifactLocation: location(p), ...flagged(abs, f.range) } }],
          ...(f.related?.length
            ? {
                relatedLocations: f.related.map((r, id) => {
                  const { startLine, startColumn } = region(r.path, r.range);
                  return { id, message: { text: r.message }, physicalLocation: { artifactLocation: location(r.path), region: { startLine, startColumn } } };
                }),
              }
            : {}),
          ...(f.fix
            ? {
                fixes: [
                  {
                    description: { text: f.fix.title },
                    artifactChanges: [
                      {
                        artifactLocation: location(p),
                        replacements: f.fix.edits.map((e) => ({ deletedRegion: region(abs, e.range), insertedContent: { text: e.newText } })),
                      },
                    ],
                  },
                ],
              }
            : {}),
        })),
      },
    ],
  };
  return JSON.stringify(sarif, null, 2) + '\n';
}

export function countBySeverity(findings: Finding[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const f of findings) counts[f.severity]++;
  return counts;
}

export { linePath };
