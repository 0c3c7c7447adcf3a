// `agentls check --format sarif` checked by Microsoft's SARIF Multitool (npm
// @microsoft/sarif-multitool, pinned below): the SARIF 2.1.0 schema and spec rules, and the
// rules GitHub code scanning applies when it ingests a log. `npm test` checks logs against a
// hand-written subset (test/rules/sarif.ts); this is the official check. Not part of `npm
// test`: .ci/run runs it after, on the built CLI. The first run installs the multitool from
// the npm registry into the cache folder.
//
// usage: npm run build && node out/test/sarif/validate.js [--keep DIR]
//   --keep DIR             write each log, and the multitool's report on it, into DIR
//   SARIF_MULTITOOL_HOME   where the multitool is installed (default .cache/sarif-multitool, gitignored)
// exit 0: every log is valid; 1: the multitool reported an error or a warning, or a log is not
// what its case expects; 2: the multitool could not be installed or run.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { builtCli } from '../helpers/cliWithHome';
import { repoRoot, tempDir } from '../helpers/repo';
import { codeScanningViolations, sarifViolations } from '../rules/sarif';
import { sarifCases } from './cases';

const VERSION = '5.7.0';
/**
 * The rule kinds the multitool runs (`--rule-kind`, whose values its --help does not list):
 * "Sarif" (the spec's SARIF1xxx/SARIF2xxx rules) and "Ghas" (GitHub Advanced Security's
 * ingestion rules, GH1xxx/GH2xxx), from the RuleKinds enum of microsoft/sarif-sdk (PR #2761,
 * "Add new AdvSec & GHAS validation rules to Multitool"). "Ado" (Advanced Security for Azure
 * DevOps) and "AI" (AI-generated security findings) are other services' contracts.
 */
const RULE_KINDS = 'Sarif;Ghas';
/**
 * .NET aborts at start-up where libicu is missing ("Couldn't find a valid ICU package",
 * https://aka.ms/dotnet-missing-libicu), as on a bare Debian: the multitool reads JSON and
 * needs no culture data, so it runs in .NET's globalization-invariant mode
 * (https://aka.ms/GlobalizationInvariantMode) instead of needing a system package.
 */
const multitoolEnv = { ...process.env, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: '1' };

function fail(code: number, message: string): never {
  console.error(`error: ${message}`);
  process.exit(code);
}

/** The multitool's native binary, installed into `home` at VERSION when missing or of another version. */
function multitool(home: string): string {
  // The npm package's bin.js runs this binary through a shell; it is called directly here.
  const platform = `@microsoft/sarif-multitool-${process.platform}`;
  const bin = path.join(home, 'node_modules', ...platform.split('/'), process.platform === 'win32' ? 'Sarif.Multitool.exe' : 'Sarif.Multitool');
  // It prints its version on stderr.
  const version = () => {
    if (!fs.existsSync(bin)) return '';
    const run = spawnSync(bin, ['--version'], { encoding: 'utf8', env: multitoolEnv });
    return `${run.stdout ?? ''}${run.stderr ?? ''}`.trim();
  };
  if (version().includes(`${VERSION}+`)) return bin;
  console.log(`== installing @microsoft/sarif-multitool@${VERSION} into ${home}`);
  fs.mkdirSync(home, { recursive: true });
  // The platform package pinned too: the main one asks for it as ^5.7.0, which a newer 5.x meets.
  const npm = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', home, `@microsoft/sarif-multitool@${VERSION}`, `${platform}@${VERSION}`], { stdio: 'inherit' });
  if (npm.status !== 0) fail(2, `npm install of the SARIF multitool failed (exit ${npm.status ?? npm.signal})`);
  // Its postinstall (`chmod u+x`) is a script npm may skip (install scripts not allowed).
  if (fs.existsSync(bin)) fs.chmodSync(bin, 0o755);
  if (!version().includes(`${VERSION}+`)) fail(2, `${bin} does not run as SARIF Multitool ${VERSION}: ${JSON.stringify(version())}`);
  return bin;
}

interface ReportRun {
  tool?: { driver?: { rules?: { id: string; messageStrings?: Record<string, { text?: string }> }[] } };
  invocations?: { executionSuccessful?: boolean; toolExecutionNotifications?: Notification[]; toolConfigurationNotifications?: Notification[] }[];
  results?: { ruleId?: string; level?: string; message?: { text?: string; id?: string; arguments?: string[] } }[];
}
type Notification = { level?: string; message?: { text?: string } };

/**
 * A result's message as the multitool means it: it writes an `id` into its rule's
 * `messageStrings`, with `arguments` for its {0}, {1}… (SARIF 2.1.0 §3.11.7, §3.49.11).
 */
function messageOf(run: ReportRun, result: NonNullable<ReportRun['results']>[number]): string {
  const rule = (run.tool?.driver?.rules ?? []).find((x) => x.id === result.ruleId);
  const template = result.message?.text ?? rule?.messageStrings?.[result.message?.id ?? '']?.text ?? result.message?.id ?? '';
  const args = result.message?.arguments ?? [];
  return template.replace(/\{(\d+)\}/g, (whole, i: string) => args[Number(i)] ?? whole);
}

/**
 * What the multitool reports on `log` at error and warning level: `[]` when it is valid. Notes
 * (advice: snippets, message ids) pass, but there must be some: 5.7.0 passes a log it cannot
 * read as SARIF (a result of level "fatal") with no result at all, where a log it read always
 * gets notes (SARIF2003: no versionControlProvenance). Seen with 5.7.0, not documented.
 */
function validate(bin: string, log: string, report: string): string[] {
  const run = spawnSync(bin, ['validate', log, '--rule-kind', RULE_KINDS, '--level', 'Error;Warning;Note', '--output', report, '--log', 'ForceOverwrite', '--quiet'], { encoding: 'utf8', env: multitoolEnv });
  if (!fs.existsSync(report)) fail(2, `the multitool wrote no report on ${log} (exit ${run.status ?? run.signal}): ${run.stdout}${run.stderr}`);
  const runs = (JSON.parse(fs.readFileSync(report, 'utf8')) as { runs?: ReportRun[] }).runs ?? [];
  const problems: string[] = [];
  for (const r of runs) {
    // A log it cannot parse at all is a notification of its own run, not a result.
    for (const inv of r.invocations ?? []) {
      for (const n of [...(inv.toolExecutionNotifications ?? []), ...(inv.toolConfigurationNotifications ?? [])]) problems.push(`multitool ${n.level ?? 'warning'}: ${n.message?.text}`);
      if (inv.executionSuccessful === false) problems.push('the multitool did not complete its run');
    }
    // A result's level defaults to "warning" (SARIF 2.1.0 §3.27.10).
    for (const res of r.results ?? []) if (res.level !== 'note' && res.level !== 'none') problems.push(`${res.level ?? 'warning'} ${res.ruleId}: ${messageOf(r, res)}`);
  }
  if (!runs.some((r) => r.results?.length)) problems.push('the multitool reported nothing, not even a note: it did not read the log as SARIF');
  return problems;
}

function main(): void {
  const args = process.argv.slice(2);
  const keep = args[0] === '--keep' && args[1] ? path.resolve(args[1]) : undefined;
  const bin = multitool(process.env.SARIF_MULTITOOL_HOME ?? path.join(repoRoot(), '.cache', 'sarif-multitool'));
  const dir = keep ?? tempDir('agentls-sarif-logs-');
  fs.mkdirSync(dir, { recursive: true });
  let failures = 0;
  for (const c of sarifCases()) {
    const run = builtCli(['check', ...c.args, '--format', 'sarif'], { cwd: c.cwd });
    const log = path.join(dir, `${c.name}.sarif`);
    fs.writeFileSync(log, run.stdout);
    const problems: string[] = [];
    if (run.status !== c.exit) problems.push(`agentls check exited ${run.status ?? run.signal}, expected ${c.exit}: ${run.stderr.trim()}`);
    let parsed: { runs?: unknown[] } | undefined;
    try {
      parsed = JSON.parse(run.stdout) as { runs?: unknown[] };
    } catch (e) {
      problems.push(`the output is not JSON: ${(e as Error).message}`);
    }
    if (parsed) {
      // What the case is there to cover, so that a log that lost its results cannot pass as valid.
      problems.push(...c.expect((parsed.runs?.[0] ?? {}) as Parameters<typeof c.expect>[0]));
      // npm test's own checks too: they catch what the multitool lets by (above).
      problems.push(...sarifViolations(parsed), ...codeScanningViolations(parsed));
      problems.push(...validate(bin, log, path.join(dir, `${c.name}.validation.sarif`)));
    }
    if (problems.length) {
      failures++;
      console.log(`FAIL ${c.name}`);
      for (const p of problems) console.log(`  ${p}`);
    } else console.log(`ok   ${c.name}: ${(parsed?.runs?.[0] as { results: unknown[] }).results.length} results, valid`);
  }
  if (failures) fail(1, `${failures} SARIF log${failures === 1 ? '' : 's'} failed${keep ? ` (logs in ${keep})` : ' (--keep DIR keeps the logs)'}`);
  console.log(`All SARIF logs are valid (SARIF Multitool ${VERSION}, rule kinds ${RULE_KINDS}).`);
}

main();
